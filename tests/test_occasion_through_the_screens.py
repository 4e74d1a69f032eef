"""A whole occasion played through the screens, each in its own browser context as on the hall floor:
the caller verifies the balls (101-4.25), draws the cookie-jar number (4.31.6), starts a game and calls
balls; a TV shows every call (the call-to-screen time is measured and printed, not asserted); a
verifier scans a winning face and the claim lands in the caller's queue (4.27); the cashier sells a
pack and a U Pick Em face (4.30) and the receipts arrive at the ESC/POS emulator; the caller closes
the game with its announcement (4.6)."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from bingo.rules.faces import ball_label
from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import split_script
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.pos import arrived, hall_with_a_shop, open_the_till, pack_of, sell_pack_and_upick
from tests.support.printer import Emulator, seen
from tests.support.replies import ok
from tests.support.screens import audit, shoot, two_taps

pytestmark = [pytest.mark.browser, pytest.mark.printer]


def station(browser: Browser, live_url: str, username: str, name: str, width: int, height: int) -> Page:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.goto(f"{live_url}/pin?station={name}")
    page.fill("#username", username)
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    page.wait_for_url(lambda url: "/pin" not in url)
    page.wait_for_load_state("load")
    return page


def test_4_0_occasion_played_through_the_caller_tv_verifier_and_cashier_screens(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, occasion, occ = hall_with_a_shop(app, admin, session, printer_config)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)

    caller = station(browser, live_url, f"caller{hall.org.id}", "Caller", 1280, 800)
    expect(caller).to_have_url(re.compile(r"/bingo/caller$"))
    assert audit(caller) == []
    caller.click("#all-present")
    caller.check(f"input[name=checked_by][value='{hall.caller.id}']")
    caller.click("#balls-done")
    caller.click("#jar-draw")
    expect(caller.locator("#jar-label")).to_have_text(re.compile(r"Jar number [BINGO]-\d+"))

    cashier = station(browser, live_url, f"cashier{hall.org.id}", "front", 1280, 800)
    expect(cashier).to_have_url(re.compile(r"/bingo/cashier$"))
    assert audit(cashier) == []
    open_the_till(cashier)
    before = seen(emulator)
    sell_pack_and_upick(cashier, [5, 9, 20, 33, 41, 50, 62, 71], pack_of(script.winners[0]))
    expect(cashier.locator("#last-sale")).to_contain_text("Receipt printed.")
    texts = [emulator.text(r) for r in arrived(emulator, before, 2)]
    assert any("Blue pack" in t and "Millbrook" in t for t in texts) and any("UP-" in t for t in texts)

    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{live_url}/bingo/board/{occasion['display_token']}")
    caller.click("#start-game")
    expect(tv.locator("#game-title")).to_have_text("Game 1: Any row")
    expect(tv.locator("#prize")).to_have_text("$250.00")
    latencies = []
    for ball in script.calls:
        sent = time.perf_counter()
        caller.click(f"#ball{ball}")
        expect(tv.locator("#last")).to_have_text(ball_label(ball))
        latencies.append((time.perf_counter() - sent) * 1000)
    expect(tv.locator("#count")).to_have_text(str(len(script.calls)))
    print(
        f"\ncaller tap -> TV, {len(latencies)} calls (ms): min {min(latencies):.0f}, max {max(latencies):.0f}, "
        f"mean {sum(latencies) / len(latencies):.0f}"
    )

    verifier = station(browser, live_url, f"verifier{hall.org.id}", "Table 3", 800, 1280)
    expect(verifier.locator("h1")).to_contain_text("Verify: game 1")
    verifier.fill("#face", str(script.winners[0]))
    verifier.press("#face", "Enter")
    expect(verifier.locator("#verdict")).to_have_text(f"Game 1 · face {script.winners[0]}: VALID")
    shoot(verifier, "verifier-800x1280")
    assert audit(verifier) == []
    expect(caller.locator("#claims .claim.is-valid")).to_contain_text(f"face {script.winners[0]}")

    assert audit(caller) == [] and audit(tv) == []
    two_taps(caller, "#close-game", "Tap again to close game 1: 1 winner")
    expect(caller.locator("#closing-text")).to_contain_text("Game 1")
    expect(caller.locator("#claims .share")).to_have_text("Pays $250.00")
    expect(tv.locator("#game-title")).to_have_text("Game 1: Any row")
    shoot(tv, "flashboard-after-close-1920x1080")
    game = ok(admin.get(occ))["games"][0]
    assert game["status"] == "closed" and [c["face_number"] for c in game["claims"] if c["valid"]] == script.winners


def test_screen_audit_flags_small_targets_and_low_contrast(browser: Browser) -> None:
    page = browser.new_page(viewport={"width": 800, "height": 600})
    page.set_content(
        '<body style="background:#fff"><button style="height:40px;width:120px">Small</button>'
        '<p style="color:#999">Faint words</p><p style="color:#111">Plain words</p></body>'
    )
    found = audit(page)
    assert len(found) == 2 and found[0].startswith("target Small: 120x40") and "Faint words" in found[1]
    page.close()
