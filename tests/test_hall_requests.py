"""shared/hall/schemas.py: the hall's request schemas load into their frozen request dataclasses, a change
(PATCH) tells a field left out from one sent as null, and an answer schema never builds a request."""

from __future__ import annotations

import dataclasses
from datetime import date

import pytest
from marshmallow import ValidationError

from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.people import MemberStatus
from shared.hall.schemas import (
    OMITTED,
    BingoLicenseOut,
    MemberChanges,
    MemberPatch,
    OrganizationChanges,
    OrganizationPatch,
    PersonalLicenseIn,
    PersonalLicenseRequest,
    PremisesIn,
    PremisesOut,
    PremisesRequest,
    SuspensionOut,
    VendorContractIn,
    VendorContractRequest,
    VendorOut,
)


def test_a_request_loads_into_its_frozen_dataclass_with_the_schemas_defaults() -> None:
    loaded = PremisesIn().load({"name": "Fire Hall", "address": "1 Main St"})
    assert loaded == PremisesRequest("Fire Hall", "1 Main St", owned_by_organization=False)
    with pytest.raises(dataclasses.FrozenInstanceError):
        loaded.name = "Other"


def test_a_wire_name_loads_into_the_field_the_service_reads() -> None:
    loaded = VendorContractIn().load(
        {
            "vendor_id": 3,
            "starts_on": "2026-01-01",
            "ends_on": "2026-12-31",
            "compensation_basis": "per_table",
            "compensation": "150.00",
        }
    )
    assert isinstance(loaded, VendorContractRequest)
    assert (loaded.compensation_cents, loaded.terms) == (15_000, "")


def test_a_personal_licence_defaults_to_active_with_no_number() -> None:
    loaded = PersonalLicenseIn().load(
        {"holder_name": "Pat", "date_of_birth": "1980-01-01", "kind": "dealer", "issued_on": "2026-01-01", "fee": "15"}
    )
    assert isinstance(loaded, PersonalLicenseRequest)
    assert (loaded.number, loaded.status.value, loaded.member_id, loaded.fee_cents) == (None, "active", None, 1_500)


def test_a_change_leaves_out_what_was_not_sent_and_clears_what_was_sent_as_null() -> None:
    loaded = OrganizationPatch().load({"name": "Renamed", "anniversary_on": None})
    assert loaded == OrganizationChanges(name="Renamed", anniversary_on=None)
    assert (loaded.kind, loaded.bingo_first_licensed_on) == (OMITTED, OMITTED)
    assert OrganizationPatch().load({}) == OrganizationChanges()


def test_a_member_change_may_clear_active_since_but_not_the_name() -> None:
    assert MemberPatch().load({"active_since": None, "status": "inactive"}) == MemberChanges(
        active_since=None, status=MemberStatus.INACTIVE
    )
    with pytest.raises(ValidationError) as refused:
        MemberPatch().load({"name": None})
    assert "name" in refused.value.messages_dict
    with pytest.raises(ValidationError):
        OrganizationPatch().load({"kind": None})


def test_a_change_of_every_field_carries_every_value() -> None:
    loaded = OrganizationPatch().load(
        {"name": "N", "kind": "religious", "bingo_first_licensed_on": "1990-01-01", "anniversary_on": "2000-02-02"}
    )
    assert loaded == OrganizationChanges("N", OrganizationKind.RELIGIOUS, date(1990, 1, 1), date(2000, 2, 2))


@pytest.mark.parametrize(
    "schema, row",
    [
        (PremisesOut, {"id": 1, "organization_id": 2, "name": "Hall", "address": "1 Main St"}),
        (VendorOut, {"id": 1, "name": "Vendor"}),
        (BingoLicenseOut, {"id": 1, "organization_id": 2, "number": "B-1", "valid_from": "2026-01-01"}),
        (SuspensionOut, {"id": 1, "reason": "late report"}),
    ],
)
def test_an_answer_schema_does_not_inherit_the_requests_post_load(schema: type, row: dict[str, object]) -> None:
    loaded = schema().load(row, partial=True)
    assert isinstance(loaded, dict)
