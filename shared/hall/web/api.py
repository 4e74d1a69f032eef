"""/api/v1 for the shared modules: organizations, premises, members, licences, vendors, the roster,
staff accounts, sessions and the audit check. Views are thin: schema in, one service, schema out."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, current_app, jsonify, session

from shared.core.roles import OFFICE_EDIT, OFFICE_VIEW, STAFF_ADMIN, Role
from shared.core.violations import refuse
from shared.hall.models import Premises
from shared.hall.schemas import (
    AssignmentIn,
    AssignmentOut,
    AssignmentRequest,
    AuditVerifyOut,
    BingoLicenseIn,
    BingoLicenseOut,
    BingoLicenseRequest,
    BingoLicenseStatusOut,
    CandidateOut,
    EligibleQuery,
    LicenceContentsIn,
    LicenceContentsRequest,
    LicenseStatusIn,
    MemberChanges,
    MemberIn,
    MemberOut,
    MemberPatch,
    MemberRequest,
    OnDateQuery,
    OrganizationChanges,
    OrganizationIn,
    OrganizationOut,
    OrganizationPatch,
    OrganizationRequest,
    PersonalLicenseIn,
    PersonalLicenseOut,
    PersonalLicenseRequest,
    PokerOccasionLicenseIn,
    PokerOccasionLicenseOut,
    PokerOccasionLicenseRequest,
    PremisesIn,
    PremisesOut,
    PremisesRequest,
    RenewalsQuery,
    RolesIn,
    SecretsIn,
    SecretsRequest,
    SessionOut,
    SignInIn,
    SuspensionIn,
    SuspensionOut,
    SuspensionRequest,
    UserIn,
    UserOut,
    UserRequest,
    VendorContractIn,
    VendorContractOut,
    VendorContractRequest,
    VendorIn,
    VendorOut,
    VendorRequest,
)
from shared.hall.services import licenses, organizations, roster, staff
from shared.hall.services.authentication import authenticate
from shared.hall.web import presenters
from shared.hall.web.signin import (
    attempt,
    establish_session,
    home_endpoint_for,
    kdf_cost,
    lockout_policy,
)
from shared.platform import audit
from shared.platform.access import SESSION_KEY, csrf_token, public
from shared.platform.api import PUBLIC_ACCESS, openapi_document, operation
from shared.platform.context import (
    actor,
    current_user,
    db_session,
    hall_now,
    hall_today,
    printers,
    utc_now,
)
from shared.platform.scope import check_org, visible_org_ids
from shared.printing import jobs as printing
from shared.printing import transport
from shared.printing.schemas import (
    PrinterStatusOut,
    PrintJobOut,
    PrintQueueQuery,
    ReprintIn,
)
from shared.reports.document import Document

bp = Blueprint("api", __name__, url_prefix="/api/v1")
ORG = "/organizations/<int:org_id>"


@bp.get("/openapi.json")
@public
def openapi() -> Response:
    """The OpenAPI 3 document, built from the same declarations that guard and parse each route."""
    return jsonify(openapi_document("Flashboard", current_app.config["FLASHBOARD_VERSION"]))


@operation(
    bp, "/session", "GET", summary="The CSRF token and who is signed in", access=PUBLIC_ACCESS, response=SessionOut
)
def get_session() -> dict[str, Any]:
    user = current_user()
    return {
        "csrf_token": csrf_token(),
        "user": presenters.user(user, hall_now()) if user else None,
        "home": home_endpoint_for(user) if user else None,
    }


@operation(
    bp,
    "/session",
    "POST",
    summary="Sign in by password or station PIN",
    access=PUBLIC_ACCESS,
    body=SignInIn,
    response=SessionOut,
)
def create_session(body: dict[str, Any]) -> dict[str, Any]:
    by_pin = body.get("pin") is not None
    secret = body.get("pin") if by_pin else body.get("password")
    if not secret:
        raise refuse("secret_required", "Give a password or a PIN.", None, field="password")
    user = authenticate(
        db_session(), attempt(body["username"], secret, by_pin, body.get("station")), utc_now(), lockout_policy()
    )
    establish_session(user, body.get("station"))
    return {"csrf_token": csrf_token(), "user": presenters.user(user, hall_now()), "home": home_endpoint_for(user)}


@operation(bp, "/session", "DELETE", summary="Sign out", access=PUBLIC_ACCESS, status=204)
def delete_session() -> None:
    user = current_user()
    if user is not None:
        staff.record_sign_out(db_session(), actor(), hall_now(), session.get(SESSION_KEY))
    session.clear()


@operation(
    bp, "/organizations", "GET", summary="Organizations", access=OFFICE_VIEW, response=OrganizationOut, many=True
)
def list_organizations() -> list[Any]:
    visible = visible_org_ids()
    return [o for o in organizations.list_organizations(db_session()) if visible is None or o.id in visible]


@operation(
    bp,
    "/organizations",
    "POST",
    summary="Add an organization",
    access=STAFF_ADMIN,
    body=OrganizationIn,
    response=OrganizationOut,
    status=201,
)
def create_organization(body: OrganizationRequest) -> Any:
    return organizations.create_organization(db_session(), actor(), hall_now(), body)


@operation(bp, ORG, "GET", summary="One organization", access=OFFICE_VIEW, response=OrganizationOut)
def get_organization(org_id: int) -> Any:
    return organizations.get_organization(db_session(), check_org(org_id))


@operation(
    bp,
    ORG,
    "PATCH",
    summary="Change an organization",
    access=OFFICE_EDIT,
    body=OrganizationPatch,
    response=OrganizationOut,
)
def update_organization(org_id: int, body: OrganizationChanges) -> Any:
    return organizations.update_organization(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(bp, ORG + "/premises", "GET", summary="Premises", access=OFFICE_VIEW, response=PremisesOut, many=True)
def list_premises(org_id: int) -> list[Premises]:
    return list(organizations.get_organization(db_session(), check_org(org_id)).premises)


@operation(
    bp,
    ORG + "/premises",
    "POST",
    summary="Add premises",
    access=OFFICE_EDIT,
    body=PremisesIn,
    response=PremisesOut,
    status=201,
)
def create_premises(org_id: int, body: PremisesRequest) -> Any:
    return organizations.create_premises(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(bp, ORG + "/members", "GET", summary="Members", access=OFFICE_VIEW, response=MemberOut, many=True)
def list_members(org_id: int) -> list[Any]:
    return organizations.list_members(db_session(), check_org(org_id))


@operation(
    bp,
    ORG + "/members",
    "POST",
    summary="Add a member",
    access=OFFICE_EDIT,
    body=MemberIn,
    response=MemberOut,
    status=201,
)
def create_member(org_id: int, body: MemberRequest) -> Any:
    return organizations.create_member(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(
    bp,
    ORG + "/members/<int:member_id>",
    "PATCH",
    summary="Change a member",
    access=OFFICE_EDIT,
    body=MemberPatch,
    response=MemberOut,
)
def update_member(org_id: int, member_id: int, body: MemberChanges) -> Any:
    return organizations.update_member(db_session(), actor(), hall_now(), check_org(org_id), member_id, body)


@operation(
    bp,
    ORG + "/bingo-licenses",
    "GET",
    summary="Bingo licence terms",
    access=OFFICE_VIEW,
    response=BingoLicenseOut,
    many=True,
)
def list_bingo_licenses(org_id: int) -> list[Any]:
    return licenses.bingo_terms(db_session(), check_org(org_id))


@operation(
    bp,
    ORG + "/bingo-licenses",
    "POST",
    summary="Record a bingo licence term and what it specifies (10 DE Admin Code 101-4.4, 4.15, 4.18, 4.30.1.6)",
    access=OFFICE_EDIT,
    body=BingoLicenseIn,
    response=BingoLicenseOut,
    status=201,
)
def add_bingo_license(org_id: int, body: BingoLicenseRequest) -> Any:
    return licenses.add_bingo_license_term(db_session(), actor(), hall_now(), check_org(org_id), body)


def _licence_document(org_id: int) -> Document:
    session = db_session()
    org = organizations.get_organization(session, check_org(org_id))
    return presenters.bingo_licence_document(org, licenses.bingo_terms(session, org.id), hall_today())


@operation(
    bp,
    ORG + "/bingo-licence.pdf",
    "GET",
    summary="The bingo licence with what each term specifies, as PDF (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6)",
    access=OFFICE_VIEW,
    produces="application/pdf",
)
def bingo_licence_pdf(org_id: int) -> Response:
    from shared.reports import pdf  # reportlab loads with the first PDF, not at start-up

    return Response(
        pdf.render(_licence_document(org_id), hall_now()),
        mimetype="application/pdf",
        headers={"Content-Disposition": f"inline; filename=bingo-licence-{org_id}.pdf"},
    )


@operation(
    bp,
    ORG + "/bingo-licence/<table>.csv",
    "GET",
    summary="One table of the bingo licence (terms, contents) as CSV",
    access=OFFICE_VIEW,
    produces="text/csv",
)
def bingo_licence_csv(org_id: int, table: str) -> Response:
    document = _licence_document(org_id)
    found = document.table(table[:40])
    if found is None:
        raise refuse(
            "not_found", f"The licence has no table {table[:40]!r}; it has terms, contents.", None, "table", 404
        )
    return Response(
        found.csv(),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=bingo-licence-{org_id}-{found.name}.csv"},
    )


@operation(
    bp,
    ORG + "/bingo-licenses/<int:license_id>/contents",
    "PUT",
    summary="What a bingo licence term specifies, as amended (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6)",
    access=OFFICE_EDIT,
    body=LicenceContentsIn,
    response=BingoLicenseOut,
)
def set_bingo_license_contents(org_id: int, license_id: int, body: LicenceContentsRequest) -> Any:
    return licenses.set_bingo_license_contents(db_session(), actor(), hall_now(), check_org(org_id), license_id, body)


@operation(
    bp,
    ORG + "/bingo-suspensions",
    "POST",
    summary="Record a bingo licence suspension (101-4.4)",
    access=OFFICE_EDIT,
    body=SuspensionIn,
    response=SuspensionOut,
    status=201,
)
def add_bingo_suspension(org_id: int, body: SuspensionRequest) -> Any:
    return licenses.add_bingo_suspension(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(
    bp,
    ORG + "/bingo-license-status",
    "GET",
    summary="Licence class and lapse history (101-4.4)",
    access=OFFICE_VIEW,
    query=OnDateQuery,
    response=BingoLicenseStatusOut,
)
def bingo_license_status(org_id: int, query: dict[str, Any]) -> Any:
    return licenses.bingo_license_status(db_session(), check_org(org_id), query["on"] or hall_today())


@operation(
    bp,
    ORG + "/poker-occasion-licenses",
    "GET",
    summary="Poker tournament occasion licences",
    access=OFFICE_VIEW,
    response=PokerOccasionLicenseOut,
    many=True,
)
def list_poker_occasion_licenses(org_id: int) -> list[Any]:
    return licenses.list_poker_occasion_licenses(db_session(), check_org(org_id))


@operation(
    bp,
    "/poker-occasion-licenses",
    "POST",
    summary="Record a tournament occasion licence (28 Del. C. ch. 18)",
    access=OFFICE_EDIT,
    body=PokerOccasionLicenseIn,
    response=PokerOccasionLicenseOut,
    status=201,
)
def create_poker_occasion_license(body: PokerOccasionLicenseRequest) -> Any:
    for org_id in body.sponsor_organization_ids:
        check_org(org_id)
    return licenses.create_poker_occasion_license(db_session(), actor(), hall_now(), body)


@operation(bp, "/vendors", "GET", summary="Third-party vendors", access=OFFICE_VIEW, response=VendorOut, many=True)
def list_vendors() -> list[Any]:
    return licenses.list_vendors(db_session())


@operation(
    bp,
    "/vendors",
    "POST",
    summary="Add a third-party vendor",
    access=OFFICE_EDIT,
    body=VendorIn,
    response=VendorOut,
    status=201,
)
def create_vendor(body: VendorRequest) -> Any:
    return licenses.create_vendor(db_session(), actor(), hall_now(), body)


@operation(
    bp,
    ORG + "/vendor-contracts",
    "GET",
    summary="Vendor contracts",
    access=OFFICE_VIEW,
    response=VendorContractOut,
    many=True,
)
def list_vendor_contracts(org_id: int) -> list[Any]:
    return licenses.list_vendor_contracts(db_session(), check_org(org_id))


@operation(
    bp,
    ORG + "/vendor-contracts",
    "POST",
    summary="Record a vendor contract (no percentage pay)",
    access=OFFICE_EDIT,
    body=VendorContractIn,
    response=VendorContractOut,
    status=201,
)
def create_vendor_contract(org_id: int, body: VendorContractRequest) -> Any:
    return licenses.create_vendor_contract(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(
    bp,
    ORG + "/personal-licenses",
    "GET",
    summary="Personal gaming licences",
    access=OFFICE_VIEW,
    response=PersonalLicenseOut,
    many=True,
)
def list_personal_licenses(org_id: int) -> list[Any]:
    today = hall_today()
    return [
        presenters.personal_license(r, today) for r in licenses.list_personal_licenses(db_session(), check_org(org_id))
    ]


@operation(
    bp,
    ORG + "/personal-licenses",
    "POST",
    summary="Record a personal gaming licence",
    access=OFFICE_EDIT,
    body=PersonalLicenseIn,
    response=PersonalLicenseOut,
    status=201,
)
def record_personal_license(org_id: int, body: PersonalLicenseRequest) -> Any:
    row = licenses.record_personal_license(db_session(), actor(), hall_now(), check_org(org_id), body)
    return presenters.personal_license(row, hall_today())


@operation(
    bp,
    ORG + "/personal-licenses/<int:license_id>/status",
    "POST",
    summary="Suspend, revoke, deny or restore a licence",
    access=OFFICE_EDIT,
    body=LicenseStatusIn,
    response=PersonalLicenseOut,
)
def change_personal_license_status(org_id: int, license_id: int, body: dict[str, Any]) -> Any:
    check_org(org_id)
    row = licenses.change_personal_license_status(
        db_session(), actor(), hall_now(), org_id, license_id, body["status"], body["reason"]
    )
    return presenters.personal_license(row, hall_today())


@operation(
    bp,
    ORG + "/renewals-due",
    "GET",
    summary="Personal licences due for renewal in the next 30 days",
    access=OFFICE_VIEW,
    query=RenewalsQuery,
    response=PersonalLicenseOut,
    many=True,
)
def renewals_due(org_id: int, query: dict[str, Any]) -> list[Any]:
    today = query["today"] or hall_today()
    return [
        presenters.personal_license(r, today) for r in licenses.renewals_due(db_session(), check_org(org_id), today)
    ]


@operation(
    bp,
    ORG + "/eligible-workers",
    "GET",
    summary="Who may work a role on a date",
    access=OFFICE_VIEW,
    query=EligibleQuery,
    response=CandidateOut,
    many=True,
)
def eligible_workers(org_id: int, query: dict[str, Any]) -> list[Any]:
    return roster.eligible(db_session(), check_org(org_id), query["role"], query["on"] or hall_today())


@operation(
    bp,
    ORG + "/work-assignments",
    "GET",
    summary="The roster for a date",
    access=OFFICE_VIEW,
    query=OnDateQuery,
    response=AssignmentOut,
    many=True,
)
def list_assignments(org_id: int, query: dict[str, Any]) -> list[Any]:
    return roster.roster(db_session(), check_org(org_id), query["on"] or hall_today())


@operation(
    bp,
    ORG + "/work-assignments",
    "POST",
    summary="Put a person on the roster (licences and 4.23 checked)",
    access=(Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE, Role.TOURNAMENT_DIRECTOR),
    body=AssignmentIn,
    response=AssignmentOut,
    status=201,
)
def create_assignment(org_id: int, body: AssignmentRequest) -> Any:
    return roster.assign(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(bp, "/users", "GET", summary="Staff accounts", access=STAFF_ADMIN, response=UserOut, many=True)
def list_users() -> list[Any]:
    now = hall_now()
    return [presenters.user(u, now) for u in staff.list_users(db_session())]


@operation(
    bp, "/users", "POST", summary="Add a staff account", access=STAFF_ADMIN, body=UserIn, response=UserOut, status=201
)
def create_user(body: UserRequest) -> Any:
    return presenters.user(staff.create_user(db_session(), actor(), hall_now(), body, kdf_cost()), hall_now())


@operation(
    bp,
    "/users/<int:user_id>/roles",
    "PUT",
    summary="Set a user's roles",
    access=STAFF_ADMIN,
    body=RolesIn,
    response=UserOut,
)
def set_roles(user_id: int, body: dict[str, Any]) -> Any:
    return presenters.user(staff.set_roles(db_session(), actor(), hall_now(), user_id, body["roles"]), hall_now())


@operation(
    bp,
    "/users/<int:user_id>/secrets",
    "POST",
    summary="Set a new password or PIN",
    access=STAFF_ADMIN,
    body=SecretsIn,
    response=UserOut,
)
def set_secrets(user_id: int, body: SecretsRequest) -> Any:
    return presenters.user(staff.set_secrets(db_session(), actor(), hall_now(), user_id, body, kdf_cost()), hall_now())


@operation(bp, "/users/<int:user_id>/unlock", "POST", summary="Clear a lockout", access=STAFF_ADMIN, response=UserOut)
def unlock_user(user_id: int) -> Any:
    return presenters.user(staff.unlock(db_session(), actor(), hall_now(), user_id), hall_now())


@operation(
    bp,
    "/users/<int:user_id>/sign-out-everywhere",
    "POST",
    summary="End every session of a user",
    access=STAFF_ADMIN,
    response=UserOut,
)
def sign_out_everywhere(user_id: int) -> Any:
    return presenters.user(staff.sign_out_everywhere(db_session(), actor(), hall_now(), user_id), hall_now())


@operation(
    bp,
    "/audit/verify",
    "GET",
    summary="Check the audit chain",
    access=(Role.ADMIN, Role.OFFICER),
    response=AuditVerifyOut,
)
def verify_audit() -> dict[str, Any]:
    found = audit.verify(db_session())
    broken = found.broken
    return {
        "entries": found.count,
        "ok": found.intact,
        "broken_entry_id": broken.entry_id if broken else None,
        "broken_seq": broken.seq if broken else None,
        "reason": broken.reason if broken else None,
        "problems": audit.problems(found),
        "anchor": str(found.head),
    }


PRINT_ROLES = (Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.CASHIER, Role.TOURNAMENT_DIRECTOR)


@operation(
    bp,
    "/print-jobs",
    "GET",
    summary="The reprint queue: receipts that did not print, or whose paper must be checked",
    access=PRINT_ROLES,
    query=PrintQueueQuery,
    response=PrintJobOut,
    many=True,
)
def print_queue(query: dict[str, Any]) -> list[Any]:
    return printing.queue(db_session(), query["station"])


@operation(
    bp,
    "/print-jobs/<int:job_id>/reprint",
    "POST",
    summary="Reprint a receipt, marked REPRINT",
    access=PRINT_ROLES,
    body=ReprintIn,
    response=PrintJobOut,
)
def reprint_job(job_id: int, body: dict[str, Any]) -> Any:
    return printing.reprint(db_session(), actor(), hall_now(), printers(), job_id, body["station"])


@operation(
    bp,
    "/print-jobs/<int:job_id>/confirm",
    "POST",
    summary="Mark a job the printer did not confirm as printed, once the cashier has seen the whole paper",
    access=PRINT_ROLES,
    response=PrintJobOut,
)
def confirm_job(job_id: int) -> Any:
    return printing.confirm(db_session(), actor(), hall_now(), job_id)


@operation(
    bp,
    "/printers/<station>/status",
    "GET",
    summary="A station printer's status: online, paper near end, paper out",
    access=PRINT_ROLES,
    response=PrinterStatusOut,
)
def printer_status(station: str) -> Any:
    current = transport.status(printing.printer_for(printers(), station[:100]))
    return {
        "station": station,
        "reachable": current.reachable,
        "online": current.online,
        "paper": current.paper,
        "detail": current.detail,
    }
