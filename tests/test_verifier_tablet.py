"""The verifier's tablet in a real browser: a face keyed in (or scanned, ending with Enter) shows valid or
invalid with the reason and the daubed grid, named for its game, and the claim reaches the caller's queue.
The tablet follows the game in play live (opened before any game, it waits; game 1 closes and game 2
starts with no reload), a check that lands after its game closed says so plainly, a U Pick Em ticket id
is typed or scanned, and a face number out of the series' range is named with the range. A scan that
lands before the page's script has loaded (the form submits as ?face=N) is still checked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import SERIES_SIZE, make_hall, split_script
from tests.support.books import sell_upick
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import setup_occasion
from tests.support.pos import station_sign_in
from tests.support.replies import ok, refused
from tests.support.screens import audit, shoot

SIZES = ((800, 1280), (1280, 800), (1920, 1080))


def look(page: Page, name: str) -> list[str]:
    """The screen's audit at each of the hall's sizes, with a screenshot of each (when they are taken)."""
    found: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, f"{name}-{width}x{height}")
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        found += [f"{width}x{height}: {p}" for p in audit(page)] + ([f"{width}x{height} overflows"] if overflow else [])
    page.set_viewport_size({"width": 800, "height": 1280})
    return found


@pytest.mark.browser
def test_verifier_scans_a_face_and_the_claim_reaches_the_caller(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75 if 75 not in script.calls else 74}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)

    page = station_sign_in(browser, live_url, f"verifier{hall.org.id}", width=1280, height=800)
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    expect(page.locator("h1")).to_have_text("Verify: game 1, Any row")
    page.fill("#face", str(script.winners[0]))
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 · face {script.winners[0]}: VALID")
    assert page.locator("#grid td.winning").count() in (4, 5)
    assert look(page, "verifier-valid") == []
    for digit in str(script.early[0]):
        page.click(f".key[data-key='{digit}']")
    page.click(".key[data-key='OK']")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 · face {script.early[0]}: INVALID")
    expect(page.locator("#reason")).to_contain_text("sleeper")
    assert look(page, "verifier-invalid") == []
    claims = ok(caller.get(occ))["games"][0]["claims"]
    assert [(c["face_number"], c["verdict"]) for c in claims] == [
        (script.winners[0], "valid"),
        (script.early[0], "sleeper"),
    ]
    page.goto(live_url + f"/bingo/verifier?face={script.winners[1]}")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 · face {script.winners[1]}: VALID")
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    assert [c["face_number"] for c in ok(caller.get(occ))["games"][0]["claims"]][-1] == script.winners[1]
    page.close()


@pytest.mark.browser
def test_4_27_verifier_follows_game_1_to_game_2_without_a_reload_and_verifies_a_game_2_winner(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: after game 2 started the tablet still said "Verify: game 1" and a real
    winner of game 2 came back "Invalid: Game 1 is closed" until a manual reload."""
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    jar = next(b for b in range(75, 0, -1) if b not in script.calls)
    occasion = setup_occasion(
        admin,
        hall,
        [{"pattern": {"kind": "blackout"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "60.00"}],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    page = station_sign_in(browser, live_url, f"verifier{hall.org.id}", width=800, height=1280)
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    expect(page.locator("h1")).to_have_text("No game in play")
    expect(page.locator("#following")).to_contain_text("Waiting for the caller to start the next game")
    assert look(page, "verifier-waiting") == []

    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": jar}))
    ok(caller.post(occ + "/games/1/start", {}))
    expect(page.locator("h1")).to_have_text("Verify: game 1, Blackout")
    ok(caller.post(occ + "/games/1/calls", {"ball": script.calls[0]}), 201)
    ok(caller.post(occ + "/games/1/close"))
    expect(page.locator("h1")).to_have_text("No game in play")
    ok(caller.post(occ + "/games/2/start", {}))
    expect(page.locator("h1")).to_have_text("Verify: game 2, Any row")
    for ball in script.calls:
        ok(caller.post(occ + "/games/2/calls", {"ball": ball}), 201)
    page.fill("#face", str(script.winners[0]))
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"Game 2 · face {script.winners[0]}: VALID")
    assert look(page, "verifier-game-2-valid") == []
    assert [c["face_number"] for c in ok(caller.get(occ))["games"][1]["claims"]] == [script.winners[0]]
    page.close()


@pytest.mark.browser
def test_4_27_a_check_that_reaches_a_closed_game_says_so_and_offers_the_game_in_play(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """A tablet that has not yet heard of the change (its event stream is cut here) keys a face for game
    1 after game 1 closed: the answer says the game changed, never "Invalid", and one tap checks it for
    game 2."""
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    jar = next(b for b in range(75, 0, -1) if b not in script.calls)
    occasion = setup_occasion(
        admin,
        hall,
        [{"pattern": {"kind": "blackout"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "60.00"}],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": jar}))
    ok(caller.post(occ + "/games/1/start", {}))
    page = browser.new_page(viewport={"width": 800, "height": 1280})
    page.route(re.compile(r".*/events\?.*"), lambda route: route.abort())
    page.goto(live_url + "/pin")
    page.fill("#username", f"verifier{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page.locator("h1")).to_have_text("Verify: game 1, Blackout")
    # The tablet reads the game again once the board's state arrives: let that read land before game 1
    # closes, or it could find no game in play (and with the stream cut here, nothing would tell it more).
    page.wait_for_load_state("networkidle")
    ok(caller.post(occ + "/games/1/calls", {"ball": script.calls[0]}), 201)
    ok(caller.post(occ + "/games/1/close"))
    ok(caller.post(occ + "/games/2/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/2/calls", {"ball": ball}), 201)
    page.fill("#face", str(script.winners[0]))
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 is over: face {script.winners[0]} was not checked")
    expect(page.locator("#reason")).to_contain_text("Game 2 is in play now")
    expect(page.locator("h1")).to_have_text("Verify: game 2, Any row")
    assert look(page, "verifier-game-changed") == []
    page.click("#recheck")
    expect(page.locator("#verdict")).to_have_text(f"Game 2 · face {script.winners[0]}: VALID")
    page.close()


@pytest.mark.browser
def test_4_30_verifier_types_a_u_pick_em_ticket_id_and_a_face_out_of_range_is_named(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    upick = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4}
    occasion = setup_occasion(admin, hall, [{**upick, "face_price": "1.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75}))
    winner = ok(sell_upick(admin, occ, 1, [1, 20, 40, 60]), 201)["tickets"][0]["code"]
    other = ok(sell_upick(admin, occ, 1, [2, 21, 41, 61]), 201)["tickets"][0]["code"]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 20, 2, 40, 60):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)

    page = station_sign_in(browser, live_url, f"verifier{hall.org.id}", width=800, height=1280)
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    expect(page.locator("h1")).to_have_text("Verify: game 1, U Pick Em, pick 4")
    page.fill("#face", "0")
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text("Face 0 is out of range")
    expect(page.locator("#reason")).to_contain_text(
        f"Face number: this occasion's faces are numbered 1 to {SERIES_SIZE}"
    )
    assert look(page, "verifier-face-out-of-range") == []

    page.fill("#ticket", winner.lower())
    page.press("#ticket", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 · ticket {winner}: WINNER")
    expect(page.locator("#ticket-numbers .pick.covered")).to_have_count(4)
    assert look(page, "verifier-upick-winner") == []
    page.locator("#face").press_sequentially(other)
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"Game 1 · ticket {other}: not a winner yet")
    expect(page.locator("#ticket-numbers .pick.covered")).to_have_count(1)
    page.close()


def test_4_27_face_0_through_the_api_names_the_field_and_the_range(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    verifier = staff(admin, f"verifier{hall.org.id}")
    body = refused(
        verifier.post(occ + "/games/1/claims", {"face_number": 0}), 422, "invalid_input", field="face_number"
    )
    assert body["fields"]["face_number"] == ["A face number is from 1 to 10000000; 0 is not one."]
