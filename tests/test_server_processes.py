"""Real server processes: one killed with SIGKILL mid-game and started again (the TV and the caller's
console recover the exact state, and play goes on), and two side by side on one database (a call
made on one shows on a TV served by the other, because board events travel through the database)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy.orm import Session

from bingo.rules.faces import ball_label
from tests.support.bingo_factories import Hall, make_hall
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import started
from tests.support.replies import ok
from tests.support.servers import Server, free_port

pytestmark = pytest.mark.browser


@pytest.fixture
def servers(db_url: str, clock: Clock, tmp_path: Path) -> Iterator[Callable[[int], Server]]:
    started: list[Server] = []

    def start(port: int) -> Server:
        server = Server(db_url, port, clock.now.isoformat(), tmp_path)
        started.append(server)
        return server

    yield start
    for server in started:
        server.kill()


def game_in_play(admin: Api, session: Session) -> tuple[Hall, str, str, Api]:
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    occasion, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "150.00"}], 75)
    for ball in (3, 17, 33):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    return hall, occ, occasion["display_token"], caller


def caller_console(browser: Browser, url: str, hall: Hall) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(url + "/pin?station=Caller")
    page.fill("#username", f"caller{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page).to_have_url(re.compile(r"/bingo/caller$"))
    return page


def tv(browser: Browser, url: str, token: str) -> Page:
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.goto(f"{url}/bingo/board/{token}")
    return page


def shows(caller: Page | None, board: Page, calls: list[int]) -> None:
    """Both screens show exactly these calls: the last ball, the count and every lit number."""
    last = ball_label(calls[-1])
    expect(board.locator("#last")).to_have_text(last)
    expect(board.locator("#count")).to_have_text(str(len(calls)))
    lit = board.locator("#called td.hit, #called td.latest")
    expect(lit).to_have_count(len(calls))
    assert sorted(int(n) for n in lit.all_inner_texts()) == sorted(calls)
    if caller is not None:
        expect(caller.locator("#last")).to_have_text(last)
        expect(caller.locator("#count")).to_have_text(str(len(calls)))
        expect(caller.locator("#balls button.hit, #balls button.latest")).to_have_count(len(calls))


def test_server_killed_mid_game_restarts_with_the_exact_state(
    browser: Browser, admin: Api, session: Session, servers: Callable[[int], Server]
) -> None:
    hall, occ, token, caller_api = game_in_play(admin, session)
    port = free_port()
    first = servers(port)
    caller, board = caller_console(browser, first.url, hall), tv(browser, first.url, token)
    for ball in (48, 62):
        caller.click(f"#ball{ball}")
        expect(caller.locator("#last")).to_have_text(ball_label(ball))
    calls = [3, 17, 33, 48, 62]
    shows(caller, board, calls)

    first.kill()
    expect(board.locator("#conn")).to_have_text("reconnecting…")
    servers(port)
    expect(board.locator("#conn")).to_have_text("", timeout=15_000)
    shows(caller, board, calls)
    caller.click("#ball9")
    shows(caller, board, [*calls, 9])
    game = ok(caller_api.get(occ))["games"][0]
    assert [c["ball"] for c in game["calls"]] == [*calls, 9]
    assert ok(admin.get("/api/v1/audit/verify"))["ok"] is True


def test_call_on_one_server_shows_on_a_tv_served_by_another(
    browser: Browser, admin: Api, session: Session, servers: Callable[[int], Server]
) -> None:
    hall, _, token, _ = game_in_play(admin, session)
    caller_server, tv_server = servers(free_port()), servers(free_port())
    caller, board = caller_console(browser, caller_server.url, hall), tv(browser, tv_server.url, token)
    shows(None, board, [3, 17, 33])
    calls = [3, 17, 33]
    latencies = []
    for ball in (12, 27, 41, 58, 70):
        sent = time.perf_counter()
        caller.click(f"#ball{ball}")
        expect(board.locator("#last")).to_have_text(ball_label(ball))
        latencies.append((time.perf_counter() - sent) * 1000)
        calls.append(ball)
    shows(caller, board, calls)
    print(f"\ncall on one process -> TV on another, tap to screen (ms): {', '.join(f'{v:.0f}' for v in latencies)}")
