"""Who witnesses a verification of the numbers drawn (10 DE Admin Code 101-4.16): the member in charge,
or an officer when the member in charge is the one calling."""

from __future__ import annotations

from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.16"


def witness_role(member_in_charge_is_calling: bool) -> str:
    """10 DE Admin Code 101-4.16: the role the witness of a verification holds.

    >>> witness_role(False), witness_role(True)
    ('member_in_charge', 'officer')
    """
    return "officer" if member_in_charge_is_calling else "member_in_charge"


def witness_refusal(
    member_in_charge_is_calling: bool, witness_is_member_in_charge: bool, witness_is_active_officer: bool
) -> Violation | None:
    """10 DE Admin Code 101-4.16: the numbers drawn and the balls remaining are verified in the presence
    of the member in charge; when the member in charge is the announcer, an officer (an active member,
    not the member in charge) witnesses instead, so nobody checks their own calling.

    >>> witness_refusal(False, True, False) is None and witness_refusal(True, False, True) is None
    True
    >>> witness_refusal(True, True, True).code
    'officer_witness_required'
    >>> witness_refusal(False, False, True).code
    'member_in_charge_witness_required'
    """
    if member_in_charge_is_calling:
        if witness_is_member_in_charge or not witness_is_active_officer:
            return Violation(
                "officer_witness_required",
                "The member in charge is calling, so an officer must witness the verification.",
                RULE,
                "witness_member_id",
                409,
            )
    elif not witness_is_member_in_charge:
        return Violation(
            "member_in_charge_witness_required",
            "The member in charge must witness the verification.",
            RULE,
            "witness_member_id",
            409,
        )
    return None
