"""No-Limit Hold'em tournaments under 28 Del. C. ch. 18, NH Pari 1207.03 and MCA 23-5-317: the
station pages now, the rules core as it lands."""
