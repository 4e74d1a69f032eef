"""What a bingo licence term specifies beyond its number and dates (10 DE Admin Code 101-4.15, 4.18 and
4.30.1.6): the alternate prizes by calls, the prizes varied by attendance, and the U Pick Em games of
Addendum A with their payouts. Frozen facts and the check of a licence's own lists; the check of a
program against them is bingo's (bingo/rules/licence_contents.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shared.core import citations
from shared.core.money import format_cents
from shared.core.violations import Violation

MAX_CALLS = 75
MAX_ITEMS = 40


@dataclass(frozen=True, order=True)
class LicensedAlternate:
    """10 DE Admin Code 101-4.15: the licence allows `prize_cents` when bingo comes within `within_calls`."""

    within_calls: int
    prize_cents: int

    def describe(self) -> str:
        """10 DE Admin Code 101-4.15: the alternate as the licence and the refusals word it.

        >>> LicensedAlternate(52, 35_000).describe()
        '$350.00 within 52 calls'
        """
        return f"{format_cents(self.prize_cents)} within {self.within_calls} calls"


@dataclass(frozen=True, order=True)
class LicensedAttendancePrize:
    """10 DE Admin Code 101-4.18: the licence allows `prize_cents` when at least `min_players` attend."""

    min_players: int
    prize_cents: int

    def describe(self) -> str:
        """10 DE Admin Code 101-4.18: the prize by attendance as the licence and the refusals word it.

        >>> LicensedAttendancePrize(150, 25_000).describe()
        '$250.00 with 150 or more present'
        """
        return f"{format_cents(self.prize_cents)} with {self.min_players} or more present"


@dataclass(frozen=True, order=True)
class LicensedUPickGame:
    """10 DE Admin Code 101-4.30.1.6: a U Pick Em game of Addendum A, its numbers picked and its payout."""

    pick_count: int
    payout_cents: int

    def describe(self) -> str:
        """10 DE Admin Code 101-4.30.1.6: the Addendum A game as the licence and the refusals word it.

        >>> LicensedUPickGame(8, 10_000).describe()
        'pick 8, paying $100.00'
        """
        return f"pick {self.pick_count}, paying {format_cents(self.payout_cents)}"


@dataclass(frozen=True)
class LicenceContents:
    """The three lists a bingo licence term specifies; an empty list allows none of that kind."""

    alternates: tuple[LicensedAlternate, ...] = ()
    attendance_prizes: tuple[LicensedAttendancePrize, ...] = ()
    upick_games: tuple[LicensedUPickGame, ...] = ()


def _repeated(items: Sequence[object]) -> int | None:
    """The position (from 1) of the first item listed a second time, if any."""
    for position, item in enumerate(items, start=1):
        if item in items[: position - 1]:
            return position
    return None


def contents_refusal(contents: LicenceContents) -> Violation | None:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6: each list names each item once, a number of calls is
    1-75 (4.12: 75 balls), a number picked 1-25 (a face has 25 squares), amounts are positive, and a
    list holds at most 40 items (4.17: at most 40 games, so no licence needs more).

    >>> contents_refusal(LicenceContents(alternates=(LicensedAlternate(50, 35_000),))) is None
    True
    >>> twice = LicenceContents(upick_games=(LicensedUPickGame(8, 10_000), LicensedUPickGame(8, 10_000)))
    >>> contents_refusal(twice).field
    'upick_games.2'
    >>> contents_refusal(LicenceContents(alternates=(LicensedAlternate(76, 100),))).rule
    '10 DE Admin Code 101-4.15'
    """
    lists: tuple[tuple[str, Sequence[LicensedAlternate | LicensedAttendancePrize | LicensedUPickGame], str], ...] = (
        ("alternates", contents.alternates, citations.BINGO_ALTERNATE_PRIZE),
        ("attendance_prizes", contents.attendance_prizes, citations.BINGO_ATTENDANCE_PRIZE),
        ("upick_games", contents.upick_games, citations.BINGO_UPICK_ADDENDUM),
    )
    for name, items, rule in lists:
        if len(items) > MAX_ITEMS:
            return Violation("too_many_items", f"A licence lists at most {MAX_ITEMS} of these.", rule, name)
        repeated = _repeated(items)
        if repeated is not None:
            return Violation("listed_twice", "The licence already lists this.", rule, f"{name}.{repeated}")
        for position, item in enumerate(items, start=1):
            field = f"{name}.{position}"
            if isinstance(item, LicensedAlternate) and not 1 <= item.within_calls <= MAX_CALLS:
                return Violation("calls_out_of_range", "Bingo is reached within 1 to 75 calls.", rule, field)
            if isinstance(item, LicensedAttendancePrize) and item.min_players < 1:
                return Violation("attendance_out_of_range", "The attendance is at least 1 person.", rule, field)
            if isinstance(item, LicensedUPickGame) and not 1 <= item.pick_count <= 25:
                return Violation("pick_count_out_of_range", "A U Pick Em game picks 1 to 25 numbers.", rule, field)
            amount = item.payout_cents if isinstance(item, LicensedUPickGame) else item.prize_cents
            if amount <= 0:
                return Violation("amount_required", "The licence states an amount above $0.00.", rule, field)
    return None
