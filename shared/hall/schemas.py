"""What crosses the wire for the hall: organizations, premises, members, licences, vendors, the roster,
staff accounts, sessions and the audit check. Every string has a length limit so a huge body is refused.

A request schema is a `RequestSchema` that loads into its frozen request dataclass, defined beside it;
a change (PATCH) loads into a dataclass whose fields default to `OMITTED`, so the service knows which
fields were sent: one left out stays as it is, one sent as null is set to null where null is allowed.
Answer schemas share a plain base with their request schema (never its post_load)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from enum import Enum
from typing import Any, Final

from marshmallow import Schema, fields, validate

from shared.core.roles import Role
from shared.hall.rules.addendum import (
    MAX_ITEMS,
    LicenceContents,
    LicensedAlternate,
    LicensedAttendancePrize,
    LicensedUPickGame,
)
from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import (
    BingoLicenseClass,
    CompensationBasis,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.hall.rules.people import MemberStatus
from shared.hall.rules.work_roles import WorkRole
from shared.platform.fields import Day, Id, Money, Name, RequestSchema


class Omitted(Enum):
    """A field a change left out (as opposed to one sent as null)."""

    OMITTED = "omitted"


OMITTED: Final = Omitted.OMITTED


@dataclass(frozen=True)
class OrganizationRequest:
    name: str
    kind: OrganizationKind
    bingo_first_licensed_on: date | None = None
    anniversary_on: date | None = None


class OrganizationIn(RequestSchema):
    request = OrganizationRequest

    name = Name(required=True)
    kind = fields.Enum(OrganizationKind, by_value=True, required=True)
    bingo_first_licensed_on = Day(allow_none=True)
    anniversary_on = Day(allow_none=True)


@dataclass(frozen=True)
class OrganizationChanges:
    """The fields of an organization a change sent; the others are `OMITTED`. The dates may be sent as
    null (cleared); the name and kind may not (the schema refuses null)."""

    name: str | Omitted = OMITTED
    kind: OrganizationKind | Omitted = OMITTED
    bingo_first_licensed_on: date | None | Omitted = OMITTED
    anniversary_on: date | None | Omitted = OMITTED


class OrganizationPatch(RequestSchema):
    request = OrganizationChanges

    name = Name()
    kind = fields.Enum(OrganizationKind, by_value=True)
    bingo_first_licensed_on = Day(allow_none=True)
    anniversary_on = Day(allow_none=True)


class OrganizationOut(Schema):
    id = fields.Integer()
    name = fields.String()
    kind = fields.String()
    bingo_first_licensed_on = Day(allow_none=True)
    anniversary_on = Day(allow_none=True)


@dataclass(frozen=True)
class PremisesRequest:
    name: str
    address: str
    owned_by_organization: bool = False


class PremisesFields(Schema):
    name = Name(required=True)
    address = fields.String(required=True, validate=validate.Length(min=1, max=500))
    owned_by_organization = fields.Boolean(load_default=False)


class PremisesIn(PremisesFields, RequestSchema):
    request = PremisesRequest


class PremisesOut(PremisesFields):
    id = fields.Integer()
    organization_id = fields.Integer()


@dataclass(frozen=True)
class MemberRequest:
    name: str
    date_of_birth: date
    active_since: date | None = None
    is_officer: bool = False
    status: MemberStatus = MemberStatus.ACTIVE


class MemberIn(RequestSchema):
    request = MemberRequest

    name = Name(required=True)
    date_of_birth = Day(required=True)
    active_since = Day(allow_none=True, load_default=None)
    is_officer = fields.Boolean(load_default=False)
    status = fields.Enum(MemberStatus, by_value=True, load_default=MemberStatus.ACTIVE)


@dataclass(frozen=True)
class MemberChanges:
    """The fields of a member a change sent; the others are `OMITTED`. Only `active_since` may be sent
    as null (cleared)."""

    name: str | Omitted = OMITTED
    date_of_birth: date | Omitted = OMITTED
    active_since: date | None | Omitted = OMITTED
    is_officer: bool | Omitted = OMITTED
    status: MemberStatus | Omitted = OMITTED


class MemberPatch(RequestSchema):
    request = MemberChanges

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


class LicensedAlternateFields(Schema):
    within_calls = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=1, max=75, error="A bingo is reached within 1 to 75 calls."),
    )
    prize_cents = Money(required=True, data_key="prize")


class LicensedAlternateIn(LicensedAlternateFields, RequestSchema):
    """10 DE Admin Code 101-4.15: an alternate prize the licence specifies, by calls."""

    request = LicensedAlternate


class LicensedAttendancePrizeFields(Schema):
    min_players = fields.Integer(
        strict=True,
        required=True,
        data_key="min_attendance",
        validate=validate.Range(min=1, max=100_000, error="Attendance is a count of 1 or more people."),
    )
    prize_cents = Money(required=True, data_key="prize")


class LicensedAttendancePrizeIn(LicensedAttendancePrizeFields, RequestSchema):
    """10 DE Admin Code 101-4.18: a prize the licence allows from this many people attending."""

    request = LicensedAttendancePrize


class LicensedUPickGameFields(Schema):
    pick_count = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(
            min=1, max=25, error="A U Pick Em player picks 1 to 25 numbers (five a column at most)."
        ),
    )
    payout_cents = Money(required=True, data_key="payout")


class LicensedUPickGameIn(LicensedUPickGameFields, RequestSchema):
    """10 DE Admin Code 101-4.30.1.6: a U Pick Em game of Addendum A and its payout."""

    request = LicensedUPickGame


@dataclass(frozen=True)
class LicenceContentsRequest:
    """What a bingo licence term specifies (10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6), each list whole:
    an empty list allows none of that kind."""

    alternates: Sequence[LicensedAlternate] = ()
    attendance_prizes: Sequence[LicensedAttendancePrize] = ()
    upick_games: Sequence[LicensedUPickGame] = ()

    def contents(self) -> LicenceContents:
        return LicenceContents(tuple(self.alternates), tuple(self.attendance_prizes), tuple(self.upick_games))


def _items(schema: type[Schema], required: bool) -> fields.List[Any]:
    """A licence's list: required whole where the contents are replaced, empty when a new term leaves it out."""
    given: dict[str, Any] = {"required": True} if required else {"load_default": list}
    return fields.List(fields.Nested(schema), validate=validate.Length(max=MAX_ITEMS), **given)


class LicenceContentsIn(RequestSchema):
    """The whole of what a licence term specifies, as amended (each list replaces the one recorded)."""

    request = LicenceContentsRequest

    alternates = _items(LicensedAlternateIn, True)
    attendance_prizes = _items(LicensedAttendancePrizeIn, True)
    upick_games = _items(LicensedUPickGameIn, True)


class LicenceContentsOut(Schema):
    alternates = fields.List(fields.Nested(LicensedAlternateFields))
    attendance_prizes = fields.List(fields.Nested(LicensedAttendancePrizeFields))
    upick_games = fields.List(fields.Nested(LicensedUPickGameFields))


@dataclass(frozen=True)
class BingoLicenseRequest:
    """One term of a bingo licence (10 DE Admin Code 101-4.4: each renewal is a term) and what it specifies
    (4.15 alternate prizes, 4.18 prizes by attendance, 4.30.1.6 the U Pick Em games of Addendum A)."""

    number: str
    valid_from: date
    valid_to: date
    alternates: Sequence[LicensedAlternate] = ()
    attendance_prizes: Sequence[LicensedAttendancePrize] = ()
    upick_games: Sequence[LicensedUPickGame] = ()

    def contents(self) -> LicenceContents:
        return LicenceContents(tuple(self.alternates), tuple(self.attendance_prizes), tuple(self.upick_games))


class BingoLicenseFields(Schema):
    number = fields.String(required=True, validate=validate.Length(min=1, max=50))
    valid_from = Day(required=True)
    valid_to = Day(required=True)


class BingoLicenseIn(BingoLicenseFields, RequestSchema):
    request = BingoLicenseRequest

    alternates = _items(LicensedAlternateIn, False)
    attendance_prizes = _items(LicensedAttendancePrizeIn, False)
    upick_games = _items(LicensedUPickGameIn, False)


class BingoLicenseOut(BingoLicenseFields, LicenceContentsOut):
    id = fields.Integer()
    organization_id = fields.Integer()


@dataclass(frozen=True)
class SuspensionRequest:
    starts_on: date
    ends_on: date
    reason: str


class SuspensionFields(Schema):
    starts_on = Day(required=True)
    ends_on = Day(required=True)
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class SuspensionIn(SuspensionFields, RequestSchema):
    request = SuspensionRequest


class SuspensionOut(SuspensionFields):
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


@dataclass(frozen=True)
class PokerOccasionLicenseRequest:
    number: str
    occasion_date: date
    sponsor_organization_ids: list[int]
    fee_cents: int


class PokerOccasionLicenseIn(RequestSchema):
    request = PokerOccasionLicenseRequest

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


@dataclass(frozen=True)
class VendorRequest:
    name: str
    license_number: str | None = None
    licensed_until: date | None = None


class VendorFields(Schema):
    name = Name(required=True)
    license_number = fields.String(allow_none=True, load_default=None, validate=validate.Length(max=50))
    licensed_until = Day(allow_none=True, load_default=None)


class VendorIn(VendorFields, RequestSchema):
    request = VendorRequest


class VendorOut(VendorFields):
    id = fields.Integer()


@dataclass(frozen=True)
class VendorContractRequest:
    vendor_id: int
    starts_on: date
    ends_on: date
    compensation_basis: CompensationBasis
    compensation_cents: int
    terms: str = ""


class VendorContractIn(RequestSchema):
    request = VendorContractRequest

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


@dataclass(frozen=True)
class PersonalLicenseRequest:
    """A personal gaming licence as the office records it (28 Del. C. ch. 18)."""

    holder_name: str
    date_of_birth: date
    kind: PersonalLicenseKind
    issued_on: date
    fee_cents: int
    number: str | None = None
    status: PersonalLicenseStatus = PersonalLicenseStatus.ACTIVE
    member_id: int | None = None
    vendor_id: int | None = None


class PersonalLicenseIn(RequestSchema):
    request = PersonalLicenseRequest

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


@dataclass(frozen=True)
class AssignmentRequest:
    """A person put on the roster for a role and a day: a member, or a licence holder (poker roles)."""

    work_date: date
    role: WorkRole
    member_id: int | None = None
    personal_license_id: int | None = None


class AssignmentIn(RequestSchema):
    request = AssignmentRequest

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


@dataclass(frozen=True)
class UserRequest:
    username: str
    display_name: str
    password: str
    roles: list[Role]
    pin: str | None = None
    member_id: int | None = None


class UserIn(RequestSchema):
    request = UserRequest

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


@dataclass(frozen=True)
class SecretsRequest:
    """A new password, a new PIN, or both (a blank one is left as it is)."""

    password: str | None = None
    pin: str | None = None


class SecretsIn(RequestSchema):
    request = SecretsRequest

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
