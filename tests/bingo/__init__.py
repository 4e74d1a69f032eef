"""Tests of the bingo domain that mirror its folders."""
