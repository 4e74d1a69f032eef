"""Montana tournament permits through the API (MCA 23-5-317(1)(a)-(b), (d), (f); (2)(a)-(b)): recorded
per organization and year at the whole annual fee, audited; a Montana tournament is refused without a
permit in force for its year and is held under it; the permit lists the notices to the department of
its tournaments and how many count toward the 16; its desk receipts name the permit."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy.orm import Session

from shared.printing.models import PrintJob
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_org
from tests.support.poker_factories import DE_SETUP, open_desk
from tests.support.replies import ok, refused

HALF = {"place": 1, "description": "50% of the pool", "percent_bp": 5000}
LARGE: dict[str, Any] = {
    **DE_SETUP,
    "jurisdiction": "mt_large",
    "starts_on": "2026-12-10",
    "announced_on": "2026-12-01",
    "entry_fee": "500.00",
    "rebuy": {"allowed": True, "cost": "500.00", "chips": 10000, "max_per_player": 2},
}


def test_mca_23_5_317_1a_a_large_stakes_tournament_needs_a_permit_for_its_year(
    admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    tournaments = f"/api/v1/organizations/{org.id}/tournaments"
    permits = f"/api/v1/organizations/{org.id}/tournament-permits"
    before = audit_count(session)
    refused(admin.post(tournaments, LARGE), 422, "tournament_permit_required", "MCA 23-5-317(1)(a)", "starts_on")
    assert audit_count(session) == before
    ok(admin.post(permits, {"jurisdiction": "mt_large", "year": 2025, "number": "LS-2025-7", "fee": "120.00"}), 201)
    refused(admin.post(tournaments, LARGE), 422, "tournament_permit_required", "MCA 23-5-317(1)(a)")
    permit = ok(
        admin.post(permits, {"jurisdiction": "mt_large", "year": 2026, "number": "LS-2026-7", "fee": "120.00"}), 201
    )
    assert (permit["kind"], permit["tournaments_allowed"], permit["counted"], permit["notices"]) == (
        "Montana, large-stakes",
        16,
        0,
        [],
    )
    tournament = ok(admin.post(tournaments, LARGE), 201)
    assert tournament["permit_id"] == permit["id"]
    url = f"/api/v1/tournaments/{tournament['id']}"
    open_desk(admin, url)
    bought = ok(admin.post(url + "/buys", {"kind": "entry", "player_name": "Ann Lee", "tendered": "500.00"}), 201)
    with session.info["database"].readers() as reader:
        receipt = json.loads(reader.get_one(PrintJob, bought["print_jobs"][0]["id"]).document)
    assert "Tournament permit LS-2026-7" in receipt["header"], "the receipt names the permit it is held under"
    small = {**LARGE, "jurisdiction": "mt_small", "entry_fee": "80.00", "rebuy": {"allowed": False}}
    refused(admin.post(tournaments, small), 422, "tournament_permit_required", "MCA 23-5-317(2)(a)", "starts_on")


def test_mca_23_5_317_1b_2b_the_whole_annual_fee_one_permit_a_year_audited(
    admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    permits = f"/api/v1/organizations/{org.id}/tournament-permits"
    small = {"jurisdiction": "mt_small", "year": 2026, "number": "SS-1", "fee": "250.00"}
    before = audit_count(session)
    refused(admin.post(permits, small), 422, "wrong_permit_fee", "MCA 23-5-317(2)(b)", "fee")
    refused(admin.post(permits, {**small, "jurisdiction": "mt_large", "fee": "60.00"}), 422, "wrong_permit_fee")
    refused(admin.post(permits, {**small, "jurisdiction": "de", "fee": "120.00"}), 422, "invalid_input")
    assert audit_count(session) == before
    ok(admin.post(permits, {**small, "fee": "500.00"}), 201)
    assert audit_count(session) == before + 1
    refused(admin.post(permits, {**small, "fee": "500.00", "number": "SS-2"}), 409, "duplicate")
    ok(admin.post(permits, {**small, "jurisdiction": "mt_large", "fee": "120.00"}), 201)
    listed = ok(admin.get(permits))
    assert sorted((p["jurisdiction"], p["fee"]) for p in listed) == [("mt_large", "120.00"), ("mt_small", "500.00")]


def test_mca_23_5_317_1d_1f_the_permit_lists_each_notice_and_what_counts_toward_16(
    admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    tournaments = f"/api/v1/organizations/{org.id}/tournaments"
    permits = f"/api/v1/organizations/{org.id}/tournament-permits"
    ok(admin.post(permits, {"jurisdiction": "mt_large", "year": 2026, "number": "LS-9", "fee": "120.00"}), 201)
    charity = {**LARGE, "charitable": True, "charity_percent": 50, "prizes": [HALF]}
    for day in (3, 4, 5, 6):
        ok(
            admin.post(
                tournaments,
                {**charity, "name": f"Charity {day}", "starts_on": f"2026-11-{day:02d}", "announced_on": "2026-10-20"},
            ),
            201,
        )
    ok(admin.post(tournaments, LARGE), 201)
    (permit,) = ok(admin.get(permits))
    assert [(n["name"], n["notified_on"], n["days_before"], n["counted"]) for n in permit["notices"]] == [
        ("Charity 3", "2026-10-20", 14, False),
        ("Charity 4", "2026-10-20", 15, False),
        ("Charity 5", "2026-10-20", 16, False),
        ("Charity 6", "2026-10-20", 17, True),
        ("Winter Classic", "2026-12-01", 9, True),
    ]
    assert permit["counted"] == 2


def test_mca_23_5_317_1a_1b_the_office_records_a_permit_and_shows_its_notices(
    admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    path = f"/poker/organizations/{org.id}/permits"
    assert "No tournament permits recorded." in admin.client.get(path).get_data(as_text=True)
    wrong = {"jurisdiction": "mt_large", "year": "2026", "number": "LS-1", "fee": "100.00"}
    reply = admin.client.post(path, data={**wrong, "csrf_token": admin.token})
    text = " ".join(reply.get_data(as_text=True).split())
    assert reply.status_code == 422 and "MCA 23-5-317(1)(b)" in text and "never prorated" in text
    reply = admin.client.post(path, data={**wrong, "fee": "120.00", "csrf_token": admin.token})
    assert reply.status_code == 302
    ok(admin.post(f"/api/v1/organizations/{org.id}/tournaments", LARGE), 201)
    text = " ".join(admin.client.get(path).get_data(as_text=True).split())
    assert "Montana, large-stakes 2026" in text and "permit LS-1" in text and "$120.00" in text
    assert "<td>Winter Classic</td><td>2026-12-10</td><td>2026-12-01</td><td>9</td>" in text
