"""The tournament clock: which level is running, how long is left, and what comes next, from the
levels, the start and the pauses (printed rules ¶(3): blinds and antes rise as announced). Pure: the
time comes in. After the last level, each further level doubles the one before (as the printed rules
say), so the clock never runs out of levels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from poker.rules.profiles import Profile
from poker.rules.setup import Level
from shared.core.violations import Violation


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

    @property
    def elapsed_in_level(self) -> int:
        """28 Del. C. ch. 18, printed rules ¶(3): the seconds this level has run, its printed length less
        the time left."""
        return self.level.minutes * 60 - self.seconds_left


def level_at(levels: Sequence[Level], index: int) -> Level:
    """28 Del. C. ch. 18, printed rules ¶(3): the blinds and antes rise as the printed rules describe. Level
    `index` (from 0); past the end of the list each further level doubles the last level played (the printed
    rules say so), breaks skipped when doubling.

    >>> levels = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True))
    >>> level_at(levels, 1)
    Level(small_blind=50, big_blind=100, ante=0, minutes=20, is_break=False)
    >>> level_at(levels, 4)
    Level(small_blind=200, big_blind=400, ante=0, minutes=20, is_break=False)
    """
    if index < len(levels):
        return levels[index]
    last = next(lv for lv in reversed(levels) if not lv.is_break)
    factor = 2 ** (index - len(levels) + 1)
    return Level(last.small_blind * factor, last.big_blind * factor, last.ante * factor, last.minutes)


def level_number(levels: Sequence[Level], index: int) -> int:
    """28 Del. C. ch. 18, printed rules ¶(2)-(3), as settled in docs/rules.md ("clock"): the printed rules'
    level number at schedule position `index`. Breaks are not numbered, and a break keeps the number of
    the level before it (so "re-buys until the end of level 3" still allows them on the break that
    follows level 3).

    >>> levels = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True))
    >>> [level_number(levels, index) for index in range(5)]
    [1, 2, 2, 3, 4]
    """
    played = sum(not lv.is_break for lv in levels[: index + 1])
    return played + max(0, index + 1 - len(levels))


def running_seconds(started: datetime, pauses: Sequence[Pause], now: datetime) -> int:
    """28 Del. C. ch. 18, printed rules ¶(3) (the levels run on the clock): the seconds the clock has run,
    from the start to now, less every pause.

    >>> start = datetime(2026, 5, 9, 19, 0)
    >>> pauses = [Pause(datetime(2026, 5, 9, 19, 10), datetime(2026, 5, 9, 19, 15))]
    >>> running_seconds(start, pauses, datetime(2026, 5, 9, 19, 30))
    1500
    """
    paused = sum(((p.ended or now) - p.started for p in pauses if p.started < now), timedelta())
    return max(0, int((now - started - paused).total_seconds()))


def clock_state(levels: Sequence[Level], started: datetime, pauses: Sequence[Pause], now: datetime) -> ClockState:
    """28 Del. C. ch. 18, printed rules ¶(3): the level running now, the next one and the seconds left, all
    computed from the levels, the start and the pauses, so every screen shows the same level.

    >>> levels = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True))
    >>> state = clock_state(levels, datetime(2026, 5, 9, 19, 0), [], datetime(2026, 5, 9, 19, 25))
    >>> state.index, state.level.big_blind, state.seconds_left, state.next_level.is_break
    (1, 100, 900, True)
    """
    elapsed = running_seconds(started, pauses, now)
    index = 0
    while elapsed >= level_at(levels, index).minutes * 60:
        elapsed -= level_at(levels, index).minutes * 60
        index += 1
    current = level_at(levels, index)
    return ClockState(
        index,
        current,
        level_at(levels, index + 1),
        current.minutes * 60 - elapsed,
        any(p.ended is None and p.started <= now for p in pauses),
    )


class ClockAction(StrEnum):
    START = "start"
    PAUSE = "pause"
    RESUME = "resume"
    NEXT_LEVEL = "next_level"
    RESTART_LEVEL = "restart_level"


def clock_refusal(action: ClockAction, started: datetime | None, pauses: Sequence[Pause]) -> Violation | None:
    """Flashboard house rule (docs/rules.md, "clock"): what the director may do to the clock now: start it
    once, pause a running clock, resume a paused one, and move levels only while it runs (so the level
    change is announced on the TV).

    >>> start = datetime(2026, 5, 9, 19, 0)
    >>> clock_refusal(ClockAction.START, None, []) is None
    True
    >>> clock_refusal(ClockAction.START, start, []).code
    'clock_started'
    >>> clock_refusal(ClockAction.NEXT_LEVEL, start, [Pause(start)]).code
    'clock_paused'
    """
    paused = any(p.ended is None for p in pauses)
    if action is ClockAction.START:
        return Violation("clock_started", "The clock is already running.", None, "action", 409) if started else None
    if started is None:
        return Violation("clock_not_started", "Start the clock first.", None, "action", 409)
    if action is ClockAction.RESUME and not paused:
        return Violation("clock_running", "The clock is not paused.", None, "action", 409)
    if action is not ClockAction.RESUME and paused:
        return Violation("clock_paused", "Resume the clock first.", None, "action", 409)
    return None


def shifted_start(action: ClockAction, state: ClockState, started: datetime) -> datetime:
    """Settled reading (docs/rules.md, "clock"): moving to the next level, or back to the start of this one,
    shifts the clock's start, so the schedule stays as printed and every screen computes the same level from
    the same numbers.

    >>> levels = (Level(25, 50, 0, 20), Level(50, 100, 0, 20), Level(0, 0, 0, 10, is_break=True))
    >>> start = datetime(2026, 5, 9, 19, 0)
    >>> state = clock_state(levels, start, [], datetime(2026, 5, 9, 19, 25))
    >>> shifted_start(ClockAction.NEXT_LEVEL, state, start)
    datetime.datetime(2026, 5, 9, 18, 45)
    >>> shifted_start(ClockAction.RESTART_LEVEL, state, start)
    datetime.datetime(2026, 5, 9, 19, 5)
    """
    if action is ClockAction.NEXT_LEVEL:
        return started - timedelta(seconds=state.seconds_left)
    return started + timedelta(seconds=state.elapsed_in_level)


def stopped_at_winner(started: datetime | None, pauses: Sequence[Pause], now: datetime) -> list[Pause]:
    """Settled reading (docs/rules.md, "clock"), after 28 Del. C. §1804 B(4): play continues until one
    player remains, and there the clock stops: the pauses with one opened at the winner's moment, unless
    the clock never started or is paused already (an undone last bust leaves it stopped, for the director
    to resume).

    >>> start, end = datetime(2026, 5, 9, 19, 0), datetime(2026, 5, 9, 22, 14)
    >>> stopped_at_winner(start, [], end)
    [Pause(started=datetime.datetime(2026, 5, 9, 22, 14), ended=None)]
    >>> stopped_at_winner(start, [Pause(datetime(2026, 5, 9, 22, 0))], end)
    [Pause(started=datetime.datetime(2026, 5, 9, 22, 0), ended=None)]
    >>> stopped_at_winner(None, [], end)
    []
    """
    if started is None or any(p.ended is None for p in pauses):
        return list(pauses)
    return [*pauses, Pause(now)]


def finished_clock_refusal(profile: Profile, finished: bool) -> Violation | None:
    """28 Del. C. §1804 B(4): play continues until only one player has not been eliminated; once the
    tournament has its winner the clock has stopped for good, and the director's clock controls are
    refused (unless the last bust is undone).

    >>> from poker.rules.profiles import DELAWARE
    >>> finished_clock_refusal(DELAWARE, True).code
    'tournament_finished'
    >>> finished_clock_refusal(DELAWARE, False) is None
    True
    """
    if not finished:
        return None
    to_one = profile.play_to_one
    return Violation(
        "tournament_finished",
        "The tournament has its winner; the clock stopped there.",
        to_one.rule if to_one else None,
        "action",
        409,
    )
