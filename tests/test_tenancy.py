"""Tenancy by construction: a request reaches only its own organization's rows, whether the id came
in the path or in the body; another organization's row answers as a row that does not exist. The
measured failures: org B's officer revoked org A's dealer licence and suspended its director
licence (API and office form), read org A's audit page and print queue and reprinted its tickets;
org A's paper packs were issued to org B's occasion."""

from __future__ import annotations

import re
from pathlib import Path

from flask import Flask
from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.hall.models import PersonalLicense
from tests.support.bingo_factories import make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import setup_occasion
from tests.support.replies import ok, refused
from tests.support.shop import line, shop

DEALER = {
    "holder_name": "Gail Reyes",
    "date_of_birth": "1988-08-08",
    "kind": "dealer",
    "number": "NLH-77",
    "issued_on": "2026-02-10",
    "fee": "15.00",
}


def _status_of(session: Session, licence_id: int) -> str:
    with session.info["database"].readers() as reader:
        return str(reader.scalar(select(PersonalLicense.status).where(PersonalLicense.id == licence_id)))


def test_1831_another_organizations_officer_cannot_revoke_a_licence_by_api_or_form(
    app: Flask, admin: Api, session: Session
) -> None:
    a, b = make_hall(session), make_hall(session)
    licence = ok(admin.post(f"/api/v1/organizations/{a.org.id}/personal-licenses", DEALER), 201)
    officer_b = staff(admin, f"officer{b.org.id}")
    body = {"status": "revoked", "reason": "not ours to revoke"}
    refused(
        officer_b.post(f"/api/v1/organizations/{b.org.id}/personal-licenses/{licence['id']}/status", body),
        404,
        "not_found",
        field="personal_license_id",
    )
    refused(
        officer_b.post(f"/api/v1/organizations/{a.org.id}/personal-licenses/{licence['id']}/status", body),
        403,
        "forbidden",
    )
    form = officer_b.client.post(
        f"/office/organizations/{b.org.id}/licenses/personal/{licence['id']}/status",
        data={**body, "csrf_token": officer_b.token},
    )
    assert form.status_code in (404, 422), form.status_code
    assert _status_of(session, licence["id"]) == "active"
    officer_a = staff(admin, f"officer{a.org.id}")
    ok(officer_a.post(f"/api/v1/organizations/{a.org.id}/personal-licenses/{licence['id']}/status", body))
    assert _status_of(session, licence["id"]) == "revoked"


def test_audit_page_shows_an_officer_only_their_own_organizations_entries(admin: Api, session: Session) -> None:
    a, b = make_hall(session), make_hall(session)
    officer_a, officer_b = staff(admin, f"officer{a.org.id}"), staff(admin, f"officer{b.org.id}")
    ok(
        officer_a.post(
            f"/api/v1/organizations/{a.org.id}/personal-licenses", {**DEALER, "holder_name": "Zebediah Secret"}
        ),
        201,
    )
    page_b = officer_b.client.get("/office/audit").get_data(as_text=True)
    page_a = officer_a.client.get("/office/audit").get_data(as_text=True)
    assert f"officer{a.org.id}" not in page_b and f"officer{a.org.id}" in page_a


def test_print_queue_and_reprint_stay_within_the_organization(admin: Api, session: Session, clock: Clock) -> None:
    """The hall has no printer configured in tests, so every receipt waits in the reprint queue."""
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
        ),
        201,
    )
    job_id = sale["print_jobs"][0]["id"]
    other = make_hall(session)
    outsider = staff(admin, f"mic{other.org.id}")
    mine = staff(admin, f"mic{hall.org.id}")
    assert job_id in [j["id"] for j in ok(mine.get("/api/v1/print-jobs"))]
    assert ok(outsider.get("/api/v1/print-jobs")) == []
    refused(
        outsider.post(f"/api/v1/print-jobs/{job_id}/reprint", {"station": None}), 404, "not_found", field="print_job_id"
    )


def test_4_23_an_organizations_paper_is_issued_only_to_its_own_occasions(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, _, _ = shop(admin, session)
    occasion = ok(admin.get(occ))
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "blue",
                "faces_per_sheet": 6,
                "sheets_per_pack": 1,
                "serial_from": 500,
                "serial_to": 509,
                "first_face": 1,
            },
        ),
        201,
    )
    other = make_hall(session)
    theirs = setup_occasion(admin, other, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    refused(
        admin.post(
            f"/api/v1/paper-sets/{paper['id']}/packs",
            {"action": "issue", "serials": [500], "occasion_id": theirs["id"], "station": "front"},
        ),
        404,
        "not_found",
        field="occasion_id",
    )
    assert ok(admin.get(f"/api/v1/paper-sets/{paper['id']}"))["packs"] == {"in_stock": 10}


def test_another_organizations_till_and_sale_are_out_of_reach_by_path_and_body(
    admin: Api, session: Session, clock: Clock
) -> None:
    """Org B's member in charge names org A's till and sale."""
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
        ),
        201,
    )
    till = ok(cashier.get(occ + "/tills"))[0]
    other = make_hall(session)
    outsider = staff(admin, f"mic{other.org.id}")
    for reply in (
        outsider.get(f"/api/v1/tills/{till['id']}"),
        outsider.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "drop", "amount": "1.00", "note": "x"}),
        outsider.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"100.00": 1}}),
        outsider.post(
            f"/api/v1/sales/{sale['id']}/void",
            {"reason": "x", "approver_username": f"mic{other.org.id}", "approver_pin": PIN},
        ),
    ):
        assert reply.status_code in (403, 404), (reply.status_code, reply.get_json())
    assert ok(cashier.get(f"/api/v1/tills/{till['id']}"))["closed_at"] is None


LOADS_OUTSIDE_THE_SCOPE = {
    ("bingo/services/selling.py", "CookieJarSettings"): "by the organization of an occasion already reached",
    ("bingo/services/selling.py", "PaperSet"): "checked against the occasion's organization on the next line",
    ("bingo/services/cash.py", "User"): "the signed-in actor's own account",
    ("bingo/services/cash.py", "Till"): "the till of a sale already reached, or found_or_refuse on the same line",
    ("bingo/services/occasions.py", "Premises"): "a building, rentable by any organization (4.7)",
    ("bingo/services/jars.py", "CookieJarSettings"): "by the organization of a path already scoped",
    ("bingo/services/books.py", "Sale"): "the books check, a command-line audit of every organization",
    ("bingo/services/books.py", "Entry"): "the books check, a command-line audit of every organization",
    ("bingo/services/reports.py", "Member"): "the member in charge of an occasion already reached",
    ("bingo/services/reports.py", "Premises"): "the premises of an occasion already reached",
    ("bingo/services/reports.py", "User"): "the signed-in actor's own account, who swears the statement",
    ("bingo/services/hall_papers.py", "Premises"): "the premises of an occasion already reached",
    ("bingo/services/paper_report.py", "Member"): "the member in charge of an occasion already reached",
    ("bingo/services/paper_report.py", "Premises"): "the premises of an occasion already reached",
    ("bingo/services/hall_papers.py", "Program"): "the program of an occasion already reached",
    ("bingo/services/occasions.py", "User"): "the callers of a game already reached",
    ("bingo/services/locks.py", "Occasion"): "found_or_refuse on the next line",
    ("poker/services/tournaments.py", "Tournament"): "found_or_refuse on the next line",
    ("shared/hall/services/staff.py", "User"): "the account's own name for the screens and papers",
    (
        "poker/services/tournaments.py",
        "PokerOccasionLicense",
    ): "checked against the tournament's organization on the next line",
    ("poker/services/desk_receipts.py", "PokerOccasionLicense"): "the licence of a tournament already reached",
    ("poker/services/desk_receipts.py", "TournamentPermit"): "the permit of a tournament already reached",
    ("shared/platform/service_kit.py", "model"): "get_or_refuse itself",
    ("shared/hall/services/staff_sessions.py", "StaffSession"): "a session by its own token",
}


def test_every_load_by_id_in_a_service_goes_through_the_organization_scope() -> None:
    """Tenancy by construction: a service loads a row named by a path or a body with get_or_refuse
    or found_or_refuse, which answer 404 for another organization's row; the few loads that do not
    are listed here with the reason they are safe, so a new one fails this test until it is."""
    root = Path(__file__).resolve().parent.parent
    found: set[tuple[str, str]] = set()
    pattern = re.compile(r"session\.get\((\w+)|select\((\w+)\)\.where\(\2\.id ==")
    services = [
        path
        for folder in ("bingo/services", "poker/services", "shared/hall/services")
        for path in sorted((root / folder).glob("*.py"))
    ]
    for path in [*services, root / "shared/platform/service_kit.py", root / "shared/printing/jobs.py"]:
        for match in pattern.finditer(path.read_text()):
            found.add((str(path.relative_to(root)), match.group(1) or match.group(2)))
    assert sorted(found - set(LOADS_OUTSIDE_THE_SCOPE)) == []
