"""What crosses the wire for the hall: organizations, premises, members, licences, vendors, the roster,
staff accounts, sessions and the audit check. Every string has a length limit so a huge body is refused."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

from shared.core.roles import Role
from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import (
    BingoLicenseClass,
    CompensationBasis,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.hall.rules.people import MemberStatus
from shared.hall.rules.work_roles import WorkRole
from shared.platform.fields import Day, Id, Money, Name


class OrganizationIn(Schema):
    name = Name(required=True)
    kind = fields.Enum(OrganizationKind, by_value=True, required=True)
    bingo_first_licensed_on = Day(allow_none=True)
    anniversary_on = Day(allow_none=True)


class OrganizationPatch(OrganizationIn):
    name = Name()
    kind = fields.Enum(OrganizationKind, by_value=True)


class OrganizationOut(Schema):
    id = fields.Integer()
    name = fields.String()
    kind = fields.String()
    bingo_first_licensed_on = Day(allow_none=True)
    anniversary_on = Day(allow_none=True)


class PremisesIn(Schema):
    name = Name(required=True)
    address = fields.String(required=True, validate=validate.Length(min=1, max=500))
    owned_by_organization = fields.Boolean(load_default=False)


class PremisesOut(PremisesIn):
    id = fields.Integer()
    organization_id = fields.Integer()


class MemberIn(Schema):
    name = Name(required=True)
    date_of_birth = Day(required=True)
    active_since = Day(allow_none=True, load_default=None)
    is_officer = fields.Boolean(load_default=False)
    status = fields.Enum(MemberStatus, by_value=True, load_default=MemberStatus.ACTIVE)


class MemberPatch(Schema):
    name = Name()
    date_of_birth = Day()
    active_since = Day(allow_none=True)
    is_officer = fields.Boolean()
    status = fields.Enum(MemberStatus, by_value=True)


class MemberOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    name = fields.String()
    date_of_birth = Day()
    active_since = Day(allow_none=True)
    is_officer = fields.Boolean()
    status = fields.String()


class BingoLicenseIn(Schema):
    number = fields.String(required=True, validate=validate.Length(min=1, max=50))
    valid_from = Day(required=True)
    valid_to = Day(required=True)


class BingoLicenseOut(BingoLicenseIn):
    id = fields.Integer()
    organization_id = fields.Integer()


class SuspensionIn(Schema):
    starts_on = Day(required=True)
    ends_on = Day(required=True)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class SuspensionOut(SuspensionIn):
    id = fields.Integer()


class LapseOut(Schema):
    starts_on = Day()
    ends_on = Day(allow_none=True)


class BingoLicenseStatusOut(Schema):
    on = Day()
    current_number = fields.String(allow_none=True)
    in_force = fields.Boolean()
    license_class = fields.Enum(BingoLicenseClass, by_value=True, allow_none=True)
    lapses = fields.List(fields.Nested(LapseOut))


class OnDateQuery(Schema):
    on = Day(load_default=None)


class PokerOccasionLicenseIn(Schema):
    number = fields.String(required=True, validate=validate.Length(min=1, max=50))
    occasion_date = Day(required=True)
    sponsor_organization_ids = fields.List(Id(), required=True, validate=validate.Length(max=20))
    fee_cents = Money(required=True, data_key="fee")


class PokerOccasionLicenseOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    number = fields.String()
    occasion_date = Day()
    fee_cents = Money(data_key="fee")


class VendorIn(Schema):
    name = Name(required=True)
    license_number = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=50))
    licensed_until = Day(allow_none=True, load_default=None)


class VendorOut(VendorIn):
    id = fields.Integer()


class VendorContractIn(Schema):
    vendor_id = Id(required=True)
    starts_on = Day(required=True)
    ends_on = Day(required=True)
    compensation_basis = fields.Enum(CompensationBasis, by_value=True, required=True)
    compensation_cents = Money(required=True, data_key="compensation")
    terms = fields.String(load_default="", validate=validate.Length(max=5000))


class VendorContractOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    vendor_id = fields.Integer()
    starts_on = Day()
    ends_on = Day()
    compensation_basis = fields.String()
    compensation_cents = Money(data_key="compensation")
    terms = fields.String()


class PersonalLicenseIn(Schema):
    holder_name = Name(required=True)
    date_of_birth = Day(required=True)
    kind = fields.Enum(PersonalLicenseKind, by_value=True, required=True)
    number = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=50))
    issued_on = Day(required=True)
    fee_cents = Money(required=True, data_key="fee")
    status = fields.Enum(PersonalLicenseStatus, by_value=True, load_default=PersonalLicenseStatus.ACTIVE)
    member_id = Id(allow_none=True, load_default=None)
    vendor_id = Id(allow_none=True, load_default=None)


class PersonalLicenseOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    member_id = fields.Integer(allow_none=True)
    vendor_id = fields.Integer(allow_none=True)
    holder_name = fields.String()
    kind = fields.String()
    number = fields.String(allow_none=True)
    issued_on = Day()
    expires_on = Day()
    renewal_due_on = Day()
    fee_cents = Money(data_key="fee")
    status = fields.String()
    effective_status = fields.String()
    has_photo = fields.Boolean()


class LicenseStatusIn(Schema):
    status = fields.Enum(PersonalLicenseStatus, by_value=True, required=True)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class RenewalsQuery(Schema):
    today = Day(load_default=None)


class AssignmentIn(Schema):
    work_date = Day(required=True)
    role = fields.Enum(WorkRole, by_value=True, required=True)
    member_id = Id(allow_none=True, load_default=None)
    personal_license_id = Id(allow_none=True, load_default=None)


class AssignmentOut(Schema):
    id = fields.Integer()
    work_date = Day()
    role = fields.String()
    member_id = fields.Integer(allow_none=True)
    personal_license_id = fields.Integer(allow_none=True)
    person_name = fields.String()


class EligibleQuery(Schema):
    role = fields.Enum(WorkRole, by_value=True, required=True)
    on = Day(load_default=None)


class CandidateOut(Schema):
    name = fields.String()
    member_id = fields.Integer(allow_none=True)
    personal_license_id = fields.Integer(allow_none=True)


class UserIn(Schema):
    username = fields.String(
        required=True,
        validate=validate.Regexp(r"^[A-Za-z0-9_.-]{2,64}$", error="2-64 letters, digits, dots, dashes or underscores."),
    )
    display_name = Name(required=True)
    password = fields.String(required=True, load_only=True, validate=validate.Length(max=200))
    pin = fields.String(allow_none=True, load_default=None, load_only=True, validate=validate.Length(max=8))
    member_id = Id(allow_none=True, load_default=None)
    roles = fields.List(fields.Enum(Role, by_value=True), required=True, validate=validate.Length(min=1, max=8))


class UserOut(Schema):
    id = fields.Integer()
    username = fields.String()
    display_name = fields.String()
    member_id = fields.Integer(allow_none=True)
    role_names = fields.List(fields.String(), data_key="roles")
    is_active = fields.Boolean()
    locked = fields.Boolean()


class RolesIn(Schema):
    roles = fields.List(fields.Enum(Role, by_value=True), required=True, validate=validate.Length(min=1, max=8))


class SecretsIn(Schema):
    password = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=200))
    pin = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=8))


class SignInIn(Schema):
    username = fields.String(required=True, validate=validate.Length(min=1, max=64))
    password = fields.String(validate=validate.Length(min=1, max=200), load_default=None)
    pin = fields.String(validate=validate.Length(min=1, max=8), load_default=None)
    station = fields.String(validate=validate.Length(max=100), load_default=None)


class SessionOut(Schema):
    csrf_token = fields.String()
    user = fields.Nested(UserOut, allow_none=True)
    home = fields.String(allow_none=True)


class AuditVerifyOut(Schema):
    entries = fields.Integer()
    ok = fields.Boolean()
    broken_entry_id = fields.Integer(allow_none=True)
    broken_seq = fields.Integer(allow_none=True)
    reason = fields.String(allow_none=True)
    problems = fields.List(fields.String())
    anchor = fields.String(
        metadata={"description": "SEQ:DIGEST of the chain's head now, for `flashboard audit verify --anchor`"}
    )
