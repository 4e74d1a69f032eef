"""Bingo use cases: each loads, asks the rules in bingo/, writes with its audit entry and commits."""
