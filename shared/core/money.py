"""Money is integer cents end to end (DESIGN.md "Money, time, randomness").

These helpers are the only place text becomes cents or cents become text, so a float can never
creep in between a form and a column.
"""

from __future__ import annotations

import re

_AMOUNT = re.compile(r"^\$?(?P<whole>\d{1,3}(?:,\d{3})+|\d+)(?:\.(?P<frac>\d{1,2}))?$", re.ASCII)
MAX_CENTS = 100_000_000


class MoneyFormatError(ValueError):
    """Text that is not a plain dollar amount."""


def parse_cents(text: str) -> int:
    """Money is integer cents (DESIGN.md, "Money, time, randomness"): parse "12.5", "$12.50", "12" or
    "1,234.50" into cents; refuse anything else.

    Negative amounts, more than two decimals, exponents, spaces inside and stray symbols are all refused,
    because a mis-keyed amount must be re-entered rather than guessed at.

    >>> parse_cents("$1,234.5")
    123450
    >>> parse_cents("12"), parse_cents(" 0.07 ")
    (1200, 7)
    >>> parse_cents("12.345")
    Traceback (most recent call last):
    ...
    shared.core.money.MoneyFormatError: '12.345' is not an amount such as 12.50
    """
    if not isinstance(text, str):
        raise MoneyFormatError("an amount must be text such as 12.50")
    cleaned = text.strip()
    match = _AMOUNT.match(cleaned)
    if match is None:
        raise MoneyFormatError(f"{text!r} is not an amount such as 12.50")
    whole = int(match.group("whole").replace(",", ""))
    frac = (match.group("frac") or "").ljust(2, "0")
    cents = whole * 100 + int(frac or "0")
    if cents > MAX_CENTS:
        raise MoneyFormatError(f"{text!r} is more than $1,000,000.00, the most one amount in a hall can be")
    return cents


def format_cents(cents: int) -> str:
    """Money is integer cents (DESIGN.md, "Money, time, randomness"): cents as "$1,234.50" (negative as
    "-$5.00") for screens, receipts and reports.

    >>> format_cents(123450)
    '$1,234.50'
    >>> format_cents(-500), format_cents(7)
    ('-$5.00', '$0.07')
    """
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise TypeError("money is integer cents")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}${whole:,}.{frac:02d}"


def wire_cents(cents: int) -> str:
    """Money is integer cents (DESIGN.md, "Money, time, randomness"): cents as the API's wire string
    "1234.50" (no symbol, no separators).

    >>> wire_cents(123450), wire_cents(-5)
    ('1234.50', '-0.05')
    """
    if not isinstance(cents, int) or isinstance(cents, bool):
        raise TypeError("money is integer cents")
    sign = "-" if cents < 0 else ""
    whole, frac = divmod(abs(cents), 100)
    return f"{sign}{whole}.{frac:02d}"
