"""The cashier's point of sale in the browser: a hall with a stocked station "front" and printers at
the emulator, a night with every kind of prize owed, a station signed in by PIN, the till opened and a
pack and a U Pick Em face sold from the screen, a tab chosen, and the receipts that reached the emulator."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from shared.core.roles import Role
from shared.printing import stations
from tests.support.bingo_factories import SERIES_SIZE, Hall, make_hall, split_script
from tests.support.books import product, sell_upick, till_open
from tests.support.client import Api, staff
from tests.support.factories import PIN, make_member, make_user
from tests.support.occasions import setup_occasion
from tests.support.printer import Emulator, seen
from tests.support.replies import ok


def pack_of(face: int) -> int:
    """The serial of the pack holding a face in stock_the_station's paper: five faces a pack from 500."""
    return 500 + (face - 1) // 5


def stock_the_station(admin: Api, occ: str, org_id: int, pick_count_game: int) -> dict[str, int]:
    """A pack product on a received paper set covering the whole test series (packs 500-579, five
    faces each) issued to station "front", a U Pick Em face, a cookie-jar entry and a dauber."""
    ok(admin.put(f"/api/v1/organizations/{org_id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    occasion = ok(admin.get(occ))
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{org_id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "blue",
                "faces_per_sheet": 5,
                "sheets_per_pack": 1,
                "serial_from": 500,
                "serial_to": pack_of(SERIES_SIZE),
                "first_face": 1,
            },
        ),
        201,
    )
    ok(
        admin.post(
            f"/api/v1/paper-sets/{paper['id']}/packs",
            {
                "action": "issue",
                "serials": list(range(500, pack_of(SERIES_SIZE) + 1)),
                "occasion_id": occasion["id"],
                "station": "front",
            },
        )
    )
    ids = {}
    for kind, name, price, extra in [
        ("admission", "Blue pack", "10.00", {"paper_set_id": paper["id"]}),
        ("upick_face", "U Pick Em face", "1.00", {"game_number": pick_count_game}),
        ("cookie_jar", "Cookie jar entry", None, {}),
        ("non_gaming", "Dauber", "1.50", {}),
    ]:
        ids[kind] = ok(admin.post(occ + "/products", {"kind": kind, "name": name, "price": price, **extra}), 201)["id"]
    return ids


def hall_with_a_shop(
    app: Flask, admin: Api, session: Session, printer_config: Path
) -> tuple[Hall, dict[str, Any], str]:
    """The whole-night setup for the screen tests: printers at the emulator, a cashier, a program of an
    any-row game and a U Pick Em game (8 picks), and a stocked station "front"."""
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    make_user(
        session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username=f"cashier{hall.org.id}"
    )
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "250.00"},
            {
                "kind": "u_pick_em",
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "pick_count": 8,
                "face_price": "1.00",
            },
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    stock_the_station(admin, occ, hall.org.id, 2)
    return hall, occasion, occ


def station_sign_in(
    browser: Browser, live_url: str, username: str, station: str | None = None, width: int = 1280, height: int = 800
) -> Page:
    """A page of this size signed in by PIN (at `station`, when one is named), on the user's own screen."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{live_url}/pin" + (f"?station={station}" if station else ""))
    page.fill("#username", username)
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    page.wait_for_url(lambda url: "/pin" not in url)
    page.wait_for_load_state("load")
    return page


def arrived(emulator: Emulator, before: set[str], count: int) -> list[str]:
    """At least `count` receipts that arrived since `before` was taken, sorted (waiting up to 8 s)."""
    for _ in range(80):
        fresh = sorted(r for r in seen(emulator) if r not in before)
        if len(fresh) >= count:
            return fresh
        time.sleep(0.1)
    raise AssertionError(f"expected {count} receipts at the emulator")


def open_the_till(page: Page, bank: str = "100.00") -> None:
    """The cashier opens the drawer from the screen: the opening bank, then Enter."""
    expect(page.locator("#sell")).to_be_disabled()
    page.fill("#bank", bank)
    page.press("#bank", "Enter")
    expect(page.locator("#till-close-open")).to_be_visible()
    page.wait_for_load_state("load")


def sell_pack_and_upick(page: Page, picks: list[int], serial: int = 500) -> None:
    """Scan a pack, pick a U Pick Em face by hand, confirm the buyer is 18+, tender $20 and sell."""
    page.click(".pos-item[data-kind=admission]")
    page.fill("#pack-serial", str(serial))
    page.press("#pack-serial", "Enter")
    page.click(".pos-item[data-kind=upick_face]")
    for n in picks:
        page.click(f"#pick{n}")
    page.click("#picker-add")
    expect(page.locator("#total")).to_have_text("$11.00")
    page.check("#adult")
    page.click("[data-cash='2000']")
    expect(page.locator("#change")).to_have_text("$9.00")
    page.click("#sell")


@dataclass(frozen=True)
class PrizesDue:
    """A night with every kind of prize owed at the cashier: game 1 won by one face, game 2 split by two
    faces on the cookie-jar number (two game shares and two jar shares), game 3 a U Pick Em won by one
    ticket. `faces` maps each game to its winning faces; `ticket` is the U Pick Em winner's code."""

    hall: Hall
    occ: str
    faces: dict[int, list[int]]
    ticket: str
    picks: list[int]


def hall_with_prizes_due(
    app: Flask, admin: Api, session: Session, printer_config: Path | None = None, upick_played: bool = True
) -> PrizesDue:
    """Printers at the emulator (when given), a cashier, a $60.00 cookie jar, and three games played to
    a close through the API, with the jar awarded on game 2 (game 3 left unplayed unless `upick_played`:
    `play_upick` plays it)."""
    if printer_config is not None:
        app.extensions["flashboard.printers"] = stations.load(printer_config)
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    make_user(
        session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username=f"cashier{hall.org.id}"
    )
    jar = f"/api/v1/organizations/{hall.org.id}/cookie-jar"
    ok(admin.put(jar, {"maximum": "1000.00", "fee": "2.00"}))
    ok(admin.post(jar + "/opening", {"jar1": "60.00", "jar2": "0.00"}), 201)
    single = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    split = split_script(STANDARD[PatternKind.FOUR_CORNERS], winners=2)
    jar_ball = split.calls[-1]
    picks = [n for n in (1, 2, 16, 17, 31, 32, 46, 47) if n != jar_ball][:4]
    assert single.calls[-1] != jar_ball
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "100.00"},
            {"pattern": {"kind": "four_corners"}, "prize": "50.00"},
            {
                "kind": "u_pick_em",
                "pattern": {"kind": "blackout"},
                "prize": "80.00",
                "pick_count": 4,
                "face_price": "1.00",
            },
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    ticket = ok(sell_upick(admin, occ, 3, picks), 201)["tickets"][0]["code"]
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(admin.post(occ + "/cookie-jar-number", {"ball": jar_ball}))
    for number, script in ((1, single), (2, split)):
        ok(admin.post(occ + f"/games/{number}/start", {}))
        for ball in script.calls:
            ok(admin.post(occ + f"/games/{number}/calls", {"ball": ball}), 201)
        for face in script.winners:
            ok(admin.post(occ + f"/games/{number}/claims", {"face_number": face}), 201)
        ok(admin.post(occ + f"/games/{number}/close"))
    ok(admin.post(occ + "/games/2/cookie-jar-award"))
    night = PrizesDue(hall, occ, {1: single.winners, 2: split.winners}, ticket, picks)
    if upick_played:
        play_upick(admin, night)
    return night


def play_upick(api: Api, night: PrizesDue) -> None:
    """Game 3, the U Pick Em, called to its winning ticket and closed (as the caller's console does)."""
    ok(api.post(night.occ + "/games/3/start", {}))
    for ball in night.picks:
        ok(api.post(night.occ + "/games/3/calls", {"ball": ball}), 201)
    ok(api.post(night.occ + "/games/3/close"))


def show_tab(page: Page, name: str) -> None:
    """Switch the cashier's screen to a tab: Sell, Prizes, Sales or Receipts."""
    page.click(f"#tab-{name.lower()}")
    expect(page.locator(f"#view-{name.lower()}")).to_be_visible()


def fits(page: Page) -> list[str]:
    """What runs off the side of the page, and every button wider than the panel that holds it."""
    found: list[str] = page.evaluate(
        """() => {
      const problems = [];
      const over = document.documentElement.scrollWidth - window.innerWidth;
      if (over > 0) problems.push(`page ${over}px too wide`);
      for (const b of document.querySelectorAll('.panel button')) {
        const r = b.getBoundingClientRect(), p = b.closest('.panel').getBoundingClientRect();
        if (r.width && (r.right > p.right + 1 || r.left < p.left - 1)) {
          problems.push(`button ${b.textContent.trim()} leaves its panel`);
        }
      }
      return problems;
    }"""
    )
    return found


def upick_station(
    app: Flask, admin: Api, session: Session, printers: dict[str, stations.StationPrinter], pick_count: int
) -> tuple[str, Api]:
    """A running occasion with one U Pick Em game, the given printers, and a cashier signed in at
    station "front" with the till open."""
    app.extensions["flashboard.printers"] = printers
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    game = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": pick_count}
    occasion = setup_occasion(admin, hall, [{**game, "face_price": "1.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    cashier = staff(admin, "boss")
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    product(admin, occ, "upick_face", 1)
    till_open(cashier, occ)
    return occ, cashier
