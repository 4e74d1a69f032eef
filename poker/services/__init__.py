"""Poker use cases: load, apply the rules core, write with the audit entry, commit."""
