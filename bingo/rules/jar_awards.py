"""Awarding the cookie jar (10 DE Admin Code 101-4.31.5 and 4.31.6): jar 1 goes once to the bingo(s)
completed on the call of the cookie-jar number or in the forced final blackout, and an occasion does
not close with the jar owed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bingo.rules.limits import MAX_GAMES
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.31"


def award_refusal(already_awarded: bool, due: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.6: the cookie jar is won only by a bingo completed on the call of the
    cookie-jar number (or in the forced final blackout, 4.31.5), and a game's jar is awarded once.

    >>> award_refusal(False, True) is None
    True
    >>> award_refusal(True, True).code
    'jar_already_awarded'
    >>> award_refusal(False, False).code
    'not_on_cookie_jar_number'
    """
    if already_awarded:
        return Violation(
            "jar_already_awarded",
            "The cookie jar was already awarded for this game.",
            f"{RULE}.6",
            "game_number",
            409,
        )
    if not due:
        return Violation(
            "not_on_cookie_jar_number",
            "The cookie jar is won only by a bingo completed on the call of the cookie-jar "
            "number (or in the forced final blackout); this game's winning call was not.",
            f"{RULE}.6",
            "game_number",
            409,
        )
    return None


def close_refusal(games_due: Sequence[int], must_go: bool, play_over: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.5 and 4.31.6: an occasion does not close with a cookie-jar award owed to a
    game won on the cookie-jar number, nor, with both jars full, before jar 1 has gone. Settled reading
    (docs/rules.md, "the end of the night"): 4.2 ends play at six hours or midnight and 4.17 after 40
    games, and no final blackout can be started then (`play_over`), so such an occasion closes with jar 1
    still owed; the occasion says so, and the next posting that finds both jars full owes it again.

    >>> close_refusal([], False, False) is None
    True
    >>> close_refusal([4], False, True).message
    'Game 4 was won on the cookie-jar number: award the cookie jar first.'
    >>> close_refusal([], True, False).rule
    '10 DE Admin Code 101-4.31.5'
    >>> close_refusal([], True, True) is None
    True
    """
    if games_due:
        return Violation(
            "jar_award_unpaid",
            f"Game {games_due[0]} was won on the cookie-jar number: award the cookie jar first.",
            f"{RULE}.6",
            "occasion_id",
            409,
        )
    if must_go and not play_over:
        return Violation(
            "jar_must_go",
            "Both cookie jars are full, so jar 1 must be awarded tonight: play the final blackout.",
            f"{RULE}.5",
            "occasion_id",
            409,
        )
    return None


@dataclass(frozen=True)
class Slot:
    """A game as the forced-final plan sees it: its number, its status ("pending", "in_play", "closed" or
    "withdrawn") and whether it is a cookie-jar final blackout."""

    number: int
    status: str
    forced_final: bool = False


@dataclass(frozen=True)
class FinalPlan:
    """What to do now: add a final blackout for jar 1, and which unplayed program games it replaces."""

    add: bool
    withdraw: tuple[int, ...] = ()


def games_played(games: Sequence[Slot]) -> int:
    """10 DE Admin Code 101-4.17: every game played counts toward the 40, cookie-jar finals included.

    >>> games_played([Slot(1, "closed"), Slot(2, "withdrawn"), Slot(3, "closed", True), Slot(4, "pending")])
    2
    """
    return sum(1 for g in games if g.status == "closed")


def forced_final_plan(games: Sequence[Slot], must_go: bool, award_due: bool) -> FinalPlan:
    """10 DE Admin Code 101-4.31.5 with 4.17: while both jars stand at the maximum, jar 1 must go tonight,
    and if it has not gone by the final game a special blackout is played for it, as often as it takes
    (an award's refill can leave both jars full again). Settled reading (docs/rules.md): the 40 games of
    4.17 count every game played, the finals too, so the final never makes a 41st: the program is played
    while there is room after it for the final, and when only one game is left within the 40, the final
    takes it and the unplayed program games are withdrawn. Nothing is decided while a game is in play, a
    final waits to be played, or a jar award is still to be made (it may empty jar 1); with 40 games
    played there is no room, and the occasion closes with jar 1 owed (close_refusal).

    >>> program = [Slot(n, "closed") for n in range(1, 39)] + [Slot(39, "pending"), Slot(40, "pending")]
    >>> forced_final_plan(program, True, False)
    FinalPlan(add=False, withdraw=())
    >>> program[38] = Slot(39, "closed")
    >>> forced_final_plan(program, True, False)
    FinalPlan(add=True, withdraw=(40,))
    >>> forced_final_plan([Slot(1, "closed"), Slot(2, "closed")], True, False)
    FinalPlan(add=True, withdraw=())
    >>> forced_final_plan([Slot(1, "closed"), Slot(2, "closed")], True, True).add
    False
    >>> forced_final_plan([Slot(1, "closed"), Slot(2, "closed", True)], True, False).add
    True
    >>> forced_final_plan([Slot(n, "closed") for n in range(1, 41)], True, False).add
    False
    """
    if not must_go or award_due:
        return FinalPlan(False)
    if any(g.status == "in_play" or (g.forced_final and g.status == "pending") for g in games):
        return FinalPlan(False)
    played = games_played(games)
    waiting = tuple(g.number for g in games if g.status == "pending")
    if played >= MAX_GAMES:
        return FinalPlan(False)
    if not waiting:
        return FinalPlan(True)
    if played + 1 >= MAX_GAMES:
        return FinalPlan(True, waiting)
    return FinalPlan(False)
