"""Benchmarks for the bingo rules core (issue: bingo occasions, "Performance").

    .venv/bin/python bench/bingo_rules.py

Prints:
- the time to verify one claim in the rules core (target < 50 µs), for the common patterns;
- the time, after each call, to find which of 100,000 sold faces have a bingo (target < 5 ms),
  from the first call until a few calls past the first winners;
- building the winner search index for 1,000,000 faces (issue 21: linear, not quadratic), and the
  mass-win call among them: the call where the most faces complete at once (target < 5 ms);
- U Pick Em: the winners among 50,000 tickets after a call (the request's own figure is
  bench/upick_call.py).
Figures go into docs/performance.md by hand, with the machine they were taken on.
"""

from __future__ import annotations

import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bingo.rules.claims import check_face  # noqa: E402
from bingo.rules.faces import generate_series  # noqa: E402
from bingo.rules.patterns import STANDARD, PatternKind  # noqa: E402
from bingo.rules.upick import PickIndex, Ticket, quick_pick  # noqa: E402
from bingo.rules.winners import CoverageIndex  # noqa: E402

PATTERNS = [PatternKind.ANY_ROW, PatternKind.TWO_ROWS, PatternKind.BLACKOUT, PatternKind.FOUR_CORNERS]


def claim_verification(repeats: int = 20_000) -> None:
    faces = generate_series(1_000, seed=1)
    rng = random.Random(1)
    for kind in PATTERNS:
        pattern = STANDARD[kind]
        cases = [(rng.choice(faces), rng.sample(range(1, 76), rng.randint(20, 60))) for _ in range(200)]
        start = time.perf_counter()
        for i in range(repeats):
            face, calls = cases[i % len(cases)]
            check_face(face, pattern, calls)
        per = (time.perf_counter() - start) / repeats * 1e6
        print(f"verify one claim, {pattern.name:<14}: {per:6.1f} µs (mean of {repeats})")


def winners_after_call(faces_in_play: int = 100_000, games: int = 5) -> None:
    faces = generate_series(faces_in_play, seed=2)
    for kind in PATTERNS:
        pattern = STANDARD[kind]
        times: list[float] = []
        for game in range(games):
            index = CoverageIndex(faces)
            order = random.Random(game).sample(range(1, 76), 75)
            first = None
            for position, ball in enumerate(order):
                start = time.perf_counter()
                index.call(ball)
                found = index.new_winners(pattern)
                times.append(time.perf_counter() - start)
                if found and first is None:
                    first = position
                if first is not None and position >= first + 3:
                    break
        times.sort()
        print(
            f"winners among {faces_in_play:,} faces after a call, {pattern.name:<14}: "
            f"median {statistics.median(times) * 1e3:5.2f} ms, p99 {times[int(len(times) * 0.99) - 1] * 1e3:5.2f} ms, "
            f"max {times[-1] * 1e3:5.2f} ms ({len(times)} calls)"
        )


def index_build_and_mass_win(faces_in_play: int = 1_000_000, games: int = 3) -> None:
    """Issue 21: the index over a million faces, built once, then games of any row played from the
    first call to three calls past the first winners; the mass-win call is the one with most winners."""
    start = time.perf_counter()
    faces = generate_series(faces_in_play, seed=2)
    print(f"(a series of {faces_in_play:,} faces generated in {time.perf_counter() - start:.1f} s)")
    builds = []
    for _ in range(3):
        start = time.perf_counter()
        CoverageIndex(faces)
        builds.append(time.perf_counter() - start)
    print(f"build the winner search index for {faces_in_play:,} faces: min {min(builds):.2f} s of 3")
    pattern = STANDARD[PatternKind.ANY_ROW]
    worst = (0.0, 0)
    for game in range(games):
        index = CoverageIndex(faces)
        order = random.Random(game).sample(range(1, 76), 75)
        first = None
        for position, ball in enumerate(order):
            start = time.perf_counter()
            index.call(ball)
            found = index.new_winners(pattern)
            took = time.perf_counter() - start
            if len(found) > worst[1]:
                worst = (took, len(found))
            if found and first is None:
                first = position
            if first is not None and position >= first + 3:
                break
    print(
        f"mass-win call among {faces_in_play:,} faces, {pattern.name}: {worst[0] * 1e3:5.2f} ms "
        f"for {worst[1]:,} new winners (the call with most winners of {games} games)"
    )


def upick_winners_after_call(tickets_in_play: int = 50_000, games: int = 5, count: int = 8) -> None:
    rng = random.Random(3)
    tickets = [Ticket(str(i), tuple(quick_pick(count, rng))) for i in range(tickets_in_play)]
    times: list[float] = []
    for game in range(games):
        index = PickIndex(tickets)
        order = random.Random(game).sample(range(1, 76), 75)
        for ball in order:
            start = time.perf_counter()
            found = index.call(ball)
            times.append(time.perf_counter() - start)
            if found:
                break
    times.sort()
    print(
        f"U Pick Em winners among {tickets_in_play:,} tickets of {count} numbers after a call: "
        f"median {statistics.median(times) * 1e3:5.2f} ms, p99 {times[int(len(times) * 0.99) - 1] * 1e3:5.2f} ms, "
        f"max {times[-1] * 1e3:5.2f} ms ({len(times)} calls)"
    )


if __name__ == "__main__":
    print(f"Python {platform.python_version()} on {platform.machine()}, {platform.processor() or 'unknown CPU'}")
    claim_verification()
    winners_after_call()
    upick_winners_after_call()
    index_build_and_mass_win()
