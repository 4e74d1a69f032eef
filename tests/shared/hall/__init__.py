"""Tests of the hall domain that mirror its folders."""
