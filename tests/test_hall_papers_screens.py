"""The papers an occasion posts, from the member in charge's dashboard in a real Chromium (10 DE Admin
Code 101-4.13, 4.20, 4.30.1.5): the program and the house rules on screen as the caller plays them, each
downloaded as a PDF and printed on the station's receipt printer (the emulator reads it back), with 56 px
buttons that fit the touchscreen and the tablet. With FLASHBOARD_SCREENSHOT_DIR set, the PDF pages and
the receipts are kept as PNGs beside the screenshots (the README's docs/screens/printed-*.png)."""

from __future__ import annotations

import os
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from shared.printing import stations
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.papers import papers_night
from tests.support.pos import arrived, station_sign_in
from tests.support.printer import Emulator, seen
from tests.support.screens import audit, keep_receipt, shoot

pytestmark = [pytest.mark.browser, pytest.mark.printer]


def _keep_pdf(data: bytes, name: str) -> str:
    """The PDF's text, and (when screenshots are taken) each page as a PNG at 80 dpi."""
    document = pdfium.PdfDocument(data)
    folder = os.environ.get("FLASHBOARD_SCREENSHOT_DIR")
    for number, page in enumerate(document, start=1):
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.render(scale=80 / 72).to_pil().save(Path(folder) / f"{name}-pdf-{number}.png")
    return " ".join(" ".join(page.get_textpage().get_text_range().split()) for page in document)


def _printed(page: Page, emulator: Emulator, button: str) -> str:
    before = seen(emulator)
    page.click(button)
    expect(page.locator("#problem")).to_have_text("Printed.")
    return arrived(emulator, before, 1)[0]


def test_4_13_4_20_member_in_charge_downloads_and_prints_the_program_and_house_rules(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    hall, occ = papers_night(admin, session)
    page = station_sign_in(browser, live_url, f"mic{hall.org.id}", "front")
    page.goto(f"{live_url}/bingo/member-in-charge")
    page.click("#papers")
    expect(page.locator("#paper-program h1")).to_have_text(f"{hall.org.name}: bingo program")
    expect(page.locator("#paper-program")).to_contain_text("$350.00 if bingo is within 52 calls")
    expect(page.locator("#paper-program .paper-patterns").first.locator(".sq.on")).to_have_count(4)
    expect(page.locator("#paper-house-rules")).to_contain_text("You must be 18 or older to play.")
    assert audit(page) == []
    for button in ["#program-pdf", "#print-program", "#house-rules-pdf", "#print-house-rules"]:
        box = page.locator(button).bounding_box()
        assert box is not None and box["height"] >= 56, button
    shoot(page, "papers-1280x800")

    program = _printed(page, emulator, "#print-program")
    text = " ".join(emulator.text(program).split())
    for item in [
        "BINGO PROGRAM",
        "- 1. Four corners",
        "X . . . X . . . . . . . * . . . . . . . X . . . X",
        "$150.00 with 100 or more players",
        "Game 6 Numbers picked: 8 Price a face: $1.00",
        "Entry fee: $2.00",
        "1-888-850-8888",
    ]:
        assert item in text, item
    keep_receipt(emulator, program, "printed-program-receipt")
    rules = _printed(page, emulator, "#print-house-rules")
    text = " ".join(emulator.text(rules).split())
    for item in ["HOUSE RULES", "(a sleeper) does not win", "(10 DE Admin Code 101-4.3)", "1-888-850-8888"]:
        assert item in text, item
    keep_receipt(emulator, rules, "house-rules-receipt")

    for link, name, heading in [
        ("#program-pdf", "printed-program", "bingo program"),
        ("#house-rules-pdf", "house-rules", "house rules"),
    ]:
        reply = page.request.get(live_url + str(page.locator(link).get_attribute("href")))
        assert reply.ok and reply.headers["content-type"] == "application/pdf"
        assert heading in _keep_pdf(reply.body(), name)

    tablet = station_sign_in(browser, live_url, f"mic{hall.org.id}", "front", 800, 1280)
    tablet.goto(f"{live_url}/bingo/papers/{occ.rsplit('/', 1)[1]}")
    assert audit(tablet) == []
