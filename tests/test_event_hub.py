"""The live screens' event hub (issue 10 load test): a poll wakes only the streams with news they
show. A claim verified ten times a second wakes the caller's console, never the three hundred TVs
that skip claims, and one occasion's call wakes nobody watching another."""

from __future__ import annotations

import threading
from typing import cast

import pytest
from flask import Flask
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bingo.services import board
from shared.platform.db import Database
from shared.platform.events import Channel, Group, Hub, event_stream, screen_key

CHANNEL = Channel(kind="board", after=lambda *_: [], recent=lambda *_: [], latest=lambda _: 0)
TV_SKIPS = frozenset({"claim"})


class Wakes:
    """Counts notify_all in place of a threading.Condition."""

    def __init__(self) -> None:
        self.count = 0

    def notify_all(self) -> None:
        self.count += 1


def hub_with(groups: dict[str, tuple[int, frozenset[str]]]) -> tuple[Hub, dict[str, Wakes]]:
    hub = Hub(CHANNEL, cast(Database, None), threading.Event())
    wakes = {name: Wakes() for name in groups}
    hub.groups = {spec: Group(cast(threading.Condition, wakes[name]), *spec) for name, spec in groups.items()}
    return hub, wakes


def test_issue_10_claim_event_wakes_consoles_not_tvs() -> None:
    hub, wakes = hub_with({"tv": (1, TV_SKIPS), "console": (1, frozenset()), "other tv": (2, TV_SKIPS)})
    hub._wake([(10, 1, "claim", "{}"), (11, 1, "claim", "{}")])
    assert {name: w.count for name, w in wakes.items()} == {"tv": 0, "console": 1, "other tv": 0}


def test_issue_10_call_wakes_every_screen_of_its_occasion_only() -> None:
    hub, wakes = hub_with({"tv": (1, TV_SKIPS), "console": (1, frozenset()), "other tv": (2, TV_SKIPS)})
    hub._wake([(10, 1, "claim", "{}"), (11, 1, "call", "{}")])
    assert {name: w.count for name, w in wakes.items()} == {"tv": 1, "console": 1, "other tv": 0}


def test_issue_10_streams_share_a_group_and_it_goes_when_the_last_leaves() -> None:
    hub = Hub(CHANNEL, cast(Database, None), threading.Event())
    hub.running = True
    first = hub.subscribe(1, TV_SKIPS)
    assert hub.subscribe(1, TV_SKIPS) is first and hub.subscribe(1, frozenset()) is not first
    hub.unsubscribe(1, TV_SKIPS)
    assert hub.groups[(1, TV_SKIPS)].streams == 1
    hub.unsubscribe(1, TV_SKIPS)
    hub.unsubscribe(1, frozenset())
    assert hub.groups == {} and hub.listeners == 0


def test_issue_10_stream_waits_out_a_database_error_instead_of_failing(app: Flask) -> None:
    """A TV's stream that cannot read the database (busy or restarting) keeps the connection, retries,
    and sends the event once the database answers: no 500, nothing lost. (The hub's memory starts
    far past the stream's position, so the stream must read the database.)"""
    failures = [OperationalError("SELECT", {}, Exception("database restarting"))]
    event = (5, 7, "call", '{"last": "B-5"}')

    def after(session: object, key: int, after_id: int, limit: int) -> list[tuple[int, str, str]]:
        if failures:
            raise failures.pop()
        return [event[0:1] + event[2:]] if after_id < event[0] else []

    channel = Channel(kind="board-retry", after=after, recent=lambda session, after_id: [], latest=lambda session: 5000)
    with app.test_request_context("/bingo/board/x/events?after=1"):
        response = event_stream(channel, 7)
    chunks = iter(response.response)
    assert next(chunks) == "retry: 1000\n\n"
    assert next(chunks) == f"id: 5\nevent: board-retry\ndata: {event[3]}\n\n"
    assert failures == []
    app.extensions["flashboard.stopping"].set()


def test_issue_10_a_display_token_is_looked_up_once_per_process(app: Flask) -> None:
    asked: list[str] = []

    def lookup(token: str) -> int | None:
        asked.append(token)
        return 7 if token == "known" else None

    with app.app_context():
        assert [screen_key(CHANNEL, "known", lookup) for _ in range(3)] == [7, 7, 7]
        assert screen_key(CHANNEL, "wrong", lookup) is None and screen_key(CHANNEL, "wrong", lookup) is None
    assert asked == ["known", "wrong", "wrong"]


def test_issue_10_no_free_database_connection_is_503_not_500(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    def busy(*_: object) -> None:
        raise PoolTimeout("QueuePool limit of size 10 overflow 20 reached")

    monkeypatch.setattr(board, "by_token", busy)
    for path in ("/bingo/board/sometoken/state", "/bingo/board/sometoken/events"):
        response = app.test_client().get(path)
        assert response.status_code == 503, path
        assert "nothing was saved" in response.get_data(as_text=True)


def test_issue_10_screens_connecting_together_look_their_token_up_once(app: Flask) -> None:
    """Three hundred TVs connecting in the same second ask the database once, not three hundred
    times (the load test's first seconds ran out of PostgreSQL connections with four processes)."""
    asked: list[str] = []
    answers: list[int | None] = []
    gate = threading.Event()

    def lookup(token: str) -> int | None:
        asked.append(token)
        gate.wait(0.2)
        return 9

    def tv() -> None:
        with app.app_context():
            answers.append(screen_key(CHANNEL, "together", lookup))

    screens = [threading.Thread(target=tv) for _ in range(20)]
    for screen in screens:
        screen.start()
    gate.set()
    for screen in screens:
        screen.join()
    assert asked == ["together"] and answers == [9] * 20
