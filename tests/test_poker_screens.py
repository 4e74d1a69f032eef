"""The poker screens in a real Chromium: the desk takes entries with receipts at the printer (table and
seat once drawn) and pays each place once, showing it paid after a reload; the director draws the seats
and moves levels with two taps, busts players and undoes the last bust (28 Del. C. §1827(2)); the clock
TV follows every change over Server-Sent Events, lists every move of the last balance and stops at the
winner with the payouts; the dealer settles a showdown with cards tapped in a deck; a proposed deal is
refused on screen citing 28 Del. C. §1804 B(5). Every screen fits the TV, the touchscreen and the tablet
with 56 px targets and AA contrast, and opens its dialogs in view."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, Route, expect
from sqlalchemy.orm import Session

from shared.printing import stations
from tests.support.audit_trail import actions
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.poker_factories import bust, delaware_tournament, seat_players, seating
from tests.support.poker_screens import NAMES, SIZES, TABLET, TOUCH, TV, errors_of, fits, floor_staff
from tests.support.pos import arrived, station_sign_in
from tests.support.printer import Emulator, seen
from tests.support.replies import ok, refused
from tests.support.screens import audit, keep_receipt, shoot, two_taps

pytestmark = [pytest.mark.browser, pytest.mark.printer]


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
    desk_errors = errors_of(desk)
    desk.goto(f"{live_url}/poker/desk")
    expect(desk.locator("#entry-form")).to_be_visible()
    expect(desk.locator("#take-entry")).to_be_disabled()
    desk.fill("#bank", "100.00")
    desk.press("#bank", "Enter")
    expect(desk.locator("#in-drawer")).to_have_text("$100.00")
    desk.wait_for_load_state("load")
    expect(desk.locator("#counts")).to_contain_text("entered")  # the desk has the tournament's state
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
    tv_errors = errors_of(tv)
    token = ok(admin.get(url))["display_token"]
    tv.goto(f"{live_url}/poker/clock/{token}")
    expect(tv.locator("#left")).to_have_text("12 of 12")

    director = station_sign_in(browser, live_url, f"director{org_id}", "floor")
    director_errors = errors_of(director)
    director.goto(f"{live_url}/poker/director")
    director.fill("#seats-per-table", "9")
    draw = director.locator("#draw-seats")
    draw.click()
    expect(draw).to_have_text("Tap again to close registration and draw the seats")
    draw.click()
    director.wait_for_timeout(450)
    assert ok(admin.get(url))["status"] == "registering", "a second tap within 400 ms does not act"
    shoot(director, "poker-director-draw-armed-1280x800")
    draw.click()
    expect(director.locator(".table-card")).to_have_count(2)
    expect(director.locator(".seat.taken")).to_have_count(12)
    two_taps(director, '[data-clock="start"]')
    expect(tv.locator("#level")).to_have_text("Level 1")
    expect(tv.locator("#blinds")).to_have_text("Blinds 25 / 50")
    expect(tv.locator("#time")).to_contain_text("20:00")
    director.click('[data-clock="pause"]')
    expect(tv.locator("#paused")).to_be_visible()
    director.wait_for_timeout(1600)  # Pause and Resume share a place: a tap right after one is a double tap
    director.click('[data-clock="resume"]')
    expect(tv.locator("#paused")).to_be_hidden()
    expect(director.locator('[data-clock="pause"]')).to_be_visible()
    two_taps(director, '[data-clock="next_level"]', "Tap again to go to the next level (50 / 100)")
    expect(tv.locator("#level")).to_have_text("Level 2")

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
    before = seen(emulator)
    desk.click("#seat-cards")
    expect(desk.locator("#last")).to_contain_text("10 of 10 printed.")
    cards = arrived(emulator, before, 10)
    assert all("SEAT CARD" in emulator.text(card) for card in cards)
    desk.locator("#entries tr").filter(has_text="in").locator("button[data-kind=rebuy]").first.click()
    before = seen(emulator)
    desk.click("#buy-form button[type=submit]")
    expect(desk.locator("#last")).to_contain_text("Re-buy")
    rebuy_receipt = emulator.text(arrived(emulator, before, 1)[0])
    assert "Re-buy" in rebuy_receipt and re.search(r"Table [12], Seat \d", rebuy_receipt), rebuy_receipt
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
    dealer_errors = errors_of(dealer)
    dealer.goto(f"{live_url}/poker/dealer/{tournament_id}?table=1")
    rows = dealer.locator("#hands .hand-row")
    expect(rows).to_have_count(5)
    assert dealer.locator("#showdown input[type=checkbox]").count() == 0
    dealer.click('[data-slot="board-0"]')
    expect(dealer.locator("#deck-dialog")).to_be_visible()
    expect(dealer.locator("#deck .card")).to_have_count(52)
    for card in ["Ah", "Kh", "Qh", "2c", "3d"]:
        dealer.click(f'#deck [data-card="{card}"]')
    expect(dealer.locator("#deck-dialog")).to_be_hidden()
    expect(dealer.locator("#board .slot")).to_have_text(["A♥", "K♥", "Q♥", "2♣", "3♦"])
    for index, (cards, chips) in enumerate([(("As", "Ks"), "300"), (("Ad", "Kd"), "150"), (("6s", "7s"), "300")]):
        rows.nth(index).locator(".slot").first.click()
        expect(dealer.locator('#deck [data-card="Ah"]')).to_be_disabled()
        if index:
            expect(dealer.locator('#deck [data-card="As"]')).to_be_disabled()
        for card in cards:
            dealer.click(f'#deck [data-card="{card}"]')
        rows.nth(index).locator(".chips").fill(chips)
    rows.nth(3).locator(".chips").fill("100")
    rows.nth(3).locator(".fold").click()
    expect(rows.nth(3).locator(".fold")).to_have_attribute("aria-pressed", "true")
    expect(rows.nth(3).locator(".slot").first).to_be_disabled()
    rows.nth(4).locator(".slot").first.click()
    problems = fits(dealer, "poker-dealer-deck", "#deck-dialog .sheet-box")
    dealer.click("#deck-done")
    dealer.click("#showdown button[type=submit]")
    expect(dealer.locator("#ruling")).to_contain_text("Main pot 550")
    expect(dealer.locator("#ruling")).to_contain_text("Side pot 1 300")
    expect(dealer.locator("#ruling")).to_contain_text("Two pair (AsKsAhKhQh) · best")
    with dealer.expect_response(lambda reply: reply.url.endswith("/decks")):
        two_taps(dealer, "[data-deck=count]")
    expect(dealer.locator("[data-deck=count]")).to_have_text("Deck counted: complete")
    report = ok(admin.get(url + "/report"))
    assert [row[:4] for row in next(t for t in report["tables"] if t["name"] == "deck_log")["rows"]] == [
        ["1", "count", "", "yes"]
    ]
    problems += fits(dealer, "poker-dealer")
    shoot(dealer, "poker-dealer-1280x800", full_page=True)
    shoot(tv, "poker-clock-tv-1920x1080")
    assert tv.evaluate("document.documentElement.scrollHeight - window.innerHeight") <= 0
    assert audit(tv) == []
    assert problems == []
    assert desk_errors == director_errors == dealer_errors == tv_errors == []
    for page in (desk, director, dealer, tv):
        page.close()


def finished_tournament(admin: Api, session: Session) -> tuple[int, str]:
    """Ten players at one table played down to Player 1: prizes $500, $300 and $200."""
    org_id, url = delaware_tournament(admin, session)
    floor_staff(session, org_id)
    seat_players(admin, url, 10, seats_per_table=10)
    ok(admin.post(url + "/clock", {"action": "start"}))
    for hand, number in enumerate(range(10, 1, -1), start=1):
        bust(admin, url, hand, number)
    return org_id, url


def test_printed_rules_5_the_desk_pays_a_place_once_and_shows_it_paid_after_a_reload(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    org_id, url = finished_tournament(admin, session)
    clock.advance(hours=3, minutes=14)
    desk = station_sign_in(browser, live_url, f"desk{org_id}", "front")
    errors = errors_of(desk)
    desk.goto(f"{live_url}/poker/desk/{url.rsplit('/', 1)[1]}")
    desk.fill("#bank", "1000.00")
    desk.press("#bank", "Enter")
    expect(desk.locator("#in-drawer")).to_have_text("$1,000.00")
    second = desk.locator("#entries tr").filter(has=desk.locator("td", has_text=re.compile("^Player 2$")))
    pay = second.locator("button[data-kind=prize]")
    expect(pay).to_have_text("Pay $300.00")
    pay.click()
    expect(pay).to_have_text("Tap again to pay $300.00")
    problems = fits(desk, "poker-desk-pay-armed", sizes=(TOUCH,))
    assert ok(admin.get(url))["entries"][1]["paid"] is None, "one tap pays nothing"
    desk.wait_for_timeout(450)
    pay.click()
    paid = f"Paid $300.00 at 21:14 by {NAMES['desk']}"
    expect(desk.locator("#last")).to_contain_text(paid)
    expect(desk.locator("#last")).not_to_contain_text("Already paid")
    expect(second.locator("button[data-kind=prize]")).to_have_count(0)
    expect(desk.locator("#in-drawer")).to_have_text("$700.00")

    desk.reload()
    expect(second).to_contain_text(paid)
    expect(second.locator("button")).to_have_count(0)
    expect(desk.locator("button[data-kind=prize]")).to_have_count(2)
    problems += fits(desk, "poker-desk-paid")

    answer = refused(
        admin.post(url + "/payouts", {"entry_number": 2}), 409, "already_paid", "28 Del. C. ch. 18, printed rules ¶(5)"
    )
    assert answer["message"] == f"Place 2 was already paid: $300.00 at 21:14 by {NAMES['desk']}. A prize is paid once."
    director = station_sign_in(browser, live_url, f"director{org_id}", "floor")
    director.goto(f"{live_url}/poker/director/{url.rsplit('/', 1)[1]}")
    expect(director.locator(".places li").nth(1)).to_contain_text(paid)
    expect(director.locator(".places li").nth(0)).to_contain_text("Not paid yet")
    assert problems == [] and errors == []
    desk.close()
    director.close()


def test_w2g_the_desk_takes_the_winners_identification_in_a_dialog_before_paying(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    prizes = [
        {"place": 1, "description": "70% of the pool", "percent_bp": 7000},
        {"place": 2, "description": "30% of the pool", "percent_bp": 3000},
    ]
    org_id, url = delaware_tournament(admin, session, entry_fee="1000.00", rebuy={"allowed": False}, prizes=prizes)
    floor_staff(session, org_id)
    for n in range(1, 11):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "1000.00"}), 201)
    ok(admin.post(url + "/start", {"seats_per_table": 10}))
    for hand, number in enumerate(range(10, 1, -1), start=1):
        bust(admin, url, hand, number)
    clock.advance(hours=3, minutes=14)
    desk = station_sign_in(browser, live_url, f"desk{org_id}", "front")
    errors = errors_of(desk)
    desk.goto(f"{live_url}/poker/desk/{url.rsplit('/', 1)[1]}")
    desk.fill("#bank", "7000.00")
    desk.press("#bank", "Enter")
    expect(desk.locator("#in-drawer")).to_have_text("$7,000.00")
    first = desk.locator("#entries tr").filter(has=desk.locator("td", has_text=re.compile("^Player 1$")))
    first.locator("button[data-kind=prize]").click()
    dialog = desk.locator("#w2g")
    expect(dialog).to_be_visible()
    expect(desk.locator("#w2g-name")).to_have_value("Player 1")
    expect(desk.locator("#w2g-pay")).to_have_text("Pay $7000.00")
    assert ok(admin.get(url))["entries"][0]["paid"] is None, "opening the dialog pays nothing"
    desk.fill("#w2g-name", "Ann Lee")
    desk.fill("#w2g-id", "DE licence 4567")
    problems = fits(desk, "poker-desk-w2g", "#w2g", "#w2g-pay")
    desk.click("#w2g-pay")
    expect(desk.locator("#w2g-problem")).to_contain_text("Address is missing. A W-2G is due on this prize")
    expect(desk.locator("#w2g-problem")).to_contain_text("(IRS Form W-2G)")
    expect(desk.locator("#w2g-address")).to_have_attribute("aria-invalid", "true")
    expect(desk.locator("#w2g-address")).to_be_focused()
    assert ok(admin.get(url))["entries"][0]["paid"] is None
    shoot(desk, "poker-desk-w2g-refused-1280x800")
    desk.fill("#w2g-address", "12 Loockerman St, Dover DE 19901")
    desk.click("#w2g-pay")
    expect(dialog).to_be_hidden()
    expect(desk.locator("#last")).to_contain_text(f"Paid $7,000.00 at 21:14 by {NAMES['desk']}")
    expect(desk.locator("#last")).to_contain_text("W-2G required")
    expect(desk.locator("#in-drawer")).to_have_text("$0.00")
    slip = ok(admin.get("/api/v1/print-jobs?station=front"))[0]
    assert slip["kind"] == "poker_prize"
    assert problems == [] and errors == []
    desk.close()


def test_1827_2_the_director_undoes_a_bust_with_two_taps_and_the_player_sits_down_again(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    org_id, url = delaware_tournament(admin, session)
    floor_staff(session, org_id)
    before = seating(seat_players(admin, url, 14, name="Player with a long name"))
    problems: list[str] = []
    for width, height in (TABLET, TOUCH):
        director = station_sign_in(browser, live_url, f"director{org_id}", "floor", width, height)
        errors = errors_of(director)
        director.goto(f"{live_url}/poker/director/{url.rsplit('/', 1)[1]}")
        last_seat = director.locator(".seat.taken").last
        name = last_seat.locator(".seat-name").inner_text()
        number = int(name.split()[0].lstrip("#"))
        last_seat.click()
        problems += fits(director, "poker-director-chosen", "#bust-bar", sizes=((width, height),))
        director.click("#bust-open")
        problems += fits(director, "poker-director-bust-dialog", "#bust-dialog .sheet-box", sizes=((width, height),))
        director.click("#bust-form button[type=submit]")
        expect(director.locator(".seat.taken")).to_have_count(13)
        undo = director.locator("#undo-bust")
        expect(undo).to_have_text(f"Undo: {name[len(str(number)) + 2 :]} out in 14th")
        undo.click()
        expect(undo).to_contain_text("Tap again to undo:")
        problems += fits(director, "poker-director-undo-armed", sizes=((width, height),))
        assert seating(ok(admin.get(url))) != before, "one tap undoes nothing"
        director.wait_for_timeout(450)
        undo.click()
        expect(director.locator(".seat.taken")).to_have_count(14)
        expect(director.locator("#last-out")).to_be_hidden()
        assert seating(ok(admin.get(url))) == before
        assert actions(session)[-1] == "tournament.elimination_undone"
        assert errors == []
        director.close()

    out = [n for n, (table, _) in before.items() if table == 1][:2]
    bust(admin, url, 1, out[0])
    bust(admin, url, 2, out[1])
    refused(
        admin.post(url + "/eliminations/undo", {"entry_number": out[0]}),
        409,
        "later_elimination",
        "28 Del. C. §1827(2); Flashboard house rule (undo the last bust)",
    )
    assert problems == []


def test_1804_b3_a_read_sent_before_the_directors_bust_never_puts_the_busted_player_back(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    """A background read (after another station's change) answered after the bust's own answer holds the
    state from before the bust: drawn, the busted player would sit down again under the director's finger,
    and a tap on them would be refused (the whole-night test met this on a slow machine). The screen reads
    again instead, and draws that."""
    org_id, url = delaware_tournament(admin, session)
    floor_staff(session, org_id)
    seat_players(admin, url, 14)
    director = station_sign_in(browser, live_url, f"director{org_id}", "floor", *TOUCH)
    errors = errors_of(director)
    director.goto(f"{live_url}/poker/director/{url.rsplit('/', 1)[1]}")
    seats = director.locator(".seat.taken")
    expect(seats).to_have_count(14)

    state = f"{live_url}{url}"

    def is_state(address: str) -> bool:
        return address == state

    held: list[Route] = []

    def hold(route: Route) -> None:
        held.append(route)

    director.route(is_state, hold)
    with director.expect_request(lambda request: request.url == state):
        ok(admin.post(url + "/clock", {"action": "start"}))
    before = ok(admin.get(url))

    busted = seats.last.locator(".seat-name").inner_text()
    seats.last.click()
    director.click("#bust-open")
    director.click("#bust-form button[type=submit]")
    expect(seats).to_have_count(13)
    with director.expect_request(lambda request: request.url == state, timeout=5000):
        held.pop(0).fulfill(json=before)
    expect(seats).to_have_count(13)
    expect(director.locator("#tables")).not_to_contain_text(busted)
    for route in held:
        route.continue_()
    director.unroute(is_state)
    expect(director.locator("#undo-bust")).to_contain_text(busted.split(" ", 1)[1])
    assert errors == []
    director.close()


def test_1804_b4_the_clock_stops_at_the_winner_with_the_payouts_and_the_tv_lists_every_move(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    org_id, url = delaware_tournament(admin, session, final_table_size=8)
    floor_staff(session, org_id)
    state = seat_players(admin, url, 12, name="Player with a long name")
    token = state["display_token"]
    ok(admin.post(url + "/clock", {"action": "start"}))
    tv = browser.new_page(viewport={"width": TV[0], "height": TV[1]})
    errors = errors_of(tv)
    tv.goto(f"{live_url}/poker/clock/{token}")
    expect(tv.locator("#left")).to_have_text("12 of 12")
    redraw = bust(admin, url, 1, *sorted(seating(state))[:4])
    assert redraw["tables"] == {"1": 8}
    moves = tv.locator("#moves li")
    expect(moves).to_have_count(8)
    expect(tv.locator("#moves li.latest")).to_have_count(8)
    expect(tv.locator("#moves-page")).to_have_text("")
    for index in range(8):
        box = moves.nth(index).bounding_box()
        assert box is not None and box["y"] + box["height"] <= TV[1], f"move {index + 1} is off the screen"
    shoot(tv, "poker-clock-tv-final-redraw-1920x1080")
    assert audit(tv) == []

    director = station_sign_in(browser, live_url, f"director{org_id}", "floor")
    director.goto(f"{live_url}/poker/director/{url.rsplit('/', 1)[1]}")
    expect(director.locator('[data-clock="pause"]')).to_be_visible()
    left = sorted(seating(redraw))
    for hand, number in enumerate(reversed(left[1:]), start=2):
        bust(admin, url, hand, number)
    winner = ok(admin.get(url))["entries"][left[0] - 1]["player_name"]
    expect(tv.locator("#winner")).to_have_text(f"Winner: {winner}")
    expect(tv.locator("#running")).to_be_hidden()
    expect(tv.locator("#payouts li")).to_have_count(3)
    expect(tv.locator("#payouts li").first).to_contain_text("$600.00")
    shoot(tv, "poker-clock-tv-winner-1920x1080")
    assert audit(tv) == []
    assert tv.evaluate("document.documentElement.scrollHeight - window.innerHeight") <= 0
    expect(director.locator("#clock-stopped")).to_be_visible()
    expect(director.locator("#time")).to_have_text(f"Winner: {winner}")
    for action in ("start", "pause", "resume", "next_level"):
        expect(director.locator(f'[data-clock="{action}"]')).to_be_hidden()
    problems = fits(director, "poker-director-winner")
    clock.advance(minutes=20)
    tv.reload()
    expect(tv.locator("#winner")).to_have_text(f"Winner: {winner}")
    assert problems == [] and errors == []
    tv.close()
    director.close()


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
    seat_players(admin, url, 14, name="Player with a long name")
    tournament_id = url.rsplit("/", 1)[1]
    problems: list[str] = []
    screens: list[tuple[str, str, Any]] = [
        (f"director{org_id}", f"/poker/director/{tournament_id}", "poker-director-seated"),
        (f"desk{org_id}", f"/poker/desk/{tournament_id}", "poker-desk-seated"),
        (f"dealer{org_id}", f"/poker/dealer/{tournament_id}", "poker-dealer-seated"),
    ]
    for username, path, name in screens:
        page = sized(browser, live_url, username, path, *SIZES[0])
        problems += fits(page, name)
        page.close()
    assert problems == []
