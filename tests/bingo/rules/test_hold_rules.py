"""The caller's hold as pure rules (10 DE Admin Code 101-4.16): no call while a game is held for a bingo,
a game is held once and only after a ball is called, and only a held game resumes."""

from __future__ import annotations

from bingo.rules.play import held_call_refusal, hold_refusal, resume_refusal
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.16"


def test_4_16_no_ball_is_called_while_the_game_is_held() -> None:
    assert held_call_refusal(False) is None
    assert held_call_refusal(True) == Violation(
        "game_held",
        "The game is held while a bingo is checked: no ball is called until the claim is verified or you resume.",
        RULE,
        "ball",
        409,
    )


def test_4_16_a_game_is_held_once_and_only_after_a_call() -> None:
    assert hold_refusal(False, 1) is None
    assert hold_refusal(True, 5) == Violation(
        "game_held", "This game is already held for a bingo.", RULE, "game_number", 409
    )
    early = hold_refusal(False, 0)
    assert early is not None and early.code == "no_calls" and early.rule == RULE


def test_4_16_only_a_held_game_resumes() -> None:
    assert resume_refusal(True) is None
    refusal = resume_refusal(False)
    assert refusal is not None and (refusal.code, refusal.rule, refusal.status) == ("game_not_held", RULE, 409)
