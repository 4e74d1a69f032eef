"""The later drawing for a merchandise prize's other qualifiers (10 DE Admin Code 101-4.11): when several
players win a non-money prize on the same call, one takes it and the others "may be given a chance to win
a later game or drawing", whose prize "shall be counted toward the maximum allowable prizes for the entire
event"."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from bingo.rules.limits import MAX_GAME_PRIZE_CENTS, MAX_OCCASION_PRIZES_CENTS
from shared.core.money import format_cents
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.11"


@dataclass(frozen=True)
class DrawingAsked:
    """What the member in charge asks for: the game whose qualifiers enter, and the prize offered then
    (money, or merchandise of a stated value)."""

    game_number: int
    game_status: str
    qualifiers: int
    already_drawn: bool
    prize: str
    value_cents: int
    merchandise: bool


def drawing_refusal(asked: DrawingAsked, prizes_so_far_cents: int) -> Violation | None:
    """10 DE Admin Code 101-4.11 and 4.6: a drawing is held once for a closed merchandise game's other
    qualifiers; its prize is described and valued (money or merchandise), no more than a game may offer
    ($350), and its value counts toward the occasion's $3,000, so a drawing that would pass it is refused.

    >>> asked = DrawingAsked(4, "closed", 2, False, "A gift basket", 5_000, True)
    >>> drawing_refusal(asked, 100_000) is None
    True
    >>> from dataclasses import replace
    >>> drawing_refusal(replace(asked, qualifiers=0), 0).code
    'no_qualifiers'
    >>> drawing_refusal(replace(asked, already_drawn=True), 0).code
    'drawing_held'
    >>> drawing_refusal(asked, 296_000).message
    'The drawing would bring the prizes to $3,010.00; an occasion may award at most $3,000.00.'
    >>> drawing_refusal(replace(asked, value_cents=35_001), 0).field
    'value'
    """
    if asked.game_status != "closed":
        return Violation(
            "game_not_closed",
            f"Close game {asked.game_number} first: its qualifiers are known when it closes.",
            RULE,
            "game_number",
            409,
        )
    if asked.qualifiers == 0:
        return Violation(
            "no_qualifiers",
            f"Game {asked.game_number} left no other qualifiers for a drawing.",
            RULE,
            "game_number",
            409,
        )
    if asked.already_drawn:
        return Violation(
            "drawing_held",
            f"The drawing for game {asked.game_number}'s qualifiers was already held.",
            RULE,
            "game_number",
            409,
        )
    if not asked.prize.strip():
        return Violation("prize_required", "Describe the prize offered in the drawing.", RULE, "prize")
    if not 0 < asked.value_cents <= MAX_GAME_PRIZE_CENTS:
        return Violation(
            "drawing_value",
            f"The drawing's prize is worth more than $0.00 and at most {format_cents(MAX_GAME_PRIZE_CENTS)}.",
            "10 DE Admin Code 101-4.6",
            "value",
        )
    total = prizes_so_far_cents + asked.value_cents
    if total > MAX_OCCASION_PRIZES_CENTS:
        return Violation(
            "occasion_prizes_over_limit",
            f"The drawing would bring the prizes to {format_cents(total)}; an occasion may award at most "
            f"{format_cents(MAX_OCCASION_PRIZES_CENTS)}.",
            "10 DE Admin Code 101-4.6",
            "value",
            409,
        )
    return None


def draw_qualifier(qualifiers: Sequence[int], rng: random.Random) -> int:
    """10 DE Admin Code 101-4.11: the drawing's winner, each qualifier (a claim id) equally likely; the RNG
    comes in (secrets.SystemRandom in the hall, a seeded one in tests).

    >>> draw_qualifier([11, 12, 13], random.Random(1)) in (11, 12, 13)
    True
    """
    return rng.choice(list(qualifiers))
