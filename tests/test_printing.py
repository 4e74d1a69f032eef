"""Receipts on ESC/POS printers: exact bytes from python-escpos's Dummy, a real emulator over TCP
read back as text and PNG (the barcode decoded with zxing-cpp), and faults that never lose a sale."""

from __future__ import annotations

import io
import os
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from flask import Flask
from PIL import Image
from sqlalchemy.orm import Session

from shared.platform.app import create_app
from shared.platform.config import ConfigError, Settings
from shared.printing import stations
from shared.printing.compose import ReprintMark, compose
from shared.printing.documents import Receipt
from tests.support.bingo_factories import make_hall
from tests.support.books import product, sell_upick, till_open
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.occasions import setup_occasion
from tests.support.pos import upick_station
from tests.support.printer import Emulator, arrived, latest, seen
from tests.support.replies import ok, refused

SAMPLE = Receipt(
    title="Millbrook VFC",
    header=["Bingo licence B-1147"],
    lines=[("U Pick Em face", "$1.00")],
    totals=[("Total", "$1.00")],
    grid=" B   I   N   G   O\n 1  16  33      75",
    barcode="UP-ABCDEFGHJK",
    footer=["Keep this ticket"],
)


def test_receipt_bytes_carry_the_key_escpos_commands() -> None:
    data = compose(SAMPLE, "TM-T20II")
    assert data.startswith(b"\x1b") and b"Millbrook VFC" in data
    assert b"\x1dk" in data and b"{BUP-ABCDEFGHJK" in data
    assert data.rstrip(b"\x00").endswith(b"\x1dV\x00") or b"\x1dV" in data
    assert b"1-888-850-8888" in data
    again = compose(SAMPLE, "TM-T20II", ReprintMark(2, datetime(2026, 12, 5, 21, 14), "Kim Doe"))
    assert b"REPRINT" not in data and b"REPRINT 2" in again and b"Reprinted 2026-12-05 21:14 by Kim Doe" in again


def test_receipt_document_round_trips_for_reprints() -> None:
    assert Receipt.from_json(SAMPLE.to_json()) == SAMPLE


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("stations: [1, 2]", "expected a 'stations:' mapping"),
        ("stations:\n  till:\n    printer:\n      type: Telepathy\n", "type must be one of"),
        ("stations:\n  till:\n    printer:\n      type: Network\n      profile: TM-T20II\n", "needs a host"),
        (
            "stations:\n  till:\n    printer:\n      type: Network\n      host: 10.0.0.9\n      profile: "
            "NoSuchPrinter\n",
            "unknown printer profile",
        ),
        ("stations: {till: [", "cannot be read"),
    ],
)
def test_malformed_printer_config_stops_the_server_at_start_up(tmp_path: Path, text: str, problem: str) -> None:
    path = tmp_path / "printers.yaml"
    path.write_text(text)
    with pytest.raises(ConfigError, match=problem):
        create_app(
            Settings(
                instance_path=tmp_path,
                database_url=f"sqlite:///{tmp_path / 'x.db'}",
                secret_key="k",
                printers_path=path,
            )
        )


def upick_occasion(app: Flask, admin: Api, session: Session, printer_config: Path) -> tuple[str, Api]:
    """A running occasion with one U Pick Em game, and a cashier signed in at station \"front\"."""
    return upick_station(app, admin, session, stations.load(printer_config), 8)


def face(cashier: Api, occ: str, numbers: list[int] | None = None) -> dict[str, Any]:
    """One U Pick Em face sold through the sale door: the ticket, with its own receipt's print job
    (the sale's receipt prints first, then the ticket)."""
    sale = ok(sell_upick(cashier, occ, 1, numbers), 201)
    ticket: dict[str, Any] = sale["tickets"][0]
    job = next(j for j in sale["print_jobs"] if j["reference"] == ticket["code"])
    return {
        **ticket,
        "sale": sale,
        "print_job_id": job["id"],
        "print_status": job["status"],
        "print_error": job["last_error"],
    }


@pytest.mark.printer
def test_4_30_1_3_upick_receipt_prints_with_grid_and_scannable_ticket_id(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    occ, cashier = upick_occasion(app, admin, session, printer_config)
    before = seen(emulator)
    ticket = face(cashier, occ, [3, 9, 17, 30, 44, 52, 61, 75])
    assert ticket["print_status"] == "printed", ticket
    receipt_id = next(r for r in arrived(emulator, before, 2) if "U Pick Em game 1" in emulator.text(r))
    text = emulator.text(receipt_id)
    for expected in [
        "Millbrook Volunteer Fire Company",
        "Bingo licence B-",
        "U Pick Em game 1",
        "front",
        "Total",
        "$1.00",
        " B   I   N   G   O",
        ticket["code"],
        "1-888-850-8888",
    ]:
        assert expected in text, expected
    png = emulator.image(receipt_id)
    decoded = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]
    assert decoded == [ticket["code"]]
    folder = os.environ.get("FLASHBOARD_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        (Path(folder) / "receipt-upick.png").write_bytes(png)


@pytest.mark.printer
@pytest.mark.parametrize(
    ("fault", "shown"), [("offline", "offline"), ("paper-out", "paper out"), ("cover-open", "cover open")]
)
def test_printer_fault_keeps_the_sale_and_its_first_print_is_not_a_reprint(
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
    fault: str,
    shown: str,
) -> None:
    occ, cashier = upick_occasion(app, admin, session, printer_config)
    emulator.fault(fault, True)
    try:
        status = ok(cashier.get("/api/v1/printers/front/status"))
        assert shown in status["detail"]
        ticket = face(cashier, occ)
        assert ticket["print_status"] == "not_printed" and shown in ticket["print_error"]
        assert ok(cashier.get(f"/api/v1/upick-tickets/{ticket['code']}"))["status"] == "sold"
        queue = ok(cashier.get("/api/v1/print-jobs?station=front"))
        assert [j["reference"] for j in queue] == [ticket["code"], ticket["sale"]["transaction_code"]]
    finally:
        emulator.fault(fault, False)
    for job_row in queue:
        before = seen(emulator)
        job = ok(cashier.post(f"/api/v1/print-jobs/{job_row['id']}/reprint", {}))
        assert job["status"] == "printed" and job["reprints"] == 0
        text = emulator.text(latest(emulator, before))
        assert "REPRINT" not in text and job_row["reference"] in text
    assert ok(cashier.get("/api/v1/print-jobs?station=front")) == []


@pytest.mark.printer
def test_printer_power_off_leaves_a_reprintable_job(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    occ, cashier = upick_occasion(app, admin, session, printer_config)
    emulator.stop()
    try:
        ticket = face(cashier, occ)
        assert ticket["print_status"] == "not_printed" and "unreachable" in ticket["print_error"]
    finally:
        emulator.start()
    before = seen(emulator)
    job = ok(cashier.post(f"/api/v1/print-jobs/{ticket['print_job_id']}/reprint", {}))
    assert job["status"] == "printed" and job["reprints"] == 0
    assert "REPRINT" not in emulator.text(latest(emulator, before))


def test_reprint_to_an_unknown_printer_is_refused(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(
        admin,
        hall,
        [
            {
                "kind": "u_pick_em",
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "pick_count": 2,
                "face_price": "1.00",
            }
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    product(admin, occ, "upick_face", 1)
    till_open(admin, occ)
    ticket = face(admin, occ, [5, 20])
    assert ticket["print_status"] == "not_printed" and "no printer configured" in ticket["print_error"]
    refused(
        admin.post(f"/api/v1/print-jobs/{ticket['print_job_id']}/reprint", {"station": "nowhere"}),
        404,
        "unknown_printer",
        field="station",
    )


@pytest.mark.printer
def test_printer_reports_paper_near_end_and_still_prints(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    occ, cashier = upick_occasion(app, admin, session, printer_config)
    emulator.fault("paper-near-end", True)
    try:
        status = ok(cashier.get("/api/v1/printers/front/status"))
        assert status["paper"] == "near_end" and status["online"] is True
        assert face(cashier, occ)["print_status"] == "printed"
    finally:
        emulator.fault("paper-near-end", False)
