"""Cookie jar bingo (10 DE Admin Code 101-4.31): a rolling jackpot in at most two jars.

Settled reading (DESIGN.md, docs/rules.md "Cookie jar"):
- fees wait in the occasion's pending pot and are posted when the first number of the first game is
  drawn (4.31.4);
- posting fills jar 1 to the maximum; the rest goes to jar 2 if it fits whole, otherwise it is held
  and not placed (4.31.4);
- when jar 1 is won, jar 2 becomes jar 1 and is topped up to the maximum from held fees; what remains
  starts a new jar 2, also only to the maximum, and any excess stays held (4.31.4-5);
- never more than two jars (4.31.5); with both at the maximum, jar 1 must go that occasion (4.31.5).

Money moves between accounts as double-entry lines; the invariant is
fees collected = pending + jar 1 + jar 2 + held + awarded.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from shared.core.money import format_cents
from shared.core.violations import Violation

MIN_MAX_CENTS = 100
MAX_MAX_CENTS = 100_000


class Account(StrEnum):
    SALES = "sales"
    PENDING = "pending"
    JAR1 = "jar1"
    JAR2 = "jar2"
    HELD = "held"
    AWARDED = "awarded"


@dataclass(frozen=True)
class Move:
    """One ledger line: money from one account to another, and why."""

    kind: str
    source: Account
    target: Account
    cents: int


@dataclass(frozen=True)
class Jars:
    pending: int = 0
    jar1: int = 0
    jar2: int = 0
    held: int = 0
    awarded: int = 0
    collected: int = 0

    def apply(self, move: Move) -> Jars:
        """Settled reading (docs/rules.md, "Cookie jar"): the ledger is double-entry, so a line moves money
        from one account to another; the balances after one line. SALES is outside the jars, so money from
        it is "collected"."""
        changes: dict[str, int] = {}
        if move.source is Account.SALES:
            changes["collected"] = self.collected + move.cents
        else:
            changes[move.source.value] = getattr(self, move.source.value) - move.cents
        if move.target is Account.SALES:
            changes["collected"] = self.collected - move.cents
        else:
            changes[move.target.value] = getattr(self, move.target.value) + move.cents
        return replace(self, **changes)

    def balanced(self) -> bool:
        """Settled reading (docs/rules.md, "Cookie jar"): the ledger invariant, fees collected = pending +
        jar 1 + jar 2 + held + awarded: every fee collected is pending, in a jar, held, or awarded, and no
        account is below zero.

        >>> Jars(pending=200, collected=200).balanced()
        True
        >>> Jars(jar1=100, collected=200).balanced()
        False
        """
        return (
            self.collected == self.pending + self.jar1 + self.jar2 + self.held + self.awarded
            and min(self.pending, self.jar1, self.jar2, self.held, self.awarded) >= 0
        )


def apply_all(jars: Jars, moves: list[Move]) -> Jars:
    """Settled reading (docs/rules.md, "Cookie jar"): the balances after a run of ledger lines, applied in
    order.

    >>> apply_all(Jars(), collect(200) + collect(300))
    Jars(pending=500, jar1=0, jar2=0, held=0, awarded=0, collected=500)
    """
    for move in moves:
        jars = jars.apply(move)
    return jars


def maximum_refusal(cents: int) -> Violation | None:
    """10 DE Admin Code 101-4.31.1: the organization chooses any amount up to $1,000 for each jar.

    >>> maximum_refusal(100_000) is None
    True
    >>> refusal = maximum_refusal(100_001)
    >>> refusal.code, refusal.rule
    ('jar_maximum_out_of_range', '10 DE Admin Code 101-4.31.1')
    """
    if MIN_MAX_CENTS <= cents <= MAX_MAX_CENTS:
        return None
    return Violation(
        "jar_maximum_out_of_range",
        f"A cookie jar's maximum is between {format_cents(MIN_MAX_CENTS)} and {format_cents(MAX_MAX_CENTS)}.",
        "10 DE Admin Code 101-4.31.1",
        "maximum",
    )


def collect(cents: int) -> list[Move]:
    """10 DE Admin Code 101-4.31.3: a jar fee, collected on its own, waits in the pending pot."""
    return [Move("fee", Account.SALES, Account.PENDING, cents)]


def refund(cents: int) -> list[Move]:
    """Flashboard house rule (voids, docs/rules.md "Cashier"): a voided jar sale before the posting
    (10 DE Admin Code 101-4.31.4): the fee leaves the pending pot and is given back."""
    return [Move("refund", Account.PENDING, Account.SALES, cents)]


def post(jars: Jars, maximum: int) -> list[Move]:
    """10 DE Admin Code 101-4.31.4: the pending fees go to jar 1 up to the maximum; the rest to jar 2
    if it fits whole, otherwise the rest is held and not placed.

    Worked examples 1 and 2 of docs/rules.md (maximum $1,000):

    >>> [(m.kind, m.cents) for m in post(Jars(pending=50_000, jar1=60_000, collected=110_000), 100_000)]
    [('post_jar1', 40000), ('post_jar2', 10000)]
    >>> [(m.kind, m.cents) for m in post(Jars(pending=2_000, jar1=100_000, jar2=99_000, collected=201_000), 100_000)]
    [('hold', 2000)]
    """
    fees = jars.pending
    moves = []
    into_first = min(fees, maximum - jars.jar1)
    if into_first > 0:
        moves.append(Move("post_jar1", Account.PENDING, Account.JAR1, into_first))
    rest = fees - max(into_first, 0)
    if rest > 0:
        if jars.jar2 + rest <= maximum:
            moves.append(Move("post_jar2", Account.PENDING, Account.JAR2, rest))
        else:
            moves.append(Move("hold", Account.PENDING, Account.HELD, rest))
    return moves


def both_full(jars: Jars, maximum: int) -> bool:
    """10 DE Admin Code 101-4.31.5: with both jars at the maximum, jar 1 must be awarded that occasion.

    >>> both_full(Jars(jar1=100_000, jar2=100_000, collected=200_000), 100_000)
    True
    >>> both_full(Jars(jar1=100_000, jar2=99_900, collected=199_900), 100_000)
    False
    """
    return jars.jar1 >= maximum and jars.jar2 >= maximum


def award(jars: Jars, maximum: int) -> list[Move]:
    """10 DE Admin Code 101-4.31.4-5: jar 1 is paid out; jar 2 becomes jar 1, topped up from held fees;
    the remaining held fees start a new jar 2 up to the maximum; any excess stays held.

    Worked examples 3 and 4 of docs/rules.md (maximum $1,000):

    >>> [(m.kind, m.cents) for m in award(Jars(jar1=100_000, jar2=99_000, held=2_000, collected=201_000), 100_000)]
    [('award', 100000), ('promote_jar2', 99000), ('top_up_jar1', 1000), ('new_jar2', 1000)]
    >>> full = Jars(jar1=100_000, jar2=100_000, held=250_000, collected=450_000)
    >>> after = apply_all(full, award(full, 100_000))
    >>> after.jar1, after.jar2, after.held, after.balanced()
    (100000, 100000, 150000, True)
    """
    moves = [Move("award", Account.JAR1, Account.AWARDED, jars.jar1)] if jars.jar1 else []
    if jars.jar2:
        moves.append(Move("promote_jar2", Account.JAR2, Account.JAR1, jars.jar2))
    held = jars.held
    top_up = min(held, maximum - jars.jar2)
    if top_up > 0:
        moves.append(Move("top_up_jar1", Account.HELD, Account.JAR1, top_up))
        held -= top_up
    new_jar = min(held, maximum)
    if new_jar > 0:
        moves.append(Move("new_jar2", Account.HELD, Account.JAR2, new_jar))
    return moves


def bundle_refusal(item_kinds: set[str]) -> Violation | None:
    """10 DE Admin Code 101-4.31.3: the cookie-jar fee is collected separately, never inside the fee for
    regular games or any other fee; a sale item that joins it with anything else is refused.

    >>> bundle_refusal({"cookie_jar"}) is None
    True
    >>> bundle_refusal({"cookie_jar", "admission"}).rule
    '10 DE Admin Code 101-4.31.3'
    """
    if "cookie_jar" in item_kinds and len(item_kinds) > 1:
        return Violation(
            "jar_fee_bundled",
            "The cookie-jar fee must be sold on its own, not inside a pack or any other fee.",
            "10 DE Admin Code 101-4.31.3",
            "items",
            422,
        )
    return None
