"""The back office: organization, premises, members, licences, vendors, roster, staff and the audit
check. Server-rendered, usable on a tablet; every form goes through the API's schemas and services."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue
from marshmallow import Schema
from sqlalchemy import select

from shared.core.roles import OFFICE_EDIT, OFFICE_VIEW, STAFF_ADMIN, Role
from shared.core.violations import refuse
from shared.hall.models import PersonalLicense
from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import (
    CompensationBasis,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.hall.rules.people import MemberStatus
from shared.hall.rules.work_roles import WorkRole
from shared.hall.schemas import (
    AssignmentIn,
    BingoLicenseIn,
    LicensedAlternateIn,
    LicensedAttendancePrizeIn,
    LicensedUPickGameIn,
    LicenseStatusIn,
    MemberIn,
    MemberPatch,
    OrganizationIn,
    OrganizationPatch,
    PersonalLicenseIn,
    PokerOccasionLicenseIn,
    PremisesIn,
    RolesIn,
    SecretsIn,
    SuspensionIn,
    UserIn,
    VendorContractIn,
    VendorIn,
)
from shared.hall.services import licenses, organizations, roster, staff
from shared.hall.web import presenters
from shared.hall.web.signin import kdf_cost
from shared.platform import audit
from shared.platform.access import allow
from shared.platform.audit import AuditEntry
from shared.platform.context import actor, db_session, hall_now, hall_today, utc_now
from shared.platform.forms import FormState, submit
from shared.platform.scope import check_org, visible_org_ids
from shared.platform.service_kit import tenant

bp = Blueprint("office", __name__, url_prefix="/office")
ORG = "/organizations/<int:org_id>"
PHOTO_TYPES = {"image/jpeg", "image/png"}
MAX_PHOTO_BYTES = 2 * 1024 * 1024


def _label(value: str) -> str:
    return value.replace("_", " ").capitalize()


def _options(values: list[Any]) -> list[tuple[str, str]]:
    return [(v.value, _label(v.value)) for v in values]


def _choices() -> dict[str, Any]:
    """Every select's (value, label) pairs, from the same enums the schemas validate against."""
    return {
        "org_kind_options": _options(list(OrganizationKind)),
        "member_status_options": _options(list(MemberStatus)),
        "license_kind_options": _options(list(PersonalLicenseKind)),
        "license_status_options": _options(
            [s for s in PersonalLicenseStatus if s is not PersonalLicenseStatus.EXPIRED]
        ),
        "compensation_options": _options(list(CompensationBasis)),
        "work_role_options": _options(list(WorkRole)),
        "role_options": _options(list(Role)),
    }


def _page(template: str, state: FormState | None = None, **context: Any) -> str:
    return render_template(template, form=state or FormState(), **_choices(), **context)


@bp.get("")
@allow(*OFFICE_VIEW)
def index() -> ResponseReturnValue:
    visible = visible_org_ids()
    orgs = [o for o in organizations.list_organizations(db_session()) if visible is None or o.id in visible]
    today = hall_today()
    due = {o.id: licenses.renewals_due(db_session(), o.id, today) for o in orgs}
    return _page("office/index.html", orgs=orgs, due=due)


@bp.route("/organizations/new", methods=["GET", "POST"])
@allow(*STAFF_ADMIN)
def organization_new() -> ResponseReturnValue:
    if request.method == "GET":
        return _page("office/organization_new.html")
    return submit(
        OrganizationIn(),
        lambda d: organizations.create_organization(db_session(), actor(), hall_now(), d),
        "Organization added.",
        url_for("office.index"),
        lambda s: _page("office/organization_new.html", s),
    )


def _organization_page(org_id: int, state: FormState | None = None) -> str:
    org = organizations.get_organization(db_session(), check_org(org_id))
    return _page("office/organization.html", state, org=org)


@bp.get(ORG)
@allow(*OFFICE_VIEW)
def organization(org_id: int) -> ResponseReturnValue:
    return _organization_page(org_id)


@bp.post(ORG)
@allow(*OFFICE_EDIT)
def organization_update(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        OrganizationPatch(),
        lambda d: organizations.update_organization(db_session(), actor(), hall_now(), org_id, d),
        "Organization saved.",
        url_for("office.organization", org_id=org_id),
        lambda s: _organization_page(org_id, s),
    )


@bp.post(ORG + "/premises")
@allow(*OFFICE_EDIT)
def premises_create(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        PremisesIn(),
        lambda d: organizations.create_premises(db_session(), actor(), hall_now(), org_id, d),
        "Premises added.",
        url_for("office.organization", org_id=org_id),
        lambda s: _organization_page(org_id, s),
    )


def _members_page(org_id: int, state: FormState | None = None) -> str:
    org = organizations.get_organization(db_session(), check_org(org_id))
    return _page(
        "office/members.html",
        state,
        org=org,
        members=organizations.list_members(db_session(), org_id),
        today=hall_today(),
    )


@bp.get(ORG + "/members")
@allow(*OFFICE_VIEW)
def members(org_id: int) -> ResponseReturnValue:
    return _members_page(org_id)


@bp.post(ORG + "/members")
@allow(*OFFICE_EDIT)
def member_create(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        MemberIn(),
        lambda d: organizations.create_member(db_session(), actor(), hall_now(), org_id, d),
        "Member added.",
        url_for("office.members", org_id=org_id),
        lambda s: _members_page(org_id, s),
    )


def _member_page(org_id: int, member_id: int, state: FormState | None = None) -> str:
    org = organizations.get_organization(db_session(), check_org(org_id))
    member = next((m for m in org.members if m.id == member_id), None)
    if member is None:
        abort(404)
    return _page("office/member.html", state, org=org, member=member)


@bp.get(ORG + "/members/<int:member_id>")
@allow(*OFFICE_VIEW)
def member(org_id: int, member_id: int) -> ResponseReturnValue:
    return _member_page(org_id, member_id)


@bp.post(ORG + "/members/<int:member_id>")
@allow(*OFFICE_EDIT)
def member_update(org_id: int, member_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        MemberPatch(),
        lambda d: organizations.update_member(db_session(), actor(), hall_now(), org_id, member_id, d),
        "Member saved.",
        url_for("office.members", org_id=org_id),
        lambda s: _member_page(org_id, member_id, s),
    )


def _licenses_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = organizations.get_organization(session, check_org(org_id))
    today = hall_today()
    vendors = licenses.list_vendors(session)
    return _page(
        "office/licenses.html",
        state,
        org=org,
        today=today,
        terms=licenses.bingo_terms(session, org_id),
        suspensions=licenses.bingo_suspensions(session, org_id),
        status=licenses.bingo_license_status(session, org_id, today),
        occasions=licenses.list_poker_occasion_licenses(session, org_id),
        personal=[presenters.personal_license(r, today) for r in licenses.list_personal_licenses(session, org_id)],
        vendors=vendors,
        contracts=licenses.list_vendor_contracts(session, org_id),
        member_options=[(m.id, m.name) for m in organizations.list_members(session, org_id)],
        vendor_options=[(v.id, v.name) for v in vendors],
    )


@bp.get(ORG + "/licenses")
@allow(*OFFICE_VIEW)
def licenses_page(org_id: int) -> ResponseReturnValue:
    return _licenses_page(org_id)


def _license_form(org_id: int, schema: Any, action: Any, success: str) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        schema, action, success, url_for("office.licenses_page", org_id=org_id), lambda s: _licenses_page(org_id, s)
    )


@bp.post(ORG + "/licenses/bingo-terms")
@allow(*OFFICE_EDIT)
def bingo_term_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        BingoLicenseIn(),
        lambda d: licenses.add_bingo_license_term(db_session(), actor(), hall_now(), org_id, d),
        "Licence term recorded.",
    )


def _contents_form(org_id: int, license_id: int, schema: Schema, change: Any) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6: one item added to or removed from what a licence term
    specifies, through the one door that sets the term's contents (licenses.set_bingo_license_contents)."""
    check_org(org_id)

    def amend(loaded: Any) -> object:
        session = db_session()
        term = licenses.get_bingo_term(session, org_id, license_id)
        return licenses.set_bingo_license_contents(
            session, actor(), hall_now(), org_id, license_id, change(term, loaded)
        )

    return submit(
        schema,
        amend,
        "Licence amended.",
        url_for("office.licenses_page", org_id=org_id) + f"#term-{license_id}",
        lambda s: _licenses_page(org_id, s),
    )


ITEM_SCHEMAS: dict[str, type[Schema]] = {
    "alternates": LicensedAlternateIn,
    "attendance_prizes": LicensedAttendancePrizeIn,
    "upick_games": LicensedUPickGameIn,
}


def _item_schema(kind: str) -> type[Schema]:
    """The list named in the path (alternates, attendance_prizes, upick_games); any other is not found."""
    if kind not in ITEM_SCHEMAS:
        abort(404)
    return ITEM_SCHEMAS[kind]


@bp.post(ORG + "/licenses/bingo-terms/<int:license_id>/<kind>")
@allow(*OFFICE_EDIT)
def bingo_term_item_add(org_id: int, license_id: int, kind: str) -> ResponseReturnValue:
    return _contents_form(org_id, license_id, _item_schema(kind)(), licenses.contents_with)


@bp.post(ORG + "/licenses/bingo-terms/<int:license_id>/<kind>/<int:item_id>/remove")
@allow(*OFFICE_EDIT)
def bingo_term_item_remove(org_id: int, license_id: int, kind: str, item_id: int) -> ResponseReturnValue:
    _item_schema(kind)
    return _contents_form(org_id, license_id, Schema(), lambda term, _: licenses.contents_without(term, kind, item_id))


@bp.post(ORG + "/licenses/bingo-suspensions")
@allow(*OFFICE_EDIT)
def bingo_suspension_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        SuspensionIn(),
        lambda d: licenses.add_bingo_suspension(db_session(), actor(), hall_now(), org_id, d),
        "Suspension recorded.",
    )


@bp.post(ORG + "/licenses/poker-occasions")
@allow(*OFFICE_EDIT)
def poker_occasion_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        PokerOccasionLicenseIn(),
        lambda d: licenses.create_poker_occasion_license(
            db_session(),
            actor(),
            hall_now(),
            replace(d, sponsor_organization_ids=[check_org(i) for i in d.sponsor_organization_ids]),
        ),
        "Tournament occasion licence recorded.",
    )


@bp.post(ORG + "/licenses/personal")
@allow(*OFFICE_EDIT)
def personal_license_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        PersonalLicenseIn(),
        lambda d: licenses.record_personal_license(db_session(), actor(), hall_now(), org_id, d),
        "Personal licence recorded.",
    )


@bp.post(ORG + "/licenses/personal/<int:license_id>/status")
@allow(*OFFICE_EDIT)
def personal_license_status(org_id: int, license_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        LicenseStatusIn(),
        lambda d: licenses.change_personal_license_status(
            db_session(), actor(), hall_now(), org_id, license_id, d["status"], d["reason"]
        ),
        "Licence status changed.",
    )


def _own_license(org_id: int, license_id: int) -> PersonalLicense:
    row = db_session().get(PersonalLicense, license_id)
    if row is None or row.organization_id != check_org(org_id):
        raise refuse(
            "not_found", f"No personal licence {license_id} here.", None, field="personal_license_id", status=404
        )
    return row


@bp.post(ORG + "/licenses/personal/<int:license_id>/photo")
@allow(*OFFICE_EDIT)
def personal_license_photo_upload(org_id: int, license_id: int) -> ResponseReturnValue:
    """28 Del. C. ch. 18, license contents ¶(2): the licence carries the holder's photograph."""
    _own_license(org_id, license_id)
    upload = request.files.get("photo")
    data = upload.read(MAX_PHOTO_BYTES + 1) if upload else b""
    problem = None
    if not data:
        problem = "Choose a photo file."
    elif len(data) > MAX_PHOTO_BYTES:
        problem = "The photo is larger than 2 MB."
    elif (
        upload is None
        or upload.mimetype not in PHOTO_TYPES
        or not (data[:3] == b"\xff\xd8\xff" or data[:8] == b"\x89PNG\r\n\x1a\n")
    ):
        problem = "The photo must be a JPEG or PNG image."
    if problem:
        return _licenses_page(org_id, FormState(errors={"photo": [problem]}, message=problem)), 422
    licenses.set_personal_license_photo(db_session(), actor(), hall_now(), license_id, data, upload.mimetype)  # type: ignore[union-attr]
    return redirect(url_for("office.licenses_page", org_id=org_id))


@bp.get(ORG + "/licenses/personal/<int:license_id>/photo")
@allow(*OFFICE_VIEW)
def personal_license_photo(org_id: int, license_id: int) -> ResponseReturnValue:
    row = _own_license(org_id, license_id)
    if row.photo is None:
        abort(404)
    return Response(row.photo, mimetype=row.photo_type or "application/octet-stream")


@bp.post(ORG + "/vendor-contracts")
@allow(*OFFICE_EDIT)
def vendor_contract_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id,
        VendorContractIn(),
        lambda d: licenses.create_vendor_contract(db_session(), actor(), hall_now(), org_id, d),
        "Contract recorded.",
    )


@bp.post(ORG + "/vendors")
@allow(*OFFICE_EDIT)
def vendor_create(org_id: int) -> ResponseReturnValue:
    return _license_form(
        org_id, VendorIn(), lambda d: licenses.create_vendor(db_session(), actor(), hall_now(), d), "Vendor added."
    )


def _roster_day() -> date:
    try:
        return date.fromisoformat(request.args.get("on", ""))
    except ValueError:
        return hall_today()


def _roster_page(org_id: int, on: date, state: FormState | None = None) -> str:
    session = db_session()
    org = organizations.get_organization(session, check_org(org_id))
    candidates = {role: roster.eligible(session, org_id, role, on) for role in WorkRole}
    return _page(
        "office/roster.html",
        state,
        org=org,
        on=on,
        assignments=roster.roster(session, org_id, on),
        candidates=candidates,
        member_options=[(m.id, m.name) for m in organizations.list_members(session, org_id)],
        personal_options=[
            (p.id, f"{p.holder_name} ({_label(p.kind)} {p.number or ''})")
            for p in licenses.list_personal_licenses(session, org_id)
        ],
    )


@bp.get(ORG + "/roster")
@allow(*OFFICE_VIEW)
def roster_page(org_id: int) -> ResponseReturnValue:
    return _roster_page(org_id, _roster_day())


@bp.post(ORG + "/roster")
@allow(Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.TOURNAMENT_DIRECTOR)
def roster_assign(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    on = _roster_day()
    return submit(
        AssignmentIn(),
        lambda d: roster.assign(db_session(), actor(), hall_now(), org_id, d),
        "Added to the roster.",
        url_for("office.roster_page", org_id=org_id, on=request.form.get("work_date") or on.isoformat()),
        lambda s: _roster_page(org_id, on, s),
    )


def _staff_page(state: FormState | None = None) -> str:
    session = db_session()
    now = hall_now()
    member_options = [
        (m.id, f"{m.name} ({o.name})") for o in organizations.list_organizations(session) for m in o.members
    ]
    return _page(
        "office/staff.html",
        state,
        users=[presenters.user(u, now) for u in staff.list_users(session)],
        member_options=member_options,
        resting=staff.resting_addresses(session, utc_now()),
    )


@bp.get("/staff")
@allow(*STAFF_ADMIN)
def staff_page() -> ResponseReturnValue:
    return _staff_page()


@bp.post("/staff")
@allow(*STAFF_ADMIN)
def staff_create() -> ResponseReturnValue:
    return submit(
        UserIn(),
        lambda d: staff.create_user(db_session(), actor(), hall_now(), d, kdf_cost()),
        "Account created.",
        url_for("office.staff_page"),
        _staff_page,
    )


@bp.post("/staff/<int:user_id>/roles")
@allow(*STAFF_ADMIN)
def staff_roles(user_id: int) -> ResponseReturnValue:
    return submit(
        RolesIn(),
        lambda d: staff.set_roles(db_session(), actor(), hall_now(), user_id, d["roles"]),
        "Roles changed.",
        url_for("office.staff_page"),
        _staff_page,
    )


@bp.post("/staff/<int:user_id>/secrets")
@allow(*STAFF_ADMIN)
def staff_secrets(user_id: int) -> ResponseReturnValue:
    return submit(
        SecretsIn(),
        lambda d: staff.set_secrets(db_session(), actor(), hall_now(), user_id, d, kdf_cost()),
        "Password or PIN changed.",
        url_for("office.staff_page"),
        _staff_page,
    )


@bp.post("/staff/<int:user_id>/unlock")
@allow(*STAFF_ADMIN)
def staff_unlock(user_id: int) -> ResponseReturnValue:
    staff.unlock(db_session(), actor(), hall_now(), user_id)
    return redirect(url_for("office.staff_page"))


@bp.post("/staff/addresses/unlock")
@allow(*STAFF_ADMIN)
def staff_unlock_address() -> ResponseReturnValue:
    staff.unlock_address(db_session(), actor(), hall_now(), request.form.get("address", ""))
    flash("That station may try again.")
    return redirect(url_for("office.staff_page"))


@bp.post("/staff/<int:user_id>/sign-out-everywhere")
@allow(*STAFF_ADMIN)
def staff_sign_out_everywhere(user_id: int) -> ResponseReturnValue:
    staff.sign_out_everywhere(db_session(), actor(), hall_now(), user_id)
    return redirect(url_for("office.staff_page"))


@bp.get("/audit")
@allow(Role.ADMIN, Role.OFFICER)
def audit_page() -> ResponseReturnValue:
    session = db_session()
    found = audit.verify(session)
    count, broken, problems = found.count, found.broken, audit.problems(found)
    latest = list(
        session.scalars(
            audit.entries_visible(select(AuditEntry), tenant(session)).order_by(AuditEntry.seq.desc()).limit(100)
        )
    )
    return _page("office/audit.html", count=count, broken=broken, problems=problems, entries=latest, anchor=found.head)
