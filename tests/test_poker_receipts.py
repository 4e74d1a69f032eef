"""The tournament desk's papers at a real ESC/POS printer (the emulator), as an auditor reads them: the
buyer's receipt and the prize slip name the organization, the occasion licence, the tournament and its
day, the time, the station, the cashier by name (never a login) and the transaction, with its id as a
barcode; the prize slip takes the W-2G winner's name, address and ID before paying (IRS Form W-2G: 422
naming the field, nothing written) and prints them on the winner's and the hall's copies; a seat card a
player once the seats are drawn (28 Del. C. §1804 B(2)), and one for a player entered late."""

from __future__ import annotations

import io
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from flask import Flask
from PIL import Image
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Sale
from poker.models import PrizePayment
from shared.core.roles import Role
from shared.hall.models import Organization
from shared.printing import stations
from shared.printing.models import PrintJob
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_member, make_user
from tests.support.poker_factories import bust, delaware_tournament, open_desk
from tests.support.printer import Emulator, arrived, latest, seen
from tests.support.replies import ok, refused
from tests.support.screens import keep_receipt

DESK = "Dana Desk"


def _desk(app: Flask, admin: Api, session: Session, printer_config: Path | None, **setup: Any) -> tuple[Api, str, str]:
    """A licensed Delaware tournament and its desk at station "front" worked by Dana Desk (username
    desk<org>), the desk's till open there: (her client, the tournament's URL, her username)."""
    if printer_config is not None:
        app.extensions["flashboard.printers"] = stations.load(printer_config)
    org_id, url = delaware_tournament(admin, session, **setup)
    member = make_member(session, session.get_one(Organization, org_id), name=DESK)
    username = f"desk{org_id}"
    make_user(session, [Role.CASHIER], member=member, username=username, display_name=DESK)
    desk = staff(admin, username)
    with desk.client.session_transaction() as sess:
        sess["station"] = "front"
    open_desk(desk, url, "100.00")
    return desk, url, username


def _text(emulator: Emulator, receipt: str) -> str:
    return " ".join(emulator.text(receipt).split())


def _barcodes(emulator: Emulator, receipt: str) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(emulator.image(receipt))))]


def _entries(desk: Api, url: str, count: int, fee: str = "100.00") -> None:
    for n in range(1, count + 1):
        ok(desk.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": fee}), 201)


@pytest.mark.printer
def test_1804_b2_buy_receipts_name_the_licence_station_cashier_and_transaction_with_its_barcode(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    desk, url, username = _desk(app, admin, session, printer_config)
    before = seen(emulator)
    entry = ok(desk.post(url + "/buys", {"kind": "entry", "player_name": "Ann Lee", "tendered": "120.00"}), 201)
    assert [j["status"] for j in entry["print_jobs"]] == ["printed"]
    receipt = latest(emulator, before)
    text = _text(emulator, receipt)
    org_id = ok(admin.get(url))["organization_id"]
    for expected in [
        "Occasion licence P-",
        "Winter Classic - 2026-12-05",
        "2026-12-05 18:00 - front - Dana Desk",
        "Transaction 1",
        "Player 1: Ann Lee",
        "Entry $100.00",
        "Tendered (cash) $120.00",
        "Change $20.00",
        "Seat drawn at the start",
    ]:
        assert expected in text, (expected, text)
    assert username not in text
    assert _barcodes(emulator, receipt) == [f"TX-{org_id}-000001"]
    assert entry["print_jobs"][0]["reference"] == f"TX-{org_id}-000001"

    _entries(desk, url, 2)
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    before = seen(emulator)
    rebuy = ok(desk.post(url + "/buys", {"kind": "rebuy", "entry_number": 1, "tendered": "100.00"}), 201)
    assert len(rebuy["print_jobs"]) == 1, "a re-buy keeps the player's seat: no new card"
    receipt = latest(emulator, before)
    keep_receipt(emulator, receipt, "poker-buy")
    text = _text(emulator, receipt)
    seat = f"Table {rebuy['entry']['table']}, Seat {rebuy['entry']['seat']}"
    for expected in ["Transaction 4", "Re-buy $100.00", "Spent in this tournament $200.00", seat]:
        assert expected in text, (expected, text)


@pytest.mark.printer
def test_1804_b2_seat_cards_print_at_the_desk_once_the_seats_are_drawn(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    desk, url, _ = _desk(app, admin, session, printer_config)
    _entries(desk, url, 3)
    refused(desk.post(url + "/seat-cards", {}), 409, "not_running")
    started = ok(admin.post(url + "/start", {"seats_per_table": 9}))
    before = seen(emulator)
    jobs = ok(desk.post(url + "/seat-cards", {}), 201)
    assert [(j["kind"], j["status"]) for j in jobs] == [("seat_card", "printed")] * 3
    cards = arrived(emulator, before, 3)
    texts = [_text(emulator, c) for c in cards]
    for player in started["entries"]:
        card = next(t for t in texts if f"Player {player['number']}: Player {player['number']}" in t)
        for expected in ["SEAT CARD", "Winter Classic - 2026-12-05", f"Table {player['table']}, Seat {player['seat']}"]:
            assert expected in card, (expected, card)
    keep_receipt(emulator, cards[0], "poker-seat-card")

    before = seen(emulator)
    late = ok(desk.post(url + "/buys", {"kind": "entry", "player_name": "Lee Late", "tendered": "100.00"}), 201)
    assert [j["kind"] for j in late["print_jobs"]] == ["poker_buy", "seat_card"]
    receipt, card = sorted((_text(emulator, r) for r in arrived(emulator, before, 2)), key=lambda t: "SEAT CARD" in t)
    seat = f"Table {late['entry']['table']}, Seat {late['entry']['seat']}"
    assert "Entry $100.00" in receipt and seat in receipt
    assert "SEAT CARD" in card and seat in card and "Player 4: Lee Late" in card


def test_seat_cards_stop_at_the_first_that_does_not_print_and_wait_in_the_queue(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    desk, url, _ = _desk(app, admin, session, None)
    _entries(desk, url, 3)
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    jobs = ok(desk.post(url + "/seat-cards", {}), 201)
    assert [j["status"] for j in jobs] == ["not_printed"] * 3
    assert "no printer configured for station front" in jobs[0]["last_error"]
    assert [j["attempts"] for j in jobs] == [1, 0, 0]
    assert all("not tried: the paper before it" in j["last_error"] for j in jobs[1:])
    queued = {j["id"] for j in ok(desk.get("/api/v1/print-jobs?station=front"))}
    assert {j["id"] for j in jobs} <= queued


def _finished(desk: Api, admin: Api, url: str) -> None:
    """Ten players at $1,000 played down to Player 1: $7,000 first (a W-2G: $6,000 over the buy-in),
    $3,000 second."""
    _entries(desk, url, 10, "1000.00")
    ok(admin.post(url + "/start", {"seats_per_table": 10}))
    for hand, number in enumerate(range(10, 1, -1), start=1):
        bust(admin, url, hand, number)


BIG = {
    "entry_fee": "1000.00",
    "rebuy": {"allowed": False},
    "prizes": [
        {"place": 1, "description": "70% of the pool", "percent_bp": 7000},
        {"place": 2, "description": "30% of the pool", "percent_bp": 3000},
    ],
}
WINNER = {
    "winner_name": "Ann Lee",
    "winner_address": "12 Loockerman St, Dover DE 19901",
    "winner_id": "DE licence 4567",
}


def _written(session: Session) -> tuple[int, int, int]:
    with session.info["database"].readers() as reader:
        payments = reader.scalar(select(func.count()).select_from(PrizePayment)) or 0
        sales = reader.scalar(select(func.count()).select_from(Sale)) or 0
    return payments, sales, audit_count(session)


def test_w2g_a_poker_prize_the_form_reports_needs_the_winners_name_address_and_id_first(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    desk, url, _ = _desk(app, admin, session, None, **BIG)
    _finished(desk, admin, url)
    state = ok(desk.get(url))
    assert [e["w2g_due"] for e in state["entries"][:2]] == [True, False]
    written = _written(session)
    for missing in ["winner_name", "winner_address", "winner_id"]:
        body = {"entry_number": 1, **WINNER, missing: "  "}
        refused(desk.post(url + "/payouts", body), 422, "w2g_identification_required", "IRS Form W-2G", missing)
        assert _written(session) == written, "nothing is written"
    paid = ok(desk.post(url + "/payouts", {"entry_number": 1, **WINNER}), 201)
    assert paid["w2g_required"] is True
    with session.info["database"].readers() as reader:
        row = reader.scalars(select(PrizePayment)).one()
        assert (row.w2g_name, row.w2g_address, row.w2g_id_shown) == tuple(WINNER.values())
        assert row.cashier_name == DESK
        slip = json.loads(reader.get_one(PrintJob, paid["print_jobs"][0]["id"]).document)
    assert slip["copies"] == ["winner", "hall"]
    assert f"Winner: {WINNER['winner_name']}" in slip["footer"] and f"Paid by {DESK}: ____________" in slip["footer"]
    second = ok(desk.post(url + "/payouts", {"entry_number": 2}), 201)
    assert second["w2g_required"] is False
    with session.info["database"].readers() as reader:
        rows = {r.cents: r for r in reader.scalars(select(PrizePayment))}
        assert rows[300_000].w2g_name is None and rows[300_000].w2g_id_shown is None


@pytest.mark.printer
def test_w2g_the_prize_slip_prints_the_winners_and_the_halls_copy_with_the_identification(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    desk, url, username = _desk(app, admin, session, printer_config, **BIG)
    _finished(desk, admin, url)
    clock.advance(hours=3, minutes=14)
    org_id = ok(admin.get(url))["organization_id"]
    before = seen(emulator)
    paid = ok(desk.post(url + "/payouts", {"entry_number": 1, **WINNER}), 201)
    assert paid["print_jobs"][0]["reference"] == f"TX-{org_id}-000011"
    winner, hall = sorted(arrived(emulator, before, 2), key=lambda r: "Copy 2 of 2" in emulator.text(r))
    keep_receipt(emulator, winner, "poker-prize-winner")
    keep_receipt(emulator, hall, "poker-prize-hall")
    for copy, receipt in [("Copy 1 of 2 - winner", winner), ("Copy 2 of 2 - hall", hall)]:
        text = _text(emulator, receipt)
        for expected in [
            copy,
            "PRIZE PAID",
            "Occasion licence P-",
            "Winter Classic - 2026-12-05",
            "2026-12-05 21:14 - front - Dana Desk",
            "Transaction 11",
            "Place 1",
            "Player 1: Player 1",
            "Paid in (buy-ins) $1,000.00",
            "Prize $7,000.00",
            "W-2G REQUIRED: prize less buy-ins over $5,000.00",
            "Winner: Ann Lee",
            "Address: 12 Loockerman St, Dover DE 19901",
            "ID seen: DE licence 4567",
            "Winner's signature",
            "Paid by Dana Desk",
        ]:
            assert expected in text, (expected, text)
        assert username not in text
        assert _barcodes(emulator, receipt) == [f"TX-{org_id}-000011"]
    app.extensions["flashboard.settings"] = replace(app.extensions["flashboard.settings"], payout_slip_copies=1)
    before = seen(emulator)
    ok(desk.post(url + "/payouts", {"entry_number": 2}), 201)
    text = _text(emulator, latest(emulator, before))
    assert "Transaction 12" in text and "Prize $3,000.00" in text and "W-2G" not in text and "Copy" not in text
