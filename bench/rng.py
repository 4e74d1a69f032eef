"""The electronic draw's fairness (issue 10, "RNG"): 100,000 electronic games drawn exactly as the
caller's Draw button draws them (`bingo.rules.draws.draw` with `secrets.SystemRandom`, 10 DE Admin Code
101-4.12: every remaining ball has an equal chance), then Pearson's chi-square on
- the first ball of each game (75 cells, 100,000 draws), and
- every ball's frequency among each game's first 25 calls (75 cells, 2,500,000 draws).
A p-value far below 0.001 would say the draw is not uniform. The p-value comes from the regularized
upper incomplete gamma function, computed here so no statistics package is needed.

    .venv/bin/python bench/rng.py [--games 100000]
"""

from __future__ import annotations

import argparse
import math
import platform
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bingo.rules.draws import draw  # noqa: E402

CALLS_PER_GAME = 25


def upper_gamma_q(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): a series below a + 1, Lentz's continued fraction above."""
    if x <= 0:
        return 1.0
    log_prefix = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return 1.0 - total * math.exp(log_prefix)
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    i = 1
    while True:
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            return math.exp(log_prefix) * h
        i += 1


def chi_square(counts: list[int]) -> tuple[float, float]:
    expected = sum(counts) / len(counts)
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return statistic, upper_gamma_q((len(counts) - 1) / 2, statistic / 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    rng = secrets.SystemRandom()
    first = [0] * 76
    seen = [0] * 76
    started = time.perf_counter()
    for _ in range(args.games):
        calls: list[int] = []
        for _ in range(CALLS_PER_GAME):
            calls.append(draw(calls, rng))
        first[calls[0]] += 1
        for ball in calls:
            seen[ball] += 1
    elapsed = time.perf_counter() - started
    print(
        f"machine: {platform.machine()}, Python {platform.python_version()}; {args.games:,} games of "
        f"{CALLS_PER_GAME} calls "
        f"in {elapsed:.1f} s (secrets.SystemRandom)"
    )
    for name, counts in (
        ("first ball of each game", first[1:]),
        (f"balls in the first {CALLS_PER_GAME} calls", seen[1:]),
    ):
        statistic, p = chi_square(counts)
        print(
            f"{name:32} chi-square {statistic:8.2f} on 74 degrees of freedom, p = {p:.4f}  "
            f"(min {min(counts):,}, max {max(counts):,}, expected {sum(counts) / 75:,.0f})"
        )


if __name__ == "__main__":
    main()
