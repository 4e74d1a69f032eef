"""A signed-in station locks back to the PIN screen after the configured idle time (issue: station
screens, "common to every screen"); background refreshes do not keep it open, and the lock is an
audited security event that keeps the station's name and offers the same username."""

from __future__ import annotations

import dataclasses
import re

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform.access import ACTIVE_GRAIN_SECONDS
from tests.support.audit_trail import actions
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, PIN, make_member, make_org, make_user


def idle_after(app: Flask, minutes: int) -> None:
    app.extensions["flashboard.settings"] = dataclasses.replace(
        app.extensions["flashboard.settings"], idle_lock_minutes=minutes
    )


def test_station_locks_after_idle_minutes_and_background_reads_do_not_count(
    app: Flask, api: Api, session: Session, clock: Clock
) -> None:
    idle_after(app, 10)
    org = make_org(session)
    make_user(session, [Role.CASHIER], member=make_member(session, org), username="till")
    with api.client.session_transaction() as sess:
        sess["station"] = "front"
    assert api.sign_in("till", PASSWORD).status_code == 200
    assert api.client.get("/bingo/cashier").status_code == 200
    clock.advance(minutes=9)
    assert api.client.get("/bingo/cashier").status_code == 200
    clock.advance(minutes=9)
    background = api.client.get("/api/v1/print-jobs?station=front", headers={"X-Flashboard-Background": "1"})
    assert background.status_code == 200
    clock.advance(minutes=2)
    locked = api.client.get("/api/v1/print-jobs?station=front")
    assert locked.status_code == 401 and locked.get_json()["error"] == "station_locked"
    assert actions(session)[-1] == "security.idle_lock"
    page = api.client.get("/bingo/cashier")
    assert page.status_code == 302 and page.location.startswith("/pin")
    pin_page = api.client.get("/pin").get_data(as_text=True)
    assert 'value="till"' in pin_page and "Station: <strong>front</strong>" in pin_page


def test_a_touch_is_noted_in_the_cookie_once_every_fifteen_seconds(
    app: Flask, api: Api, session: Session, clock: Clock
) -> None:
    """Issue 21: the session cookie is signed and sent again when a touch is due to be noted, not on every
    request; the lock still counts from the last touch noted."""
    idle_after(app, 10)
    make_user(session, [Role.ADMIN], username="boss")
    assert api.sign_in("boss", PASSWORD).status_code == 200
    clock.advance(seconds=ACTIVE_GRAIN_SECONDS + 1)
    assert "Set-Cookie" in api.client.get("/office").headers
    clock.advance(seconds=ACTIVE_GRAIN_SECONDS - 1)
    assert "Set-Cookie" not in api.client.get("/office").headers
    clock.advance(seconds=2)
    assert "Set-Cookie" in api.client.get("/office").headers
    clock.advance(minutes=9, seconds=59)
    assert api.client.get("/office").status_code == 200
    clock.advance(minutes=10, seconds=1)
    assert api.client.get("/office").status_code == 302


def test_idle_lock_zero_never_locks(app: Flask, api: Api, session: Session, clock: Clock) -> None:
    idle_after(app, 0)
    make_user(session, [Role.ADMIN], username="boss")
    assert api.sign_in("boss", PASSWORD).status_code == 200
    clock.advance(hours=10)
    assert api.client.get("/office").status_code == 200


@pytest.mark.browser
def test_idle_station_returns_to_the_pin_screen_in_the_browser(
    browser: Browser, live_url: str, app: Flask, session: Session, clock: Clock
) -> None:
    idle_after(app, 1)
    org = make_org(session)
    make_user(session, [Role.VERIFIER], member=make_member(session, org), username="tablet")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.clock.install()
    page.goto(live_url + "/pin?station=Table%203")
    page.fill("#username", "tablet")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page).to_have_url(re.compile(r"/bingo/verifier$"))
    page.wait_for_load_state("load")
    clock.advance(minutes=2)
    page.clock.run_for(63_000)
    expect(page).to_have_url(re.compile(r"/pin"))
    expect(page.locator("#username")).to_have_value("tablet")
    page.close()
