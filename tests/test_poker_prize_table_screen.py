"""The director picks the prize table for the field on the console before the draw, in a real Chromium
(28 Del. C. ch. 18, printed rules ¶(5)): the tables posted for the number entered are offered, the first
pressed by default; the pick goes with the two-tap draw, and the console and the clock TV then show that
table's prizes at the pool. The choice fits the touchscreen, the TV and the tablet."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.poker_factories import delaware_tournament
from tests.support.poker_screens import TV, errors_of, fits, floor_staff
from tests.support.pos import station_sign_in
from tests.support.replies import ok
from tests.support.screens import audit, shoot

pytestmark = [pytest.mark.browser]

TABLES = [
    {"min_entrants": 2, "max_entrants": 9, "prizes": [{"place": 1, "description": "The pool", "percent_bp": 10000}]},
    {
        "min_entrants": 8,
        "max_entrants": 19,
        "prizes": [
            {"place": 1, "description": "60% of the pool", "percent_bp": 6000},
            {"place": 2, "description": "40% of the pool", "percent_bp": 4000},
        ],
    },
    {
        "min_entrants": 20,
        "prizes": [
            {"place": 1, "description": "50% of the pool", "percent_bp": 5000},
            {"place": 2, "description": "30% of the pool", "percent_bp": 3000},
            {"place": 3, "description": "20% of the pool", "percent_bp": 2000},
        ],
    },
]


def test_printed_rules_5_the_director_picks_the_prize_table_for_the_field_at_the_draw(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    org_id, url = delaware_tournament(admin, session, prizes=[], prize_tables=TABLES, min_players=2)
    floor_staff(session, org_id)
    for n in range(1, 9):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    token = ok(admin.get(url))["display_token"]
    tv = browser.new_page(viewport={"width": TV[0], "height": TV[1]})
    tv_errors = errors_of(tv)
    tv.goto(f"{live_url}/poker/clock/{token}")
    expect(tv.locator("#prizes")).to_have_text("1st $800.00")
    expect(tv.locator("#prize-table")).to_have_text("· Prize table 1, 2-9 entrants (for the 8 entered so far)")

    director = station_sign_in(browser, live_url, f"director{org_id}", "floor")
    errors = errors_of(director)
    director.goto(f"{live_url}/poker/director/{url.rsplit('/', 1)[1]}")
    expect(director.locator("#prizes-now-box")).to_be_hidden()
    choices = director.locator("#prize-tables button.prize-table")
    expect(choices).to_have_count(2)
    expect(director.locator("#prize-hint")).to_contain_text("8 entrants: more than one table is for this field")
    expect(director.locator("#prize-hint")).to_contain_text("table 3 (20 or more entrants)")
    expect(choices.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(choices.nth(1)).to_contain_text("Prize table 2 · 8-19 entrants")
    expect(choices.nth(1)).to_contain_text("1st 60% of the prize pool · 2nd 40% of the prize pool")
    choices.nth(1).click()
    expect(choices.nth(1)).to_have_attribute("aria-pressed", "true")
    expect(choices.nth(0)).to_have_attribute("aria-pressed", "false")
    problems = fits(director, "poker-director-prize-table-choice", "#prize-tables")

    draw = director.locator("#draw-seats")
    draw.click()
    expect(draw).to_have_text("Tap again to close registration and draw the seats")
    director.wait_for_timeout(450)
    draw.click()
    expect(director.locator(".seat.taken")).to_have_count(8)
    expect(director.locator("#draw")).to_be_hidden()
    state = ok(admin.get(url))
    assert state["status"] == "running" and state["prize_table"] == 2
    expect(director.locator("#prize-table-name")).to_have_text("Prize table 2, 8-19 entrants")
    expect(director.locator("#prizes-now li")).to_have_text(["1st$480.00", "2nd$320.00"])
    expect(tv.locator("#prize-table")).to_have_text("· Prize table 2, 8-19 entrants")
    expect(tv.locator("#prizes")).to_have_text("1st $480.00 · 2nd $320.00")
    shoot(tv, "poker-clock-tv-prize-table-1920x1080")
    assert audit(tv) == []
    problems += fits(director, "poker-director-prize-table-drawn")
    assert problems == [] and errors == [] and tv_errors == []
    tv.close()
    director.close()
