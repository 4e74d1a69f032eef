"""The Board's reports for one occasion, played in full with a split, a cookie-jar award and an
expense: the occasion report (10 DE Admin Code 101-4.1, 4.6), the sworn statement (28 Del. C. §1521),
their CSV tables and PDFs agree to the cent, the PDF text holds every required field, and producing
a report again gives the same bytes and changes nothing."""

from __future__ import annotations

import json
import os
from datetime import date, time
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import CookieJarLine, Occasion
from bingo.rules.patterns import STANDARD, PatternKind
from shared.core.money import parse_cents
from shared.core.roles import Role
from shared.platform.audit import parse_anchor
from shared.printing.documents import Receipt
from shared.printing.models import PrintJob
from tests.support.bingo_factories import make_hall, split_script
from tests.support.books import till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_user
from tests.support.jars import jar_hall, opened
from tests.support.occasions import pay_every_winner, setup_occasion
from tests.support.replies import ok, refused
from tests.support.spreadsheets import csv_data, csv_totals

PAYEE = {
    "payee_name": "Hall Supply Co.",
    "payee_address": "12 Depot Rd, Millbrook, DE 19901",
    "description": "Bingo paper",
    "amount": "45.00",
}


def pdf_text(data: bytes) -> str:
    document = pdfium.PdfDocument(data)
    text = " ".join(document[i].get_textpage().get_text_range() for i in range(len(document)))
    return " ".join(text.split())


def played(admin: Api, session: Session) -> tuple[str, Any, Any]:
    """Game 1 (any row, $300) won by two faces on the cookie-jar number: $150.00 each and jar 1
    ($500.00 opening + $10.00 of fees) split $255.00 each; a sleeper claim rejected; 30 admissions,
    5 jar entries and 2 daubers sold; one expense."""
    hall = jar_hall(admin, session, "500.00", "0.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    occ, caller, verifier = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "300.00"}], script.calls[-1])
    ids = {
        kind: ok(admin.post(occ + "/products", {"kind": kind, "name": name, "price": price}), 201)["id"]
        for kind, name, price in [
            ("admission", "Admission pack", "20.00"),
            ("cookie_jar", "Cookie jar entry", "2.00"),
            ("non_gaming", "Dauber", "1.50"),
        ]
    }
    till_open(admin, occ)
    for kind, quantity, price in [("admission", 30, "20.00"), ("cookie_jar", 5, "2.00"), ("non_gaming", 2, "1.50")]:
        ok(
            admin.post(
                occ + "/sales",
                {
                    "lines": [{"product_id": ids[kind], "quantity": quantity, "unit_price": price}],
                    "buyer_is_adult": True,
                    "tendered": "1000.00",
                },
            ),
            201,
        )
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in [*script.winners, script.early[0]]:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    ok(caller.post(occ + "/games/1/close"))
    ok(caller.post(occ + "/games/1/cookie-jar-award"))
    return occ, hall, script


def test_1521_4_1_reports_agree_to_the_cent_in_json_csv_and_pdf(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, script = played(admin, session)
    missing = refused(
        admin.post(occ + "/expenses", {**PAYEE, "payee_name": ""}), 422, "invalid_input", field="payee_name"
    )
    assert missing["fields"]["payee_name"] == ["An expense names its payee and the payee's address (28 Del. C. §1521)."]
    refused(
        admin.post(occ + "/expenses", {**PAYEE, "payee_address": "   "}),
        422,
        "payee_required",
        "28 Del. C. §1521",
        "payee_address",
    )
    refused(
        admin.post(occ + "/expenses", {k: v for k, v in PAYEE.items() if k != "payee_address"}),
        422,
        "invalid_input",
        field="payee_address",
    )
    ok(admin.post(occ + "/expenses", PAYEE), 201)

    mic = staff(admin, f"mic{hall.org.id}")
    refusal = refused(mic.post(occ + "/close"), 409, "closeout_incomplete", "10 DE Admin Code 101-4.10")
    for face in script.winners:
        assert f"game 1, face {face}: $150.00" in refusal["message"]
        assert f"game 1 cookie jar, face {face}: $255.00" in refusal["message"]
    pay_every_winner(admin, occ)
    ok(mic.post(occ + "/close"))

    before = audit_count(session)
    report = ok(admin.get(occ + "/report"))
    assert report["totals"] == {
        "gaming_receipts": 60000,
        "jar_receipts": 1000,
        "other_receipts": 300,
        "prizes": 30000,
        "expenses": 4500,
        "net": 25500,
    }
    sworn = ok(admin.get(occ + "/sworn-statement"))
    assert sworn["games"] == [{"number": 1, "receipts": 60000, "prizes": 30000, "expenses": 4500, "net": 25500}]
    assert sworn["due"] == "2027-01-04" and sworn["sworn"] is False
    assert {k: sworn["totals"][k] for k in ("gaming_receipts", "jar_receipts", "expenses")} == {
        k: report["totals"][k] for k in ("gaming_receipts", "jar_receipts", "expenses")
    }
    assert sworn["totals"]["prizes"] == report["totals"]["prizes"] + sworn["totals"]["jar_prizes"] == 81000

    per_game = admin.client.get(occ + "/sworn-statement/per_game.csv")
    cells = ("Game", "Gross receipts", "Prize given", "Expenses", "Net profit")
    assert [tuple(r[c] for c in cells) for r in csv_data(per_game)] == [
        ("1", "600.00", "300.00", "45.00", "255.00"),
        ("Cookie jar", "10.00", "510.00", "0.00", "-500.00"),
    ]
    (total,) = csv_totals(per_game)
    assert tuple(total[c] for c in cells) == ("Total", "610.00", "810.00", "45.00", "-245.00")
    net = {r["Item"]: r["Amount"] for r in csv_data(admin.client.get(occ + "/report/net.csv"))}
    assert net["Net proceeds from gaming"] == "255.00" and net["Cookie-jar entries (held for jar prizes)"] == "10.00"
    games = csv_data(admin.client.get(occ + "/report/games.csv"))
    assert (
        games[0]["Winning call"] == str(len(script.calls))
        and f"face {script.early[0]} (sleeper)" in games[0]["Rejected claims"]
    )
    assert admin.client.get(occ + "/report/nothing.csv").status_code == 404

    pdf = admin.client.get(occ + "/report.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    for field in [
        "Millbrook",
        "Hall ",
        "1 Main St",
        "Member in charge",
        "Mic ",
        "Workers",
        "Caller ",
        "Balls verified",
        "Cookie-jar number",
        "Any row",
        "$300.00",
        "Winning call",
        f"face {script.winners[0]} $150.00",
        f"face {script.early[0]} (sleeper)",
        "Attendance",
        "30 admissions sold",
        "Admission pack",
        "$600.00",
        "Prizes awarded",
        "$3,000.00",
        "Inducements",
        "Cookie-jar movements",
        "$255.00",
        "Hall Supply Co.",
        "12 Depot Rd, Millbrook, DE 19901",
        "Net proceeds from gaming",
        "Officer of the organization",
    ]:
        assert field in text, field
    sworn_pdf = admin.client.get(occ + "/sworn-statement.pdf").data
    sworn_text = pdf_text(sworn_pdf)
    for field in [
        "28 Del. C. §1521",
        "Gross receipts",
        "Net profit",
        "Prize offered",
        "Prize given",
        "Hall Supply Co.",
        "12 Depot Rd, Millbrook, DE 19901",
        "2027-01-04",
        "General uses of the net profit",
    ]:
        assert field in sworn_text, field

    assert admin.client.get(occ + "/report.pdf").data == pdf.data
    assert ok(admin.get(occ + "/report")) == report
    assert audit_count(session) == before

    folder = os.environ.get("FLASHBOARD_SCREENSHOT_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        pdfium.PdfDocument(pdf.data)[0].render(scale=1.5).to_pil().save(Path(folder) / "occasion-report-page1.png")


def test_1521_statement_is_sworn_once_with_the_uses_of_net_profit(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, _ = played(admin, session)
    mic = staff(admin, f"mic{hall.org.id}")
    refused(
        mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus"}),
        409,
        "occasion_not_closed",
        "28 Del. C. §1521",
    )
    pay_every_winner(admin, occ)
    ok(mic.post(occ + "/close"))
    refused(
        mic.post(occ + "/sworn-statement", {"net_profit_uses": "  "}),
        422,
        "uses_required",
        "28 Del. C. §1521",
        "net_profit_uses",
    )
    sworn = ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund and the scholarship"}))
    assert sworn["sworn"] is True
    facts = {f["label"]: f["value"] for f in sworn["facts"]}
    assert facts["General uses of the net profit"] == "Fire apparatus fund and the scholarship"
    assert facts["Status"].startswith("sworn 2026-12-05")
    assert facts["Status"].endswith(f"by {hall.mic.name}, Member in charge"), "sworn by the person, not the login"
    refused(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Again"}), 409, "statement_sworn")


def test_1521_dashboard_shows_a_statement_due_then_overdue(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, _ = played(admin, session)
    pay_every_winner(admin, occ)
    mic = staff(admin, f"mic{hall.org.id}")
    ok(mic.post(occ + "/close"))
    assert "sworn statement" not in mic.client.get("/bingo/member-in-charge").get_data(as_text=True)
    clock.advance(days=25)
    assert "The sworn statement for 2026-12-05 is due 2027-01-04." in mic.client.get(
        "/bingo/member-in-charge"
    ).get_data(as_text=True)
    clock.advance(days=6)
    page = mic.client.get("/bingo/member-in-charge").get_data(as_text=True)
    assert "The sworn statement for 2026-12-05 is overdue (due 2027-01-04)." in page
    ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}))
    assert "sworn statement" not in mic.client.get("/bingo/member-in-charge").get_data(as_text=True)


def book_directly(session: Session, template: dict[str, Any], days: list[date]) -> None:
    """Occasions as an import or an old system left them: straight into the table, past the scheduler."""
    for day in days:
        session.add(
            Occasion(
                organization_id=template["organization_id"],
                premises_id=template["premises_id"],
                program_id=template["program_id"],
                series_id=template["series_id"],
                occasion_date=day,
                start_time=time(18, 0),
                member_in_charge_id=template["member_in_charge_id"],
                status="scheduled",
            )
        )
    session.commit()


def test_4_4_annual_view_flags_an_11th_day_for_pre_444_and_a_second_occasion_in_a_week_for_post_444(
    admin: Api, session: Session, clock: Clock
) -> None:
    old = make_hall(session, first_licensed_on=date(1991, 4, 1))
    first = setup_occasion(admin, old, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}], day="2026-03-01")
    book_directly(session, first, [date(2026, 3, d) for d in range(2, 12)])
    view = ok(admin.get(f"/api/v1/organizations/{old.org.id}/compliance?year=2026"))
    frequency = next(t for t in view["tables"] if t["name"] == "frequency")
    assert frequency["rows"] == [["2026-03", "11", "10", "day 11 on 2026-03-11", "10 DE Admin Code 101-4.4"]]
    assert {f["label"]: f["value"] for f in view["facts"]}["Licence class"] == "pre-444"

    new = make_hall(session)
    second = setup_occasion(admin, new, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}], day="2026-03-01")
    book_directly(session, second, [date(2026, 3, 4), date(2026, 3, 8)])
    view = ok(admin.get(f"/api/v1/organizations/{new.org.id}/compliance?year=2026"))
    rows = next(t for t in view["tables"] if t["name"] == "frequency")["rows"]
    assert [r[:4] for r in rows] == [
        ["week of 2026-03-01", "2", "1", "second occasion on 2026-03-04"],
        ["week of 2026-03-08", "1", "1", "ok"],
    ]
    licences = next(t for t in view["tables"] if t["name"] == "licences")["rows"]
    assert [f"Bingo licence B-{new.org.id}", "2026-12-31"] in licences
    assert "second occasion on 2026-03-04" in pdf_text(
        admin.client.get(f"/api/v1/organizations/{new.org.id}/compliance.pdf?year=2026").data
    )
    weeks = admin.client.get(f"/api/v1/organizations/{new.org.id}/compliance/frequency.csv?year=2026").get_data(
        as_text=True
    )
    assert "second occasion on 2026-03-04" in weeks
    refused(admin.get(f"/api/v1/organizations/{new.org.id}/compliance?year=1800"), 422, "invalid_input", field="year")


def test_4_1_sales_report_agrees_with_the_printed_end_of_session_summary(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, _ = played(admin, session)
    pay_every_winner(admin, occ)
    sales = ok(admin.get(occ + "/sales-report"))
    assert sales["totals"] == {
        "sales": 61300,
        "voids": 0,
        "payouts": 81000,
        "over_short": 0,
        "tender_cash": 61300,
        "paid_ins": 81000,
        "drops": 0,
    }
    by_product = {r[0]: r[3] for r in next(t for t in sales["tables"] if t["name"] == "by_product")["rows"]}
    assert by_product == {
        "Admission pack": "$600.00",
        "Cookie jar entry": "$10.00",
        "Dauber": "$3.00",
        "Total": "$613.00",
    }
    job = ok(admin.post(occ + "/session-report"))
    with session.info["database"].readers() as reader:
        printed = Receipt.from_json(json.loads(reader.get(PrintJob, job["id"]).document))
    lines = dict(printed.lines)
    assert (
        lines["Sales total"] == "$613.00" and lines["Prizes paid"] == "$810.00" and lines["Admission pack"] == "$600.00"
    )
    assert lines["Paid in from prize bank"] == "$810.00"
    payouts = admin.client.get(occ + "/sales-report/payouts.csv")
    assert list(csv_totals(payouts)[-1].values())[4] == "810.00" and len(csv_data(payouts)) == 4
    assert "Sales by station and cashier" in pdf_text(admin.client.get(occ + "/sales-report.pdf").data)


def test_4_31_jar_statement_pdf_shows_opening_and_closing_balances(admin: Api, session: Session, clock: Clock) -> None:
    _, hall, _ = played(admin, session)
    text = pdf_text(
        admin.client.get(
            f"/api/v1/organizations/{hall.org.id}/cookie-jar/statement.pdf?from=2026-12-05&to=2026-12-05"
        ).data
    )
    assert "Opening" in text and "Closing" in text and "$500.00" in text and "10 DE Admin Code 101-4.31" in text


def test_101_4_24_member_in_charge_enters_expenses_and_swears_on_the_reports_pages(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, _ = played(admin, session)
    occasion_id = int(occ.rsplit("/", 1)[1])
    mic = staff(admin, f"mic{hall.org.id}")
    listing = mic.client.get("/bingo/reports").get_data(as_text=True)
    assert "2026-12-05" in listing and f"/bingo/reports/occasions/{occasion_id}" in listing
    page = f"/bingo/reports/occasions/{occasion_id}"
    token = mic.token
    refused_form = mic.client.post(
        page + "/expenses",
        data={
            "csrf_token": token,
            "payee_name": "Hall Supply Co.",
            "payee_address": " ",
            "description": "Paper",
            "amount": "45.00",
        },
    )
    assert refused_form.status_code == 422 and "28 Del. C. §1521" in refused_form.get_data(as_text=True)
    done = mic.client.post(page + "/expenses", data={"csrf_token": token, **PAYEE})
    assert done.status_code == 302
    assert "12 Depot Rd, Millbrook, DE 19901" in mic.client.get(page).get_data(as_text=True)
    pay_every_winner(admin, occ)
    ok(mic.post(occ + "/close"))
    sworn = mic.client.post(
        page + "/sworn-statement", data={"csrf_token": token, "net_profit_uses": "Fire apparatus fund"}
    )
    assert sworn.status_code == 302
    assert "sworn 2026-12-05" in mic.client.get(page).get_data(as_text=True)


def closed_night(admin: Api, session: Session) -> tuple[str, Any, Api]:
    """The played occasion with its expense, every winner paid and the occasion closed by its member in
    charge: the occasion's path, the hall and the member in charge's client."""
    occ, hall, _ = played(admin, session)
    ok(admin.post(occ + "/expenses", PAYEE), 201)
    pay_every_winner(admin, occ)
    mic = staff(admin, f"mic{hall.org.id}")
    ok(mic.post(occ + "/close"))
    return occ, hall, mic


def test_1521_statement_counts_cookie_jar_receipts_and_prize(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, _ = closed_night(admin, session)
    occasion_id = int(occ.rsplit("/", 1)[1])
    sworn = ok(admin.get(occ + "/sworn-statement"))
    per_game = next(t for t in sworn["tables"] if t["name"] == "per_game")
    assert per_game["rows"][1] == [
        "Cookie jar",
        "Cookie jar bingo (101-4.31): won in game 1",
        "$510.00",
        "$510.00",
        "$10.00",
        "$0.00",
        "-$500.00",
    ]
    assert per_game["rows"][-1] == ["Total", "", "", "$810.00", "$610.00", "$45.00", "-$245.00"]

    # the books: the cookie-jar ledger's lines for this occasion, the occasion report, the sales report
    with session.info["database"].readers() as reader:
        lines = list(reader.scalars(select(CookieJarLine).where(CookieJarLine.occasion_id == occasion_id)))
    fees = sum(x.cents for x in lines if x.kind == "fee") - sum(x.cents for x in lines if x.kind == "refund")
    awarded = sum(x.cents for x in lines if x.kind == "award")
    report = ok(admin.get(occ + "/report"))["totals"]
    by_product = {
        r[0]: r[3]
        for r in next(t for t in ok(admin.get(occ + "/sales-report"))["tables"] if t["name"] == "by_product")["rows"]
    }
    totals = sworn["totals"]
    assert (totals["jar_receipts"], totals["jar_prizes"]) == (fees, awarded) == (1000, 51000)
    assert totals["jar_receipts"] == report["jar_receipts"] and by_product["Cookie jar entry"] == "$10.00"
    assert totals["gross_receipts"] == report["gaming_receipts"] + report["jar_receipts"] == 61000
    assert totals["prizes"] == report["prizes"] + awarded == 81000
    assert totals["expenses"] == report["expenses"] == 4500
    assert totals["net"] == totals["gross_receipts"] - totals["prizes"] - totals["expenses"] == -24500
    paid = sum(
        parse_cents(r[4])
        for r in next(t for t in ok(admin.get(occ + "/sales-report"))["tables"] if t["name"] == "payouts")["rows"][:-1]
    )
    assert paid == totals["prizes"], "every prize the statement gives was paid at the cashier"
    text = pdf_text(admin.client.get(occ + "/sworn-statement.pdf").data)
    assert "Cookie jar bingo (101-4.31): won in game 1" in text and "Cookie-jar prizes $510.00" in text


def test_1521_statement_names_payees_net_profit_and_its_uses(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, mic = closed_night(admin, session)
    sworn = ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}))
    expenses = next(t for t in sworn["tables"] if t["name"] == "expenses")
    assert expenses["rows"][0] == [
        "Hall Supply Co.",
        "12 Depot Rd, Millbrook, DE 19901",
        "Bingo paper",
        "all",
        "$45.00",
    ]
    net = dict(next(t for t in sworn["tables"] if t["name"] == "net")["rows"])
    assert net == {
        "Gross receipts of the games": "$600.00",
        "Cookie-jar entries": "$10.00",
        "Gross receipts": "$610.00",
        "Prizes given in the games": "$300.00",
        "Cookie-jar prizes": "$510.00",
        "Prizes given": "$810.00",
        "Expenses": "$45.00",
        "Net profit": "-$245.00",
        "General uses of the net profit": "Fire apparatus fund",
    }


def in_order(text: str, parts: list[str]) -> list[int]:
    """Where each part is found in the text, each searched for after the one before it (-1: not after it)."""
    found, at = [], 0
    for part in parts:
        at = text.find(part, at)
        found.append(at)
        at = at + len(part) if at >= 0 else len(text)
    return found


def test_1521_oath_comes_before_signatures(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, mic = closed_night(admin, session)
    signer = f"{hall.mic.name}, Member in charge"
    order = [
        "Net profit and its uses",
        "Printed name and title",
        signer,
        "I swear that this statement is true and complete to the best of my knowledge.",
        f"Signature of {signer}",
        "Date",
        "Before me: notary",
    ]
    for stage in ("draft", "sworn"):
        text = pdf_text(admin.client.get(occ + "/sworn-statement.pdf").data)
        assert -1 not in in_order(text, order), (stage, list(zip(order, in_order(text, order), strict=True)))
        assert text.count("I swear that") == 1 and text.rindex("I swear that") < text.index("Signature of"), stage
        if stage == "draft":
            ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}))
    signatures = ok(admin.get(occ + "/sworn-statement"))["signatures"]
    assert signatures[:2] == [f"Signature of {signer}", "Date"]


def _papers(name: str, data: bytes) -> None:
    """Every page of a paper as PNG in FLASHBOARD_PAPERS_DIR (docs/papers/ in the repository), to look at."""
    folder = os.environ.get("FLASHBOARD_PAPERS_DIR")
    if not folder:
        return
    Path(folder).mkdir(parents=True, exist_ok=True)
    document = pdfium.PdfDocument(data)
    for index in range(len(document)):
        document[index].render(scale=1.5).to_pil().save(Path(folder) / f"{name}-page{index + 1}.png")


def test_1521_draft_until_sworn(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, mic = closed_night(admin, session)
    draft = ok(admin.get(occ + "/sworn-statement"))
    assert draft["title"].startswith("DRAFT · Sworn statement") and draft["draft"] is True
    assert draft["facts"][0] == {
        "label": "DRAFT",
        "value": "Not sworn: not for filing with the Board. The member in charge swears it, with the uses of the "
        "net profit, once the occasion is closed (28 Del. C. §1521).",
    }
    facts = {f["label"]: f["value"] for f in draft["facts"]}
    assert facts["Sworn by"] == f"not yet sworn; to be sworn by {hall.mic.name}, Member in charge"
    pdf = admin.client.get(occ + "/sworn-statement.pdf").data
    pages = pdfium.PdfDocument(pdf)
    texts = [pages[n].get_textpage().get_text_range() for n in range(len(pages))]
    assert all(text.startswith("DRAFT") for text in texts), "DRAFT across every page"
    assert "DRAFT · Sworn statement" in texts[0] and "Not sworn: not for filing" in pdf_text(pdf)
    _papers("sworn-statement-draft", pdf)

    sworn = ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}))
    assert sworn["draft"] is False and sworn["title"].startswith("Sworn statement")
    assert all(f["label"] != "DRAFT" for f in sworn["facts"])
    pdf = admin.client.get(occ + "/sworn-statement.pdf").data
    assert "DRAFT" not in pdf_text(pdf)
    _papers("sworn-statement-sworn", pdf)

    ok(mic.post(occ + "/expenses", {**PAYEE, "description": "Late bill", "adjustment_reason": "found later"}), 201)
    again = ok(admin.get(occ + "/sworn-statement"))
    assert again["draft"] is True and again["title"].startswith("DRAFT · "), "an adjustment un-swears it: a draft again"


def test_1521_sworn_by_a_name_not_a_login(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, mic = closed_night(admin, session)
    make_user(session, [Role.ADMIN], username="nameless", display_name="")
    make_user(session, [Role.MEMBER_IN_CHARGE], member=hall.mic, username="mic-login", display_name="")
    refused(
        staff(admin, "nameless").post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}),
        422,
        "swearer_unnamed",
        "28 Del. C. §1521",
    )
    refused(
        admin.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}),
        422,
        "title_required",
        "28 Del. C. §1521",
        "title",
    )
    refused(
        admin.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund", "title": ""}),
        422,
        "invalid_input",
        field="title",
    )
    sworn = ok(
        staff(admin, "mic-login").post(
            occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund", "title": "President"}
        )
    )
    facts = {f["label"]: f["value"] for f in sworn["facts"]}
    assert facts["Sworn by"] == f"{hall.mic.name}, President", "the member's name when the account has none"
    assert facts["Status"].endswith(f"by {hall.mic.name}, President")
    text = pdf_text(admin.client.get(occ + "/sworn-statement.pdf").data)
    assert f"Signature of {hall.mic.name}, President" in text
    assert "mic-login" not in text and "mic-login" not in json.dumps(sworn)


def test_1521_every_closing_paper_carries_the_audit_anchor(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, _ = played(admin, session)
    owed = ok(admin.get(occ + "/prizes-due"))
    assert owed
    pay_every_winner(admin, occ)
    with session.info["database"].readers() as reader:
        shift = reader.scalars(select(PrintJob).where(PrintJob.kind == "shift_report")).all()
        assert shift, "closing the till printed its end-of-shift report"
        receipts = [Receipt.from_json(json.loads(job.document)) for job in shift]
    job = ok(admin.post(occ + "/session-report"))
    with session.info["database"].readers() as reader:
        receipts.append(Receipt.from_json(json.loads(reader.get(PrintJob, job["id"]).document)))
    for receipt in receipts:
        footer = list(receipt.footer)
        assert parse_anchor(footer[footer.index("Audit anchor (for flashboard audit verify):") + 1]), receipt.title
    mic = staff(admin, f"mic{hall.org.id}")
    ok(mic.post(occ + "/close"))
    label = "Audit anchor (flashboard audit verify --anchor)"
    for stage in ("draft", "sworn"):
        head = ok(admin.get("/api/v1/audit/verify"))["anchor"]
        for path in ("/report", "/sales-report", "/sworn-statement"):
            paper = ok(admin.get(occ + path))
            facts = {f["label"]: f["value"] for f in paper["facts"]}
            assert facts[label] == head, (stage, path)
            assert f"{label} {head}" in pdf_text(admin.client.get(occ + path + ".pdf").data), (stage, path)
        if stage == "draft":
            ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus fund"}))
