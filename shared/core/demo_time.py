"""The demo's hall clock: a demo night can be played at any hour of the real day, within the rules.

10 DE Admin Code 101-4.2 lets bingo begin no earlier than 12:00 p.m. and a night run six hours, all on
one calendar day. A demo started at 9 a.m. or 11 p.m. could play nothing, so the demo (and only the
demo) runs the hall clock from 18:00 of the real day, at real speed; between noon and 18:00 it keeps
real time. Every screen says the clock is a demo clock.
"""

from __future__ import annotations

from datetime import datetime, time, timedelta

DEMO_EVENING = time(18, 0)
EARLIEST_REAL = time(12, 0)


def demo_offset(real_hall_now: datetime) -> timedelta:
    """Flashboard house rule (the demo clock), for 10 DE Admin Code 101-4.2: how far the demo's hall
    clock runs ahead of (or behind) the real one, so that a night started now has six hours before
    midnight and starts after noon.

    >>> demo_offset(datetime(2026, 12, 5, 9, 30))
    datetime.timedelta(seconds=30600)
    >>> demo_offset(datetime(2026, 12, 5, 14, 0))
    datetime.timedelta(0)
    >>> demo_offset(datetime(2026, 12, 5, 23, 0))
    datetime.timedelta(days=-1, seconds=68400)
    """
    if EARLIEST_REAL <= real_hall_now.time() < DEMO_EVENING:
        return timedelta(0)
    evening = datetime.combine(real_hall_now.date(), DEMO_EVENING, real_hall_now.tzinfo)
    return evening - real_hall_now
