"""Poker's ways in: the tournament director's pages, the clock screen and the /api/v1 routes."""
