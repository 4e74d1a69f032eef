"""The odds advisor (for 10 DE Admin Code 101-4.15 thresholds) and the automatic winner search."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations
from math import comb

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bingo.rules.faces import FREE_CELL, generate_series
from bingo.rules.odds import chance_within, odds, simulate
from bingo.rules.patterns import STANDARD, Pattern, PatternKind, shape
from bingo.rules.winners import CoverageIndex, holders_of, set_bits


def naive_inclusion_exclusion(pattern: Pattern, calls: int) -> Fraction:
    """P(some alternative covered) summed over every subset of alternatives (exact, slow)."""
    free = ~(1 << FREE_CELL)
    total = Fraction(0)
    alternatives = pattern.alternatives
    for size in range(1, len(alternatives) + 1):
        for chosen in combinations(alternatives, size):
            union = 0
            for mask in chosen:
                union |= mask & free
            k = bin(union).count("1")
            total += (-1) ** (size + 1) * Fraction(comb(calls, k), comb(75, k))
    return total


@pytest.mark.parametrize("calls", [0, 4, 24, 30, 52, 75])
def test_4_15_blackout_matches_the_closed_form(calls: int) -> None:
    assert chance_within(STANDARD[PatternKind.BLACKOUT], calls) == Fraction(comb(calls, 24), comb(75, 24))


@pytest.mark.parametrize("calls", [3, 4, 10, 40, 75])
def test_4_15_four_corners_matches_the_closed_form(calls: int) -> None:
    assert chance_within(STANDARD[PatternKind.FOUR_CORNERS], calls) == Fraction(comb(calls, 4), comb(75, 4))


def test_4_15_single_row_pattern_is_exact() -> None:
    row = Pattern(PatternKind.HORIZONTAL_ROW, "Top row", "", "10 DE Admin Code 101-4.14.1", (0b11111,))
    for calls in (5, 20, 45):
        assert chance_within(row, calls) == Fraction(comb(calls, 5), comb(75, 5))


@pytest.mark.parametrize(
    "kind", [PatternKind.HORIZONTAL_ROW, PatternKind.DIAGONAL, PatternKind.ANY_ROW, PatternKind.AROUND_FREE]
)
def test_4_15_exact_method_agrees_with_plain_inclusion_exclusion(kind: PatternKind) -> None:
    for calls in (8, 30, 60):
        assert chance_within(STANDARD[kind], calls) == naive_inclusion_exclusion(STANDARD[kind], calls)


def test_4_15_expected_calls_for_blackout() -> None:
    assert odds(STANDARD[PatternKind.BLACKOUT]).expected_calls == Fraction(24 * 76, 25)


def test_4_15_curve_rises_to_certainty() -> None:
    for pattern in [*STANDARD.values(), shape("Stamp", ["XX...", "XX...", ".....", ".....", "....."], True)]:
        curve = odds(pattern).by_calls
        assert curve[0] == 0 and curve[75] == 1
        assert all(a <= b for a, b in zip(curve, curve[1:]))


def test_4_15_simulation_states_its_method_and_agrees_with_exact_for_one_face() -> None:
    pattern = STANDARD[PatternKind.ANY_ROW]
    estimate = simulate(pattern, faces=1, calls=30, trials=4000, rng=random.Random(5))
    exact = float(chance_within(pattern, 30))
    assert abs(estimate.chance - exact) < 4 * estimate.standard_error + 1e-9
    assert "Monte Carlo" in estimate.method and estimate.trials == 4000


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(list(PatternKind)[:4] + [PatternKind.TWO_ROWS, PatternKind.FOUR_CORNERS]))
def test_4_27_winner_search_agrees_with_checking_every_face(seed: int, kind: PatternKind) -> None:
    rng = random.Random(seed)
    faces = generate_series(300, seed)
    pattern = STANDARD[kind]
    index = CoverageIndex(faces)
    calls: list[int] = []
    already: set[int] = set()
    for ball in rng.sample(range(1, 76), 40):
        calls.append(ball)
        index.call(ball)
        found = {f.number for f in index.new_winners(pattern)}
        complete_now = {f.number for f in faces if pattern.is_complete(f.covered(calls))}
        assert found == complete_now - already
        already = complete_now


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 70))
def test_4_27_holders_built_in_lanes_agree_with_one_face_at_a_time(seed: int, count: int) -> None:
    """Issue 21: the linear build (eight lanes of bytes per cell) gives each (number, cell) the same faces
    as setting one bit per face; counts on both sides of a lane's eight faces."""
    faces = generate_series(count, seed) if count else []
    plain: dict[tuple[int, int], int] = {}
    for index, face in enumerate(faces):
        for position, ball in enumerate(face.cells):
            if position != FREE_CELL:
                plain[(ball, position)] = plain.get((ball, position), 0) | 1 << index
    assert holders_of(faces) == plain


@given(st.sets(st.integers(0, 5000), max_size=200))
def test_4_27_set_bits_reads_back_every_face_index_in_order(indexes: set[int]) -> None:
    value = 0
    for index in indexes:
        value |= 1 << index
    assert set_bits(value) == sorted(indexes)
