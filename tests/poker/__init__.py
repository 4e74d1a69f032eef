"""Tests of the poker domain that mirror its folders."""
