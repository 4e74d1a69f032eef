"""Poker's rules (28 Del. C. ch. 18, NH Pari 1207.03, MCA 23-5-317 and the house rules) as pure functions and
frozen dataclasses: no Flask, no SQLAlchemy, no models, no clock or RNG of their own."""
