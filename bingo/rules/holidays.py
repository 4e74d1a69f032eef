"""Delaware legal holidays (1 Del. C. §501), for the promotional-giveaway window of
10 DE Admin Code 101-4.6.

Settled reading: the statute's "Saturdays" are not holiday dates for 4.6 (every Saturday would
qualify), Return Day is Sussex County only and is left out, and both a holiday's date and its
observed weekday (Sunday → Monday, Saturday → Friday) count. Juneteenth is included (a Delaware
legal holiday since 2022).
"""

from __future__ import annotations

from datetime import date, timedelta


def easter(year: int) -> date:
    """1 Del. C. §501 (Good Friday, two days before Easter, is a Delaware holiday): Gregorian Easter Sunday,
    by the anonymous Gregorian algorithm.

    >>> easter(2026), easter(2027)
    (datetime.date(2026, 4, 5), datetime.date(2027, 3, 28))
    """
    a, b, c = year % 19, year // 100, year % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    ell = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * ell) // 451
    month = (h + ell - 7 * m + 114) // 31
    day = (h + ell - 7 * m + 114) % 31 + 1
    return date(year, month, day)


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> date:
    first = date(year, month, 1)
    return first + timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))


def _last_weekday(year: int, month: int, weekday: int) -> date:
    following = date(year + month // 12, month % 12 + 1, 1)
    last = following - timedelta(days=1)
    return last - timedelta(days=(last.weekday() - weekday) % 7)


MONDAY, TUESDAY, THURSDAY = 0, 1, 3


def delaware_holidays(year: int) -> dict[date, str]:
    """1 Del. C. §501: each holiday by name, with its observed weekday where it falls on a weekend.

    >>> holidays = delaware_holidays(2026)
    >>> holidays[date(2026, 7, 4)], holidays[date(2026, 7, 3)]
    ('Independence Day', 'Independence Day (observed)')
    >>> holidays[date(2026, 11, 27)]
    'Day after Thanksgiving'
    """
    thanksgiving = _nth_weekday(year, 11, THURSDAY, 4)
    named = {
        date(year, 1, 1): "New Year's Day",
        _nth_weekday(year, 1, MONDAY, 3): "Martin Luther King, Jr. Day",
        easter(year) - timedelta(days=2): "Good Friday",
        _last_weekday(year, 5, MONDAY): "Memorial Day",
        date(year, 6, 19): "Juneteenth",
        date(year, 7, 4): "Independence Day",
        _nth_weekday(year, 9, MONDAY, 1): "Labor Day",
        date(year, 11, 11): "Veterans Day",
        thanksgiving: "Thanksgiving Day",
        thanksgiving + timedelta(days=1): "Day after Thanksgiving",
        date(year, 12, 25): "Christmas Day",
    }
    if year % 2 == 0:
        named[_nth_weekday(year, 11, MONDAY, 1) + timedelta(days=1)] = "General Election Day"
    observed = {}
    for day, name in named.items():
        if day.weekday() == 6:
            observed[day + timedelta(days=1)] = f"{name} (observed)"
        elif day.weekday() == 5:
            observed[day - timedelta(days=1)] = f"{name} (observed)"
    return {**observed, **named}


def holiday_within_week(occasion: date) -> tuple[date, str] | None:
    """10 DE Admin Code 101-4.6: a holiday occasion is within the seven days before a holiday or on it;
    returns the nearest such holiday on or after the occasion.

    >>> holiday_within_week(date(2026, 12, 19))
    (datetime.date(2026, 12, 25), 'Christmas Day')
    >>> holiday_within_week(date(2026, 12, 12)) is None
    True
    """
    found = {**delaware_holidays(occasion.year), **delaware_holidays(occasion.year + 1)}
    for offset in range(0, 8):
        day = occasion + timedelta(days=offset)
        if day in found:
            return day, found[day]
    return None
