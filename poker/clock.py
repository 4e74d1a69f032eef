"""The tournament clock: which level is running, how long is left, and what comes next, from the
levels, the start and the pauses (printed rules ¶(3): blinds and antes rise as announced). Pure: the
time comes in. After the last level, each further level doubles the one before (as the printed rules
say), so the clock never runs out of levels."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from poker.setup import Level


@dataclass(frozen=True)
class Pause:
    started: datetime
    ended: datetime | None = None


@dataclass(frozen=True)
class ClockState:
    index: int
    level: Level
    next_level: Level
    seconds_left: int
    paused: bool


def level_at(levels: Sequence[Level], index: int) -> Level:
    """Level `index` (from 0), doubling past the end of the list; breaks are skipped when doubling."""
    if index < len(levels):
        return levels[index]
    last = next(lv for lv in reversed(levels) if not lv.is_break)
    factor = 2 ** (index - len(levels) + 1)
    return Level(last.small_blind * factor, last.big_blind * factor, last.ante * factor, last.minutes)


def running_seconds(started: datetime, pauses: Sequence[Pause], now: datetime) -> int:
    """Seconds the clock has run: from the start to now, less every pause."""
    paused = sum(((p.ended or now) - p.started for p in pauses if p.started < now), timedelta())
    return max(0, int((now - started - paused).total_seconds()))


def clock_state(levels: Sequence[Level], started: datetime, pauses: Sequence[Pause], now: datetime) -> ClockState:
    elapsed = running_seconds(started, pauses, now)
    index = 0
    while elapsed >= level_at(levels, index).minutes * 60:
        elapsed -= level_at(levels, index).minutes * 60
        index += 1
    current = level_at(levels, index)
    return ClockState(index, current, level_at(levels, index + 1), current.minutes * 60 - elapsed,
                      any(p.ended is None and p.started <= now for p in pauses))
