"""A night prepared from the bingo back office's pages, in Chromium, with no API call from the test for
any step: the member in charge generates a series, builds a program (a standard pattern with an
alternate prize (101-4.15), a shape drawn by tapping the grid (4.14.9), a U Pick Em game (4.30.1.5), a
break-open game (4.29.1) and attendance tiers (4.18)), schedules the occasion with its limits shown
(4.2, 4.4) and sees it on the caller's console, receives paper and issues packs to a station, takes
some back and records one missing, adds the night's products (4.22, 4.31.3) and records an expense with
its payee (4.24, 28 Del. C. §1521). A program over the 4.6 limit is refused on the page naming the
field and the rule, and saves nothing. Every page is looked at, and audited, at 1280×800, 800×1280 and
1920×1080."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Expense, Program
from bingo.services import jars as jar_service
from shared.platform.audit import SYSTEM
from tests.support.bingo_factories import make_hall
from tests.support.clock import Clock
from tests.support.factories import NOW, PASSWORD, PIN
from tests.support.screens import audit, shoot

pytestmark = pytest.mark.browser

TOUCH, TABLET, TV = (1280, 800), (800, 1280), (1920, 1080)


def signed_in(browser: Browser, live_url: str, username: str, size: tuple[int, int] = TOUCH) -> Page:
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(live_url + "/signin")
    page.fill("#username", username)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/signin" not in url)
    return page


def looked_at(page: Page, name: str, problems: list[str]) -> None:
    """The page as it stands: shot (when screenshots are asked for) and audited."""
    size = page.viewport_size or {"width": 0, "height": 0}
    shoot(page, f"office-{name}-{size['width']}x{size['height']}", full_page=True)
    problems += [f"{name} {size['width']}x{size['height']}: {p}" for p in audit(page)]


def count(session: Session, model: Any) -> int:
    with session.info["database"].readers() as reader:
        return reader.scalar(select(func.count()).select_from(model)) or 0


def test_4_14_4_22_4_24_a_night_is_prepared_from_the_back_office_pages_alone(
    browser: Browser, live_url: str, app: Flask, session: Session, clock: Clock
) -> None:
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    jar_service.save_settings(session, SYSTEM, NOW, hall.org.id, 100_000, 100)
    session.commit()
    problems: list[str] = []
    mic = signed_in(browser, live_url, f"mic{hall.org.id}")
    mic.goto(live_url + "/office")
    mic.click("text=Bingo night")
    expect(mic.locator("h1")).to_have_text("Millbrook Volunteer Fire Company: preparing a bingo night")
    looked_at(mic, "bingo-night", problems)

    mic.click(".subnav >> text=Series")
    mic.click("#generate-series")
    expect(mic.locator(".notice")).to_have_text("Series generated.")
    expect(mic.locator("table")).to_contain_text("Practice series")
    looked_at(mic, "series", problems)

    mic.click(".subnav >> text=Programs")
    mic.click("#new-program")
    mic.fill("#f-name", "Saturday night")
    mic.select_option("#g1-pattern", "four_corners")
    expect(mic.locator("[data-game]").nth(0).locator("[data-rule]")).to_have_text("10 DE Admin Code 101-4.14.7")
    mic.fill("#g1-prize", "100.00")
    mic.fill("#g1-alternate_prize", "250.00")
    mic.fill("#g1-alternate_within_calls", "20")
    mic.press("#g1-alternate_within_calls", "Enter")
    expect(mic.locator("[data-game]")).to_have_count(1)
    expect(mic.locator("[data-game]").nth(0).locator("[data-could-pay]")).to_have_text("Could pay $250.00")

    mic.click("#add-game")
    mic.select_option("#g2-pattern", "shape")
    for square in (0, 1, 5):
        mic.click(f"[name='games.2.cell'][value='{square}']")
    mic.focus("[name='games.2.cell'][value='6']")
    mic.keyboard.press("Space")
    expect(mic.locator("[name='games.2.cell']:checked")).to_have_count(4)
    mic.fill("#g2-shape_name", "Postage stamp")
    mic.check("[name='games.2.anywhere']")
    mic.fill("#g2-prize", "75.00")
    mic.click("#g2-prize")
    looked_at(mic, "program-builder", problems)

    mic.click("#add-game")
    mic.select_option("#g3-kind", "u_pick_em")
    expect(mic.locator("#g3-pick_count")).to_be_visible()
    mic.select_option("#g3-pattern", "blackout")
    mic.fill("#g3-pick_count", "8")
    mic.fill("#g3-face_price", "1.00")
    mic.fill("#g3-prize", "200.00")

    mic.click("#add-game")
    mic.select_option("#g4-kind", "break_open")
    mic.fill("#g4-break_open_numbers", "20")
    mic.fill("#g4-prize", "50.00")

    mic.click("#add-game")
    mic.select_option("#g5-kind", "special")
    mic.select_option("#g5-pattern", "frame")
    mic.fill("#g5-prize", "150.00")
    mic.click("[data-game]:nth-child(5) .tiers summary")
    mic.fill("#g5-tier1_players", "100")
    mic.fill("#g5-tier1_prize", "300.00")
    expect(mic.locator("#games-count")).to_have_text("5")
    expect(mic.locator("#prize-total")).to_have_text("$875.00")
    looked_at(mic, "program-builder-five-games", problems)
    mic.click("#save-program")
    expect(mic.locator(".notice")).to_have_text("Program saved.")
    expect(mic.locator("table")).to_contain_text("Saturday night")
    looked_at(mic, "programs", problems)
    mic.click("table >> text=Open")
    expect(mic.locator(".program-entry")).to_have_count(5)
    expect(mic.locator(".program-entry").nth(1)).to_contain_text("Game 2: Postage stamp")
    expect(mic.locator(".program-entry").nth(0)).to_contain_text("$250.00 if bingo within 20 calls")
    expect(mic.locator(".program-entry").nth(2)).to_contain_text("U Pick Em: 8 numbers picked, $1.00 a face.")
    expect(mic.locator(".program-entry").nth(4)).to_contain_text("$300.00 from 100 players")
    looked_at(mic, "program", problems)

    mic.click(".subnav >> text=Paper")
    mic.select_option("#f-series_id", label="Practice series (400 faces)")
    mic.fill("#f-colour", "Blue")
    mic.fill("#f-faces_per_sheet", "6")
    mic.fill("#f-sheets_per_pack", "1")
    mic.fill("#f-serial_from", "1")
    mic.fill("#f-serial_to", "60")
    mic.click("#receive-paper")
    expect(mic.locator(".notice")).to_have_text("Paper received.")
    expect(mic.locator("table tbody tr").first).to_contain_text("Blue")
    looked_at(mic, "paper", problems)

    mic.click(".subnav >> text=Occasions")
    expect(mic.locator("#outlook")).to_contain_text("Bingo licence B-")
    mic.fill("#f-start_time", "19:30")
    mic.locator("#f-start_time").dispatch_event("change")
    expect(mic.locator("#outlook")).to_contain_text("play may run until midnight (4 h 30 min)")
    mic.fill("#f-start_time", "18:00")
    mic.locator("#f-start_time").dispatch_event("change")
    expect(mic.locator("#outlook")).to_contain_text("play may run until midnight (6 h 00 min)")
    mic.select_option("#f-program_id", label="Saturday night")
    mic.select_option("#f-member_in_charge_id", label=hall.mic.name)
    mic.select_option("#f-caller_member_id", label=hall.caller.name)
    mic.select_option("#f-verifier_member_id", label=hall.verifier.name)
    looked_at(mic, "occasions", problems)
    mic.click("#schedule-occasion")
    expect(mic.locator(".notice")).to_have_text("Occasion scheduled.")
    expect(mic.locator("table")).to_contain_text("2026-12-05")
    expect(mic.locator("#outlook")).to_contain_text("Not allowed:")

    caller = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    caller.goto(f"{live_url}/pin?station=Caller")
    caller.fill("#username", f"caller{hall.org.id}")
    caller.fill("#pin", PIN)
    caller.press("#pin", "Enter")
    expect(caller.locator("#step-balls")).to_be_visible()
    caller.close()

    mic.click(".subnav >> text=Paper")
    mic.click("text=Issue and return")
    mic.fill("#issue-station", "front")
    mic.fill("#issue-serial_from", "1")
    mic.fill("#issue-serial_to", "10")
    mic.click("#issue-packs")
    expect(mic.locator(".notice")).to_have_text("Packs issued.")
    expect(mic.locator("#count-issued .count")).to_have_text("10")
    expect(mic.locator("#return-serial_from")).to_be_visible()
    mic.fill("#return-serial_from", "10")
    mic.press("#return-serial_from", "Enter")
    expect(mic.locator(".notice")).to_have_text("Packs taken back.")
    expect(mic.locator("#count-returned .count")).to_have_text("1")
    mic.fill("#missing-serial_from", "11")
    mic.fill("#missing-note", "Torn in the box")
    mic.click("#missing-packs")
    expect(mic.locator("#count-missing .count")).to_have_text("1")
    mic.click("#count-issued")
    expect(mic.locator("#packs tbody tr")).to_have_count(9)
    looked_at(mic, "paper-set", problems)

    mic.click(".subnav >> text=Bingo night")
    mic.click("table >> text=Open")
    products = [
        ("admission", "Blue pack", "10.00", None, "Blue"),
        ("special", "Frame special", "3.00", "5", None),
        ("upick_face", "U Pick Em face", None, "3", None),
        ("cookie_jar", "Cookie jar", None, None, None),
        ("break_open", "Break-open sheet", "1.00", "4", None),
        ("non_gaming", "Dauber", "2.00", None, None),
    ]
    for kind, name, price, game, paper in products:
        mic.select_option("#f-kind", kind)
        mic.fill("#f-name", name)
        if game:
            mic.select_option("#f-game_number", game)
        if price:
            mic.fill("#f-price", price)
        if paper:
            mic.select_option("#f-paper_set_id", index=1)
        mic.click("#add-product")
        expect(mic.locator(".notice")).to_have_text("Product added.")
    rows = mic.locator("#products tbody tr")
    expect(rows).to_have_count(6)
    expect(mic.locator("#products")).to_contain_text("U Pick Em face")
    expect(rows.filter(has_text="U Pick Em face")).to_contain_text("$1.00")
    expect(rows.filter(has_text="Cookie jar")).to_contain_text("$1.00")
    mic.fill("#x-payee_name", "Dover Hall Rentals LLC")
    mic.fill("#x-payee_address", "12 Loockerman St, Dover, DE 19901")
    mic.fill("#x-description", "Hall rent")
    mic.fill("#x-amount", "150.00")
    mic.click("#record-expense")
    expect(mic.locator(".notice")).to_have_text("Expense recorded.")
    expect(mic.locator("#expenses tbody")).to_contain_text("Dover Hall Rentals LLC")
    expect(mic.locator("#expenses tbody")).to_contain_text("$150.00")
    assert count(session, Expense) == 1
    looked_at(mic, "occasion", problems)

    pages = {name: url for name, url in [("occasion", mic.url.split("#")[0])]}
    for name, link in [
        ("bingo-night", ".subnav >> text=Bingo night"),
        ("programs", ".subnav >> text=Programs"),
        ("occasions", ".subnav >> text=Occasions"),
        ("series", ".subnav >> text=Series"),
        ("paper", ".subnav >> text=Paper"),
    ]:
        mic.click(link)
        pages[name] = mic.url
    mic.click("text=Issue and return")
    pages["paper-set"] = mic.url
    mic.goto(pages["programs"])
    mic.click("table >> text=Open")
    pages["program"] = mic.url
    pages["program-builder"] = pages["programs"] + "/new"
    for size in (TABLET, TV):
        other = signed_in(browser, live_url, f"mic{hall.org.id}", size)
        for name, url in pages.items():
            other.goto(url)
            looked_at(other, name, problems)
        other.close()
    assert problems == []


def test_4_6_a_program_over_the_prize_limit_is_refused_on_the_page_naming_the_field_and_rule(
    browser: Browser, live_url: str, session: Session
) -> None:
    hall = make_hall(session)
    session.commit()
    mic = signed_in(browser, live_url, f"mic{hall.org.id}", TABLET)
    mic.goto(f"{live_url}/bingo/office/organizations/{hall.org.id}/programs/new")
    mic.fill("#f-name", "Too rich")
    mic.fill("#g1-prize", "100.00")
    mic.click("#add-game")
    mic.fill("#g2-prize", "400.00")
    expect(mic.locator("[data-game]").nth(1).locator("[data-could-pay]")).to_have_text(
        "Could pay $400.00: over $350.00 (101-4.6)"
    )
    mic.click("#save-program")
    expect(mic.locator(".refusal")).to_contain_text(
        "Game 2 could pay $400.00; no single game may offer more than $350.00."
    )
    expect(mic.locator(".refusal .rule")).to_have_text("Rule: 10 DE Admin Code 101-4.6")
    expect(mic.locator("#g2-prize-e")).to_contain_text("Game 2 could pay $400.00")
    expect(mic.locator("#g2-prize")).to_have_value("400.00")
    expect(mic.locator("#f-name")).to_have_value("Too rich")
    problems: list[str] = []
    looked_at(mic, "program-refused", problems)
    assert problems == [] and count(session, Program) == 0
    mic.click("[data-game]:nth-child(2) [data-remove]")
    expect(mic.locator("[data-game]")).to_have_count(1)
    mic.click("#save-program")
    expect(mic.locator(".notice")).to_have_text("Program saved.")
    assert count(session, Program) == 1
