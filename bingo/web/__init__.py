"""Bingo's ways in: the caller, cashier, verifier and office pages, the /api/v1 routes, the presenters
that turn loaded rows into what a screen or a receipt shows, and the command-line commands. Thin:
schema in, one service, render."""
