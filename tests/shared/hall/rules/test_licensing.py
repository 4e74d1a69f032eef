"""Licence rules: 10 DE Admin Code 101-4.4 classes and lapses; 28 Del. C. ch. 18 personal, occasion
and vendor licences."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from shared.hall.rules.licensing import (
    BingoLicenseClass,
    CompensationBasis,
    Lapse,
    Period,
    PersonalLicenseFacts,
    PersonalLicenseKind,
    PersonalLicenseStatus,
    bingo_license_class,
    coverage,
    effective_status,
    lapses,
    occasion_license_fee_refusal,
    personal_license_expiry,
    personal_license_fee_refusal,
    poker_assignment_refusal,
    reapply_refusal,
    renewal_due_on,
    renewal_is_due,
    sponsor_refusal,
    vendor_contract_refusal,
)


def year(y: int) -> Period:
    return Period(date(y, 1, 1), date(y, 12, 31))


def test_4_4_licensed_before_444_keeps_the_old_class_when_renewed_without_gaps() -> None:
    terms = [year(y) for y in range(2020, 2027)]
    assert bingo_license_class(date(1990, 5, 1), terms, [], date(2026, 6, 1)) is BingoLicenseClass.PRE_444


def test_4_4_licensed_on_or_after_1998_07_14_is_the_new_class() -> None:
    assert bingo_license_class(date(1998, 7, 14), [year(2026)], [], date(2026, 6, 1)) is BingoLicenseClass.POST_444
    assert bingo_license_class(date(1998, 7, 13), [year(2026)], [], date(2026, 6, 1)) is BingoLicenseClass.PRE_444


def test_4_4_lapse_of_six_months_reclassifies_on_relicensing() -> None:
    terms = [Period(date(2024, 1, 1), date(2024, 12, 31)), Period(date(2025, 7, 1), date(2026, 6, 30))]
    assert bingo_license_class(date(1990, 1, 1), terms, [], date(2025, 8, 1)) is BingoLicenseClass.POST_444
    assert bingo_license_class(date(1990, 1, 1), terms, [], date(2024, 6, 1)) is BingoLicenseClass.PRE_444


def test_4_4_lapse_one_day_short_of_six_months_keeps_the_class() -> None:
    terms = [Period(date(2024, 1, 1), date(2024, 12, 31)), Period(date(2025, 6, 30), date(2026, 6, 30))]
    assert bingo_license_class(date(1990, 1, 1), terms, [], date(2025, 8, 1)) is BingoLicenseClass.PRE_444


def test_4_4_suspension_of_six_months_counts_as_a_lapse() -> None:
    terms = [Period(date(2023, 1, 1), date(2026, 12, 31))]
    six = [Period(date(2024, 3, 1), date(2024, 8, 31))]
    five = [Period(date(2024, 3, 1), date(2024, 8, 30))]
    assert bingo_license_class(date(1990, 1, 1), terms, six, date(2025, 1, 1)) is BingoLicenseClass.POST_444
    assert bingo_license_class(date(1990, 1, 1), terms, five, date(2025, 1, 1)) is BingoLicenseClass.PRE_444


def test_4_4_running_lapse_of_six_months_already_reclassifies() -> None:
    terms = [Period(date(2024, 1, 1), date(2024, 12, 31))]
    assert bingo_license_class(date(1990, 1, 1), terms, [], date(2025, 7, 1)) is BingoLicenseClass.POST_444
    assert bingo_license_class(date(1990, 1, 1), terms, [], date(2025, 6, 30)) is BingoLicenseClass.PRE_444


def test_4_4_declared_first_licence_covers_the_years_before_the_records() -> None:
    assert bingo_license_class(date(1985, 1, 1), [year(2026)], [], date(2026, 2, 1)) is BingoLicenseClass.PRE_444


def test_4_4_lapse_history_lists_gaps_and_the_running_lapse() -> None:
    terms = [year(2022), year(2024)]
    found = lapses(terms, [Period(date(2024, 5, 1), date(2024, 5, 31))], date(2025, 3, 1))
    assert found == [
        Lapse(date(2023, 1, 1), date(2023, 12, 31)),
        Lapse(date(2024, 5, 1), date(2024, 5, 31)),
        Lapse(date(2025, 1, 1), None),
    ]


@given(
    st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 400)), max_size=8),
    st.lists(st.tuples(st.integers(0, 3000), st.integers(0, 200)), max_size=4),
)
def test_4_4_coverage_is_term_days_less_suspended_days(
    terms: list[tuple[int, int]], cuts: list[tuple[int, int]]
) -> None:
    base = date(2015, 1, 1)
    periods = [Period(base + timedelta(days=s), base + timedelta(days=s + n)) for s, n in terms]
    suspensions = [Period(base + timedelta(days=s), base + timedelta(days=s + n)) for s, n in cuts]
    covered = coverage(periods, suspensions)
    for earlier, later in zip(covered, covered[1:]):
        assert earlier.ends_on + timedelta(days=1) < later.starts_on

    def days(spans: list[Period]) -> set[date]:
        return {s.starts_on + timedelta(days=i) for s in spans for i in range((s.ends_on - s.starts_on).days + 1)}

    assert days(covered) == days(periods) - days(suspensions)


def facts(
    issued: date,
    status: PersonalLicenseStatus = PersonalLicenseStatus.ACTIVE,
    kind: PersonalLicenseKind = PersonalLicenseKind.DEALER,
) -> PersonalLicenseFacts:
    return PersonalLicenseFacts(kind=kind, number="NLH-1", issued_on=issued, status=status, holder_name="Sam")


def test_t28_license_renewal_expires_three_years_after_issue() -> None:
    assert personal_license_expiry(date(2024, 3, 15)) == date(2027, 3, 15)
    assert personal_license_expiry(date(2024, 2, 29)) == date(2027, 2, 28)
    lic = facts(date(2024, 3, 15))
    assert effective_status(lic, date(2027, 3, 14)) is PersonalLicenseStatus.ACTIVE
    assert effective_status(lic, date(2027, 3, 15)) is PersonalLicenseStatus.EXPIRED


def test_t28_license_renewal_due_30_days_before_expiry() -> None:
    lic = facts(date(2024, 3, 15))
    assert renewal_due_on(date(2024, 3, 15)) == date(2027, 2, 13)
    assert renewal_is_due(lic, date(2027, 1, 14))
    assert not renewal_is_due(lic, date(2027, 1, 13))
    assert renewal_is_due(lic, date(2027, 3, 14))
    assert not renewal_is_due(lic, date(2027, 3, 15))


def test_t28_license_renewal_not_due_for_revoked_licence() -> None:
    assert not renewal_is_due(facts(date(2024, 3, 15), PersonalLicenseStatus.REVOKED), date(2027, 2, 20))


def test_1831_4_d_denied_person_waits_twelve_months_to_reapply() -> None:
    refusal = reapply_refusal([date(2026, 1, 10)], date(2027, 1, 9))
    assert refusal is not None and refusal.rule == "28 Del. C. §1831(4)(d)" and "2027-01-10" in refusal.message
    assert reapply_refusal([date(2026, 1, 10)], date(2027, 1, 10)) is None
    assert reapply_refusal([], date(2027, 1, 1)) is None


def test_t28_personal_license_fee_is_15_dollars() -> None:
    assert personal_license_fee_refusal(1500) is None
    refusal = personal_license_fee_refusal(1000)
    assert refusal is not None and refusal.field == "fee" and "$15.00" in refusal.message


def test_t28_occasion_license_fee_is_250_dollars() -> None:
    assert occasion_license_fee_refusal(25000) is None
    assert occasion_license_fee_refusal(24999) is not None


def test_t28_occasion_license_has_exactly_one_sponsor() -> None:
    assert sponsor_refusal([3]) is None
    for sponsors in ([], [3, 4]):
        refusal = sponsor_refusal(sponsors)
        assert refusal is not None and refusal.rule == "28 Del. C. ch. 18, general provisions ¶(1)"


@pytest.mark.parametrize(
    "status", [PersonalLicenseStatus.SUSPENDED, PersonalLicenseStatus.REVOKED, PersonalLicenseStatus.DENIED]
)
def test_1831_1_dealer_needs_a_licence_in_force(status: PersonalLicenseStatus) -> None:
    on = date(2026, 11, 30)
    assert poker_assignment_refusal("dealer", [facts(date(2025, 1, 1))], on) is None
    refusal = poker_assignment_refusal("dealer", [facts(date(2025, 1, 1), status)], on)
    assert refusal is not None and refusal.rule == "28 Del. C. §1831(1)" and status.value in refusal.message


def test_1831_1_expired_or_unlicensed_person_is_refused() -> None:
    on = date(2026, 11, 30)
    expired = poker_assignment_refusal("dealer", [facts(date(2023, 11, 30))], on)
    assert expired is not None and "expired" in expired.message
    assert poker_assignment_refusal("dealer", [], on) is not None


def test_1827_director_needs_a_directors_licence_not_a_dealers() -> None:
    on = date(2026, 11, 30)
    assert poker_assignment_refusal("tournament_director", [facts(date(2025, 1, 1))], on) is not None
    director = facts(date(2025, 1, 1), kind=PersonalLicenseKind.TOURNAMENT_DIRECTOR)
    assert poker_assignment_refusal("tournament_director", [director], on) is None


def test_t28_vendor_may_not_be_paid_a_percentage_of_entries() -> None:
    refusal = vendor_contract_refusal(CompensationBasis.PERCENT_OF_ENTRIES, vendor_licensed=True)
    assert refusal is not None and refusal.rule == "28 Del. C. ch. 18, third party vendors ¶(2)"
    assert vendor_contract_refusal(CompensationBasis.FLAT_FEE, vendor_licensed=True) is None


def test_t28_vendor_must_be_licensed() -> None:
    refusal = vendor_contract_refusal(CompensationBasis.FLAT_FEE, vendor_licensed=False)
    assert refusal is not None and refusal.rule == "28 Del. C. ch. 18, third party vendors ¶(1)"
