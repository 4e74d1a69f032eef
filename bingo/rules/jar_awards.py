"""Awarding the cookie jar (10 DE Admin Code 101-4.31.5 and 4.31.6): jar 1 goes once to the bingo(s)
completed on the call of the cookie-jar number or in the forced final blackout, and an occasion does
not close with the jar owed."""

from __future__ import annotations

from collections.abc import Sequence

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


def close_refusal(games_due: Sequence[int], must_go: bool, hours_over: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.5 and 4.31.6: an occasion does not close with a cookie-jar award owed to a
    game won on the cookie-jar number, nor, with both jars full, before jar 1 has gone. Settled reading
    (docs/rules.md, "the end of the night"): 4.2 ends play at six hours or midnight, and no final blackout
    can be started then, so an occasion whose hours are over closes with jar 1 still owed; the report
    says so, and the next posting that finds both jars full owes it again.

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
    if must_go and not hours_over:
        return Violation(
            "jar_must_go",
            "Both cookie jars are full, so jar 1 must be awarded tonight: play the final blackout.",
            f"{RULE}.5",
            "occasion_id",
            409,
        )
    return None
