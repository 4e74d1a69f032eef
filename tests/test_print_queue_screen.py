"""The cashier's To print list, used as a cashier would (issue 20): a receipt whose connection dropped
mid-job waits with "check the paper" until the cashier taps It printed; one refused by a printer out of
paper waits as not printed and comes out on Reprint as a first print, never marked REPRINT. Each state
is shot and audited at the hall's three sizes."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from shared.printing.stations import StationPrinter
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.pos import arrived, fits, hall_with_a_shop, open_the_till, station_sign_in
from tests.support.printer import Emulator, FaultyLine, seen
from tests.support.screens import audit, shoot

pytestmark = [pytest.mark.browser, pytest.mark.printer]

SIZES = [(1280, 800), (1920, 1080), (800, 1280)]


def looked_at_every_size(page: Page, name: str) -> None:
    """The screen as it is now at each of the hall's sizes: shot for the docs, audited, nothing off the
    side or out of its panel; left at the cashier's 1280×800."""
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, f"{name}-{width}x{height}")
        assert audit(page) == [] and fits(page) == [], (name, width, height)
    page.set_viewport_size({"width": 1280, "height": 800})


def sell_a_dauber(page: Page) -> None:
    page.click(".pos-item[data-kind=non_gaming]")
    page.click("[data-cash=exact]")
    page.click("#sell")


def test_house_rule_print_jobs_a_receipt_cut_mid_job_waits_with_check_the_paper_until_it_printed(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, _, _ = hall_with_a_shop(app, admin, session, printer_config)
    line = FaultyLine(emulator, cut_after=200)
    try:
        app.extensions["flashboard.printers"] = {
            "front": StationPrinter("front", "Network", {"host": "127.0.0.1", "port": line.port}, "TM-T20II", 3, 1.5)
        }
        page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
        page.goto(live_url + "/bingo/cashier")
        open_the_till(page)
        sell_a_dauber(page)
        expect(page.locator("#last-sale")).to_contain_text("the printer did not confirm it")
        job = page.locator("#queue .queue-job")
        expect(job).to_have_count(1)
        expect(job).to_contain_text("check the paper")
        expect(page.locator("#queue-count")).to_have_text("1")
        looked_at_every_size(page, "cashier-to-print-check-the-paper")

        before = seen(emulator)
        job.locator("button.confirm-printed").click()
        expect(page.locator("#problem")).to_contain_text("marked printed")
        expect(page.locator("#queue")).to_contain_text("Every paper printed.")
        expect(page.locator("#queue-count")).to_be_hidden()
        assert seen(emulator) == before
        page.close()
    finally:
        line.close()


def test_house_rule_print_jobs_a_receipt_refused_for_paper_out_reprints_as_a_first_print(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, _, _ = hall_with_a_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    page.goto(live_url + "/bingo/cashier")
    open_the_till(page)
    emulator.fault("paper-out", True)
    try:
        sell_a_dauber(page)
        expect(page.locator("#last-sale")).to_contain_text("did not print")
        job = page.locator("#queue .queue-job")
        expect(job).to_contain_text("not printed")
        expect(job).to_contain_text("paper out")
        expect(job.locator("button.confirm-printed")).to_have_count(0)
        looked_at_every_size(page, "cashier-to-print-not-printed")
    finally:
        emulator.fault("paper-out", False)
    before = seen(emulator)
    job.locator("button.reprint").click()
    expect(page.locator("#queue")).to_contain_text("Every paper printed.")
    text = emulator.text(arrived(emulator, before, 1)[0])
    assert "REPRINT" not in text and "Dauber" in text
    page.close()
