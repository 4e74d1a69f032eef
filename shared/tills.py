"""Cash handling rules shared by the bingo cashier and poker registration: tender and change, the
W-2G reporting threshold in force on a payment date, and the till's over/short by denomination."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date

from shared.money import format_cents
from shared.violations import Violation

DENOMINATIONS_CENTS = (10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 25, 10, 5, 1)
W2G_THRESHOLDS: tuple[tuple[date, int], ...] = ((date(1900, 1, 1), 120_000), (date(2026, 1, 1), 200_000))
FORBIDDEN_TENDER = {"credit", "credit_card"}


def w2g_threshold(paid_on: date) -> int:
    """IRS Form W-2G for bingo: $1,200 for payments before 2026, $2,000 from 2026 (the dated table)."""
    return max((since, cents) for since, cents in W2G_THRESHOLDS if since <= paid_on)[1]


def needs_w2g(amount_cents: int, paid_on: date) -> bool:
    return amount_cents >= w2g_threshold(paid_on)


POKER_TOURNAMENT_W2G_CENTS = 500_000


def needs_w2g_poker(prize_cents: int, paid_in_cents: int) -> bool:
    """IRS Form W-2G for a poker tournament: winnings, less what the player paid to enter and re-buy,
    of more than $5,000 (a different rule from bingo's dated threshold above)."""
    return prize_cents - paid_in_cents > POKER_TOURNAMENT_W2G_CENTS


def tender_refusal(kind: str, total_cents: int, tendered_cents: int) -> Violation | None:
    """No gaming on credit; the amount tendered covers the total (change is given from cash)."""
    if kind.lower() in FORBIDDEN_TENDER:
        return Violation("no_credit", "Sales are never on credit.", "Flashboard cashier rules (no credit)", "tender", 422)
    if tendered_cents < total_cents:
        return Violation("short_tender", f"{format_cents(tendered_cents)} does not cover the total of {format_cents(total_cents)}.",
                         None, "tendered", 422)
    return None


def counted_total(counts: Mapping[int, int]) -> int:
    """The cash in the drawer from a count by denomination (cents → number of notes or coins)."""
    return sum(denomination * number for denomination, number in counts.items())


def count_refusal(counts: Mapping[int, int]) -> Violation | None:
    unknown = [d for d in counts if d not in DENOMINATIONS_CENTS]
    if unknown:
        return Violation("unknown_denomination", f"{format_cents(unknown[0])} is not a note or coin.", None, "counts", 422)
    if any(n < 0 for n in counts.values()):
        return Violation("negative_count", "Counts cannot be negative.", None, "counts", 422)
    return None


@dataclass(frozen=True)
class TillResult:
    expected_cents: int
    counted_cents: int

    @property
    def over_short_cents(self) -> int:
        """Positive: more cash than expected (over); negative: short."""
        return self.counted_cents - self.expected_cents

    def explanation(self) -> str:
        diff = self.over_short_cents
        if diff == 0:
            return "The drawer balances."
        word = "over" if diff > 0 else "short"
        return (f"The drawer is {format_cents(abs(diff))} {word}: counted {format_cents(self.counted_cents)} against "
                f"{format_cents(self.expected_cents)} expected (opening bank plus cash sales, less cash payouts and refunds).")


def expected_cash(opening_bank: int, cash_sales: int, cash_payouts: int, cash_refunds: int) -> int:
    return opening_bank + cash_sales - cash_payouts - cash_refunds
