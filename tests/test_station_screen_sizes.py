"""Every station screen at the hall's sizes (the 1920×1080 TV, the 1280×800 touchscreen, a 10" tablet
held upright at 800×1280): nothing runs off the side, every target is 56 px or more and the text meets
WCAG AA contrast. The TV is only ever 1920×1080."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.pos import hall_with_a_shop
from tests.support.printer import Emulator
from tests.support.replies import ok
from tests.support.screens import audit, shoot

pytestmark = [pytest.mark.browser, pytest.mark.printer]

TV, TOUCH, TABLET = (1920, 1080), (1280, 800), (800, 1280)
SCREENS = [
    ("caller", "/bingo/caller", [TOUCH, TABLET, TV]),
    ("verifier", "/bingo/verifier", [TOUCH, TABLET, TV]),
    ("cashier", "/bingo/cashier", [TOUCH, TABLET, TV]),
    ("mic", "/bingo/member-in-charge", [TOUCH, TABLET, TV]),
    ("mic", "/bingo/reports", [TOUCH, TABLET]),
    ("mic", "/bingo/reports/occasions/{occasion}", [TOUCH, TABLET]),
]


def test_station_screens_fit_the_tv_the_touchscreen_and_the_tablet(
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
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(75, 0, -1) if b not in script.calls)}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls[:10]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)

    problems: list[str] = []
    for role, path, sizes in SCREENS:
        for width, height in sizes:
            page = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.goto(f"{live_url}/pin?station=front")
            page.fill("#username", f"{role}{hall.org.id}")
            page.fill("#pin", PIN)
            page.press("#pin", "Enter")
            path = path.format(occasion=occasion["id"])
            page.goto(live_url + path)
            page.wait_for_load_state("networkidle")
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow > 0:
                problems.append(f"{path} at {width}x{height} is {overflow}px too wide")
            problems.extend(f"{path} at {width}x{height}: {p}" for p in audit(page))
            shoot(page, f"{path.strip('/').replace('/', '-')}-{width}x{height}", full_page=True)
            page.context.close()
    tv = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    tv.goto(f"{live_url}/bingo/board/{occasion['display_token']}")
    tv.wait_for_selector("#called td.latest")
    assert tv.evaluate("document.documentElement.scrollHeight - window.innerHeight") <= 0
    problems.extend(f"board: {p}" for p in audit(tv))
    assert problems == []
