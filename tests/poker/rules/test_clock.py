"""The tournament clock (printed rules ¶(3): blinds and antes rise as announced): levels, breaks,
pauses and resumes, and doubling past the last level."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from poker.rules.clock import (
    ClockAction,
    Pause,
    clock_refusal,
    clock_state,
    finished_clock_refusal,
    level_at,
    level_number,
    shifted_start,
    stopped_at_winner,
)
from poker.rules.profiles import DELAWARE
from poker.rules.setup import Level

START = datetime(2026, 12, 5, 19, 0, tzinfo=timezone.utc)
LEVELS = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True), Level(100, 200, 25, 20))


def test_clock_walks_the_levels_and_the_break() -> None:
    state = clock_state(LEVELS, START, [], START + timedelta(minutes=25))
    assert (state.index, state.level.big_blind, state.seconds_left, state.next_level.is_break) == (
        1,
        100,
        15 * 60,
        True,
    )
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


def test_printed_rules_level_numbers_skip_breaks_and_keep_counting_past_the_schedule() -> None:
    assert [level_number(LEVELS, i) for i in range(6)] == [1, 2, 2, 3, 4, 5]


def test_clock_actions_start_once_pause_resume_and_move_levels_only_while_running() -> None:
    assert clock_refusal(ClockAction.START, None, []) is None
    assert clock_refusal(ClockAction.START, START, []).code == "clock_started"  # type: ignore[union-attr]
    assert clock_refusal(ClockAction.PAUSE, None, []).code == "clock_not_started"  # type: ignore[union-attr]
    assert clock_refusal(ClockAction.RESUME, START, []).code == "clock_running"  # type: ignore[union-attr]
    assert clock_refusal(ClockAction.NEXT_LEVEL, START, [Pause(START)]).code == "clock_paused"  # type: ignore[union-attr]
    assert clock_refusal(ClockAction.RESUME, START, [Pause(START)]) is None


def test_next_level_and_restart_level_shift_the_start() -> None:
    now = START + timedelta(minutes=25)
    state = clock_state(LEVELS, START, [], now)
    moved = shifted_start(ClockAction.NEXT_LEVEL, state, START)
    after = clock_state(LEVELS, moved, [], now)
    assert after.index == 2 and after.seconds_left == 10 * 60
    again = clock_state(LEVELS, shifted_start(ClockAction.RESTART_LEVEL, state, START), [], now)
    assert again.index == 1 and again.seconds_left == 20 * 60


def test_1804_b4_the_clock_stops_at_the_winner_and_its_controls_are_refused() -> None:
    end = START + timedelta(hours=3)
    stopped = stopped_at_winner(START, [Pause(START + timedelta(minutes=5), START + timedelta(minutes=9))], end)
    assert stopped[-1] == Pause(end)
    state = clock_state(LEVELS, START, stopped, end + timedelta(minutes=30))
    assert state.paused and state == clock_state(LEVELS, START, stopped, end)
    already = [Pause(START + timedelta(hours=2))]
    assert stopped_at_winner(START, already, end) == already
    assert stopped_at_winner(None, [], end) == []
    refused = finished_clock_refusal(DELAWARE, True)
    assert refused is not None and (refused.code, refused.rule) == ("tournament_finished", "28 Del. C. §1804 B(3)-(4)")
    assert finished_clock_refusal(DELAWARE, False) is None
