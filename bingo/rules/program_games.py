"""The games of a program as they are saved (10 DE Admin Code 101-4.14, 4.29.1, 4.30.1.5 and 4.31.6): each
plays a permitted pattern, states the settings its kind needs, and none is the cookie-jar game."""

from __future__ import annotations

from collections.abc import Mapping

from bingo.rules.limits import GameKind
from bingo.rules.patterns import PatternError, from_spec
from bingo.rules.upick import count_refusal
from shared.core.violations import Violation


def pattern_refusal(number: int, spec: Mapping[str, object]) -> Violation | None:
    """10 DE Admin Code 101-4.14: only the permitted patterns are played, so a program's game names one of
    them (a custom arrangement or shape with a name the caller can announce).

    >>> pattern_refusal(1, {"kind": "four_corners"}) is None
    True
    >>> refusal = pattern_refusal(2, {"kind": "shape", "rows": ["X....", ".....", ".....", ".....", "....."]})
    >>> refusal.field, refusal.message
    ('games.2.pattern', 'Game 2: a custom pattern needs a name the caller can announce.')
    """
    try:
        from_spec(dict(spec))
    except (PatternError, ValueError) as exc:
        return Violation(
            "pattern_not_permitted", f"Game {number}: {exc}.", "10 DE Admin Code 101-4.14", f"games.{number}.pattern"
        )
    return None


def designation_refusal(number: int, kind: GameKind) -> Violation | None:
    """10 DE Admin Code 101-4.31.6: the cookie jar is won on the call of the cookie-jar number in any game;
    no program game is designated the jar game, and the forced final blackout (4.31.5) is added only when
    the rules require it.

    >>> designation_refusal(3, GameKind.REGULAR) is None
    True
    >>> designation_refusal(3, GameKind.COOKIE_JAR_FINAL).field
    'games.3.kind'
    """
    if kind is not GameKind.COOKIE_JAR_FINAL:
        return None
    return Violation(
        "jar_game_not_designated",
        "No program game may be designated the cookie-jar game; "
        "the forced final blackout is added only when the rules require it.",
        "10 DE Admin Code 101-4.31.6",
        f"games.{number}.kind",
    )


def kind_settings_refusal(
    number: int, kind: GameKind, pick_count: int | None, face_price_cents: int | None, break_open_numbers: int | None
) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.5 and 4.29.1: a U Pick Em game lists how many numbers are picked and the
    price of a face; a break-open game its predetermined quantity of numbers.

    >>> kind_settings_refusal(1, GameKind.U_PICK_EM, 8, 100, None) is None
    True
    >>> kind_settings_refusal(1, GameKind.U_PICK_EM, None, 100, None).code
    'upick_terms_required'
    >>> kind_settings_refusal(2, GameKind.BREAK_OPEN, None, None, None).field
    'games.2.break_open_numbers'
    """
    if kind is GameKind.U_PICK_EM:
        if pick_count is None or not face_price_cents:
            return Violation(
                "upick_terms_required",
                f"Game {number}: a U Pick Em game lists how many numbers are picked and the price of a face.",
                "10 DE Admin Code 101-4.30.1.5",
                f"games.{number}.pick_count",
            )
        return count_refusal(pick_count)
    if kind is GameKind.BREAK_OPEN and break_open_numbers is None:
        return Violation(
            "break_open_count_required",
            f"Game {number}: a break-open game states how many numbers are posted.",
            "10 DE Admin Code 101-4.29.1",
            f"games.{number}.break_open_numbers",
        )
    return None
