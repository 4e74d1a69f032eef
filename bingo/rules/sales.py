"""What a bingo cashier sells and the checks on each sale: 10 DE Admin Code 101-4.1.1, 4.3, 4.22,
4.29.2, 4.30 and 4.31.3."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from shared.core.money import format_cents
from shared.core.violations import Violation


class ProductKind(StrEnum):
    """10 DE Admin Code 101-4.22: admission (the card for every regular game) and special-game sheets
    at an extra fee; U Pick Em faces (4.30); cookie-jar entries, always separate (4.31.3); break-open
    sheets (4.29); and non-gaming items such as food and daubers."""

    ADMISSION = "admission"
    SPECIAL = "special"
    UPICK_FACE = "upick_face"
    COOKIE_JAR = "cookie_jar"
    BREAK_OPEN = "break_open"
    NON_GAMING = "non_gaming"

    @property
    def is_gaming(self) -> bool:
        """10 DE Admin Code 101-4.3 and 4.1.1: everything but non-gaming items is gaming, sold only to a
        confirmed adult who is not working the occasion (buyer_refusal)."""
        return self is not ProductKind.NON_GAMING

    @property
    def needs_game(self) -> bool:
        """10 DE Admin Code 101-4.22: a special-game sheet is for a single special game; U Pick Em faces
        (4.30) and break-open sheets (4.29) likewise name the game they play."""
        return self in {ProductKind.SPECIAL, ProductKind.UPICK_FACE, ProductKind.BREAK_OPEN}


@dataclass(frozen=True)
class LineRequest:
    product_id: int
    kind: ProductKind
    quantity: int
    unit_cents: int
    expected_unit_cents: int


def line_refusal(index: int, line: LineRequest) -> Violation | None:
    """Flashboard house rule: each line has a positive quantity, and the price the screen showed is the
    product's price, so a stale screen is refused rather than charged.

    >>> line_refusal(0, LineRequest(1, ProductKind.ADMISSION, 2, 1_000, 1_000)) is None
    True
    >>> refusal = line_refusal(0, LineRequest(1, ProductKind.ADMISSION, 2, 1_000, 800))
    >>> refusal.code, refusal.field
    ('price_mismatch', 'lines.0.unit_price')
    """
    field = f"lines.{index}"
    if line.quantity <= 0:
        return Violation("bad_quantity", "A quantity is 1 or more.", None, f"{field}.quantity", 422)
    if line.expected_unit_cents != line.unit_cents:
        return Violation(
            "price_mismatch",
            f"The price is {format_cents(line.unit_cents)}, not {format_cents(line.expected_unit_cents)}; "
            "reload the screen.",
            None,
            f"{field}.unit_price",
            409,
        )
    return None


def buyer_refusal(lines: Sequence[LineRequest], adult_confirmed: bool, buyer_is_working: bool) -> Violation | None:
    """10 DE Admin Code 101-4.3 and 4.1.1: gaming is sold only to a player the cashier confirms is 18
    or older, and never to someone working the occasion. Non-gaming items are for anyone.

    >>> food = [LineRequest(9, ProductKind.NON_GAMING, 1, 300, 300)]
    >>> buyer_refusal(food, adult_confirmed=False, buyer_is_working=True) is None
    True
    >>> pack = [LineRequest(1, ProductKind.ADMISSION, 1, 1_000, 1_000)]
    >>> buyer_refusal(pack, adult_confirmed=False, buyer_is_working=False).rule
    '10 DE Admin Code 101-4.3'
    >>> buyer_refusal(pack, adult_confirmed=True, buyer_is_working=True).rule
    '10 DE Admin Code 101-4.1.1'
    """
    if not any(line.kind.is_gaming for line in lines):
        return None
    if not adult_confirmed:
        return Violation(
            "age_not_confirmed",
            "Confirm the buyer is 18 or older before selling bingo.",
            "10 DE Admin Code 101-4.3",
            "buyer_is_adult",
            422,
        )
    if buyer_is_working:
        return Violation(
            "worker_may_not_play",
            "This person is working the occasion and may not play.",
            "10 DE Admin Code 101-4.1.1",
            "buyer_member_id",
            409,
        )
    return None
