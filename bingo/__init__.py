"""Bingo under 10 DE Admin Code 101-4.0: the station pages now, the rules core as it lands."""
