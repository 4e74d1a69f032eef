"""Payouts with the W-2G table, voids approved by the member in charge, and the till: tender as an
enumeration (never credit), every sale and prize on the open till of its station, paid-ins and
drops, over/short from the till's own lines, and closed tills and closed books that stay closed."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.core.tills import (
    Drawer,
    Tender,
    TillResult,
    count_refusal,
    counted_total,
    needs_w2g,
    tender_refusal,
    w2g_threshold,
)
from shared.printing import stations
from tests.support.bingo_factories import Hall
from tests.support.books import close_till, count_of, open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, audit_count, make_member, make_user
from tests.support.occasions import closed_game
from tests.support.printer import Emulator, arrived, latest, seen
from tests.support.replies import ok, refused
from tests.support.screens import keep_receipt
from tests.support.shop import line, shop

SALE = {"buyer_is_adult": True}


def test_w2g_threshold_is_a_dated_table() -> None:
    assert w2g_threshold(date(2025, 12, 31)) == 120_000 and w2g_threshold(date(2026, 1, 1)) == 200_000
    assert needs_w2g(120_000, date(2025, 6, 1)) and not needs_w2g(119_999, date(2025, 6, 1))
    assert not needs_w2g(150_000, date(2026, 6, 1)) and needs_w2g(200_000, date(2026, 6, 1))


def test_till_over_short_is_computed_from_the_drawer_lines_and_explained() -> None:
    assert counted_total({2_000: 3, 100: 4, 25: 2}) == 6_450
    assert TillResult(6_500, 6_450).over_short_cents == -50 and "$0.50 short" in TillResult(6_500, 6_450).explanation()
    assert TillResult(6_500, 6_500).explanation() == "The drawer balances."
    assert count_refusal({300: 1}) is not None and count_refusal({100: -1}) is not None
    assert (
        Drawer(opening_bank=10_000, cash_sales=4_000, cash_payouts=80_000, paid_ins=80_000, drops=2_000).expected_cents
        == 12_000
    )


@pytest.mark.parametrize("text", ["IOU", "iou", "credit", "credit card", "credit_card", "tab", "Tab ", "marker"])
def test_pari_1207_03_j_credit_in_any_spelling_is_refused_with_the_rule(text: str) -> None:
    found = tender_refusal(text, (Tender.CHECK, Tender.DEBIT_CARD), 100, 100, "N.H. Admin. Code Pari 1207.03(j)")
    assert found is not None and (found.code, found.rule, found.field) == (
        "no_credit",
        "N.H. Admin. Code Pari 1207.03(j)",
        "tender",
    )


def test_tender_is_an_enumeration_spelled_exactly() -> None:
    for text in ["CASH", "Cash ", " cash", "money", ""]:
        found = tender_refusal(text, (), 100, 100)
        assert found is not None and found.code == "unknown_tender", text
    assert tender_refusal("cash", (), 100, 500) is None
    assert (
        tender_refusal("check", (), 100, 100) is not None
        and tender_refusal("check", (), 100, 100).code == "tender_not_taken"
    )  # type: ignore[union-attr]
    assert tender_refusal("check", (Tender.CHECK,), 100, 100) is None
    assert tender_refusal("check", (Tender.CHECK,), 100, 200).code == "change_from_non_cash"  # type: ignore[union-attr]
    assert tender_refusal("cash", (), 100, 99).code == "short_tender"  # type: ignore[union-attr]


def _cashier(admin: Api, session: Session, hall: Hall, station: str) -> Api:
    member = make_member(session, hall.org, name=f"Cashier at {station}")
    user = make_user(session, [Role.CASHIER], member=member, username=f"cash-{station}")
    session.commit()
    api = staff(admin, user.username)
    with api.client.session_transaction() as sess:
        sess["station"] = station
    return api


def test_payout_of_a_split_share_once_with_its_slip(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, cashier, _ = shop(admin, session)
    refused(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": 1}), 409, "game_not_closed")
    claims = closed_game(admin, occ)
    paid = ok(
        cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"], "verifier_name": "Carol"}), 201
    )
    assert paid["amount"] == "33.34" and paid["w2g_required"] is False and paid["number"] == 1
    refused(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"]}), 409, "already_paid")
    refused(
        cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[1]["id"], "prize": "cookie_jar"}),
        409,
        "nothing_to_pay",
    )


def test_4_6_a_prize_is_paid_from_cash_in_the_drawer_a_paid_in_brings_it_and_the_drawer_balances(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: a big prize paid from a drawer holding less gave 'Expected cash -$943.17'."""
    occ, hall, _, ids = shop(admin, session, till=False)
    cashier = _cashier(admin, session, hall, "front")
    till = open_till(cashier, occ, "50.00")
    claims = closed_game(admin, occ, winners=1)
    refused(
        cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"]}),
        409,
        "drawer_short",
        field="amount",
    )
    mic = staff(admin, f"mic{hall.org.id}")
    refused(
        cashier.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "paid_in", "amount": "100.00"}), 403, "forbidden"
    )
    moved = ok(
        mic.post(
            f"/api/v1/tills/{till['id']}/movements", {"kind": "paid_in", "amount": "100.00", "note": "prize bank"}
        ),
        201,
    )
    assert (moved["paid_ins"], moved["in_drawer"]) == ("100.00", "150.00")
    ok(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"]}), 201)
    ok(cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}), 201)
    refused(
        mic.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "drop", "amount": "100.00"}), 409, "drawer_short"
    )
    dropped = ok(mic.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "drop", "amount": "60.00"}), 201)
    assert (dropped["cash_sales"], dropped["cash_payouts"], dropped["drops"], dropped["in_drawer"]) == (
        "20.00",
        "100.00",
        "60.00",
        "10.00",
    )
    closed = close_till(cashier, till)
    assert (closed["expected"], closed["over_short"], closed["explanation"]) == (
        "10.00",
        "0.00",
        "The drawer balances.",
    )


def test_tender_spelt_otherwise_never_falls_out_of_expected_cash(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: 'CASH' and 'Cash ' were left out of expected cash, so $20 could be pocketed."""
    occ, _, cashier, ids = shop(admin, session, till=False)
    till = open_till(cashier, occ, "0.00")
    before = audit_count(session)
    for text in ["CASH", "Cash ", "IOU", "credit card", "tab", "check"]:
        reply = cashier.post(
            occ + "/sales", {**SALE, "tender": text, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
        )
        assert reply.status_code == 422 and reply.get_json()["error"] in {
            "unknown_tender",
            "no_credit",
            "tender_not_taken",
        }, text
    assert audit_count(session) == before
    settings = app.extensions["flashboard.settings"]
    app.extensions["flashboard.settings"] = replace(settings, tenders=(Tender.CHECK,))
    ok(
        cashier.post(
            occ + "/sales",
            {**SALE, "tender": "check", "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"},
        ),
        201,
    )
    ok(cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}), 201)
    drawer = ok(cashier.get(f"/api/v1/tills/{till['id']}"))
    assert (drawer["cash_sales"], drawer["in_drawer"]) == ("20.00", "20.00")
    short = ok(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": count_of(0)}))
    assert short["over_short"] == "-20.00" and "$20.00 short" in short["explanation"]
    report = ok(admin.get(occ + "/sales-report"))
    by_tender = next(t for t in report["tables"] if t["name"] == "by_tender")
    assert by_tender["rows"] == [["Cash", "1", "$20.00"], ["Check", "1", "$20.00"], ["Total", "2", "$40.00"]]


def test_sales_and_payouts_need_an_open_till_at_their_station(admin: Api, session: Session, clock: Clock) -> None:
    """The measured failure: sales were accepted at a station with no open till."""
    occ, hall, _, ids = shop(admin, session, till=False)
    elsewhere = _cashier(admin, session, hall, "bar")
    before = audit_count(session)
    refused(
        elsewhere.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}),
        409,
        "no_open_till",
        field="station",
    )
    assert audit_count(session) == before
    till = open_till(elsewhere, occ)
    ok(
        elsewhere.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}),
        201,
    )
    close_till(elsewhere, till)
    refused(
        elsewhere.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}),
        409,
        "no_open_till",
    )
    refused(elsewhere.post(f"/api/v1/tills/{till['id']}/close", {"counts": {}}), 409, "till_closed")


def test_only_the_tills_own_cashier_or_the_member_in_charge_closes_it(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: any cashier could close any till with any count."""
    occ, hall, _, _ = shop(admin, session, till=False)
    ann, bob = _cashier(admin, session, hall, "front"), _cashier(admin, session, hall, "back")
    anns = open_till(ann, occ, "100.00")
    bobs = open_till(bob, occ, "100.00")
    refused(
        bob.post(f"/api/v1/tills/{anns['id']}/close", {"counts": {"100.00": 1}}), 403, "not_your_till", field="till_id"
    )
    assert ok(ann.post(f"/api/v1/tills/{anns['id']}/close", {"counts": {"100.00": 1}}))["over_short"] == "0.00"
    mic = staff(admin, f"mic{hall.org.id}")
    assert ok(mic.post(f"/api/v1/tills/{bobs['id']}/close", {"counts": {"50.00": 1}}))["over_short"] == "-50.00"


def test_void_needs_the_member_in_charge_pin_and_a_reason(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [
                    line(ids, "admission", 1, "20.00"),
                    line(ids, "cookie_jar", 2, "2.00"),
                    line(ids, "upick_face", 1, "1.00"),
                ],
                "buyer_is_adult": True,
                "tendered": "25.00",
            },
        ),
        201,
    )
    url = f"/api/v1/sales/{sale['id']}/void"
    before = audit_count(session)
    not_mic = cashier.post(
        url, {"reason": "wrong pack", "approver_username": f"caller{hall.org.id}", "approver_pin": PIN}
    )
    wrong_pin = cashier.post(
        url, {"reason": "wrong pack", "approver_username": f"mic{hall.org.id}", "approver_pin": "9999"}
    )
    refused(not_mic, 403, "approval_refused", "10 DE Admin Code 101-4.1")
    assert wrong_pin.get_json() == not_mic.get_json(), (
        "a right PIN of someone who may not approve answers as a wrong PIN"
    )
    assert audit_count(session) == before + 2, "each failed approval is audited"
    refused(
        cashier.post(url, {"reason": "  ", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}),
        422,
        "reason_required",
    )
    voided = ok(
        cashier.post(url, {"reason": "wrong pack", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN})
    )
    assert voided["status"] == "voided"
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))["pending"] == "0.00"
    assert ok(cashier.get(f"/api/v1/upick-tickets/{sale['tickets'][0]['code']}"))["status"] == "void"
    refused(
        cashier.post(url, {"reason": "again", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}),
        409,
        "not_voidable",
    )
    assert admin.client.application.test_cli_runner().invoke(args=["jar", "check"]).exit_code == 0


def test_4_30_1_7_a_sale_of_many_faces_voids_every_ticket(admin: Api, session: Session, clock: Clock) -> None:
    """The measured failure: codes were comma-joined and cut at 100 characters, so a sale of 8 or more
    faces could not be voided (and the refusal said "game started")."""
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(
        cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "upick_face", 12, "1.00")], "tendered": "12.00"}), 201
    )
    assert len(sale["tickets"]) == 12 and sale["lines"][0]["tickets"] == [t["code"] for t in sale["tickets"]]
    ok(
        cashier.post(
            f"/api/v1/sales/{sale['id']}/void",
            {"reason": "changed mind", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN},
        )
    )
    assert {ok(cashier.get(f"/api/v1/upick-tickets/{t['code']}"))["status"] for t in sale["tickets"]} == {"void"}


def test_void_after_the_till_closed_is_refused_its_refund_would_be_in_no_drawer(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, cashier, ids = shop(admin, session, till=False)
    till = open_till(cashier, occ)
    sale = ok(
        cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}), 201
    )
    close_till(cashier, till)
    before = audit_count(session)
    refused(
        cashier.post(
            f"/api/v1/sales/{sale['id']}/void",
            {"reason": "late", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN},
        ),
        409,
        "till_closed",
        field="sale_id",
    )
    assert audit_count(session) == before


def test_1521_closed_books_stay_closed_and_an_adjustment_unswears_the_statement(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: after close and the sworn statement, a sale could be voided and an expense
    added; the statement still said sworn with other figures."""
    occ, hall, cashier, ids = shop(admin, session, till=False)
    till = open_till(cashier, occ)
    sale = ok(
        cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}), 201
    )
    mic = staff(admin, f"mic{hall.org.id}")
    refusal = refused(mic.post(occ + "/close"), 409, "closeout_incomplete")
    assert "till not closed: 127.0.0.1" in refusal["message"]
    close_till(cashier, till)
    ok(mic.post(occ + "/close"))
    ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire engine fund"}))
    pdf_before = admin.get(occ + "/report.pdf").data
    before = audit_count(session)
    void = {"reason": "late", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    refused(cashier.post(f"/api/v1/sales/{sale['id']}/void", void), 409, "occasion_closed", "28 Del. C. §1521")
    refused(
        cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}),
        409,
        "occasion_closed",
        "28 Del. C. §1521",
    )
    refused(cashier.post(occ + "/tills", {"opening_bank": "10.00"}), 409, "occasion_closed")
    expense = {"payee_name": "Ace Paper", "payee_address": "2 Mill Rd", "description": "paper", "amount": "40.00"}
    refused(mic.post(occ + "/expenses", expense), 409, "occasion_closed", "28 Del. C. §1521", field="adjustment_reason")
    refused(
        admin.post(occ + "/products", {"kind": "non_gaming", "name": "Late", "price": "1.00"}), 409, "occasion_closed"
    )
    assert audit_count(session) == before
    assert admin.get(occ + "/report.pdf").data == pdf_before
    officer = staff(admin, f"officer{hall.org.id}")
    refused(
        officer.post(occ + "/expenses", {**expense, "adjustment_reason": "invoice came late"}),
        403,
        "member_in_charge_only",
    )
    ok(mic.post(occ + "/expenses", {**expense, "adjustment_reason": "invoice came late"}), 201)
    sworn = ok(admin.get(occ + "/sworn-statement"))
    assert "un-sworn by the adjustment" in str(sworn["facts"]) and sworn["sworn"] is False and sworn["adjustments"] == 1
    assert any(t["name"] == "adjustments" for t in sworn["tables"])
    ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire engine fund"}))
    assert ok(admin.get(occ + "/sworn-statement"))["sworn"] is True


@pytest.mark.printer
def test_payout_slip_and_shift_report_print(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    occ, _, cashier, ids = shop(admin, session, till=False)
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    till = open_till(cashier, occ, "150.00")
    ok(
        cashier.post(
            occ + "/sales", {"lines": [line(ids, "admission", 1, "20.00")], "buyer_is_adult": True, "tendered": "20.00"}
        ),
        201,
    )
    claims = closed_game(admin, occ, winners=1)
    before = seen(emulator)
    ok(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"], "verifier_name": "Carol"}), 201)
    slips = sorted(emulator.text(job) for job in arrived(emulator, before, 2))
    assert ["Copy 1 of 2 - winner" in slips[0], "Copy 2 of 2 - hall" in slips[1]] == [True, True]
    for slip in slips:
        for expected in [
            "PRIZE PAYOUT",
            "Bingo licence B-",
            "Game 1 (regular): Any row",
            "One winner: the whole prize",
            f"Winner: face {claims[0]['face_number']}",
            "Verified by Carol",
            "$100.00",
            "Winner's signature",
            "Transaction 2",
        ]:
            assert expected in slip, expected
    before = seen(emulator)
    ok(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"50.00": 1, "20.00": 1, "10.00": 1}}))
    shift = latest(emulator, before)
    keep_receipt(emulator, shift, "bingo-shift-report-over")
    report = emulator.text(shift)
    for expected in [
        "END OF SHIFT",
        "Transactions 1 to 2",
        "Admission pack",
        "Prizes paid",
        "Paid in from prize bank",
        "Over/short",
        "$10.00 over",
    ]:
        assert expected in report, expected
    before = seen(emulator)
    assert ok(admin.post(occ + "/session-report"))["status"] == "not_printed"
    with admin.client.session_transaction() as sess:
        sess["station"] = "front"
    assert ok(admin.post(occ + "/session-report"))["status"] == "printed"
    summary = emulator.text(latest(emulator, before))
    for expected in [
        "END OF SESSION",
        "Transactions 1 to 2",
        "Sales total",
        "$20.00",
        "Till front (Test User)",
        "$10.00",
    ]:
        assert expected in summary, expected
