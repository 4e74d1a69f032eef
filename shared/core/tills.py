"""Cash handling rules shared by the bingo cashier and poker registration: tender and change, the
W-2G reporting threshold in force on a payment date, and the till's over/short by denomination."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from shared.core.money import format_cents
from shared.core.violations import Violation

DENOMINATIONS_CENTS = (10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 25, 10, 5, 1)
W2G_THRESHOLDS: tuple[tuple[date, int], ...] = ((date(1900, 1, 1), 120_000), (date(2026, 1, 1), 200_000))
NO_CREDIT_RULE = "Flashboard cashier rules (no credit)"


class Tender(StrEnum):
    """What a buyer pays with. Cash is always taken; a hall may also take checks and debit cards
    (FLASHBOARD_TENDERS). Credit cards and IOUs are credit and are never taken."""

    CASH = "cash"
    CHECK = "check"
    DEBIT_CARD = "debit_card"
    CREDIT_CARD = "credit_card"
    IOU = "iou"

    @property
    def label(self) -> str:
        """Flashboard house rule (tender, docs/rules.md "Cashier"): the tender as the cashier's screen names
        it.

        >>> Tender.DEBIT_CARD.label, Tender.IOU.label
        ('Debit card', 'IOU')
        """
        return {"debit_card": "Debit card", "iou": "IOU"}.get(self.value, self.value.replace("_", " ").capitalize())


NON_CASH_TENDERS = (Tender.CHECK, Tender.DEBIT_CARD)
CREDIT_WORDS = frozenset({"credit", "credit card", "credit_card", "iou", "tab", "marker", "on account"})


def is_credit(text: str) -> bool:
    """NH Pari 1207.03(j) at New Hampshire events, a Flashboard house rule elsewhere (no credit): any way of
    writing credit: a credit card, an IOU, a tab, a marker.

    >>> is_credit(" Credit Card "), is_credit("TAB"), is_credit("cash")
    (True, True, False)
    """
    return text.strip().lower() in CREDIT_WORDS


def w2g_threshold(paid_on: date) -> int:
    """IRS Form W-2G for bingo: $1,200 for payments before 2026, $2,000 from 2026 (the dated table).

    >>> w2g_threshold(date(2025, 12, 31)), w2g_threshold(date(2026, 1, 1))
    (120000, 200000)
    """
    return max((since, cents) for since, cents in W2G_THRESHOLDS if since <= paid_on)[1]


def needs_w2g(amount_cents: int, paid_on: date) -> bool:
    """IRS Form W-2G for bingo: a payout at or over the threshold in force on the payment date is flagged on
    the slip.

    >>> needs_w2g(120_000, date(2025, 12, 31)), needs_w2g(120_000, date(2026, 1, 1))
    (True, False)
    """
    return amount_cents >= w2g_threshold(paid_on)


W2G_RULE = "IRS Form W-2G"


@dataclass(frozen=True)
class W2GWinner:
    """Who was paid a prize a W-2G reports: the name and address the form needs and the identification
    the cashier saw (its kind and last digits)."""

    name: str
    address: str
    id_shown: str


def w2g_slip_lines(why: str, winner: W2GWinner, paid_by: str) -> list[str]:
    """IRS Form W-2G: what a payout slip says below its amount: why a W-2G is due (when `why` says so)
    and who was paid, then the winner's signature line and who paid, by name.

    >>> w2g_slip_lines("", W2GWinner("", "", ""), "Kim Ode")[-1]
    'Paid by Kim Ode: ____________'
    """
    due = [why, f"Winner: {winner.name}", f"Address: {winner.address}", f"ID seen: {winner.id_shown}"] if why else []
    return [*due, "", "Winner's signature: ______________________", "", f"Paid by {paid_by}: ____________"]


def w2g_identification_refusal(due: bool, winner: W2GWinner) -> Violation | None:
    """IRS Form W-2G: the payer takes the winner's name, address and identification before paying a
    prize the form reports, so the slip the winner signs carries them and the form can be filed.

    >>> w2g_identification_refusal(True, W2GWinner("Ann Lee", "", "DE licence 4567")).field
    'winner_address'
    >>> w2g_identification_refusal(False, W2GWinner("", "", "")) is None
    True
    """
    if not due:
        return None
    for field, value in (
        ("winner_name", winner.name),
        ("winner_address", winner.address),
        ("winner_id", winner.id_shown),
    ):
        if not value.strip():
            return Violation(
                "w2g_identification_required",
                "A W-2G is due on this prize: take the winner's name, address and ID before paying.",
                W2G_RULE,
                field,
                422,
            )
    return None


POKER_TOURNAMENT_W2G_CENTS = 500_000


def needs_w2g_poker(prize_cents: int, paid_in_cents: int) -> bool:
    """IRS Form W-2G for a poker tournament: winnings, less what the player paid to enter and re-buy,
    of more than $5,000 (a different rule from bingo's dated threshold above).

    >>> needs_w2g_poker(600_001, 100_000), needs_w2g_poker(600_000, 100_000)
    (True, False)
    """
    return prize_cents - paid_in_cents > POKER_TOURNAMENT_W2G_CENTS


def tender_refusal(
    text: str, enabled: Collection[Tender], total_cents: int, tendered_cents: int, credit_rule: str = NO_CREDIT_RULE
) -> Violation | None:
    """NH Pari 1207.03(j) at New Hampshire events, a Flashboard house rule elsewhere: no gaming on credit.
    Tender is one of the kinds the hall takes, spelled exactly (so "CASH " can never fall out of the
    drawer's expected cash); cash covers the total with change, other tender is for the exact total.

    >>> tender_refusal("cash", (), 1_250, 2_000) is None
    True
    >>> refusal = tender_refusal("IOU", (), 1_250, 1_250)
    >>> refusal.code, refusal.rule
    ('no_credit', 'Flashboard cashier rules (no credit)')
    >>> tender_refusal("iou", (), 1_250, 1_250, credit_rule="N.H. Admin. Code Pari 1207.03(j)").rule
    'N.H. Admin. Code Pari 1207.03(j)'
    >>> tender_refusal("check", (Tender.CHECK,), 1_250, 2_000).code
    'change_from_non_cash'
    >>> tender_refusal("debit_card", (Tender.CHECK,), 1_250, 1_250).code
    'tender_not_taken'
    """
    if is_credit(text):
        return Violation(
            "no_credit", "That is credit: gaming is never sold or paid on credit.", credit_rule, "tender", 422
        )
    kind = next((t for t in Tender if t.value == text), None)
    if kind is None:
        known = ", ".join(t.value for t in (Tender.CASH, *enabled))
        return Violation(
            "unknown_tender", f"{text!r} is not a kind of tender this hall takes ({known}).", None, "tender", 422
        )
    if kind is not Tender.CASH and kind not in enabled:
        return Violation(
            "tender_not_taken", f"This hall does not take {kind.label.lower()}s; take cash.", None, "tender", 422
        )
    if tendered_cents < total_cents:
        return Violation(
            "short_tender",
            f"{format_cents(tendered_cents)} does not cover the total of {format_cents(total_cents)}.",
            None,
            "tendered",
            422,
        )
    if kind is not Tender.CASH and tendered_cents != total_cents:
        return Violation(
            "change_from_non_cash",
            f"A {kind.label.lower()} is taken for the exact total, {format_cents(total_cents)}: "
            "change is only given from cash.",
            None,
            "tendered",
            422,
        )
    return None


def counted_total(counts: Mapping[int, int]) -> int:
    """Flashboard house rule (the till, docs/rules.md "Cashier"): the till is closed with a count by
    denomination; the cash in the drawer from that count (cents → number of notes or coins).

    >>> counted_total({2_000: 3, 25: 4})
    6100
    """
    return sum(denomination * number for denomination, number in counts.items())


def count_refusal(counts: Mapping[int, int]) -> Violation | None:
    """Flashboard house rule (the till, docs/rules.md "Cashier"): a count names only real notes and coins,
    and no count is negative.

    >>> count_refusal({2_000: 3, 25: 4}) is None
    True
    >>> count_refusal({300: 1}).message
    '$3.00 is not a note or coin.'
    >>> count_refusal({100: -1}).code
    'negative_count'
    """
    unknown = [d for d in counts if d not in DENOMINATIONS_CENTS]
    if unknown:
        return Violation(
            "unknown_denomination", f"{format_cents(unknown[0])} is not a note or coin.", None, "counts", 422
        )
    if any(n < 0 for n in counts.values()):
        return Violation("negative_count", "Counts cannot be negative.", None, "counts", 422)
    return None


@dataclass(frozen=True)
class Drawer:
    """Everything that moved cash in or out of one drawer, in cents: the opening bank, cash sales (net
    of voids), cash prizes paid, paid-ins from the prize bank and drops to the safe."""

    opening_bank: int
    cash_sales: int
    cash_payouts: int
    paid_ins: int
    drops: int

    @property
    def expected_cents(self) -> int:
        """Flashboard house rule (the till, docs/rules.md "Cashier"): expected = bank + cash sales +
        paid-ins − cash prizes − drops.

        >>> drawer = Drawer(opening_bank=10_000, cash_sales=25_000, cash_payouts=20_000, paid_ins=5_000, drops=10_000)
        >>> drawer.expected_cents
        10000
        """
        return self.opening_bank + self.cash_sales - self.cash_payouts + self.paid_ins - self.drops


def payout_refusal(drawer: Drawer, amount_cents: int) -> Violation | None:
    """Flashboard house rule (payouts, docs/rules.md "Cashier"): a prize is paid from cash that is in the
    drawer: a larger prize needs a paid-in from the prize bank first, so the drawer can never be asked to
    pay out money it does not hold.

    >>> drawer = Drawer(opening_bank=10_000, cash_sales=25_000, cash_payouts=20_000, paid_ins=5_000, drops=10_000)
    >>> payout_refusal(drawer, 10_000) is None
    True
    >>> payout_refusal(drawer, 10_001).code
    'drawer_short'
    """
    if amount_cents > drawer.expected_cents:
        return Violation(
            "drawer_short",
            f"The drawer holds {format_cents(drawer.expected_cents)}, less than the "
            f"{format_cents(amount_cents)} prize: the member in charge pays in from the prize bank first.",
            None,
            "amount",
            409,
        )
    return None


def drop_refusal(drawer: Drawer, cents: int) -> Violation | None:
    """Flashboard house rule (the till, docs/rules.md "Cashier"): a drop to the safe takes out cash the
    drawer holds, and is more than $0.00.

    >>> drawer = Drawer(opening_bank=10_000, cash_sales=25_000, cash_payouts=20_000, paid_ins=5_000, drops=10_000)
    >>> drop_refusal(drawer, 5_000) is None
    True
    >>> drop_refusal(drawer, 0).code, drop_refusal(drawer, 10_001).code
    ('bad_amount', 'drawer_short')
    """
    if cents <= 0:
        return Violation("bad_amount", "An amount is more than $0.00.", None, "amount", 422)
    if cents > drawer.expected_cents:
        return Violation(
            "drawer_short", f"The drawer holds {format_cents(drawer.expected_cents)}.", None, "amount", 409
        )
    return None


@dataclass(frozen=True)
class TillResult:
    expected_cents: int
    counted_cents: int

    @property
    def over_short_cents(self) -> int:
        """Flashboard house rule (the till, docs/rules.md "Cashier"): the count against the expected cash;
        positive: more cash than expected (over); negative: short.

        >>> TillResult(expected_cents=10_000, counted_cents=9_950).over_short_cents
        -50
        """
        return self.counted_cents - self.expected_cents

    def explanation(self) -> str:
        """Flashboard house rule (the till, docs/rules.md "Cashier"): the over/short in words, for the
        close-out screen and the report.

        >>> TillResult(expected_cents=10_000, counted_cents=10_000).explanation()
        'The drawer balances.'
        >>> TillResult(expected_cents=10_000, counted_cents=9_950).explanation()[:36]
        'The drawer is $0.50 short: counted $'
        """
        diff = self.over_short_cents
        if diff == 0:
            return "The drawer balances."
        word = "over" if diff > 0 else "short"
        return (
            f"The drawer is {format_cents(abs(diff))} {word}: counted {format_cents(self.counted_cents)} against "
            f"{format_cents(self.expected_cents)} expected (opening bank plus cash sales and paid-ins, less cash "
            "prizes "
            "paid and drops)."
        )
