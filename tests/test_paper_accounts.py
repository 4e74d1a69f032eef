"""The paper accountability report (docs/rules.md, "paper accountability"), for an occasion played to a
close and for its series: packs received, issued to a station, sold, one sold and voided, one returned,
one recorded missing and one never accounted for, each with its serial ranges; JSON, CSV and PDF agree.
With FLASHBOARD_PAPERS_DIR set, each PDF's pages are written there as PNGs."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import Hall, make_hall, split_script
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, audit_count
from tests.support.jars import jar_hall, opened
from tests.support.occasions import pay_every_winner
from tests.support.replies import ok, refused
from tests.support.spreadsheets import csv_rows as spreadsheet_rows

SET = "#{id} blue 500–529"


def pdf_text(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    return " ".join(text.split())


def save_first_page(data: bytes, name: str) -> None:
    """Every page of the paper, as `name` with -pageN.png for .png (the name says the first)."""
    folder = os.environ.get("FLASHBOARD_PAPERS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        document = pdfium.PdfDocument(data)
        for number in range(len(document)):
            page = name.replace("-p1.png", f"-page{number + 1}.png")
            document[number].render(scale=1.5).to_pil().save(Path(folder) / page)


def sell(cashier: Api, occ: str, product_id: int, serials: list[int]) -> dict[str, Any]:
    body = {
        "lines": [{"product_id": product_id, "quantity": len(serials), "unit_price": "10.00", "pack_serials": serials}],
        "buyer_is_adult": True,
        "tendered": f"{10 * len(serials)}.00",
    }
    found: dict[str, Any] = ok(cashier.post(occ + "/sales", body), 201)
    return found


def played_with_paper(admin: Api, session: Session) -> tuple[str, Hall, dict[str, Any], dict[str, Any]]:
    """Set 500–529 received; 500–511 issued to the front station; 500–508 sold, 508 first on a sale
    voided; 509 returned, 510 recorded missing, 511 never accounted for when the occasion closes; 529
    recorded missing from stock; after the close 509 goes out again to the next occasion, still open."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    jar_ball = 75 if 75 not in script.calls else 74
    occ, caller, verifier = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}], jar_ball)
    occasion = ok(admin.get(occ))
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "blue",
                "faces_per_sheet": 1,
                "sheets_per_pack": 1,
                "serial_from": 500,
                "serial_to": 529,
                "first_face": 1,
            },
        ),
        201,
    )
    packs = f"/api/v1/paper-sets/{paper['id']}/packs"
    product = ok(
        admin.post(
            occ + "/products", {"kind": "admission", "name": "Blue pack", "price": "10.00", "paper_set_id": paper["id"]}
        ),
        201,
    )
    issue = {"action": "issue", "serials": list(range(500, 512)), "occasion_id": occasion["id"], "station": "front"}
    ok(admin.post(packs, issue))
    cashier = staff(admin, "boss")
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    open_till(cashier, occ)
    sell(cashier, occ, product["id"], [500, 501, 502, 503])
    sell(cashier, occ, product["id"], [504, 505, 506, 507])
    wrong = sell(cashier, occ, product["id"], [508])
    ok(
        cashier.post(
            f"/api/v1/sales/{wrong['id']}/void",
            {"reason": "wrong colour", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN},
        )
    )
    sell(cashier, occ, product["id"], [508])
    ok(admin.post(packs, {"action": "return", "serials": [509]}))
    ok(admin.post(packs, {"action": "missing", "serials": [510], "note": "not found at close"}))
    ok(admin.post(packs, {"action": "missing", "serials": [529], "note": "box torn on delivery"}))

    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    ok(caller.post(occ + "/games/1/close"))
    pay_every_winner(admin, occ)
    ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))

    following = ok(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/occasions",
            {
                "premises_id": hall.premises.id,
                "program_id": occasion["program_id"],
                "series_id": occasion["series_id"],
                "occasion_date": "2026-12-12",
                "start_time": "18:00",
                "member_in_charge_id": hall.mic.id,
                "workers": [],
            },
        ),
        201,
    )
    ok(admin.post(packs, {**issue, "serials": [509], "occasion_id": following["id"]}))
    return occ, hall, paper, following


def rows_of(report: dict[str, Any], table: str) -> list[list[str]]:
    found = next(t for t in report["tables"] if t["name"] == table)
    rows: list[list[str]] = found["rows"]
    return rows


def laid_out(columns: list[str], rows: list[list[str]]) -> list[list[str]]:
    """A table as its CSV lays it out: the data rows under the header, the totals after a blank line."""
    cut = len(rows)
    while cut and rows[cut - 1][0].startswith("Total"):
        cut -= 1
    return [columns, *rows[:cut], *([[], ["Totals"], *rows[cut:]] if cut < len(rows) else [])]


def csv_rows(admin: Api, url: str) -> list[list[str]]:
    reply = admin.client.get(url)
    assert reply.status_code == 200 and reply.mimetype == "text/csv", reply.get_data(as_text=True)
    return spreadsheet_rows(reply)


def test_paper_accountability_of_an_occasion_and_its_series_agree_in_json_csv_and_pdf(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, paper, following = played_with_paper(admin, session)
    label = SET.format(id=paper["id"])
    before = audit_count(session)

    report = ok(admin.get(occ + "/paper-accounts"))
    facts = {f["label"]: f["value"] for f in report["facts"]}
    assert facts["Organization"] == hall.org.name and facts["Bingo licence"] == f"B-{hall.org.id}"
    assert facts["Member in charge"] == f"Mic {hall.org.id}" and facts["Status"] == "closed"
    assert "Produced (hall time)" in facts and "Audit anchor (flashboard audit verify --anchor)" in facts
    assert report["totals"] == {"issued": 12, "sold": 9, "returned": 1, "voided": 1, "missing": 2, "at_stations": 0}
    assert rows_of(report, "sets") == [
        [label, "12", "9", "1", "1", "2", "0"],
        ["Total", "12", "9", "1", "1", "2", "0"],
    ]
    serials = rows_of(report, "serials")
    assert serials == [
        [label, "Issued to front", "12", "500–511", ""],
        [label, "Sold", "9", "500–508", ""],
        [label, "Returned unsold", "1", "509", ""],
        [label, "Sale voided (back at the station)", "1", "508", ""],
        [label, "Recorded missing", "1", "510", "not found at close"],
        [label, "Not accounted for (occasion closed)", "1", "511", ""],
        ["Total", "Issued to stations", "12", "", ""],
    ]
    assert report["signatures"] == [f"Member in charge: Mic {hall.org.id}"]
    for table in ("sets", "serials"):
        found = csv_rows(admin, occ + f"/paper-accounts/{table}.csv")
        columns = next(t for t in report["tables"] if t["name"] == table)["columns"]
        assert found == laid_out(columns, rows_of(report, table))
    pdf = admin.client.get(occ + "/paper-accounts.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    for field in [
        "Paper accountability",
        hall.org.name,
        f"B-{hall.org.id}",
        "2026-12-05",
        "Issued to front",
        "500–511",
        "500–508",
        "Sale voided",
        "not found at close",
        "Not accounted for",
        f"Member in charge: Mic {hall.org.id}",
        "Total",
    ]:
        assert field in text, field
    save_first_page(pdf.data, "paper-accounts-occasion-p1.png")

    series = f"/api/v1/series/{paper['series_id']}/paper-accounts"
    whole = ok(admin.get(series))
    assert whole["totals"] == {
        "received": 30,
        "issued": 12,
        "in_stock": 17,
        "at_stations": 1,
        "sold": 9,
        "returned": 0,
        "voided": 1,
        "missing": 3,
    }
    assert rows_of(whole, "sets") == [
        [label, "30", "12", "17", "1", "9", "0", "1", "3"],
        ["Total", "30", "12", "17", "1", "9", "0", "1", "3"],
    ]
    received = next(r for r in rows_of(whole, "serials") if r[1] == "Received")
    assert received[2:4] == ["30", "500–529"] and received[4].endswith("by Test User")
    by_account = {r[1]: r[2:] for r in rows_of(whole, "serials") if r[0] == label}
    assert by_account["In stock"] == ["17", "512–528", ""]
    assert by_account["At stations (occasion open)"] == ["1", "509", ""]
    assert by_account["Recorded missing"] == ["2", "510, 529", "box torn on delivery; not found at close"]
    assert by_account["Not accounted for (occasion closed)"] == ["1", "511", ""]
    assert rows_of(whole, "occasions") == [
        ["2026-12-05 (#{})".format(occ.rsplit("/", 1)[1]), "12", "9", "1", "1", "2", "0"],
        [f"2026-12-12 (#{following['id']})", "1", "0", "0", "0", "0", "1"],
        ["Total", "13", "9", "1", "1", "2", "1"],
    ]
    for table in ("sets", "serials", "occasions"):
        found = csv_rows(admin, series + f"/{table}.csv")
        columns = next(t for t in whole["tables"] if t["name"] == table)["columns"]
        assert found == laid_out(columns, rows_of(whole, table))
    series_pdf = admin.client.get(series + ".pdf")
    assert series_pdf.status_code == 200 and series_pdf.mimetype == "application/pdf"
    series_text = pdf_text(series_pdf.data)
    for field in ["Series Test perm", "500–529", "512–528", "510, 529", "box torn on delivery", "2026-12-12"]:
        assert field in series_text, field
    save_first_page(series_pdf.data, "paper-accounts-series-p1.png")
    assert audit_count(session) == before


def test_paper_accountability_refuses_what_is_not_there(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, paper, _ = played_with_paper(admin, session)
    refused(admin.get("/api/v1/occasions/999999/paper-accounts"), 404, "not_found")
    refused(admin.get("/api/v1/occasions/999999/paper-accounts.pdf"), 404, "not_found")
    refused(admin.get("/api/v1/series/999999/paper-accounts"), 404, "not_found")
    refused(admin.get("/api/v1/series/999999/paper-accounts/sets.csv"), 404, "not_found")
    refused(admin.get(occ + "/paper-accounts/nothing.csv"), 404, "not_found", field="table")
    refused(admin.get(f"/api/v1/series/{paper['series_id']}/paper-accounts/nothing.csv"), 404, "not_found")
    officer = staff(admin, f"officer{hall.org.id}")
    assert officer.client.get(occ + "/paper-accounts.pdf").status_code == 200
    caller = staff(admin, f"caller{hall.org.id}")
    assert caller.client.get(occ + "/paper-accounts").status_code == 403
    stranger = staff(admin, f"mic{make_hall(session).org.id}")
    assert stranger.client.get(occ + "/paper-accounts").status_code in (403, 404)
    assert stranger.client.get(f"/api/v1/series/{paper['series_id']}/paper-accounts.pdf").status_code in (403, 404)


def test_paper_accountability_pages_offer_the_papers(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, paper, _ = played_with_paper(admin, session)
    occasion_id = occ.rsplit("/", 1)[1]
    page = admin.client.get(f"/bingo/reports/occasions/{occasion_id}").get_data(as_text=True)
    assert f"/api/v1/occasions/{occasion_id}/paper-accounts.pdf" in page
    assert f"/api/v1/occasions/{occasion_id}/paper-accounts/serials.csv" in page
    mic = staff(admin, f"mic{hall.org.id}")
    home = mic.client.get("/bingo/reports").get_data(as_text=True)
    assert f"/api/v1/series/{paper['series_id']}/paper-accounts.pdf" in home
