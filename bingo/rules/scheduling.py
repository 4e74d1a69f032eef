"""Scheduling an occasion (10 DE Admin Code 101-4.4 and 4.7): only under a bingo licence in force on the
day, and then within its class's frequency limit and the premises rules."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from bingo.rules.limits import Booking, schedule_refusal
from shared.core.violations import Violation
from shared.hall.rules.licensing import BingoLicenseClass


def licensed_schedule_refusal(
    org_name: str,
    organization_id: int,
    license_class: BingoLicenseClass | None,
    premises_id: int,
    building_of_licensee: bool,
    day: date,
    bookings: Sequence[Booking],
) -> Violation | None:
    """10 DE Admin Code 101-4.4: an organization holds bingo only under a licence in force on the day of
    the occasion (`license_class` is None without one); the class it holds then decides the frequency
    limit, checked with the premises rules of 4.7 (bingo.rules.limits.schedule_refusal).

    >>> day = date(2026, 3, 7)
    >>> licensed_schedule_refusal("Millbrook VFC", 1, None, 10, True, day, []).message
    'Millbrook VFC holds no bingo licence in force on 2026-03-07.'
    >>> licensed_schedule_refusal("Millbrook VFC", 1, BingoLicenseClass.POST_444, 10, True, day, []) is None
    True
    """
    if license_class is None:
        return Violation(
            "no_license",
            f"{org_name} holds no bingo licence in force on {day.isoformat()}.",
            "10 DE Admin Code 101-4.4",
            "occasion_date",
            409,
        )
    return schedule_refusal(organization_id, license_class, premises_id, building_of_licensee, day, bookings)
