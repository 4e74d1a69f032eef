"""The member in charge's dashboard: the limits in use (101-4.6 $3,000 in prizes, 4.17 40 games, 4.2
six hours), the cookie jar, tonight's voids and the alerts: approaching a limit, a printer offline, a
licence expiring."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from bingo.rules.limits import limits_in_use
from bingo.rules.patterns import STANDARD, PatternKind
from shared.printing import stations
from tests.support.bingo_factories import make_hall, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import setup_occasion
from tests.support.replies import ok
from tests.support.screens import audit, shoot, two_taps


def test_4_6_4_17_4_2_limits_in_use_warn_from_80_percent_and_stop_at_the_limit() -> None:
    start = datetime(2026, 12, 5, 18, 0)
    fresh = limits_in_use(0, 0, None, start)
    assert [u.level for u in fresh] == ["ok", "ok", "ok"] and [u.limit for u in fresh] == [300_000, 40, 360]
    near = limits_in_use(240_000, 32, start, start + timedelta(hours=4, minutes=48))
    assert [u.level for u in near] == ["approaching"] * 3 and [u.percent for u in near] == [80, 80, 80]
    below = limits_in_use(239_999, 31, start, start + timedelta(hours=4, minutes=47))
    assert [u.level for u in below] == ["ok"] * 3
    over = limits_in_use(300_000, 40, start, start + timedelta(hours=7))
    assert [u.level for u in over] == ["reached"] * 3 and over[2].percent == 100
    assert [u.rule for u in over] == [
        "10 DE Admin Code 101-4.6",
        "10 DE Admin Code 101-4.17",
        "10 DE Admin Code 101-4.2",
    ]


def test_4_1_dashboard_counts_prizes_awarded_and_games_played(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    occasion = setup_occasion(
        admin,
        hall,
        [{"pattern": {"kind": "any_row"}, "prize": "300.00"}, {"pattern": {"kind": "blackout"}, "prize": "100.00"}],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(75, 0, -1) if b not in script.calls)}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in script.winners:
        ok(caller.post(occ + "/games/1/claims", {"face_number": face}), 201)
    ok(caller.post(occ + "/games/1/close", None))
    clock.advance(hours=5)
    mic = staff(admin, f"mic{hall.org.id}")
    page = mic.client.get("/bingo/member-in-charge").get_data(as_text=True)
    assert "$300.00 of $3,000.00" in page and "1 of 40" in page and "5 h 00 min of 6 h" in page
    assert "Time since the start: 300 minutes of 360 minutes." in page and "10 DE Admin Code 101-4.2" in page


@pytest.mark.browser
def test_dashboard_alerts_for_an_offline_printer_and_an_expiring_licence(
    browser: Browser, live_url: str, app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    path = tmp_path / "printers.yaml"
    path.write_text(
        "stations:\n  back:\n    printer:\n      type: Network\n      host: 127.0.0.1\n      port: 9\n"
        "      profile: TM-T20II\n"
    )
    app.extensions["flashboard.printers"] = stations.load(path)
    hall = make_hall(session)
    setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "300.00"}])
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    page.fill("#username", f"mic{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page.locator("#alerts")).to_contain_text("Printer at back")
    expect(page.locator("#alerts")).to_contain_text(f"Bingo licence B-{hall.org.id} expires 2026-12-31")
    expect(page.locator("#no-alerts")).to_be_hidden()
    shoot(page, "member-in-charge-1280x800")
    assert audit(page) == []
    page.close()


@pytest.mark.browser
def test_4_1_member_in_charge_closes_the_night_from_the_dashboard_with_two_taps(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """Tonight's screens are one tap away, and Close the occasion stands on the dashboard: the first tap
    asks, the second closes it (a refusal would be said in the message bar)."""
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "300.00"}])
    ok(admin.post(f"/api/v1/occasions/{occasion['id']}/ball-check", {"checked_by": [hall.caller.id]}))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    page.fill("#username", f"mic{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    for screen in ("Caller console", "Cashier", "Verifier", "TV board", "Reports"):
        expect(page.locator(".night").get_by_role("link", name=screen)).to_be_visible()
    assert audit(page) == []
    two_taps(page, "#close-occasion", "Tap again to close the occasion")
    expect(page.locator(".limits h2")).to_contain_text("closed")
    assert ok(admin.get(f"/api/v1/occasions/{occasion['id']}"))["status"] == "closed"
    page.close()


@pytest.mark.browser
def test_4_11_member_in_charge_holds_the_drawing_for_a_merchandise_games_qualifiers(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """Three players completed the turkey on one call: one took it, and the dashboard offers the other two
    a drawing; the member in charge describes and values the prize, taps twice, and sees the face drawn."""
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    turkey = {"pattern": {"kind": "any_row"}, "prize": "80.00", "merchandise": "Turkey"}
    occasion = setup_occasion(admin, hall, [turkey])
    occ = f"/api/v1/occasions/{occasion['id']}"
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(admin.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(1, 76) if b not in script.calls)}))
    ok(admin.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in script.winners:
        ok(admin.post(occ + "/games/1/claims", {"face_number": face}), 201)
    ok(admin.post(occ + "/games/1/close"))
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    page.fill("#username", f"mic{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    panel = page.locator(".drawings")
    expect(panel).to_contain_text("Game 1 (Turkey): 2 other qualifiers")
    page.fill("#drawing-prize-1", "$50 cash")
    page.fill("#drawing-value-1", "50.00")
    assert audit(page) == []
    shoot(page, "member-in-charge-drawing-1280x800")
    two_taps(page, ".drawing-form button", "Tap again to draw the winner")
    expect(panel.locator(".drawn")).to_contain_text("won by face")
    held = ok(admin.get(occ))["games"][0]["qualifier_drawing"]
    expect(panel.locator(".drawn")).to_contain_text(f"face {held['winner_face_number']}")
    assert (held["prize"], held["value"], held["merchandise"]) == ("$50 cash", "50.00", False)
    page.close()
