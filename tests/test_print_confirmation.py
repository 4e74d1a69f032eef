"""A receipt is printed only when the printer says so (issue 20): the emulator behind a faulty line
(paper running out mid-job, a cable pulled mid-job, a printer that swallows a job, a printer switched
off), and every job ends printed exactly once or waits visibly in the cashier's queue."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import UPickTicket
from shared.printing import jobs
from shared.printing.characters import printable
from shared.printing.compose import ReprintMark, compose, paired
from shared.printing.documents import Receipt
from shared.printing.models import PrintJob
from shared.printing.stations import StationPrinter
from tests.support.books import close_till, open_till, sell_upick
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.pos import upick_station
from tests.support.printer import Emulator, FaultyLine, arrived, latest, seen
from tests.support.replies import ok, refused
from tests.support.screens import keep_receipt
from tests.support.shop import line, shop

CONFIRM_SECONDS = 1.5


def network(station: str, port: int) -> StationPrinter:
    return StationPrinter(
        station, "Network", {"host": "127.0.0.1", "port": port}, "TM-T20II", confirm_seconds=CONFIRM_SECONDS
    )


def hall_at(app: Flask, admin: Api, session: Session, printers: dict[str, StationPrinter]) -> tuple[str, Api]:
    """A running occasion with one U Pick Em game of two numbers, a cashier at "front", these printers."""
    return upick_station(app, admin, session, printers, 2)


def sale_jobs(cashier: Api, occ: str) -> list[dict[str, Any]]:
    """A U Pick Em face sold: its two print jobs, the sale receipt first, then the ticket."""
    sold = ok(sell_upick(cashier, occ, 1, [4, 20]), 201)
    found: list[dict[str, Any]] = sold["print_jobs"]
    return found


def sold_code(session: Session) -> str:
    return str(session.scalars(select(UPickTicket.code)).one())


def queue(cashier: Api) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = ok(cashier.get("/api/v1/print-jobs?station=front"))
    return found


@pytest.fixture
def line_factory() -> Iterator[list[FaultyLine]]:
    lines: list[FaultyLine] = []
    yield lines
    for faulty in lines:
        faulty.close()


@pytest.mark.printer
def test_paper_running_out_mid_job_leaves_it_unconfirmed_until_the_cashier_sees_it_printed(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, line_factory: list[FaultyLine]
) -> None:
    line = FaultyLine(emulator, cut_after=200, then=lambda: emulator.fault("paper-out", True))
    line_factory.append(line)
    occ, cashier = hall_at(app, admin, session, {"front": network("front", line.port)})
    before = seen(emulator)
    try:
        receipt, ticket = sale_jobs(cashier, occ)
        assert receipt["status"] == "unconfirmed" and "paper out" in receipt["last_error"]
        assert "check the paper" in receipt["last_error"]
        assert ticket["status"] == "not_printed" and "paper out" in ticket["last_error"]
        assert [j["id"] for j in queue(cashier)] == [ticket["id"], receipt["id"]]
        assert seen(emulator) == before
    finally:
        emulator.fault("paper-out", False)
    held = emulator.text(latest(emulator, before))
    assert "Transaction" in held and "1-888-850-8888" in held
    confirmed = ok(cashier.post(f"/api/v1/print-jobs/{receipt['id']}/confirm", {}))
    assert confirmed["status"] == "printed"
    later = seen(emulator)
    first = ok(cashier.post(f"/api/v1/print-jobs/{ticket['id']}/reprint", {}))
    assert first["status"] == "printed" and first["reprints"] == 0
    assert "REPRINT" not in emulator.text(latest(emulator, later))
    assert queue(cashier) == []


@pytest.mark.printer
def test_a_connection_dropped_mid_job_is_unconfirmed_and_its_reprint_says_reprint_with_who_and_when(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, line_factory: list[FaultyLine]
) -> None:
    line = FaultyLine(emulator, cut_after=250)
    line_factory.append(line)
    occ, cashier = hall_at(app, admin, session, {"front": network("front", line.port)})
    before = seen(emulator)
    receipt, ticket = sale_jobs(cashier, occ)
    assert receipt["status"] == "unconfirmed" and "check the paper" in receipt["last_error"]
    assert ticket["status"] == "printed"
    half = [emulator.text(r) for r in arrived(emulator, before, 2)]
    assert any("Transaction" not in text for text in half)
    assert [j["id"] for j in queue(cashier)] == [receipt["id"]]
    later = seen(emulator)
    again = ok(cashier.post(f"/api/v1/print-jobs/{receipt['id']}/reprint", {}))
    assert again["status"] == "printed" and again["reprints"] == 1 and again["reprinted_by"]
    reprinted = latest(emulator, later)
    keep_receipt(emulator, reprinted, "bingo-sale-reprint")
    text = emulator.text(reprinted)
    assert "REPRINT 1" in text and f"by {again['reprinted_by']}" in text and "Transaction" in text
    assert queue(cashier) == []


@pytest.mark.printer
def test_a_job_the_printer_accepts_and_never_prints_waits_and_reprints_elsewhere_keeping_its_station(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, line_factory: list[FaultyLine]
) -> None:
    line = FaultyLine(None)
    line_factory.append(line)
    printers = {"front": network("front", line.port), "spare": network("spare", emulator.port)}
    occ, cashier = hall_at(app, admin, session, printers)
    receipt, ticket = sale_jobs(cashier, occ)
    assert {receipt["status"], ticket["status"]} == {"unconfirmed"}
    assert "did not confirm" in receipt["last_error"]
    for job in queue(cashier):
        before = seen(emulator)
        moved = ok(cashier.post(f"/api/v1/print-jobs/{job['id']}/reprint", {"station": "spare"}))
        assert moved["status"] == "printed" and moved["station"] == "front" and moved["printed_station"] == "spare"
        assert "REPRINT 1" in emulator.text(latest(emulator, before))
    assert queue(cashier) == []


@pytest.mark.printer
def test_a_failed_reprint_does_not_count_and_the_next_one_is_numbered(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator
) -> None:
    occ, cashier = hall_at(app, admin, session, {"front": network("front", emulator.port)})
    receipt, _ = sale_jobs(cashier, occ)
    assert receipt["status"] == "printed"
    emulator.stop()
    try:
        failed = ok(cashier.post(f"/api/v1/print-jobs/{receipt['id']}/reprint", {}))
        assert failed["status"] == "not_printed" and failed["reprints"] == 0 and "unreachable" in failed["last_error"]
    finally:
        emulator.start()
    for number in (1, 2):
        before = seen(emulator)
        done = ok(cashier.post(f"/api/v1/print-jobs/{receipt['id']}/reprint", {}))
        assert done["status"] == "printed" and done["reprints"] == number
        assert f"REPRINT {number}" in emulator.text(latest(emulator, before))


@pytest.mark.printer
def test_only_an_unconfirmed_job_is_marked_printed_by_hand(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator
) -> None:
    occ, cashier = hall_at(app, admin, session, {"front": network("front", emulator.port)})
    receipt, _ = sale_jobs(cashier, occ)
    refused(cashier.post(f"/api/v1/print-jobs/{receipt['id']}/confirm", {}), 409, "not_unconfirmed")
    refused(cashier.post("/api/v1/print-jobs/999999/confirm", {}), 404, "not_found", field="print_job_id")


@pytest.mark.printer
def test_a_prize_slip_for_a_sixty_character_name_prints_whole(session: Session, emulator: Emulator) -> None:
    name = "Maria-Magdalena Nguyễn’s Extraordinarily Long Family Name XY"
    assert len(name) == 60
    slip = Receipt(
        title="Millbrook Volunteer Fire Company",
        header=["Saturday Deep Stack", "PRIZE PAID", "2026-12-05 23:40"],
        lines=[("Place", "1"), ("Player", f"17: {name}"), ("Paid in", "$60.00")],
        totals=[("Prize", "$480.00")],
        barcode="T1-17",
    )
    before = seen(emulator)
    job = jobs.print_receipt(
        session,
        datetime(2026, 12, 5, 23, 40, tzinfo=UTC),
        {"front": network("front", emulator.port)},
        "front",
        "poker_prize",
        "T1-17",
        slip,
        organization_id=None,
    )
    assert session.get(PrintJob, job.id) is not None and job.status == "printed"
    text = " ".join(emulator.text(latest(emulator, before)).split())
    assert "Maria-Magdalena Nguyen's Extraordinarily Long Family Name XY" in text
    assert "$480.00" in text and "\u25a1" not in text and "\u25a0" not in text


TEXT = st.text(st.characters(codec="utf-8"), max_size=120)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    title=TEXT,
    header=st.lists(TEXT, max_size=4),
    lines=st.lists(st.tuples(TEXT, TEXT), max_size=6),
    totals=st.lists(st.tuples(TEXT, TEXT), max_size=3),
    grid=st.none() | TEXT,
    barcode=st.none() | TEXT,
    footer=st.lists(TEXT, max_size=3),
    body=st.lists(TEXT, max_size=3),
    training=st.booleans(),
    reprint=st.booleans(),
)
def test_composition_never_raises_and_every_line_fits_the_paper(
    title: str,
    header: list[str],
    lines: list[tuple[str, str]],
    totals: list[tuple[str, str]],
    grid: str | None,
    barcode: str | None,
    footer: list[str],
    body: list[str],
    training: bool,
    reprint: bool,
) -> None:
    receipt = Receipt(title, header, lines, totals, grid, barcode, footer, body, training)
    mark = ReprintMark(3, datetime(2026, 12, 5, 21, 0), title) if reprint else None
    data = compose(receipt, "TM-T20II", mark)
    assert b"\x1dV" in data and b"1-888-850-8888" in data


@settings(max_examples=300, deadline=None)
@given(left=TEXT, right=TEXT, width=st.integers(min_value=8, max_value=64))
def test_a_line_and_its_amount_always_fit_the_paper_and_keep_every_character(left: str, right: str, width: int) -> None:
    left, right = printable(left, "CP858"), printable(right, "CP858")
    rows = paired(left, right, width)
    assert all(len(row) <= width for row in rows)
    assert "".join("".join(rows).split()) == "".join((left + right).split())


@pytest.mark.printer
def test_a_till_closed_after_fifty_voids_prints_its_end_of_shift_report_whole(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator
) -> None:
    occ, hall, cashier, ids = shop(admin, session, till=False)
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    till = open_till(cashier, occ)
    approval = {"reason": "rang twice", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    for _ in range(50):
        sale = ok(
            cashier.post(
                occ + "/sales",
                {"lines": [line(ids, "non_gaming", 1, "1.50")], "buyer_is_adult": True, "tendered": "1.50"},
            ),
            201,
        )
        ok(cashier.post(f"/api/v1/sales/{sale['id']}/void", approval))
    app.extensions["flashboard.printers"] = {"front": network("front", emulator.port)}
    before = seen(emulator)
    closed = close_till(cashier, till)
    assert closed["closed_at"] and [j["status"] for j in closed["print_jobs"]] == ["printed"]
    text = " ".join(emulator.text(latest(emulator, before)).split())
    assert "END OF SHIFT" in text and f"#{sale['number']}" in text and "Audit anchor" in text


def test_a_paper_that_cannot_be_made_leaves_the_sale_saved_and_the_job_waiting(
    app: Flask, admin: Api, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> bytes:
        raise ValueError("a layout bug")

    monkeypatch.setattr(jobs, "compose", broken)
    occ, cashier = hall_at(app, admin, session, {"front": network("front", 9)})
    receipt, ticket = sale_jobs(cashier, occ)
    for job in (receipt, ticket):
        assert job["status"] == "not_printed" and "could not be made (ValueError)" in job["last_error"]
    assert ok(cashier.get(f"/api/v1/upick-tickets/{sold_code(session)}"))["status"] == "sold"
    assert {j["id"] for j in queue(cashier)} == {receipt["id"], ticket["id"]}
