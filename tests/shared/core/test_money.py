"""Money is integer cents; text in, cents inside, text out (DESIGN.md "Money")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.core.money import (
    MAX_CENTS,
    MoneyFormatError,
    format_cents,
    parse_cents,
    wire_cents,
)


@pytest.mark.parametrize(
    ("text", "cents"),
    [
        ("12.5", 1250),
        ("$12.50", 1250),
        ("12", 1200),
        ("0.05", 5),
        ("$1,234.50", 123450),
        (" 7.00 ", 700),
        ("1,000", 100000),
    ],
)
def test_money_parses_plain_amounts(text: str, cents: int) -> None:
    assert parse_cents(text) == cents


@pytest.mark.parametrize(
    "text",
    ["", "-5", "12.505", "1e3", "$", "12,34", "1,2345", "12.", ".5", "twelve", "12 50", "$$5", "NaN", "1_000", "١٢"],
)
def test_money_refuses_anything_else(text: str) -> None:
    with pytest.raises(MoneyFormatError):
        parse_cents(text)


def test_money_refuses_non_text_and_absurd_amounts() -> None:
    with pytest.raises(MoneyFormatError):
        parse_cents(12.5)  # type: ignore[arg-type]
    with pytest.raises(MoneyFormatError):
        parse_cents(str(MAX_CENTS // 100 + 1))


def test_money_formats_for_people_and_for_the_wire() -> None:
    assert format_cents(123450) == "$1,234.50"
    assert format_cents(-500) == "-$5.00"
    assert wire_cents(123450) == "1234.50"
    with pytest.raises(TypeError):
        format_cents(1.5)  # type: ignore[arg-type]


@given(st.integers(min_value=0, max_value=MAX_CENTS))
def test_money_round_trips_through_both_spellings(cents: int) -> None:
    assert parse_cents(format_cents(cents)) == cents
    assert parse_cents(wire_cents(cents)) == cents
