"""Calls, corrections, claims and splits: 10 DE Admin Code 101-4.11, 4.12, 4.16 and 4.27."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from bingo.rules.claims import Verdict, check_face, completing_call
from bingo.rules.draws import call_refusal, correction_refusal, draw, remaining
from bingo.rules.faces import FREE, Face, generate_series
from bingo.rules.patterns import STANDARD, PatternKind
from bingo.rules.splits import Winner, announcement, draw_merchandise, split_money

FACE = Face.from_columns(
    77, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34], [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]]
)
ANY_ROW = STANDARD[PatternKind.ANY_ROW]


def test_4_12_a_ball_is_called_once_per_game() -> None:
    assert call_refusal([5], 6) is None
    refusal = call_refusal([5, 6], 6)
    assert refusal is not None and refusal.code == "already_called" and refusal.rule == "10 DE Admin Code 101-4.12"


def test_4_12_no_76th_ball_and_no_ball_outside_1_to_75() -> None:
    assert call_refusal([], 0) is not None and call_refusal([], 76) is not None
    full = list(range(1, 76))
    refusal = call_refusal(full, 5)
    assert refusal is not None and refusal.code == "all_balls_called"


@given(st.integers(0, 2**32))
def test_4_12_electronic_draw_takes_every_ball_exactly_once(seed: int) -> None:
    rng = random.Random(seed)
    calls: list[int] = []
    while remaining(calls):
        ball = draw(calls, rng)
        assert call_refusal(calls, ball) is None
        calls.append(ball)
    assert sorted(calls) == list(range(1, 76))


def test_correction_only_of_the_last_call_before_any_verified_claim_with_a_reason() -> None:
    assert correction_refusal([5, 17], 18, claims_verified=0, reason="mis-key") is None
    assert correction_refusal([5, 17], 18, claims_verified=1, reason="mis-key") is not None
    assert correction_refusal([5, 17], 18, claims_verified=0, reason="  ") is not None
    assert correction_refusal([], 18, claims_verified=0, reason="x") is not None
    refusal = correction_refusal([5, 17], 5, claims_verified=0, reason="mis-key")
    assert refusal is not None and refusal.code == "already_called"
    assert correction_refusal([5, 17], 17, claims_verified=0, reason="mis-key") is not None


def test_4_27_valid_when_the_last_call_completes_the_pattern() -> None:
    calls = [3, 18, 9, 48, 63]
    check = check_face(FACE, ANY_ROW, calls)
    assert check.verdict is Verdict.VALID and check.completed_on_call == 5 and check.completed_by_ball == 63


def test_4_27_incomplete_face_is_not_a_winner() -> None:
    assert check_face(FACE, ANY_ROW, [1, 16, 46]).verdict is Verdict.INCOMPLETE
    assert check_face(FACE, ANY_ROW, []).verdict is Verdict.INCOMPLETE


def test_4_11_sleeper_completed_earlier_is_refused_by_default() -> None:
    calls = [3, 18, 48, 63, 70]
    check = check_face(FACE, ANY_ROW, calls)
    assert check.verdict is Verdict.SLEEPER and check.completed_on_call == 4 and check.completed_by_ball == 63
    assert check_face(FACE, ANY_ROW, calls, last_call_only=False).verdict is Verdict.VALID


@given(st.integers(0, 2**32))
def test_4_27_completing_call_is_the_first_prefix_that_wins(seed: int) -> None:
    rng = random.Random(seed)
    face = generate_series(1, seed)[0]
    calls = rng.sample(range(1, 76), 75)
    pattern = STANDARD[
        rng.choice(list(PatternKind.__members__.values())[:4] + [PatternKind.BLACKOUT, PatternKind.FOUR_CORNERS])
    ]
    found = completing_call(face, pattern, calls)
    brute = next(n for n in range(1, 76) if pattern.is_complete(face.covered(calls[:n])))
    assert found == brute


def winners(n: int, players: list[str] | None = None) -> list[Winner]:
    return [Winner(claim_id=i + 1, player=(players[i] if players else f"p{i}")) for i in range(n)]


def test_4_11_split_three_ways_in_cents_extra_cent_to_earliest() -> None:
    shares = split_money(35_000, winners(3))
    assert shares == {1: 11_667, 2: 11_667, 3: 11_666}
    assert announcement(7, list(shares.values())) == "Game 7: 3 winners: $116.67, $116.67, $116.66"


def test_4_11_split_in_whole_dollars_house_rule() -> None:
    assert split_money(10_000, winners(3), whole_dollars=True) == {1: 3_400, 2: 3_300, 3: 3_300}
    assert split_money(10_050, winners(3), whole_dollars=True) == {1: 3_450, 2: 3_300, 3: 3_300}


def test_4_11_split_per_player_house_rule() -> None:
    shares = split_money(10_000, winners(3, ["ann", "bob", "ann"]), per_player=True)
    assert shares == {1: 5_000, 2: 5_000, 3: 0}


@given(st.integers(0, 10**7), st.integers(1, 40), st.booleans())
def test_4_11_shares_sum_to_the_prize_and_differ_by_at_most_a_cent(prize: int, count: int, dollars: bool) -> None:
    shares = list(split_money(prize, winners(count), whole_dollars=dollars).values())
    assert sum(shares) == prize
    if not dollars:
        assert max(shares) - min(shares) <= 1
        assert shares == sorted(shares, reverse=True)


def test_4_11_merchandise_goes_to_one_drawn_winner_others_qualify() -> None:
    result = draw_merchandise(winners(4), random.Random(11))
    assert result.winner in {1, 2, 3, 4} and set(result.qualified) == {1, 2, 3, 4} - {result.winner}


def test_4_6_announcement_of_one_or_no_winner() -> None:
    assert announcement(3, [15_000]) == "Game 3: 1 winner: $150.00"
    assert announcement(4, []) == "Game 4: no winner."


def test_free_value_is_never_a_ball() -> None:
    assert FREE not in range(1, 76)
