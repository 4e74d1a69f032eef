"""10 DE Admin Code 101-4.1, 4.1.1, 4.3 and 4.23: who may play, work or serve."""

from __future__ import annotations

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from shared.core.calendar import add_months, add_years, age_on
from shared.hall.rules.people import (
    MemberFacts,
    MemberStatus,
    assist_refusal,
    food_service_refusal,
    member_in_charge_refusal,
    play_refusal,
)

DAY = date(2026, 11, 30)


def member(
    born: date, status: MemberStatus = MemberStatus.ACTIVE, since: date | None = date(2020, 1, 1)
) -> MemberFacts:
    return MemberFacts(name="Pat", date_of_birth=born, status=status, active_since=since)


def test_4_3_player_must_be_18_on_the_day() -> None:
    assert play_refusal(date(2008, 11, 30), DAY, is_working=False) is None
    refusal = play_refusal(date(2008, 12, 1), DAY, is_working=False)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.3" and refusal.field == "date_of_birth"


def test_4_1_1_worker_may_not_play() -> None:
    refusal = play_refusal(date(1970, 1, 1), DAY, is_working=True)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.1.1"


def test_4_23_only_active_members_conduct_or_assist() -> None:
    assert assist_refusal(member(date(1970, 1, 1)), DAY) is None
    for status in (MemberStatus.INACTIVE, MemberStatus.SUSPENDED, MemberStatus.RESIGNED):
        refusal = assist_refusal(member(date(1970, 1, 1), status), DAY)
        assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.23"


def test_4_23_membership_must_have_started_by_the_day() -> None:
    assert assist_refusal(member(date(1970, 1, 1), since=DAY + timedelta(days=1)), DAY) is not None
    assert assist_refusal(member(date(1970, 1, 1), since=None), DAY) is not None
    assert assist_refusal(member(date(1970, 1, 1), since=DAY), DAY) is None


def test_4_3_assistants_are_16_or_older() -> None:
    assert assist_refusal(member(date(2010, 11, 30)), DAY) is None
    refusal = assist_refusal(member(date(2010, 12, 1)), DAY)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.3"


def test_4_1_member_in_charge_is_an_active_member() -> None:
    refusal = member_in_charge_refusal(member(date(1970, 1, 1), MemberStatus.INACTIVE), DAY)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.1" and refusal.field == "member_in_charge_id"
    assert member_in_charge_refusal(member(date(1970, 1, 1)), DAY) is None


def test_4_3_food_service_over_14_means_15_or_older() -> None:
    assert food_service_refusal(date(2011, 11, 30), DAY) is None
    refusal = food_service_refusal(date(2011, 12, 1), DAY)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.3"


def test_age_of_a_leap_day_birth_turns_on_march_first() -> None:
    assert age_on(date(2008, 2, 29), date(2026, 2, 28)) == 17
    assert age_on(date(2008, 2, 29), date(2026, 3, 1)) == 18


def test_month_and_year_steps_land_on_real_days() -> None:
    assert add_months(date(2026, 1, 31), 1) == date(2026, 2, 28)
    assert add_years(date(2024, 2, 29), 3) == date(2027, 2, 28)
    assert add_months(date(2026, 11, 15), 14) == date(2028, 1, 15)


@given(st.dates(min_value=date(1900, 1, 1), max_value=date(2026, 1, 1)), st.integers(min_value=0, max_value=36500))
def test_4_3_age_never_decreases_and_18th_birthday_is_the_threshold(born: date, days: int) -> None:
    later = born + timedelta(days=days)
    assert age_on(born, later) <= age_on(born, later + timedelta(days=1))
    eighteenth = add_years(born, 18)
    if born.month == 2 and born.day == 29:
        eighteenth = date(born.year + 18, 3, 1) if eighteenth.day == 28 else eighteenth
    assert play_refusal(born, eighteenth, is_working=False) is None
    assert play_refusal(born, eighteenth - timedelta(days=1), is_working=False) is not None
