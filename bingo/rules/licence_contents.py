"""A program's games against what the bingo licence specifies (10 DE Admin Code 101-4.15, 4.18 and
4.30.1.6): an alternate prize by calls, a prize varied by attendance and a U Pick Em game are offered
only as the licence lists them. Pure checks over the licence's lists (shared/hall/rules/addendum.py).

The reading (docs/rules.md): an item is licensed when the licence lists the same item, to the cent: the
same number of calls and alternate amount, the same attendance and amount, the same numbers picked and
payout. The licence lists what the Board approved, not ceilings; a different amount is a different
offer and needs the licence amended (101-3.5). These are licence conditions, not house rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bingo.rules.limits import GameKind, PrizeTerms
from shared.core import citations
from shared.core.money import format_cents
from shared.core.violations import Violation
from shared.hall.rules.addendum import (
    LicenceContents,
    LicensedAlternate,
    LicensedAttendancePrize,
    LicensedUPickGame,
)

REFUSED = 409


@dataclass(frozen=True)
class OfferedGame:
    """What one game of a program (or of a scheduled occasion) offers that a licence must specify."""

    number: int
    kind: GameKind
    prize: PrizeTerms
    pick_count: int | None = None


def _listed(items: Sequence[LicensedAlternate | LicensedAttendancePrize | LicensedUPickGame]) -> str:
    return "; ".join(item.describe() for item in items) if items else "none"


def alternate_refusal(game: OfferedGame, contents: LicenceContents, licence: str) -> Violation | None:
    """10 DE Admin Code 101-4.15: an alternate prize by the number of calls is offered only where the
    licence specifies it, the same calls and the same amount.

    >>> from shared.hall.rules.addendum import LicensedAlternate
    >>> game = OfferedGame(3, GameKind.REGULAR, PrizeTerms(10_000, alternate_within_calls=50, alternate_cents=35_000))
    >>> alternate_refusal(game, LicenceContents(alternates=(LicensedAlternate(50, 35_000),)), "B-1") is None
    True
    >>> refusal = alternate_refusal(game, LicenceContents(alternates=(LicensedAlternate(52, 35_000),)), "B-1")
    >>> refusal.field, refusal.rule
    ('games.3.alternate_prize', '10 DE Admin Code 101-4.15')
    """
    calls, cents = game.prize.alternate_within_calls, game.prize.alternate_cents
    if calls is None or cents is None or LicensedAlternate(calls, cents) in contents.alternates:
        return None
    return Violation(
        "alternate_not_licensed",
        f"Game {game.number} offers {format_cents(cents)} within {calls} calls, an alternate prize licence "
        f"{licence} does not specify (it lists: {_listed(contents.alternates)}).",
        citations.BINGO_ALTERNATE_PRIZE,
        f"games.{game.number}.alternate_prize",
        REFUSED,
    )


def attendance_refusal(game: OfferedGame, contents: LicenceContents, licence: str) -> Violation | None:
    """10 DE Admin Code 101-4.18: a prize varied by the number of people attending is offered only where the
    licence specifies it: every tier of the game is a listed attendance and amount.

    >>> from shared.hall.rules.addendum import LicensedAttendancePrize
    >>> game = OfferedGame(2, GameKind.REGULAR, PrizeTerms(10_000, attendance_tiers=((100, 15_000), (150, 25_000))))
    >>> listed = LicenceContents(attendance_prizes=(LicensedAttendancePrize(100, 15_000),))
    >>> attendance_refusal(game, listed, "B-1").field
    'games.2.attendance_tiers.2'
    """
    for position, (least, cents) in enumerate(game.prize.attendance_tiers, start=1):
        if LicensedAttendancePrize(least, cents) not in contents.attendance_prizes:
            return Violation(
                "attendance_prize_not_licensed",
                f"Game {game.number} offers {format_cents(cents)} with {least} or more present, a prize by "
                f"attendance licence {licence} does not specify (it lists: {_listed(contents.attendance_prizes)}).",
                citations.BINGO_ATTENDANCE_PRIZE,
                f"games.{game.number}.attendance_tiers.{position}",
                REFUSED,
            )
    return None


def upick_refusal(game: OfferedGame, contents: LicenceContents, licence: str) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.6: every U Pick Em game is listed on Addendum A with its payout, so a
    program's U Pick Em game is one the licence lists: the same numbers picked and the same payout.

    >>> from shared.hall.rules.addendum import LicensedUPickGame
    >>> listed = LicenceContents(upick_games=(LicensedUPickGame(8, 10_000),))
    >>> upick_refusal(OfferedGame(4, GameKind.U_PICK_EM, PrizeTerms(10_000), 8), listed, "B-1") is None
    True
    >>> upick_refusal(OfferedGame(4, GameKind.U_PICK_EM, PrizeTerms(10_000), 6), listed, "B-1").field
    'games.4.pick_count'
    >>> upick_refusal(OfferedGame(4, GameKind.U_PICK_EM, PrizeTerms(5_000), 8), listed, "B-1").field
    'games.4.prize'
    """
    if game.kind is not GameKind.U_PICK_EM or game.pick_count is None:
        return None
    offered = LicensedUPickGame(game.pick_count, game.prize.amount_cents)
    if offered in contents.upick_games:
        return None
    same_count = any(g.pick_count == game.pick_count for g in contents.upick_games)
    return Violation(
        "upick_not_on_addendum_a",
        f"Game {game.number} is a U Pick Em game, {offered.describe()}, that licence {licence} does not list on "
        f"Addendum A (it lists: {_listed(contents.upick_games)}).",
        citations.BINGO_UPICK_ADDENDUM,
        f"games.{game.number}.{'prize' if same_count else 'pick_count'}",
        REFUSED,
    )


def licence_refusals(games: Sequence[OfferedGame], contents: LicenceContents, licence: str) -> list[Violation]:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6: everything the games offer that the licence does not
    specify, in game order. The forced cookie-jar final (4.31.5) offers jar 1 only and is never checked.

    >>> games = [OfferedGame(1, GameKind.U_PICK_EM, PrizeTerms(10_000), 8)]
    >>> [v.rule for v in licence_refusals(games, LicenceContents(), "B-1")]
    ['10 DE Admin Code 101-4.30.1.6']
    >>> licence_refusals([OfferedGame(1, GameKind.COOKIE_JAR_FINAL, PrizeTerms(100_000))], LicenceContents(), "B-1")
    []
    """
    found = []
    for game in games:
        if game.kind is GameKind.COOKIE_JAR_FINAL:
            continue
        for refusal in (alternate_refusal, attendance_refusal, upick_refusal):
            violation = refusal(game, contents, licence)
            if violation is not None:
                found.append(violation)
    return found
