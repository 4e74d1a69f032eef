"""What crosses the wire for the shared modules. Money is a string such as "12.50" on the wire and
integer cents inside; every string has a length limit so a huge body is refused, not stored."""
from __future__ import annotations

from datetime import date
from typing import Any, Mapping

from marshmallow import Schema, ValidationError, fields, validate

from shared.licensing import (
    BingoLicenseClass,
    CompensationBasis,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.money import MoneyFormatError, parse_cents, wire_cents
from shared.organizations import OrganizationKind
from shared.people import MemberStatus
from shared.roles import Role
from shared.services.roster import WorkRole


class Money(fields.Field[int]):
    """Dollars as text on the wire ("12.50", "$12.50", "12"), cents in Python."""

    def _serialize(self, value: int | None, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else wire_cents(value)

    def _deserialize(self, value: Any, attr: str | None, data: Mapping[str, Any] | None, **kwargs: Any) -> int:
        if not isinstance(value, str):
            raise ValidationError("An amount is text such as \"12.50\".")
        try:
            return parse_cents(value)
        except MoneyFormatError as exc:
            raise ValidationError(str(exc)) from None


def Name(**kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(min=1, max=200), **kwargs)


MAX_ID = 2**31 - 1
EARLIEST_DAY = date(1900, 1, 1)
LATEST_DAY = date(2199, 12, 31)


def Day(**kwargs: Any) -> fields.Date:
    """An ISO date within the years a hall's records can mean (no year 1, no year 9999)."""
    return fields.Date(validate=validate.Range(min=EARLIEST_DAY, max=LATEST_DAY), **kwargs)



def Id(**kwargs: Any) -> fields.Integer:
    """A row id: a whole number that fits the column, never a float or a numeric string."""
    return fields.Integer(strict=True, validate=validate.Range(min=1, max=MAX_ID), **kwargs)


class ErrorSchema(Schema):
    error = fields.String(required=True)
    message = fields.String(required=True)
    rule = fields.String(allow_none=True, required=True)
    field_errors = fields.Dict(required=True, data_key="fields")


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
    username = fields.String(required=True, validate=validate.Regexp(r"^[A-Za-z0-9_.-]{2,64}$", error="2-64 letters, digits, dots, dashes or underscores."))
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
    anchor = fields.String(metadata={"description": "SEQ:DIGEST of the chain's head now, for `flashboard audit verify --anchor`"})


class HealthOut(Schema):
    status = fields.String()
    database = fields.String()


class PrintJobOut(Schema):
    id = fields.Integer()
    station = fields.String()
    kind = fields.String()
    reference = fields.String()
    status = fields.String()
    attempts = fields.Integer()
    reprints = fields.Integer()
    last_error = fields.String(allow_none=True)
    created_at = fields.DateTime()
    printed_at = fields.DateTime(allow_none=True)


class PrintQueueQuery(Schema):
    station = fields.String(load_default=None, validate=validate.Length(max=100))


class ReprintIn(Schema):
    station = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))


class PrinterStatusOut(Schema):
    station = fields.String()
    reachable = fields.Boolean()
    online = fields.Boolean()
    paper = fields.String()
    detail = fields.String()


class FactOut(Schema):
    label = fields.String()
    value = fields.String()


class TableOut(Schema):
    name = fields.String()
    title = fields.String()
    columns = fields.List(fields.String())
    rows = fields.List(fields.List(fields.String()))
    note = fields.String(allow_none=True)


class ReportOut(Schema):
    """A report for the Board as data: the same document the PDF and the CSV files are made from."""

    title = fields.String()
    subtitle = fields.String()
    facts = fields.List(fields.Nested(FactOut))
    tables = fields.List(fields.Nested(TableOut))
    signatures = fields.List(fields.String())
    footer = fields.String()
    totals = fields.Dict(keys=fields.String(), values=fields.Integer())
    due = fields.String()
    sworn = fields.Boolean()
    adjustments = fields.Integer()
    games = fields.List(fields.Dict(keys=fields.String(), values=fields.Integer()))
