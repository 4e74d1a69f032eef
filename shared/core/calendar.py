"""Date arithmetic the rules need: whole years of age, and month/year steps that land on a real day.

Pure helpers; callers pass the hall's local date, never read the clock here.
"""

from __future__ import annotations

import calendar
from datetime import date


def add_months(start: date, months: int) -> date:
    """10 DE Admin Code 101-4.4 and 28 Del. C. §1831(4)(d) (months counted on the calendar): step a date by
    calendar months, clamping to the month's last day (Jan 31 + 1 month = Feb 28/29).

    >>> add_months(date(2026, 1, 31), 1), add_months(date(2026, 1, 1), 6)
    (datetime.date(2026, 2, 28), datetime.date(2026, 7, 1))
    """
    month_index = start.month - 1 + months
    year = start.year + month_index // 12
    month = month_index % 12 + 1
    day = min(start.day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def add_years(start: date, years: int) -> date:
    """28 Del. C. ch. 18, license renewal ¶(1) (three years from issue) and 10 DE Admin Code 101-4.6 (the
    yearly anniversary): step a date by whole years; Feb 29 becomes Feb 28 in a common year.

    >>> add_years(date(2024, 2, 29), 3)
    datetime.date(2027, 2, 28)
    """
    return add_months(start, 12 * years)


def age_on(date_of_birth: date, on: date) -> int:
    """10 DE Admin Code 101-4.3 (ages in completed years, docs/rules.md "Shared rules"): age in completed
    years on a day; a person born on Feb 29 turns a year older on Mar 1 of a common year.

    >>> age_on(date(2008, 2, 29), date(2026, 2, 28)), age_on(date(2008, 2, 29), date(2026, 3, 1))
    (17, 18)
    """
    had_birthday = (on.month, on.day) >= (date_of_birth.month, date_of_birth.day)
    return on.year - date_of_birth.year - (0 if had_birthday else 1)
