"""shared/hall/rules/hall_refusals.py: the hall office's cited refusals as pure functions (no database, no
app). Each answer must be the one the API gave when the services refused these themselves: same code,
message, citation, field and status."""

from __future__ import annotations

import pytest

from shared.core.violations import Violation
from shared.hall.rules.hall_refusals import (
    APPROVAL_REFUSED,
    approval_refusal,
    bingo_member_refusal,
    licence_number_refusal,
    recorded_status_refusal,
    status_change_refusal,
)
from shared.hall.rules.licensing import PersonalLicenseStatus

LICENSE_RENEWAL = "28 Del. C. ch. 18, license renewal ¶(1)"
LICENSE_CONTENTS = "28 Del. C. ch. 18, license contents ¶(2)"
NOT_EXPIRED = [s for s in PersonalLicenseStatus if s is not PersonalLicenseStatus.EXPIRED]


# 28 Del. C. ch. 18, license renewal ¶(1): expiry follows from the issue date


def test_de_ch18_license_renewal_1_a_licence_is_never_recorded_expired() -> None:
    assert recorded_status_refusal(PersonalLicenseStatus.EXPIRED) == Violation(
        "derived_status",
        "Expiry follows from the issue date; record the licence as active.",
        LICENSE_RENEWAL,
        "status",
        422,
    )


@pytest.mark.parametrize("status", NOT_EXPIRED)
def test_de_ch18_license_renewal_1_any_other_status_may_be_recorded(status: PersonalLicenseStatus) -> None:
    assert recorded_status_refusal(status) is None


def test_de_ch18_license_renewal_1_expiry_is_not_set_by_hand() -> None:
    assert status_change_refusal(PersonalLicenseStatus.EXPIRED) == Violation(
        "derived_status",
        "Expiry follows from the issue date and is not set by hand.",
        LICENSE_RENEWAL,
        "status",
        422,
    )


@pytest.mark.parametrize("status", NOT_EXPIRED)
def test_de_ch18_license_renewal_1_a_licence_is_suspended_revoked_denied_or_restored(
    status: PersonalLicenseStatus,
) -> None:
    assert status_change_refusal(status) is None


# 28 Del. C. ch. 18, license contents ¶(2): the distinguishing number


@pytest.mark.parametrize("number", [None, ""])
@pytest.mark.parametrize(
    "status", [PersonalLicenseStatus.ACTIVE, PersonalLicenseStatus.SUSPENDED, PersonalLicenseStatus.REVOKED]
)
def test_de_ch18_license_contents_2_a_licence_bears_its_number(
    status: PersonalLicenseStatus, number: str | None
) -> None:
    assert licence_number_refusal(status, number) == Violation(
        "number_required",
        "A licence in force bears its distinguishing number.",
        LICENSE_CONTENTS,
        "number",
        422,
    )


def test_de_ch18_license_contents_2_a_numbered_licence_is_recorded() -> None:
    assert licence_number_refusal(PersonalLicenseStatus.ACTIVE, "NLH-0042") is None


@pytest.mark.parametrize("number", [None, "", "NLH-0042"])
def test_de_ch18_license_contents_2_a_denied_application_needs_no_number(number: str | None) -> None:
    assert licence_number_refusal(PersonalLicenseStatus.DENIED, number) is None


# 10 DE Admin Code 101-4.23: bingo is conducted by members


def test_101_4_23_a_bingo_role_is_held_by_a_member() -> None:
    assert bingo_member_refusal(member_named=False) == Violation(
        "member_required",
        "Bingo is conducted only by active members of the organization.",
        "10 DE Admin Code 101-4.23",
        "member_id",
        422,
    )


def test_101_4_23_a_member_named_goes_on_to_the_role_checks() -> None:
    assert bingo_member_refusal(member_named=True) is None


# 10 DE Admin Code 101-4.1: an approval at the till, refused under its rule


def test_101_4_1_a_void_approval_is_refused_under_its_rule_with_one_answer() -> None:
    assert approval_refusal("10 DE Admin Code 101-4.1") == Violation(
        "approval_refused",
        "Not approved: the approver must be this organization's member in charge with their own PIN; "
        "after too many tries, wait a few minutes.",
        "10 DE Admin Code 101-4.1",
        "approver_pin",
        403,
    )


def test_101_4_1_the_refusal_cites_the_rule_the_approval_names() -> None:
    refused = approval_refusal("28 Del. C. §1827(1)")
    assert (refused.rule, refused.message, refused.status) == ("28 Del. C. §1827(1)", APPROVAL_REFUSED, 403)
