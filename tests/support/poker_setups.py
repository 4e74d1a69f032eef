"""A plain tournament setup for the poker rule tests: four levels with a break, two prizes by percent,
which passes in Delaware; each test changes what it is about with dataclasses.replace."""

from __future__ import annotations

from poker.rules.setup import Level, Prize, Setup

LEVELS = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True), Level(100, 200, 25, 20))
BASE = Setup(
    entry_fee_cents=10_000,
    starting_chips=10_000,
    levels=LEVELS,
    min_players=20,
    prizes=(Prize(1, "50% of the pool", percent_bp=5_000), Prize(2, "30% of the pool", percent_bp=3_000)),
)
