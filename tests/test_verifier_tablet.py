"""The verifier's tablet in a real browser: a face keyed in (or scanned, ending with Enter) shows
valid or invalid with the reason and the daubed grid, and the claim reaches the caller's queue. A
scan that lands before the page's script has loaded (the form submits as ?face=N) is still checked."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import make_hall, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import setup_occasion
from tests.support.replies import ok
from tests.support.screens import shoot


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

    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    page.fill("#username", f"verifier{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    expect(page.locator("h1")).to_contain_text("Verify: game 1")
    page.fill("#face", str(script.winners[0]))
    page.press("#face", "Enter")
    expect(page.locator("#verdict")).to_have_text(f"VALID: face {script.winners[0]}")
    assert page.locator("#grid td.winning").count() in (4, 5)
    shoot(page, "verifier-1280x800")
    for digit in str(script.early[0]):
        page.click(f".key[data-key='{digit}']")
    page.click(".key[data-key='OK']")
    expect(page.locator("#verdict")).to_have_text(f"INVALID: face {script.early[0]}")
    expect(page.locator("#reason")).to_contain_text("sleeper")
    page.fill("#face", "99999")
    page.press("#face", "Enter")
    expect(page.locator("#reason")).to_contain_text("not in this occasion's series")
    claims = ok(caller.get(occ))["games"][0]["claims"]
    assert [(c["face_number"], c["verdict"]) for c in claims] == [
        (script.winners[0], "valid"),
        (script.early[0], "sleeper"),
    ]
    page.goto(live_url + f"/bingo/verifier?face={script.winners[1]}")
    expect(page.locator("#verdict")).to_have_text(f"VALID: face {script.winners[1]}")
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    assert [c["face_number"] for c in ok(caller.get(occ))["games"][0]["claims"]][-1] == script.winners[1]
    page.close()
