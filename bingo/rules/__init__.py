"""Bingo's rules (10 DE Admin Code 101-4.0 and 28 Del. C. ch. 18) as pure functions and frozen dataclasses:
plain values in, a value or a cited refusal out. No Flask, no SQLAlchemy, no models, no clock or RNG of
their own (they are passed in)."""
