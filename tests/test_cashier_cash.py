"""Payouts with the W-2G table, voids approved by the member in charge, and the till's over/short."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.orm import Session

from bingo.patterns import STANDARD, PatternKind
from shared.printing import stations
from shared.tills import (
    TillResult,
    count_refusal,
    counted_total,
    needs_w2g,
    tender_refusal,
    w2g_threshold,
)
from tests.bingo_factories import split_script
from tests.conftest import Api, Clock, Emulator
from tests.factories import PIN, audit_count
from tests.test_bingo_occasion_api import ok, refused
from tests.test_cashier_sales import line, shop
from tests.test_printing import latest, seen


def test_w2g_threshold_is_a_dated_table() -> None:
    assert w2g_threshold(date(2025, 12, 31)) == 120_000 and w2g_threshold(date(2026, 1, 1)) == 200_000
    assert needs_w2g(120_000, date(2025, 6, 1)) and not needs_w2g(119_999, date(2025, 6, 1))
    assert not needs_w2g(150_000, date(2026, 6, 1)) and needs_w2g(200_000, date(2026, 6, 1))


def test_till_over_short_is_computed_and_explained() -> None:
    assert counted_total({2_000: 3, 100: 4, 25: 2}) == 6_450
    assert TillResult(6_500, 6_450).over_short_cents == -50 and "$0.50 short" in TillResult(6_500, 6_450).explanation()
    assert TillResult(6_500, 6_500).explanation() == "The drawer balances."
    assert count_refusal({300: 1}) is not None and count_refusal({100: -1}) is not None
    assert tender_refusal("credit", 100, 100) is not None and tender_refusal("cash", 100, 99) is not None


def test_payout_of_a_split_share_once_with_its_slip(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, cashier, _ = shop(admin, session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 75 if 75 not in script.calls else 74}))
    ok(admin.post(occ + "/games/1/start", {}))
    refused(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": 1}), 409, "game_not_closed")
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    claims = [ok(admin.post(occ + "/games/1/claims", {"face_number": f}), 201) for f in script.winners]
    ok(admin.post(occ + "/games/1/close"))
    paid = ok(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"], "verifier_name": "Carol"}), 201)
    assert paid["amount"] == "33.34" and paid["w2g_required"] is False and paid["number"] == 1
    refused(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"]}), 409, "already_paid")
    refused(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[1]["id"], "prize": "cookie_jar"}), 409, "nothing_to_pay")


def test_void_needs_the_member_in_charge_pin_and_a_reason(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(cashier.post(occ + "/sales", {"lines": [line(ids, "admission", 1, "20.00"), line(ids, "cookie_jar", 2, "2.00"),
                                                      line(ids, "upick_face", 1, "1.00")], "buyer_is_adult": True, "tendered": "25.00"}), 201)
    url = f"/api/v1/sales/{sale['id']}/void"
    before = audit_count(session)
    refused(cashier.post(url, {"reason": "wrong pack", "approver_username": f"caller{hall.org.id}", "approver_pin": PIN}), 403,
            "approval_refused", "10 DE Admin Code 101-4.1")
    refused(cashier.post(url, {"reason": "wrong pack", "approver_username": f"mic{hall.org.id}", "approver_pin": "9999"}), 403,
            "approval_refused")
    refused(cashier.post(url, {"reason": "  ", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}), 422, "reason_required")
    assert audit_count(session) == before
    voided = ok(cashier.post(url, {"reason": "wrong pack", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}))
    assert voided["status"] == "voided"
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))["pending"] == "0.00"
    assert ok(cashier.get(f"/api/v1/upick-tickets/{sale['tickets'][0]['code']}"))["status"] == "void"
    refused(cashier.post(url, {"reason": "again", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}), 409, "not_voidable")
    assert admin.client.application.test_cli_runner().invoke(args=["jar", "check"]).exit_code == 0


def test_till_open_sell_pay_close_with_over_short(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, cashier, ids = shop(admin, session)
    till = ok(cashier.post(occ + "/tills", {"opening_bank": "100.00"}), 201)
    refused(cashier.post(occ + "/tills", {"opening_bank": "50.00"}), 409, "till_open")
    ok(cashier.post(occ + "/sales", {"lines": [line(ids, "admission", 2, "20.00")], "buyer_is_adult": True, "tendered": "40.00"}), 201)
    ok(cashier.post(occ + "/sales", {"lines": [line(ids, "non_gaming", 1, "1.50")], "buyer_is_adult": True, "tendered": "2.00"}), 201)
    refused(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"3.00": 1}}), 422, "unknown_denomination")
    refused(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"twenty": 1}}), 422, "unknown_denomination")
    closed = ok(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"20.00": 7, "1.00": 1, "0.25": 1}}))
    assert (closed["expected"], closed["counted"], closed["over_short"]) == ("141.50", "141.25", "-0.25")
    assert "$0.25 short" in closed["explanation"]


@pytest.mark.printer
def test_payout_slip_and_shift_report_print(app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator,
                                            printer_config: Path) -> None:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    occ, _, cashier, ids = shop(admin, session)
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    till = ok(cashier.post(occ + "/tills", {"opening_bank": "50.00"}), 201)
    ok(cashier.post(occ + "/sales", {"lines": [line(ids, "admission", 1, "20.00")], "buyer_is_adult": True, "tendered": "20.00"}), 201)
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(admin.post(occ + "/games/1/start", {}))
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    claim = ok(admin.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    ok(admin.post(occ + "/games/1/close"))
    before = seen(emulator)
    ok(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claim["id"], "verifier_name": "Carol"}), 201)
    slip = emulator.text(latest(emulator, before))
    for expected in ["PRIZE PAYOUT", "Game 1: Any row", f"Winner: face {script.winners[0]}", "Verified by Carol", "$100.00",
                     "Winner's signature"]:
        assert expected in slip, expected
    before = seen(emulator)
    ok(cashier.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"50.00": 1, "20.00": 1}}))
    report = emulator.text(latest(emulator, before))
    for expected in ["END OF SHIFT", "Transactions 1 to 2", "Admission pack", "Payouts", "Over/short", "$100.00 over"]:
        assert expected in report, expected
    before = seen(emulator)
    assert ok(admin.post(occ + "/session-report"))["status"] == "not_printed"
    with admin.client.session_transaction() as sess:
        sess["station"] = "front"
    assert ok(admin.post(occ + "/session-report"))["status"] == "printed"
    summary = emulator.text(latest(emulator, before))
    for expected in ["END OF SESSION", "Transactions 1 to 2", "Sales total", "$20.00", "Till front (boss)", "$100.00"]:
        assert expected in summary, expected
