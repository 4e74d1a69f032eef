"""Tests of the shared packages that mirror their folders."""
