"""The hall office's cited refusals, as the services ask them: a personal licence's status and number as
recorded (28 Del. C. ch. 18, license renewal ¶(1) and license contents ¶(2)), bingo roles held by members
(10 DE Admin Code 101-4.23), and an approval at the till refused under the rule it answers to (101-4.1 for
a void). Pure: the services hand in what they loaded as plain values.
"""

from __future__ import annotations

from shared.core import citations
from shared.core.violations import Violation
from shared.hall.rules.licensing import PersonalLicenseStatus

APPROVAL_REFUSED = (
    "Not approved: the approver must be this organization's member in charge with their own PIN; "
    "after too many tries, wait a few minutes."
)


def recorded_status_refusal(status: PersonalLicenseStatus) -> Violation | None:
    """28 Del. C. ch. 18, license renewal ¶(1): a licence expires three years after its issue, so expiry
    follows from the issue date; a licence is recorded active (or suspended, revoked, denied), never
    expired.

    >>> recorded_status_refusal(PersonalLicenseStatus.ACTIVE) is None
    True
    >>> refused = recorded_status_refusal(PersonalLicenseStatus.EXPIRED)
    >>> refused.code, refused.field, refused.message
    ('derived_status', 'status', 'Expiry follows from the issue date; record the licence as active.')
    """
    if status is not PersonalLicenseStatus.EXPIRED:
        return None
    return Violation(
        "derived_status",
        "Expiry follows from the issue date; record the licence as active.",
        citations.POKER_LICENSE_TERM,
        "status",
        422,
    )


def status_change_refusal(status: PersonalLicenseStatus) -> Violation | None:
    """28 Del. C. ch. 18, license renewal ¶(1): expiry comes three years after issue by itself, so the
    office suspends, revokes, denies or restores a licence but never sets it expired by hand.

    >>> status_change_refusal(PersonalLicenseStatus.SUSPENDED) is None
    True
    >>> refused = status_change_refusal(PersonalLicenseStatus.EXPIRED)
    >>> refused.rule, refused.message
    ('28 Del. C. ch. 18, license renewal ¶(1)', 'Expiry follows from the issue date and is not set by hand.')
    """
    if status is not PersonalLicenseStatus.EXPIRED:
        return None
    return Violation(
        "derived_status",
        "Expiry follows from the issue date and is not set by hand.",
        citations.POKER_LICENSE_TERM,
        "status",
        422,
    )


def licence_number_refusal(status: PersonalLicenseStatus, number: str | None) -> Violation | None:
    """28 Del. C. ch. 18, license contents ¶(2): a licence bears its distinguishing number, so one recorded
    in force (or suspended, revoked) needs it; a denied application was never issued one.

    >>> licence_number_refusal(PersonalLicenseStatus.ACTIVE, "NLH-0042") is None
    True
    >>> licence_number_refusal(PersonalLicenseStatus.DENIED, None) is None
    True
    >>> refused = licence_number_refusal(PersonalLicenseStatus.ACTIVE, "")
    >>> refused.code, refused.rule, refused.field
    ('number_required', '28 Del. C. ch. 18, license contents ¶(2)', 'number')
    """
    if status is PersonalLicenseStatus.DENIED or number:
        return None
    return Violation(
        "number_required",
        "A licence in force bears its distinguishing number.",
        citations.POKER_PERSONAL_LICENSE,
        "number",
        422,
    )


def bingo_member_refusal(member_named: bool) -> Violation | None:
    """10 DE Admin Code 101-4.23: bingo is conducted only by active members of the licensed organization,
    so a bingo role on the roster is held by a member, never by a licence holder alone (poker roles are).

    >>> bingo_member_refusal(member_named=True) is None
    True
    >>> refused = bingo_member_refusal(member_named=False)
    >>> refused.code, refused.rule, refused.field
    ('member_required', '10 DE Admin Code 101-4.23', 'member_id')
    """
    if member_named:
        return None
    return Violation(
        "member_required",
        "Bingo is conducted only by active members of the organization.",
        citations.BINGO_ACTIVE_MEMBER,
        "member_id",
        422,
    )


def approval_refusal(rule: str) -> Violation:
    """10 DE Admin Code 101-4.1 for a void (the member in charge answers for the occasion), or the rule
    the approval names: an approval that fails for any reason (a wrong PIN, a resting account, the right
    PIN of someone who may not approve) is refused with one answer under that rule, so a guesser never
    learns which it was.

    >>> refused = approval_refusal("10 DE Admin Code 101-4.1")
    >>> refused.code, refused.rule, refused.field, refused.status
    ('approval_refused', '10 DE Admin Code 101-4.1', 'approver_pin', 403)
    """
    return Violation("approval_refused", APPROVAL_REFUSED, rule, "approver_pin", 403)
