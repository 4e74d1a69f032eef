"""Ball calls within one game: 75 balls, each called at most once, in order, typed from the blower
or drawn by the RNG; and the caller's correction of a mis-keyed last call.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from shared.core.violations import Violation

BALLS = tuple(range(1, 76))
RULE_BALLS = "10 DE Admin Code 101-4.12"


def remaining(calls: Sequence[int]) -> list[int]:
    """10 DE Admin Code 101-4.16: the balls still in the receptacle, in ball order.

    >>> len(remaining([7, 75]))
    73
    >>> remaining(list(range(1, 74)))
    [74, 75]
    """
    called = set(calls)
    return [ball for ball in BALLS if ball not in called]


def call_refusal(calls: Sequence[int], ball: int) -> Violation | None:
    """10 DE Admin Code 101-4.12: every game starts with all 75 balls, so a ball is 1-75 and can be
    drawn only once in a game.

    >>> call_refusal([7, 22], 41) is None
    True
    >>> call_refusal([7, 22], 22).code
    'already_called'
    >>> refusal = call_refusal([], 76)
    >>> refusal.code, refusal.rule
    ('no_such_ball', '10 DE Admin Code 101-4.12')
    """
    if len(calls) >= len(BALLS):
        return Violation("all_balls_called", "All 75 balls have been called in this game.", RULE_BALLS, "ball", 409)
    if not 1 <= ball <= 75:
        return Violation("no_such_ball", f"{ball} is not a ball: balls are numbered 1 to 75.", RULE_BALLS, "ball")
    if ball in calls:
        return Violation(
            "already_called", f"Ball {ball} has already been called in this game.", RULE_BALLS, "ball", 409
        )
    return None


def draw(calls: Sequence[int], rng: random.Random) -> int:
    """10 DE Admin Code 101-4.12: an electronic draw gives every remaining ball an equal chance.
    Production passes secrets.SystemRandom(); tests pass a seeded Random.

    >>> draw(list(range(1, 75)), random.Random(7))
    75
    >>> draw([1, 2, 3], random.Random(1)) in remaining([1, 2, 3])
    True
    """
    left = remaining(calls)
    if not left:
        raise ValueError("no balls remain")
    return rng.choice(left)


def correction_refusal(calls: Sequence[int], replacement: int, claims_verified: int, reason: str) -> Violation | None:
    """Flashboard house rule, audited: the caller may correct only the last call, only before the next
    call and before any claim is verified on it, and must say why.

    >>> correction_refusal([7, 22], 23, 0, "keyed 22 for 23") is None
    True
    >>> correction_refusal([7, 22], 7, 0, "keyed 22 for 7").code
    'already_called'
    >>> correction_refusal([7, 22], 23, 1, "keyed 22 for 23").code
    'claims_verified'
    >>> correction_refusal([7, 22], 23, 0, " ").code
    'reason_required'
    """
    if not calls:
        return Violation("nothing_to_correct", "No ball has been called in this game.", None, "ball", 409)
    if claims_verified:
        return Violation(
            "claims_verified",
            "A claim has already been verified on this call, so it can no longer be corrected.",
            None,
            "ball",
            409,
        )
    if not reason.strip():
        return Violation("reason_required", "Say why the call is being corrected.", None, "reason")
    if replacement == calls[-1]:
        return Violation("same_ball", "The correction is the same ball as the call.", None, "ball")
    return call_refusal(calls[:-1], replacement)
