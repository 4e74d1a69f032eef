"""A whole night at the hall played through the screens alone, in Chromium, each station in its own
browser context at its own size; the test makes no API call and no service call to change anything,
only taps, typing and scans (digits typed into the focused field, then Enter):

1. the admin, in the back office at 1280×800, adds the organization, its premises, its bingo licence
   term (101-4.3) with its Addendum A U Pick Em game (4.30.1.6), its members and their station
   accounts, and the cookie-jar settings (4.31.1); the member in charge generates a series, builds a
   program (a standard pattern, a shape drawn on the grid as a special game (4.14.9), U Pick Em (4.30)
   and a break-open game (4.29.1)), schedules the occasion
   (4.2), receives paper and issues packs to the cashier's station and adds the products (4.22, 4.31.3);
2. the cashier signs in by PIN at the station "front", opens the till and sells every product kind
   (packs by scanned serial, the special, a U Pick Em face, a cookie-jar entry, a dauber, a break-open
   sheet); the receipts print at the ESC/POS emulator;
3. the caller verifies the balls (4.25), keys the cookie-jar number (4.31.6) and plays the program: a
   hold while a claim is checked (4.16), an invalid and a valid claim (4.27), a split (4.11) on the jar
   number with the jar awarded (4.31.6), the U Pick Em ticket, the break-open numbers posted; every
   close with its two taps;
4. the verifier's tablet (800×1280) follows the game live and checks each claim by face number;
5. the TV (1920×1080) shows every state of bingo/rules/board_states.py (its own timers run forward by
   the page's clock for the winners → next game → intermission stages);
6. the cashier pays every winner and the cookie jar from the Prizes tab, voids a sale with the member in
   charge's PIN on the keypad (4.1), and closes the till counted at zero over or short;
7. the member in charge closes the occasion (two taps) and downloads every report the screens offer;
8. a Delaware Hold'em tournament at the desk, the director's console and the dealer's table screen,
   with one bust undone (28 Del. C. §1827(2)).

Seeded before the browser starts, because no screen can do it: the first admin account (someone must
sign in to make the others); the hall clock (the tests' fixed clock, Saturday 2026-12-05 18:00, moved
by hand where play needs time to pass); the receipt printers (a stations file, the emulator's port);
and the poker side (tests/support/night.py `seed_tournament`): no screen creates a tournament or
appoints its director, so its organization, occasion licence, setup, licensed director and the floor
staff's accounts are made through the services. Taps, entries and scans are counted per step and the
table printed (docs/whole-night.md records it)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from bingo.rules.board_states import INTERMISSION_SECONDS, WINNERS_SECONDS
from bingo.rules.faces import ball_label
from bingo.rules.patterns import STANDARD, PatternKind, shape
from shared.core.roles import Role
from shared.printing import stations
from tests.support.bingo_factories import Script, split_script
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, PIN, make_user
from tests.support.night import Counter, Hands, password_sign_in, pin_sign_in, screen, seed_tournament
from tests.support.pos import arrived
from tests.support.printer import Emulator, seen
from tests.support.screens import keep_receipt

pytestmark = [pytest.mark.browser, pytest.mark.printer]

ORG = "Millbrook Volunteer Fire Company"
STAMP = shape("Postage stamp", ["XX...", "XX...", ".....", ".....", "....."], anywhere=True)
PICKS = [3, 18, 33, 48, 63, 9, 24, 54]
FACES_PER_PACK = 5
PEOPLE = [  # username, name, roles
    ("frank", "Frank Moretti", ["member_in_charge"]),
    ("ray", "Ray Donnelly", ["caller"]),
    ("carol", "Carol Whitfield", ["verifier"]),
    ("linda", "Linda Osei", ["cashier"]),
]


def pack_of(face: int) -> int:
    """The serial of the pack holding a face: packs 1-80 of five faces (the whole series), from face 1."""
    return (face - 1) // FACES_PER_PACK + 1


def scripts() -> tuple[Script, Script]:
    """Game 1 won by one face, game 2 (the stamp) split two ways on its last call, the jar number."""
    single, split = split_script(STANDARD[PatternKind.ANY_ROW], winners=1), split_script(STAMP, winners=2)
    assert single.calls[-1] != split.calls[-1] and not set(PICKS) & {split.calls[-1]}
    return single, split


def test_4_0_1804_a_whole_night_through_the_screens_with_no_api_call(
    browser: Browser,
    live_url: str,
    app: Flask,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    make_user(session, [Role.ADMIN], username="admin", display_name="Hall admin")
    poker = seed_tournament(session)
    single, split = scripts()
    counter = Counter()

    org_id = set_up_the_organization(browser, live_url, counter)
    mic, token = prepare_the_night(browser, live_url, counter, org_id)
    cashier = sell_everything(browser, live_url, counter, emulator, single, split)
    play_the_night(browser, live_url, counter, clock, token, (single, split, cashier, emulator))
    pay_void_and_close_the_till(counter, cashier, emulator, len(split.winners))
    close_and_report(live_url, counter, mic)
    run_the_tournament(browser, live_url, counter, emulator, poker.tournament_id, poker.org_id)

    print("\n" + counter.table())
    assert counter.problems == [], "\n".join(counter.problems)


def set_up_the_organization(browser: Browser, live_url: str, counter: Counter) -> int:
    counter.step("1a admin: organization, premises, licence, members, accounts, jar")
    admin = screen(browser, counter, "office", 1280, 800)
    password_sign_in(admin, live_url, "admin")
    admin.tap("text=Add an organization")
    admin.key("#f-name", ORG)
    admin.key("#f-bingo_first_licensed_on", "2010-01-01")
    admin.tap("button[type=submit] >> text=Add organization")
    expect(admin.page.locator(".notice")).to_have_text("Organization added.")
    admin.tap(f"section.panel:has(h2:text-is('{ORG}')) >> text=Organization & premises")
    org_id = int(re.search(r"/organizations/(\d+)", admin.page.url).group(1))  # type: ignore[union-attr]
    premises = "form[action$='/premises']"
    admin.key(f"{premises} [name=name]", "Millbrook Fire Hall")
    admin.key(f"{premises} [name=address]", "1 Main St, Millbrook, DE 19901")
    admin.tick(f"{premises} [name=owned_by_organization]")
    admin.tap(f"{premises} button[type=submit]")
    expect(admin.page.locator(".notice")).to_be_visible()
    admin.look("organization")

    admin.tap(".subnav >> text=Licences")
    term = "form[action$='/bingo-terms']"
    admin.key(f"{term} [name=number]", "B-2026-117")
    admin.key(f"{term} [name=valid_from]", "2026-01-01")
    admin.key(f"{term} [name=valid_to]", "2026-12-31")
    admin.tap(f"{term} button[type=submit]")
    expect(admin.page.locator("#bingo")).to_contain_text("Yes, B-2026-117")
    addendum = "form[action$='/upick_games']"  # 101-4.30.1.6: the night's U Pick Em game is on Addendum A
    admin.key(f"{addendum} [name=pick_count]", "8")
    admin.key(f"{addendum} [name=payout]", "50.00")
    admin.tap(f"{addendum} button[type=submit]")
    expect(admin.page.locator(".notice")).to_have_text("Licence amended.")
    admin.look("licences", full_page=True)

    admin.tap(".subnav >> text=Members")
    for _, name, _ in PEOPLE:
        admin.key("#f-name", name)
        admin.key("#f-date_of_birth", "1970-05-05")
        admin.key("#f-active_since", "2001-01-01")
        admin.tap("button[type=submit] >> text=Add member")
        expect(admin.page.locator("table")).to_contain_text(name)
    admin.look("members", full_page=True)

    admin.tap("header >> text=Staff")
    for username, name, roles in PEOPLE:
        admin.key("#f-username", username)
        admin.key("#f-display_name", name)
        admin.choose("#f-member_id", label=f"{name} ({ORG})")
        admin.key("#f-password", PASSWORD)
        admin.key("#f-pin", PIN)
        for role in roles:
            admin.tick(f"fieldset input[name=roles][value={role}]")
        admin.tap("button[type=submit] >> text=Create account")
        expect(admin.page.locator("table")).to_contain_text(username)
    admin.look("staff", full_page=True)

    admin.page.goto(f"{live_url}/office/organizations/{org_id}/licenses")
    admin.tap(".subnav >> text=Cookie jar")
    admin.key("#f-maximum", "1000.00")
    admin.key("#f-fee", "2.00")
    admin.tap("button[type=submit] >> text=Save")
    expect(admin.page.locator(".notice")).to_have_text("Cookie-jar settings saved.")
    admin.look("cookie-jar")
    admin.page.context.close()
    return org_id


def prepare_the_night(browser: Browser, live_url: str, counter: Counter, org_id: int) -> tuple[Hands, str]:
    counter.step("1b member in charge: series, program")
    mic = screen(browser, counter, "office", 1280, 800)
    password_sign_in(mic, live_url, "frank")
    mic.page.goto(live_url + "/office")
    mic.tap("text=Bingo night")
    mic.tap(".subnav >> text=Series")
    mic.tap("#generate-series")
    expect(mic.page.locator(".notice")).to_have_text("Series generated.")

    mic.tap(".subnav >> text=Programs")
    mic.tap("#new-program")
    mic.key("#f-name", "Saturday night")
    mic.choose("#g1-pattern", "any_row")
    mic.key("#g1-prize", "100.00")
    mic.tap("#add-game")
    mic.choose("#g2-kind", "special")
    mic.choose("#g2-pattern", "shape")
    for square in (0, 1, 5, 6):
        mic.tap(f"[name='games.2.cell'][value='{square}']")
    mic.key("#g2-shape_name", "Postage stamp")
    mic.tick("[name='games.2.anywhere']")
    mic.key("#g2-prize", "80.00")
    mic.tap("#add-game")
    mic.choose("#g3-kind", "u_pick_em")
    mic.choose("#g3-pattern", "blackout")
    mic.key("#g3-pick_count", "8")
    mic.key("#g3-face_price", "1.00")
    mic.key("#g3-prize", "50.00")
    mic.tap("#add-game")
    mic.choose("#g4-kind", "break_open")
    mic.key("#g4-break_open_numbers", "30")
    mic.key("#g4-prize", "25.00")
    expect(mic.page.locator("#games-count")).to_have_text("4")
    mic.look("program", full_page=True)
    mic.tap("#save-program")
    expect(mic.page.locator(".notice")).to_have_text("Program saved.")

    counter.step("1c member in charge: paper, occasion, packs, products")
    mic.tap(".subnav >> text=Paper")
    mic.choose("#f-series_id", label="Practice series (400 faces)")
    mic.key("#f-colour", "Blue")
    mic.key("#f-faces_per_sheet", "5")
    mic.key("#f-serial_from", "1")
    mic.key("#f-serial_to", "80")
    mic.tap("#receive-paper")
    expect(mic.page.locator(".notice")).to_have_text("Paper received.")

    mic.tap(".subnav >> text=Occasions")
    mic.key("#f-start_time", "18:00")
    mic.choose("#f-program_id", label="Saturday night")
    mic.choose("#f-member_in_charge_id", label="Frank Moretti")
    mic.choose("#f-caller_member_id", label="Ray Donnelly")
    mic.choose("#f-verifier_member_id", label="Carol Whitfield")
    mic.look("occasions", full_page=True)
    mic.tap("#schedule-occasion")
    expect(mic.page.locator(".notice")).to_have_text("Occasion scheduled.")

    mic.tap(".subnav >> text=Paper")
    mic.tap("text=Issue and return")
    mic.key("#issue-station", "front")
    mic.key("#issue-serial_from", "1")
    mic.key("#issue-serial_to", "80")
    mic.tap("#issue-packs")
    expect(mic.page.locator(".notice")).to_have_text("Packs issued.")
    expect(mic.page.locator("#count-issued .count")).to_have_text("80")
    mic.look("paper-set", full_page=True)

    mic.tap(".subnav >> text=Bingo night")
    mic.tap("table >> text=Open")
    for kind, name, price, game, paper in [
        ("admission", "Blue pack", "10.00", None, True),
        ("special", "Stamp special", "3.00", "2", False),
        ("upick_face", "U Pick Em face", None, "3", False),
        ("cookie_jar", "Cookie jar", None, None, False),
        ("break_open", "Break-open sheet", "1.00", "4", False),
        ("non_gaming", "Dauber", "2.00", None, False),
    ]:
        mic.choose("#f-kind", kind)
        mic.key("#f-name", name)
        if game:
            mic.choose("#f-game_number", game)
        if price:
            mic.key("#f-price", price)
        if paper:
            mic.page.select_option("#f-paper_set_id", index=1)
            mic.counter.tally.taps += 2
        mic.tap("#add-product")
        expect(mic.page.locator(".notice")).to_have_text("Product added.")
    expect(mic.page.locator("#products tbody tr")).to_have_count(6)
    mic.look("occasion", full_page=True)
    token = mic.page.locator("a[href*='/bingo/board/']").first.get_attribute("href") or ""
    return mic, token.rsplit("/", 1)[-1]


def sell_everything(
    browser: Browser, live_url: str, counter: Counter, emulator: Emulator, single: Script, split: Script
) -> Hands:
    counter.step("2 cashier: sign in, open the till, sell every kind")
    cashier = screen(browser, counter, "cashier", 1280, 800)
    pin_sign_in(cashier, live_url, "linda", "front")
    expect(cashier.page).to_have_url(re.compile(r"/bingo/cashier$"))
    cashier.enter("#bank", "1000.00")
    expect(cashier.page.locator("#till-close-open")).to_be_visible()
    cashier.page.wait_for_load_state("load")
    cashier.look("open")

    before = seen(emulator)
    packs = sorted({pack_of(f) for f in [*single.winners, *split.winners, single.early[0]]})
    for serial in packs:
        cashier.tap(".pos-item[data-kind=admission]")
        expect(cashier.page.locator("#pack-serial")).to_be_focused()
        cashier.scan(str(serial))
    cashier.tap(".pos-item[data-kind=special]")
    cashier.tap(".pos-item[data-kind=upick_face]")
    for n in PICKS:
        cashier.tap(f"#pick{n}")
    cashier.look("upick-picker")
    cashier.tap("#picker-add")
    cashier.tap(".pos-item[data-kind=break_open]")
    cashier.tap(".pos-item[data-kind=non_gaming]")
    cashier.tick("#adult")
    cashier.tap("[data-cash=exact]")
    cashier.look("sell")
    cashier.tap("#sell")
    expect(cashier.page.locator("#last-sale")).to_contain_text("Receipt printed.")
    receipt = arrived(emulator, before, 1)[0]
    assert "Blue pack" in emulator.text(receipt) and ORG in emulator.text(receipt)
    keep_receipt(emulator, receipt, "night-sale-receipt")

    return cashier


def sell_the_jar_entry(counter: Counter, cashier: Hands, emulator: Emulator) -> None:
    """4.31.3-4: cookie-jar entries go on sale when the occasion starts (the balls verified) and stop at
    the first call; the fee is a sale of its own. A dauber after it, for the void."""
    counter.step("2b cashier: the cookie-jar entry, a dauber")
    before = seen(emulator)
    cashier.tap(".pos-item[data-kind=cookie_jar]")  # 4.31.3: the jar's fee is a sale of its own
    expect(cashier.page.locator("#last-sale")).to_be_hidden()
    cashier.tick("#adult")
    cashier.tap("[data-cash=exact]")
    cashier.tap("#sell")
    expect(cashier.page.locator("#last-sale")).to_contain_text("Receipt printed.")
    arrived(emulator, before, 1)

    cashier.tap(".pos-item[data-kind=non_gaming]")
    expect(cashier.page.locator("#last-sale")).to_be_hidden()
    cashier.tap("[data-cash=exact]")
    cashier.tap("#sell")
    expect(cashier.page.locator("#last-sale")).to_contain_text("change $0.00")
    cashier.look("sold")


def play_the_night(
    browser: Browser,
    live_url: str,
    counter: Counter,
    clock: Clock,
    token: str,
    night: tuple[Script, Script, Hands, Emulator],
) -> None:
    single, split, cashier, emulator = night
    counter.step("3a caller: balls, jar number")
    tv = screen(browser, counter, "tv", 1920, 1080)
    tv.page.clock.install()
    tv.page.goto(f"{live_url}/bingo/board/{token}")
    board = tv.page.locator("body")
    expect(board).to_have_attribute("data-board-state", "welcome")
    tv.look("welcome")

    caller = screen(browser, counter, "caller", 1280, 800)
    pin_sign_in(caller, live_url, "ray", "Caller")
    expect(caller.page.locator("#step-balls")).to_be_visible()
    caller.look("balls")
    caller.tap("#all-present")
    caller.tick("#step-balls input[name=checked_by] >> nth=0")
    caller.tap("#balls-done")
    expect(caller.page.locator("#step-jar")).to_be_visible()
    caller.look("jar")
    jar = split.calls[-1]
    caller.enter("#jar-ball", str(jar))
    expect(caller.page.locator("#jar-label")).to_have_text(f"Jar number {ball_label(jar)}")
    expect(tv.page.locator("#welcome-jar")).to_have_text(ball_label(jar))
    sell_the_jar_entry(counter, cashier, emulator)
    counter.step("3a caller: balls, jar number")

    verifier = screen(browser, counter, "verifier", 800, 1280)
    pin_sign_in(verifier, live_url, "carol", "Table 3")
    verifier.look("waiting")

    counter.step("3b game 1: hold, invalid and valid claims")
    caller.tap("#start-game")
    expect(board).to_have_attribute("data-board-state", "announced")
    tv.look("announced")
    caller.look("announced")
    call(caller, single.calls)
    expect(caller.page.locator("#count")).to_have_text(str(len(single.calls)))
    expect(board).to_have_attribute("data-board-state", "calling")
    tv.look("calling")
    caller.look("calling")
    caller.tap("#hold")
    expect(board).to_have_attribute("data-board-state", "checking")
    tv.look("checking")
    caller.look("held")
    expect(verifier.page.locator("h1")).to_contain_text("Verify: game 1")
    verifier.enter("#face", str(single.early[0]))
    expect(verifier.page.locator("#verdict")).to_contain_text("INVALID")
    verifier.look("invalid")
    verifier.enter("#face", str(single.winners[0]))
    expect(verifier.page.locator("#verdict")).to_have_text(f"Game 1 · face {single.winners[0]}: VALID")
    verifier.look("valid")
    expect(caller.page.locator("#claims .claim.is-valid")).to_have_count(1)
    expect(board).to_have_attribute("data-board-state", "winners")
    tv.look("winners")
    caller.look("claim-valid")
    caller.two_taps("#close-game", "Tap again to close game 1: 1 winner")
    expect(caller.page.locator("#closing-text")).to_contain_text("Game 1")
    caller.look("closed-game")
    tv.page.clock.run_for(WINNERS_SECONDS * 1000 + 1500)
    expect(board).to_have_attribute("data-board-state", "next_game")
    tv.look("next-game")
    tv.page.clock.run_for((INTERMISSION_SECONDS - WINNERS_SECONDS) * 1000)
    expect(board).to_have_attribute("data-board-state", "intermission")
    tv.look("intermission")
    clock.advance(minutes=15)

    counter.step("3c game 2: a split on the jar number, the jar awarded")
    caller.tap("#start-game")
    expect(verifier.page.locator("h1")).to_contain_text("Verify: game 2")
    call(caller, split.calls)
    expect(caller.page.locator("#last")).to_have_text(ball_label(jar))
    for face in split.winners:
        verifier.enter("#face", str(face))
        expect(verifier.page.locator("#verdict")).to_have_text(f"Game 2 · face {face}: VALID")
    expect(caller.page.locator("#claims .claim.is-valid")).to_have_count(2)
    expect(caller.page.locator("#split")).to_contain_text("$40.00")
    caller.two_taps("#close-game", "Tap again to close game 2: 2 winners")
    expect(caller.page.locator("#jar-award")).to_be_visible()
    caller.look("jar-award")
    caller.two_taps("#jar-award", "Tap again to award cookie jar 1 to game 2's winners")
    expect(caller.page.locator("#closing-text")).to_contain_text("Cookie jar: 2 winners: $1.00, $1.00")
    tv.look("winners-jar")
    clock.advance(minutes=15)

    counter.step("3d game 3: U Pick Em")
    caller.tap("#start-game")
    call(caller, PICKS)
    expect(board).to_have_attribute("data-board-state", "winners")
    tv.look("winners-upick")
    caller.two_taps("#close-game", "Tap again to close game 3: 1 winner")
    expect(caller.page.locator("#closing-text")).to_contain_text("Game 3")
    clock.advance(minutes=15)

    counter.step("3e game 4: break-open")
    expect(caller.page.locator("#start-game")).to_have_text("Draw and post the 30 numbers")
    caller.tap("#start-game")
    expect(caller.page.locator("#count")).to_have_text("30")
    expect(board).to_have_attribute("data-board-state", "break_open")
    tv.look("break-open")
    caller.look("break-open")
    caller.two_taps("#close-game", "Tap again to close game 4")
    expect(board).to_have_attribute("data-board-state", "intermission")
    tv.look("last-game-played")
    caller.look("program-played")
    caller.page.context.close()
    verifier.page.context.close()
    counter.tv = tv  # type: ignore[attr-defined]


def call(caller: Hands, balls: list[int]) -> None:
    """Each ball tapped once the last one shows as called, as a caller does (a tap sent before the last
    one is answered could be recorded first)."""
    for ball in balls:
        caller.tap(f"#ball{ball}")
        expect(caller.page.locator("#last")).to_have_text(ball_label(ball))


def pay_void_and_close_the_till(counter: Counter, cashier: Hands, emulator: Emulator, split_ways: int) -> None:
    counter.step("6 cashier: pay every prize, void a sale, close the till")
    cashier.tap("#tab-prizes")
    rows = cashier.page.locator("#prizes .prize-row")
    expect(rows.first).to_be_visible()
    cashier.look("prizes")
    before = seen(emulator)
    paid, due = 0, rows.count()
    while rows.count():
        cashier.two_taps("#prizes .prize-row:first-child button.pay", "Tap again to pay")
        paid += 1
        expect(rows).to_have_count(due - paid)
    expect(cashier.page.locator("#prizes")).to_contain_text("No prize is waiting to be paid.")
    slip = arrived(emulator, before, paid)[-1]
    keep_receipt(emulator, slip, "night-payout-slip")

    cashier.tap("#tab-sales")
    expect(cashier.page.locator("#sales .sale-row").first).to_be_visible()
    row = cashier.page.locator("#sales .sale-row", has_text="Dauber", has_not_text="Blue pack").first
    row.locator("button.void").click()
    counter.tally.taps += 1
    expect(cashier.page.locator("#void")).to_be_visible()
    cashier.tap("[data-preset-for=void-reason] >> text='Rung up twice'")
    for key in PIN:
        cashier.tap(f"#void .key[data-key='{key}']")
    cashier.look("void")
    cashier.tap("#void .key[data-key='OK']")
    expect(cashier.page.locator("#void")).to_be_hidden()
    expect(row).to_contain_text("Voided: Rung up twice (approved by Frank Moretti)")
    cashier.look("sales")

    cashier.tap("#tab-sell")
    expected = cashier.page.locator("#in-drawer").inner_text()
    cents = round(float(expected.replace("$", "").replace(",", "")) * 100)
    cashier.tap("#till-close-open")
    for denomination in (10_000, 5_000, 2_000, 1_000, 500, 100, 25, 10, 5, 1):
        count, cents = divmod(cents, denomination)
        if count:
            cashier.key(f"input[data-denomination='{denomination / 100:.2f}']", str(count))
    expect(cashier.page.locator("#counted")).to_have_text(expected)
    cashier.look("till-count")
    cashier.tap("#count-form button[type=submit]")
    expect(cashier.page.locator("#till-result")).to_contain_text(f"expected {expected}")
    expect(cashier.page.locator("#till-result")).to_contain_text("balanced, nothing over or short")
    cashier.look("till-closed")
    cashier.page.context.close()


def close_and_report(live_url: str, counter: Counter, mic: Hands) -> None:
    counter.step("7 member in charge: close the occasion, download every report")
    tv: Hands = counter.tv  # type: ignore[attr-defined]
    desk = mic.page.context.new_page()
    station = Hands(desk, counter, "mic")
    pin_sign_in(station, live_url, "frank", "Office")
    station.look("dashboard", full_page=True)
    station.tap("text=Caller console")
    station.two_taps("#close-occasion", "Tap again to close the occasion")
    expect(tv.page.locator("body")).to_have_attribute("data-board-state", "closed")
    tv.look("closed")
    desk.close()

    mic.page.bring_to_front()
    mic.tap("header >> text=Reports")
    mic.look("reports")
    yearly = [a.get_attribute("href") or "" for a in mic.page.locator("main .actions a.btn").all()]
    mic.tap("table >> text=Open")
    expect(mic.page.locator("h1")).to_contain_text("closed")
    mic.look("report-occasion", full_page=True)
    links = mic.page.locator(".panel .actions a.btn")
    names = [links.nth(i).inner_text() for i in range(links.count())]
    assert len(names) >= 15
    for name in names:
        got = download(mic, f".panel .actions a.btn >> text='{name}'")
        assert got.startswith(b"%PDF") if "PDF" in name else b"," in got, (name, got[:80])
    mic.tap("text=← All occasions")
    for href in yearly:
        got = download(mic, f"main .actions a.btn[href='{href}']")
        assert got.startswith(b"%PDF") if ".pdf" in href else got.startswith(b"\xef\xbb\xbf") and b"," in got, href
    mic.page.context.close()


def download(hands: Hands, selector: str) -> bytes:
    """Tap a report link and keep the file: every report link downloads (a PDF too, so a kiosk's
    screen is never replaced by a viewer)."""
    page = hands.page
    with page.expect_download() as caught:
        hands.tap(selector)
    return Path(caught.value.path()).read_bytes()


def run_the_tournament(
    browser: Browser, live_url: str, counter: Counter, emulator: Emulator, tournament_id: int, org_id: int
) -> None:
    counter.step("8a desk: open the till, twelve entries")
    desk = screen(browser, counter, "poker-desk", 1280, 800)
    pin_sign_in(desk, live_url, f"desk{org_id}", "front")
    desk.page.goto(f"{live_url}/poker/desk")
    desk.enter("#bank", "100.00")
    expect(desk.page.locator("#in-drawer")).to_have_text("$100.00")
    desk.page.wait_for_load_state("load")
    expect(desk.page.locator("#counts")).to_contain_text("entered")  # the desk has the tournament's state
    before = seen(emulator)
    for n in range(1, 13):
        desk.key("#player-name", f"Player {n}")
        desk.enter("#entry-tendered", "100.00")
        expect(desk.page.locator("#last")).to_contain_text(f"Player {n}: Player {n}")
    arrived(emulator, before, 12)
    desk.look("entries")

    counter.step("8b director: draw, start the clock, a bust undone")
    director = screen(browser, counter, "poker-director", 1280, 800)
    pin_sign_in(director, live_url, f"director{org_id}", "floor")
    director.page.goto(f"{live_url}/poker/director")
    director.key("#seats-per-table", "9")
    director.look("registering")
    director.two_taps("#draw-seats", "Tap again to close registration and draw the seats")
    expect(director.page.locator(".seat.taken")).to_have_count(12)
    director.two_taps('[data-clock="start"]')
    expect(director.page.locator('[data-clock="pause"]')).to_be_visible()
    director.look("running")

    seats = director.page.locator(".seat.taken")
    seats.first.click()
    counter.tally.taps += 1
    director.tap("#bust-open")
    director.key("#bust-stacks input >> nth=0", "1500")
    director.tap("#bust-form button[type=submit]")
    expect(seats).to_have_count(11)
    expect(director.page.locator("#undo-bust")).to_be_visible()
    director.look("undo")
    director.two_taps("#undo-bust")
    expect(seats).to_have_count(12)

    counter.step("8c dealer: the deck counted")
    dealer = screen(browser, counter, "poker-dealer", 800, 1280)
    pin_sign_in(dealer, live_url, f"dealer{org_id}", "table1")
    dealer.page.goto(f"{live_url}/poker/dealer/{tournament_id}?table=1")
    dealer.look("table")
    dealer.two_taps("[data-deck=count]")
    expect(dealer.page.locator("[data-deck=count]")).to_have_text("Deck counted: complete")
    dealer.page.context.close()

    counter.step("8d director: busts to the winner; desk: prizes")
    for left in range(12, 1, -1):
        seats.first.click()
        counter.tally.taps += 1
        director.tap("#bust-open")
        director.key("#bust-stacks input >> nth=0", str(100 + left))
        director.tap("#bust-form button[type=submit]")
        expect(seats).to_have_count(left - 1)
    director.look("finished")
    director.page.context.close()

    desk.page.reload()
    pay = desk.page.locator("button[data-kind=prize]")
    expect(pay).to_have_count(3)
    for left in range(3, 0, -1):
        desk.two_taps("button[data-kind=prize] >> nth=0", "Tap again to pay")
        expect(pay).to_have_count(left - 1)
    desk.look("paid")
    desk.page.context.close()
