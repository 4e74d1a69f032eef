"""Who may play, work, or serve at a bingo occasion: pure rules over a person's facts and a date.

Each function returns the Violation that refuses the person, or None when they may; callers that
must stop use `shared.core.violations.RuleViolation(v)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from enum import StrEnum

from shared.core import citations
from shared.core.calendar import age_on
from shared.core.violations import Violation

PLAYER_MIN_AGE = 18
ASSISTANT_MIN_AGE = 16
FOOD_SERVICE_MIN_AGE = 15


class MemberStatus(StrEnum):
    ACTIVE = "active"
    INACTIVE = "inactive"
    SUSPENDED = "suspended"
    RESIGNED = "resigned"


@dataclass(frozen=True)
class MemberFacts:
    """What the rules need to know about a member, independent of any table."""

    name: str
    date_of_birth: date
    status: MemberStatus
    active_since: date | None


def play_refusal(date_of_birth: date, on: date, is_working: bool) -> Violation | None:
    """10 DE Admin Code 101-4.3 and 4.1.1: a player is 18 or older and is not working the occasion.

    >>> play_refusal(date(2008, 5, 9), date(2026, 5, 9), is_working=False) is None
    True
    >>> refusal = play_refusal(date(2008, 5, 10), date(2026, 5, 9), is_working=False)
    >>> refusal.code, refusal.rule
    ('underage_player', '10 DE Admin Code 101-4.3')
    >>> play_refusal(date(1970, 1, 1), date(2026, 5, 9), is_working=True).rule
    '10 DE Admin Code 101-4.1.1'
    """
    if age_on(date_of_birth, on) < PLAYER_MIN_AGE:
        return Violation(
            code="underage_player",
            message=f"A player must be {PLAYER_MIN_AGE} or older on the day of the occasion.",
            rule=citations.BINGO_AGE,
            field="date_of_birth",
        )
    if is_working:
        return Violation(
            code="worker_may_not_play",
            message="People working this occasion may not play its games.",
            rule=citations.BINGO_WORKERS_MAY_NOT_PLAY,
            field="buyer",
        )
    return None


def is_active_member(member: MemberFacts, on: date) -> bool:
    """10 DE Admin Code 101-4.23: "active member" means status active and a member on that day.

    >>> dana = MemberFacts("Dana", date(2010, 5, 9), MemberStatus.ACTIVE, date(2026, 5, 10))
    >>> is_active_member(dana, date(2026, 5, 9)), is_active_member(dana, date(2026, 5, 10))
    (False, True)
    """
    return member.status is MemberStatus.ACTIVE and member.active_since is not None and member.active_since <= on


def assist_refusal(member: MemberFacts, on: date) -> Violation | None:
    """10 DE Admin Code 101-4.23 and 4.3: only an active member, 16 or older, conducts or assists.

    >>> dana = MemberFacts("Dana", date(2010, 5, 9), MemberStatus.ACTIVE, date(2025, 1, 1))
    >>> assist_refusal(dana, date(2026, 5, 9)) is None
    True
    >>> eli = MemberFacts("Eli", date(2010, 5, 10), MemberStatus.ACTIVE, date(2025, 1, 1))
    >>> refusal = assist_refusal(eli, date(2026, 5, 9))
    >>> refusal.code, refusal.rule
    ('underage_worker', '10 DE Admin Code 101-4.3')
    """
    if not is_active_member(member, on):
        return Violation(
            code="not_active_member",
            message=f"{member.name} is not an active member of the organization on {on.isoformat()}.",
            rule=citations.BINGO_ACTIVE_MEMBER,
            field="member_id",
        )
    if age_on(member.date_of_birth, on) < ASSISTANT_MIN_AGE:
        return Violation(
            code="underage_worker",
            message=f"{member.name} must be {ASSISTANT_MIN_AGE} or older to conduct or assist.",
            rule=citations.BINGO_AGE,
            field="member_id",
        )
    return None


def member_in_charge_refusal(member: MemberFacts, on: date) -> Violation | None:
    """10 DE Admin Code 101-4.1: the member in charge is a bona fide, active member (and, conducting
    the game, at least 16 under 4.3).

    >>> lapsed = MemberFacts("Fran", date(1970, 1, 1), MemberStatus.INACTIVE, date(2000, 1, 1))
    >>> member_in_charge_refusal(lapsed, date(2026, 5, 9)).rule
    '10 DE Admin Code 101-4.1'
    """
    refusal = assist_refusal(member, on)
    if refusal is None:
        return None
    return Violation(
        code=refusal.code,
        message=refusal.message + " The member in charge must be a bona fide, active member.",
        rule=citations.BINGO_MEMBER_IN_CHARGE if refusal.code == "not_active_member" else refusal.rule,
        field="member_in_charge_id",
    )


def food_service_refusal(date_of_birth: date, on: date) -> Violation | None:
    """10 DE Admin Code 101-4.3: waiters and waitresses handling food or drink are over 14.

    Settled reading: "over the age of fourteen" means 15 or older in completed years.

    >>> food_service_refusal(date(2011, 5, 9), date(2026, 5, 9)) is None
    True
    >>> food_service_refusal(date(2011, 5, 10), date(2026, 5, 9)).code
    'underage_food_service'
    """
    if age_on(date_of_birth, on) < FOOD_SERVICE_MIN_AGE:
        return Violation(
            code="underage_food_service",
            message="Food and drink may only be served by people over the age of 14.",
            rule=citations.BINGO_AGE,
            field="member_id",
        )
    return None
