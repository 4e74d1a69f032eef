"""The poker screens in a real Chromium: the desk takes entries with receipts at the printer (table and
seat once drawn), the director draws the seats, runs the clock, busts players and moves a seat, the
clock TV follows every change over Server-Sent Events, the dealer settles a showdown, and a proposed
deal is refused on screen citing 28 Del. C. §1804 B(5). Every screen fits the TV, the touchscreen and
the tablet with 56 px targets and AA contrast."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.models import Organization
from shared.printing import stations
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import make_member, make_user
from tests.support.poker_factories import delaware_tournament
from tests.support.pos import arrived, station_sign_in
from tests.support.printer import Emulator, seen
from tests.support.replies import ok
from tests.support.screens import audit, keep_receipt, shoot

pytestmark = [pytest.mark.browser, pytest.mark.printer]

TV, TOUCH, TABLET = (1920, 1080), (1280, 800), (800, 1280)


def floor_staff(session: Session, org_id: int) -> None:
    org = session.get(Organization, org_id)
    assert org is not None
    for role, name in [(Role.TOURNAMENT_DIRECTOR, "director"), (Role.CASHIER, "desk"), (Role.DEALER, "dealer")]:
        make_user(session, [role], member=make_member(session, org), username=f"{name}{org_id}")


def test_1804_tournament_through_the_desk_the_director_the_dealer_and_the_clock_tv(
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
    org_id, url = delaware_tournament(admin, session)
    tournament_id = int(url.rsplit("/", 1)[1])
    floor_staff(session, org_id)

    desk = station_sign_in(browser, live_url, f"desk{org_id}", "front")
    desk.goto(f"{live_url}/poker/desk")
    expect(desk.locator("#entry-form")).to_be_visible()
    expect(desk.locator("#take-entry")).to_be_disabled()
    desk.fill("#bank", "100.00")
    desk.press("#bank", "Enter")
    expect(desk.locator("#in-drawer")).to_have_text("$100.00")
    desk.wait_for_load_state("load")
    before = seen(emulator)
    for n in range(1, 13):
        desk.fill("#player-name", f"Player {n}")
        desk.fill("#entry-tendered", "120.00")
        desk.press("#entry-tendered", "Enter")
        expect(desk.locator("#last")).to_contain_text(f"Player {n}: Player {n}")
    expect(desk.locator("#last")).to_contain_text("change $20.00")
    expect(desk.locator("#last")).to_contain_text("Seat drawn when registration closes")
    receipts = arrived(emulator, before, 12)
    assert "Player 12: Player 12" in emulator.text(receipts[-1]) and "Seat drawn at the start" in emulator.text(
        receipts[-1]
    )

    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    token = ok(admin.get(url))["display_token"]
    tv.goto(f"{live_url}/poker/clock/{token}")
    expect(tv.locator("#left")).to_have_text("12 of 12")

    director = station_sign_in(browser, live_url, f"director{org_id}", "floor")
    director.goto(f"{live_url}/poker/director")
    director.fill("#seats-per-table", "9")
    director.click("#draw button[type=submit]")
    expect(director.locator(".table-card")).to_have_count(2)
    expect(director.locator(".seat.taken")).to_have_count(12)
    director.click('[data-clock="start"]')
    expect(tv.locator("#level")).to_have_text("Level 1")
    expect(tv.locator("#blinds")).to_have_text("Blinds 25 / 50")
    expect(tv.locator("#time")).to_contain_text("20:00")
    director.click('[data-clock="pause"]')
    expect(tv.locator("#paused")).to_be_visible()
    director.click('[data-clock="resume"]')
    expect(tv.locator("#paused")).to_be_hidden()

    first, second = director.locator(".table-card").nth(0), director.locator(".table-card").nth(1)
    first.locator(".seat.taken").first.click()
    first.locator(".seat.taken").nth(1).click()
    director.click("#bust-open")
    stacks = director.locator("#bust-stacks input")
    stacks.nth(0).fill("1500")
    stacks.nth(1).fill("900")
    director.click("#bust-form button[type=submit]")
    expect(tv.locator("#left")).to_have_text("10 of 12")
    expect(director.locator(".seat.taken")).to_have_count(10)

    second.locator(".seat.taken").first.click()
    director.click("#move-open")
    director.locator("#open-seats button").filter(has_text="Table 2").first.click()
    expect(tv.locator("#moves li").first).to_contain_text("2-")
    director.click("#deal")
    expect(director.locator("#problem")).to_contain_text("28 Del. C. §1804 B(5)")
    shoot(director, "poker-director-1280x800")

    desk.reload()
    expect(desk.locator("#entries tr")).to_have_count(12)
    desk.locator("#entries tr").filter(has_text="in").locator("button[data-kind=rebuy]").first.click()
    before = seen(emulator)
    desk.click("#buy-form button[type=submit]")
    expect(desk.locator("#last")).to_contain_text("Re-buy")
    rebuy_receipt = emulator.text(arrived(emulator, before, 1)[0])
    assert "re-buy" in rebuy_receipt and re.search(r"Table [12], seat \d", rebuy_receipt), rebuy_receipt
    expect(tv.locator("#pool")).to_have_text("$1,300.00")
    expect(desk.locator("#in-drawer")).to_have_text("$1,400.00")
    shoot(desk, "poker-desk-1280x800")
    desk.click("text=Printed rules")
    expect(desk.locator("h2").first).to_have_text("1. Standard rules of play")
    before = seen(emulator)
    desk.click("#print-rules")
    expect(desk.locator("#printed")).to_have_text("Printed.")
    paper = arrived(emulator, before, 1)[0]
    printed_rules = " ".join(emulator.text(paper).split())
    for item in [
        "TOURNAMENT RULES",
        "The entry fee is $100.00 for 10,000 chips.",
        "until the end of level 3",
        "3 prizes will be awarded:",
        "888-850-8888",
        "28 Del. C. sec. 1804 B(5)",
    ]:
        assert item in printed_rules, item
    keep_receipt(emulator, paper, "poker-rules-receipt")

    dealer = station_sign_in(browser, live_url, f"dealer{org_id}", "table1")
    dealer.goto(f"{live_url}/poker/dealer/{tournament_id}?table=1")
    rows = dealer.locator("#hands .hand-row")
    expect(rows).to_have_count(5)
    dealer.fill("#board", "Ah Kh Qh 2c 3d")
    for index, (cards, chips) in enumerate([("As Ks", "300"), ("Ad Kd", "150"), ("6s 7s", "300")]):
        rows.nth(index).locator(".cards").fill(cards)
        rows.nth(index).locator(".chips").fill(chips)
    rows.nth(3).locator(".chips").fill("100")
    rows.nth(3).locator(".folded").check()
    dealer.click("#showdown button[type=submit]")
    expect(dealer.locator("#ruling")).to_contain_text("Main pot 550")
    expect(dealer.locator("#ruling")).to_contain_text("Side pot 1 300")
    expect(dealer.locator("#ruling")).to_contain_text("Two pair (AsKsAhKhQh) · best")
    dealer.click("[data-deck=count]")
    shoot(dealer, "poker-dealer-1280x800", full_page=True)
    shoot(tv, "poker-clock-tv-1920x1080")
    assert tv.evaluate("document.documentElement.scrollHeight - window.innerHeight") <= 0
    assert audit(tv) == []
    for page in (desk, director, dealer, tv):
        page.close()


def sized(browser: Browser, live_url: str, username: str, path: str, width: int, height: int) -> Page:
    page = station_sign_in(browser, live_url, username, "front", width, height)
    page.goto(live_url + path)
    page.wait_for_load_state("networkidle")
    return page


def test_poker_screens_fit_the_tv_the_touchscreen_and_the_tablet(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    org_id, url = delaware_tournament(admin, session)
    floor_staff(session, org_id)
    for n in range(1, 15):
        ok(
            admin.post(
                url + "/buys", {"kind": "entry", "player_name": f"Player with a long name {n}", "tendered": "100.00"}
            ),
            201,
        )
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    tournament_id = url.rsplit("/", 1)[1]
    problems: list[str] = []
    for username, path in [
        (f"director{org_id}", f"/poker/director/{tournament_id}"),
        (f"desk{org_id}", f"/poker/desk/{tournament_id}"),
        (f"dealer{org_id}", f"/poker/dealer/{tournament_id}"),
    ]:
        for width, height in (TOUCH, TABLET, TV):
            page = sized(browser, live_url, username, path, width, height)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 0:
                problems.append(f"{path} at {width}x{height} is {overflow}px too wide")
            problems.extend(f"{path} at {width}x{height}: {p}" for p in audit(page))
            shoot(
                page, f"{path.strip('/').replace('/', '-').rsplit('-', 1)[0]}-seated-{width}x{height}", full_page=True
            )
            page.close()
    assert problems == []
