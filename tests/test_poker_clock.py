"""The tournament clock (printed rules ¶(3): blinds and antes rise as announced): levels, breaks,
pauses and resumes, and doubling past the last level."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from poker.clock import Pause, clock_state, level_at
from poker.setup import Level

START = datetime(2026, 12, 5, 19, 0, tzinfo=timezone.utc)
LEVELS = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True), Level(100, 200, 25, 20))


def test_clock_walks_the_levels_and_the_break() -> None:
    state = clock_state(LEVELS, START, [], START + timedelta(minutes=25))
    assert (state.index, state.level.big_blind, state.seconds_left, state.next_level.is_break) == (1, 100, 15 * 60, True)
    on_break = clock_state(LEVELS, START, [], START + timedelta(minutes=45))
    assert on_break.level.is_break and on_break.seconds_left == 5 * 60 and on_break.next_level.big_blind == 200


def test_pauses_stop_the_clock_and_resume_where_it_stopped() -> None:
    pauses = [Pause(START + timedelta(minutes=10), START + timedelta(minutes=25))]
    state = clock_state(LEVELS, START, pauses, START + timedelta(minutes=30))
    assert (state.index, state.seconds_left, state.paused) == (0, 5 * 60, False)
    held = clock_state(LEVELS, START, [Pause(START + timedelta(minutes=10))], START + timedelta(hours=3))
    assert (held.index, held.seconds_left, held.paused) == (0, 10 * 60, True)


def test_levels_double_after_the_last_one() -> None:
    assert level_at(LEVELS, 4) == Level(200, 400, 50, 20) and level_at(LEVELS, 5) == Level(400, 800, 100, 20)
    late = clock_state(LEVELS, START, [], START + timedelta(minutes=70 + 20 + 5))
    assert late.index == 5 and late.level.big_blind == 800
