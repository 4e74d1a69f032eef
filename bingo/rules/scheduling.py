"""Scheduling an occasion (10 DE Admin Code 101-4.4 and 4.7): only under a bingo licence in force on the
day, and then within its class's frequency limit and the premises rules."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, time

from bingo.rules.limits import MAX_OCCASION_HOURS, Booking, schedule_refusal
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


@dataclass(frozen=True)
class PlayWindow:
    """How long an occasion that starts at `start` may play, and the rule that ends it."""

    start: time
    minutes: int
    rule: str

    @property
    def ends(self) -> str:
        """10 DE Admin Code 101-4.2 and 4.10: the hall time play stops, "midnight" when the calendar day ends it.

        >>> play_window(time(18, 0)).ends, play_window(time(12, 30)).ends
        ('midnight', '18:30')
        """
        end = self.start.hour * 60 + self.start.minute + self.minutes
        return "midnight" if end >= 24 * 60 else f"{end // 60:02d}:{end % 60:02d}"


def play_window(start: time) -> PlayWindow:
    """10 DE Admin Code 101-4.2 and 4.10: play stops six hours after the start, and every prize is awarded
    on the calendar day the game is played, so an occasion plays until the earlier of the two; what the
    scheduler shows beside the start time (bingo.rules.limits.running_refusal stops the play itself).

    >>> play_window(time(18, 0)).minutes, play_window(time(18, 0)).rule
    (360, '10 DE Admin Code 101-4.2')
    >>> window = play_window(time(19, 30))
    >>> window.minutes, window.rule, window.ends
    (270, '10 DE Admin Code 101-4.10', 'midnight')
    """
    to_midnight = 24 * 60 - (start.hour * 60 + start.minute)
    six_hours = MAX_OCCASION_HOURS * 60
    if to_midnight < six_hours:
        return PlayWindow(start, to_midnight, "10 DE Admin Code 101-4.10")
    return PlayWindow(start, six_hours, "10 DE Admin Code 101-4.2")
