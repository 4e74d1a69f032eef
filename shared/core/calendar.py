"""Date arithmetic the rules need: whole years of age, and month/year steps that land on a real day.

Pure helpers; callers pass the hall's local date, never read the clock here.
"""

from __future__ import annotations

import calendar
from datetime import date


def add_months(start: date, months: int) -> date:
    """Step a date by calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29)."""
    month_index = start.month - 1 + months
    year = start.year + month_index // 12
    month = month_index % 12 + 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def add_years(start: date, years: int) -> date:
    """Step a date by whole years; Feb 29 becomes Feb 28 in a common year."""
    return add_months(start, 12 * years)


def age_on(date_of_birth: date, on: date) -> int:
    """Age in completed years on a day; a person born on Feb 29 turns a year older on Mar 1 of a common year."""
    had_birthday = (on.month, on.day) >= (date_of_birth.month, date_of_birth.day)
    return on.year - date_of_birth.year - (0 if had_birthday else 1)
