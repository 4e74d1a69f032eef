"""The demo's hall clock (shared/core/demo_time.py): the demo night can be played at any hour, and it
always starts after noon with six hours before midnight (10 DE Admin Code 101-4.2)."""

from __future__ import annotations

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from hypothesis import given
from hypothesis import strategies as st

from shared.core.demo_time import DEMO_EVENING, demo_offset

HALL = ZoneInfo("America/New_York")


@given(st.datetimes(min_value=datetime(2026, 1, 1), max_value=datetime(2030, 12, 31)))
def test_4_2_demo_clock_starts_after_noon_with_six_hours_before_midnight(real: datetime) -> None:
    shown = real + demo_offset(real)
    assert shown.date() == real.date()
    assert time(12, 0) <= shown.time() <= DEMO_EVENING
    assert datetime.combine(shown.date(), time(0), shown.tzinfo) + timedelta(days=1) - shown >= timedelta(hours=6)


def test_4_2_demo_clock_keeps_real_time_in_the_afternoon() -> None:
    assert demo_offset(datetime(2026, 12, 5, 12, 0, tzinfo=HALL)) == timedelta(0)
    assert demo_offset(datetime(2026, 12, 5, 17, 59, tzinfo=HALL)) == timedelta(0)


def test_4_2_demo_clock_moves_a_morning_or_a_late_night_to_the_evening() -> None:
    for hour in (0, 3, 9, 11, 18, 23):
        real = datetime(2026, 12, 5, hour, 30, tzinfo=HALL)
        assert (real + demo_offset(real)).time() == DEMO_EVENING
