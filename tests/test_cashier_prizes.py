"""The prizes the cashier owes (10 DE Admin Code 101-4.10), one list for the cashier's screen and the
close-out refusal: every verified share not yet paid (a game's share by claim, each split share, a
cookie-jar share, a U Pick Em ticket's share), with the W-2G flag the slip would carry; and a till's
sales and receipts of the shift, each within its organization."""

from __future__ import annotations

from datetime import date

from flask import Flask
from sqlalchemy.orm import Session

from bingo.rules.payouts import Prize
from bingo.services.closeout import PrizeDue
from bingo.web import presenters
from tests.support.bingo_factories import make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.pos import hall_with_prizes_due
from tests.support.replies import ok, refused


def test_4_10_prizes_due_lists_every_verified_unpaid_share_and_the_close_refusal_names_the_same(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    night = hall_with_prizes_due(app, admin, session)
    occ, faces = night.occ, night.faces
    cashier = staff(admin, f"cashier{night.hall.org.id}")
    due = ok(cashier.get(occ + "/prizes-due"))
    first, second = faces[2]
    assert [
        (d["game_number"], d["prize"], d["face_number"], d["ticket_code"], d["amount"], d["shares"]) for d in due
    ] == [
        (1, "game", faces[1][0], None, "100.00", 1),
        (2, "game", first, None, "25.00", 2),
        (2, "cookie_jar", first, None, "30.00", 2),
        (2, "game", second, None, "25.00", 2),
        (2, "cookie_jar", second, None, "30.00", 2),
        (3, "game", None, night.ticket, "80.00", 1),
    ]
    assert not any(d["w2g_required"] for d in due)
    assert due[0]["share_key"] == f"claim:{due[0]['claim_id']}:game"

    message = refused(admin.post(occ + "/close"), 409, "closeout_incomplete", "10 DE Admin Code 101-4.10")["message"]
    assert all(f"unpaid: {d['label']}" in message for d in due), message

    till = next(t for t in ok(admin.get(occ + "/tills")) if t["closed_at"] is None)
    ok(admin.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "paid_in", "amount": "200.00"}), 201)
    body = {"game_number": 2, "prize": "cookie_jar", "claim_id": due[2]["claim_id"]}
    key = {"Idempotency-Key": "station-pay-" + due[2]["share_key"]}
    paid = ok(admin.post(occ + "/payouts", body, headers=key), 201)
    assert ok(admin.post(occ + "/payouts", body, headers=key), 201)["number"] == paid["number"]
    ok(admin.post(occ + "/payouts", {"game_number": 3, "ticket_code": night.ticket}), 201)
    left = ok(cashier.get(occ + "/prizes-due"))
    assert [d["share_key"] for d in left] == [d["share_key"] for d in due if d not in (due[2], due[5])]
    message = refused(admin.post(occ + "/close"), 409, "closeout_incomplete")["message"]
    assert due[2]["label"] not in message and due[3]["label"] in message


def test_prizes_due_and_a_tills_sales_and_receipts_stay_within_the_organization(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    night = hall_with_prizes_due(app, admin, session)
    till = next(t for t in ok(admin.get(night.occ + "/tills")) if t["closed_at"] is None)
    other = make_hall(session)
    for role in ("mic", "verifier"):
        outsider = staff(admin, f"{role}{other.org.id}")
        for path in (night.occ + "/prizes-due", f"/api/v1/tills/{till['id']}/sales"):
            reply = outsider.get(path)
            assert reply.status_code == (404 if role == "mic" else 403), (role, path, reply.get_json())
    refused(admin.get("/api/v1/occasions/999999/prizes-due"), 404, "not_found")
    refused(admin.get("/api/v1/tills/999999/print-jobs"), 404, "not_found")
    refused(staff(admin, f"caller{night.hall.org.id}").get(night.occ + "/prizes-due"), 403, "forbidden")

    sales = ok(staff(admin, f"mic{night.hall.org.id}").get(f"/api/v1/tills/{till['id']}/sales"))
    assert [(s["kind"], s["total"], s["voidable"], s["at"]) for s in sales] == [("sale", "1.00", True, "18:00")]
    assert sales[0]["lines"][0]["tickets"] == [night.ticket]


def test_w_2g_prize_due_is_flagged_at_the_threshold_the_slip_uses() -> None:
    """IRS Form W-2G: $2,000.00 from 2026, $1,200.00 before, as tills.needs_w2g prints on the slip."""
    row = PrizeDue(5, Prize.COOKIE_JAR, 12, None, 77, 150_000, "game 5 cookie jar, face 77: $1,500.00")
    assert presenters.prize_due(row, date(2025, 12, 31))["w2g_required"] is True
    assert presenters.prize_due(row, date(2026, 1, 1))["w2g_required"] is False
    assert presenters.prize_due(row, date(2026, 1, 1))["share_key"] == "claim:12:cookie_jar"
