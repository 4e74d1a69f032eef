"""Every report a hall files or keeps, from one played night and one tournament, page by page (issue
20, item 8): each page names its paper, when it was made and "Page N of M", and is kept as a PNG in
docs/papers/ (FLASHBOARD_PAPERS_DIR) to be looked at: the occasion report, the sales report, the §1521
statement (draft and sworn, DRAFT across every page of the draft), the paper accountability report,
the annual compliance view, the cookie-jar statement, the printed program and house rules, the bingo
licence, the tournament's report and its printed rules."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
from flask import Flask
from sqlalchemy.orm import Session

from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import pay_every_winner
from tests.support.poker_factories import delaware_tournament, seat_players
from tests.support.pos import hall_with_prizes_due
from tests.support.replies import ok

PAYEE = {
    "payee_name": "Hall Supply Co.",
    "payee_address": "12 Depot Rd, Millbrook, DE 19901",
    "description": "Bingo paper",
    "amount": "45.00",
}


def pages(admin: Api, url: str, name: str | None, produced: str = "produced 2026-12-05 18:00") -> list[str]:
    """The PDF's pages as text, each holding its footer; each kept as `name`-pageN.png when asked (the
    §1521 statement's and the paper accountability's are kept by their own tests, from nights that
    sold more)."""
    reply = admin.client.get(url)
    assert reply.status_code == 200 and reply.mimetype == "application/pdf", (url, reply.get_data(as_text=True)[:300])
    document = pdfium.PdfDocument(reply.data)
    folder = os.environ.get("FLASHBOARD_PAPERS_DIR")
    texts = []
    for number in range(1, len(document) + 1):
        page = document[number - 1]
        text = page.get_textpage().get_text_range()
        assert produced in text and f"Page {number} of {len(document)}" in text, (name, number, text[-200:])
        if folder and name:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.render(scale=1.5).to_pil().save(Path(folder) / f"{name}-page{number}.png")
        texts.append(text)
    return texts


def test_every_report_page_names_its_paper_when_it_was_made_and_its_page(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    night = hall_with_prizes_due(app, admin, session)
    occ, org = night.occ, f"/api/v1/organizations/{night.hall.org.id}"
    ok(admin.post(occ + "/expenses", PAYEE), 201)
    pay_every_winner(admin, occ)
    mic = staff(admin, f"mic{night.hall.org.id}")
    ok(mic.post(occ + "/close"))
    pages(admin, occ + "/report.pdf", "occasion-report")
    pages(admin, occ + "/sales-report.pdf", "sales-report")
    draft = pages(admin, occ + "/sworn-statement.pdf", None)
    assert all(text.startswith("DRAFT") for text in draft)
    ok(mic.post(occ + "/sworn-statement", {"net_profit_uses": "Fire apparatus and the ambulance fund"}))
    sworn = pages(admin, occ + "/sworn-statement.pdf", None)
    assert not any(text.startswith("DRAFT") for text in sworn)
    pages(admin, occ + "/paper-accounts.pdf", None)
    series = ok(admin.get(occ))["series_id"]
    pages(admin, f"/api/v1/series/{series}/paper-accounts.pdf", None)
    pages(admin, org + "/compliance.pdf?year=2026", "annual-compliance")
    pages(admin, org + "/cookie-jar/statement.pdf", "cookie-jar-statement")
    pages(admin, occ + "/program.pdf", "printed-program")
    pages(admin, occ + "/house-rules.pdf", "house-rules")
    pages(admin, org + "/bingo-licence.pdf", "bingo-licence")

    _, tournament = delaware_tournament(admin, session)
    seat_players(admin, tournament, 12)
    pages(admin, tournament + "/report.pdf", "tournament-report")
    rules = pages(admin, tournament + "/rules.pdf", "tournament-rules")
    assert "•" in "".join(rules)
