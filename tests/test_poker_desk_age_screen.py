"""The New Hampshire desk in a real Chromium: a new entry needs the desk's tap on "Player is 18 or
older" (N.H. Admin. Code Pari 1207.03(b)); without it the entry is refused on screen citing the rule and
nothing is sold; with it the entry is taken and the box clears for the next player. The box is a large
touch target and the desk still fits the touchscreen, the TV and the tablet. A Delaware desk shows no box."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import make_org
from tests.support.poker_factories import DE_SETUP, delaware_tournament
from tests.support.poker_screens import fits, floor_staff
from tests.support.pos import station_sign_in
from tests.support.replies import ok

pytestmark = [pytest.mark.browser]


def test_pari_1207_03_b_the_nh_desk_confirms_18_or_older_for_each_entry(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    nh = {**DE_SETUP, "jurisdiction": "nh", "entry_fee": "50.00", "rebuy": {"allowed": False}, "min_players": 10}
    nh["prizes"] = [{"place": 1, "description": "$300", "fixed": "300.00"}]
    tournament = ok(admin.post(f"/api/v1/organizations/{org.id}/tournaments", nh), 201)
    url = f"/api/v1/tournaments/{tournament['id']}"
    floor_staff(session, org.id)

    desk = station_sign_in(browser, live_url, f"desk{org.id}", "front")
    desk.goto(f"{live_url}/poker/desk")
    desk.fill("#bank", "100.00")
    desk.press("#bank", "Enter")
    expect(desk.locator("#in-drawer")).to_have_text("$100.00")
    box = desk.locator("label.age-check")
    expect(box).to_contain_text("Player is 18 or older")
    expect(box).to_contain_text("Pari 1207.03(b)")
    size = box.bounding_box()
    assert size is not None and size["height"] >= 56 and size["width"] >= 56

    desk.fill("#player-name", "Sam Young")
    desk.fill("#entry-tendered", "50.00")
    desk.press("#entry-tendered", "Enter")
    expect(desk.locator("body")).to_contain_text("Confirm that the player is 18 or older")
    assert ok(admin.get(url))["entries"] == []

    box.click()
    expect(desk.locator("#age-confirmed")).to_be_checked()
    desk.click("#take-entry")
    expect(desk.locator("#last")).to_contain_text("Player 1: Sam Young")
    expect(desk.locator("#age-confirmed")).not_to_be_checked()
    entries = ok(admin.get(url))["entries"]
    assert [e["player_name"] for e in entries] == ["Sam Young"] and entries[0]["age_confirmed_by"]
    assert fits(desk, "poker-desk-nh", "label.age-check", "#take-entry") == []


def test_pari_1207_03_b_a_delaware_desk_asks_no_age(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    org_id, _ = delaware_tournament(admin, session)
    floor_staff(session, org_id)
    desk = station_sign_in(browser, live_url, f"desk{org_id}", "front")
    desk.goto(f"{live_url}/poker/desk")
    expect(desk.locator("#entry-form")).to_be_visible()
    expect(desk.locator("#age-confirmed")).to_have_count(0)
