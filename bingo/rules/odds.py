"""The odds advisor, for setting 10 DE Admin Code 101-4.15 alternate-prize thresholds: the exact
chance that one face completes a pattern within N calls, the expected number of calls, and a
simulation for K faces in play.

Exact method: every face has 24 distinct numbers, so for a set U of its cells the chance that all
of U's numbers are among the first n of 75 balls is C(n,|U|)/C(75,|U|). Inclusion-exclusion over the
pattern's alternatives needs, for each union U of alternatives, the signed count of subsets with
that union; those counts are built one alternative at a time, keyed by union mask, with cancelled
entries dropped. That keeps even "any two rows" (66 alternatives) to a few thousand unions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from math import comb, sqrt

from bingo.rules.claims import completing_call
from bingo.rules.faces import COLUMN_RANGES, FREE_CELL, Face
from bingo.rules.patterns import Pattern

BALL_COUNT = 75
MAX_UNIONS = 2_000_000


class TooComplex(ValueError):
    """The pattern has too many overlapping alternatives for the exact method; use simulation."""


def union_coefficients(pattern: Pattern) -> dict[int, int]:
    """10 DE Admin Code 101-4.15 (the odds advisor for alternate-prize thresholds): union mask (free space
    excluded) → Σ(-1)^(|I|+1) over sets I of alternatives with that union."""
    free = ~(1 << FREE_CELL)
    coefficients: dict[int, int] = {}
    for alternative in pattern.alternatives:
        need = alternative & free
        update: dict[int, int] = {need: 1}
        for union, coefficient in coefficients.items():
            merged = union | need
            update[merged] = update.get(merged, 0) - coefficient
        for union, change in update.items():
            value = coefficients.get(union, 0) + change
            if value:
                coefficients[union] = value
            else:
                coefficients.pop(union, None)
        if len(coefficients) > MAX_UNIONS:
            raise TooComplex(f"{pattern.name} has too many overlapping alternatives for the exact method")
    return coefficients


def _by_size(pattern: Pattern) -> dict[int, int]:
    sizes: dict[int, int] = {}
    for union, coefficient in union_coefficients(pattern).items():
        size = bin(union).count("1")
        sizes[size] = sizes.get(size, 0) + coefficient
    return {k: v for k, v in sizes.items() if v}


def chance_within(pattern: Pattern, calls: int) -> Fraction:
    """10 DE Admin Code 101-4.15 (the odds advisor for alternate-prize thresholds): the exact probability
    that one face has completed the pattern within `calls` balls.

    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> chance_within(STANDARD[PatternKind.FOUR_CORNERS], 4)
    Fraction(1, 1215450)
    >>> chance_within(STANDARD[PatternKind.BLACKOUT], 23)
    Fraction(0, 1)
    """
    if not 0 <= calls <= BALL_COUNT:
        raise ValueError("calls are between 0 and 75")
    return sum((Fraction(c * comb(calls, k), comb(BALL_COUNT, k)) for k, c in _by_size(pattern).items()), Fraction(0))


@dataclass(frozen=True)
class Odds:
    pattern: str
    by_calls: tuple[Fraction, ...]
    expected_calls: Fraction


def odds(pattern: Pattern) -> Odds:
    """10 DE Admin Code 101-4.15 (the odds advisor for alternate-prize thresholds): the chance for every
    number of calls 0..75, and the expected calls to complete one face.

    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> corners = odds(STANDARD[PatternKind.FOUR_CORNERS])
    >>> corners.expected_calls, corners.by_calls[75]
    (Fraction(304, 5), Fraction(1, 1))
    """
    sizes = _by_size(pattern)
    curve = tuple(
        sum((Fraction(c * comb(n, k), comb(BALL_COUNT, k)) for k, c in sizes.items()), Fraction(0))
        for n in range(BALL_COUNT + 1)
    )
    expected = sum((1 - p for p in curve[:BALL_COUNT]), Fraction(0))
    return Odds(pattern.name, curve, expected)


@dataclass(frozen=True)
class Estimate:
    """A simulated chance with its standard error and a plain statement of the method."""

    faces: int
    calls: int
    trials: int
    chance: float
    standard_error: float
    mean_calls_to_first_bingo: float
    method: str


def _random_face(rng: random.Random, number: int) -> Face:
    columns = [rng.sample(range(low, high + 1), 4 if c == 2 else 5) for c, (low, high) in enumerate(COLUMN_RANGES)]
    return Face.from_columns(number, columns)


def simulate(pattern: Pattern, faces: int, calls: int, trials: int, rng: random.Random) -> Estimate:
    """10 DE Admin Code 101-4.15 (the odds advisor for alternate-prize thresholds): the chance that at least
    one of K random faces has completed the pattern within N calls, by a stated Monte Carlo with its
    standard error. The RNG comes in.

    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> estimate = simulate(STANDARD[PatternKind.BLACKOUT], faces=2, calls=23, trials=3, rng=random.Random(1))
    >>> estimate.chance, estimate.standard_error
    (0.0, 0.0)
    """
    hits = 0
    total_first = 0
    for _ in range(trials):
        deck = [_random_face(rng, i) for i in range(faces)]
        order = rng.sample(range(1, BALL_COUNT + 1), BALL_COUNT)
        first = BALL_COUNT
        for face in deck:
            found = completing_call(face, pattern, order[:first])
            if found is not None:
                first = found
        total_first += first
        hits += first <= calls
    p = hits / trials
    return Estimate(
        faces=faces,
        calls=calls,
        trials=trials,
        chance=p,
        standard_error=sqrt(p * (1 - p) / trials),
        mean_calls_to_first_bingo=total_first / trials,
        method=f"Monte Carlo: {trials} games, each dealing {faces} random faces and one random order of the 75 balls; "
        "the chance is the share of games with a bingo within the calls, the error is one standard error "
        "sqrt(p(1-p)/games). Real paper series are not random faces, so treat this as a guide.",
    )
