"""The TV flashboard: board events in the same transaction as the call, replay by Last-Event-ID, and
a real Chromium TV that shows each call (the call-to-screen time is measured and printed, not asserted)."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.occasions import board_in_play
from tests.support.replies import ok
from tests.support.screens import shoot
from tests.support.sse import read_events


def test_board_events_replay_after_last_event_id(admin: Api, session: Session, clock: Clock, live_url: str) -> None:
    occ, token, caller = board_in_play(admin, session)
    stream = f"/bingo/board/{token}/events"
    state = admin.client.get(f"/bingo/board/{token}/state").get_json()
    start = state["id"]
    assert state["board"]["game"]["pattern"] == "Any row" and state["board"]["cookie_jar_number"] == "N-44"
    for ball in (7, 22, 61):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    events = read_events(live_url, stream, start, 3)
    assert [e["board"]["game"]["last"] for e in events] == ["B-7", "I-22", "O-61"]
    missed = read_events(live_url, stream, events[0]["id"], 2)
    assert [e["board"]["game"]["count"] for e in missed] == [2, 3]


def test_public_board_shows_only_the_board(admin: Api, session: Session, clock: Clock) -> None:
    _, token, _ = board_in_play(admin, session)
    anonymous = admin.client.application.test_client()
    state = anonymous.get(f"/bingo/board/{token}/state").get_json()
    assert set(state["board"]) == {
        "organization",
        "occasion_id",
        "status",
        "cookie_jar_number",
        "jar1",
        "jar2",
        "runs_cookie_jar",
        "helpline",
        "game",
        "next_game",
        "state",
        "stages",
    }
    assert anonymous.get("/bingo/board/not-a-token/state").status_code == 404
    assert anonymous.get(f"/api/v1/occasions/{state['board']['occasion_id']}").status_code == 401


@pytest.mark.browser
def test_tv_shows_each_call(browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock) -> None:
    occ, token, caller = board_in_play(admin, session)
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    page.goto(f"{live_url}/bingo/board/{token}")
    expect(page.locator("#game-title")).to_have_text("Game 1: Any row")
    expect(page.locator("#jar-number")).to_have_text("N-44")
    latencies = []
    for ball, label in [(5, "B-5"), (19, "I-19"), (38, "N-38"), (52, "G-52"), (70, "O-70")]:
        sent = time.perf_counter()
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
        expect(page.locator("#last")).to_have_text(label, timeout=10_000)
        latencies.append((time.perf_counter() - sent) * 1000)
        expect(page.locator(f"#n{ball}")).to_have_class("latest")
    expect(page.locator("#count")).to_have_text("5")
    print(f"\ncall -> TV latency (ms): {', '.join(f'{v:.0f}' for v in latencies)}")
    shoot(page, "flashboard-1920x1080")
    page.close()
