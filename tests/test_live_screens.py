"""The live screens on the event loop (issue 21), through a served hall as a TV reaches it: a stream
starts with the answer's headers (the event stream, the security headers), a refused stream passes
through as the view refused it, and on PostgreSQL a committed call reaches the screen by NOTIFY,
well before the feed's fallback wake would have read it."""

from __future__ import annotations

import gc
import http.client
import json
from contextlib import ExitStack
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask import Flask
from sqlalchemy import event, insert
from sqlalchemy.orm import Session

from bingo.models import BoardEvent
from shared.platform import live_screens, warm_up
from shared.platform.app import create_app
from shared.platform.config import Settings
from shared.platform.db import Database
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.occasions import board_in_play
from tests.support.replies import ok
from tests.support.sse import EventReader
from tests.support.statements import PREPARE_AFTER, prepared_here


def opened(url: str, path: str) -> http.client.HTTPResponse:
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=10)
    connection.request("GET", path)
    return connection.getresponse()


def test_issue_21_a_stream_starts_with_the_views_headers_and_a_refusal_passes_through(
    admin: Api, session: Session, clock: Clock, live_url: str
) -> None:
    _, token, _ = board_in_play(admin, session)
    stream = opened(live_url, f"/bingo/board/{token}/events")
    assert stream.status == 200
    assert stream.getheader("Content-Type", "").startswith("text/event-stream")
    assert stream.getheader("Cache-Control") == "no-store" and stream.getheader("X-Frame-Options") == "DENY"
    assert stream.getheader("Content-Length") is None
    assert stream.readline() == b"retry: 1000\n"
    stream.close()
    unknown = opened(live_url, "/bingo/board/no-such-token/events")
    assert unknown.status == 404 and not unknown.getheader("Content-Type", "").startswith("text/event-stream")


def test_issue_21_a_call_reaches_the_screen_by_notify_on_postgresql(
    pg_required: None, admin: Api, session: Session, clock: Clock, live_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback wake is moved a minute out: once the screen has its first call, only the second
    call's NOTIFY at commit can bring it within the reader's fifteen seconds."""
    monkeypatch.setattr(live_screens, "LISTEN_SECONDS", 60.0)
    occ, token, caller = board_in_play(admin, session)
    start = ok(admin.client.get(f"/bingo/board/{token}/state"))["id"]
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    tv = EventReader(live_url, f"/bingo/board/{token}/events", start)
    try:
        first = tv.next_event()
        assert first is not None and first["board"]["game"]["last"] == "B-7"
        ok(caller.post(occ + "/games/1/calls", {"ball": 22}), 201)
        second = tv.next_event()
        assert second is not None and second["board"]["game"]["last"] == "I-22"
    finally:
        tv.close()


def test_issue_21_each_event_comes_in_its_notify_and_one_too_long_to_carry_is_read_on_postgresql(
    pg_required: None,
    admin: Api,
    session: Session,
    clock: Clock,
    database: Database,
    live_url: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Migration 0035: a NOTIFY carries its event ([id, occasion, reason, board]), so the feed puts it on
    the screens without reading it back; an event too long for a payload carries only its id, and the
    feed reads it (the fallback wake a minute out, so only that read can bring it)."""
    monkeypatch.setattr(live_screens, "LISTEN_SECONDS", 60.0)
    occ, token, caller = board_in_play(admin, session)
    start = ok(admin.client.get(f"/bingo/board/{token}/state"))["id"]
    listener = database.engine.connect().execution_options(isolation_level="AUTOCOMMIT")
    tv = EventReader(live_url, f"/bingo/board/{token}/events", start)
    try:
        listener.exec_driver_sql(f"LISTEN {live_screens.notify_channel('board')}")
        ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
        raw: Any = listener.connection.dbapi_connection
        (payload,) = [notify.payload for notify in raw.notifies(timeout=10, stop_after=1)]
        carried = live_screens.carried_rows([payload])
        assert carried is not None
        event_id, occasion_id, reason, board = carried[0]
        assert event_id > start and occasion_id == int(occ.rsplit("/", 1)[1]) and reason == "call"
        assert json.loads(board)["game"]["last"] == "B-7"
        first = tv.next_event()
        assert first is not None and first["board"]["game"]["last"] == "B-7"
        long_board = json.dumps({**json.loads(board), "padding": "x" * 9000})
        with database.sessions() as writer:
            row = {"occasion_id": occasion_id, "created_at": clock.now, "reason": "call", "board": long_board}
            writer.execute(insert(BoardEvent).values(**row))
            writer.commit()
        (payload,) = [notify.payload for notify in raw.notifies(timeout=10, stop_after=1)]
        assert live_screens.carried_rows([payload]) is None and len(json.loads(payload)) == 1
        second = tv.next_event()
        assert second is not None and second["board"]["padding"] == "x" * 9000
    finally:
        tv.close()
        listener.close()


def test_issue_21_a_notify_that_carries_no_event_sends_the_feed_to_the_database() -> None:
    carried = live_screens.carried_rows(['[41, 7, "call", "{}"]', '[42, 7, "claim", "{\\"reason\\": 1}"]'])
    assert carried == [(41, 7, "call", "{}"), (42, 7, "claim", '{"reason": 1}')]
    for payloads in (
        [],
        ["[43]"],
        [""],
        ['[41, 7, "call", "{}"]', "not json"],
        ['[1, null, "call", "{}"]'],
        ['[1, "7", "call", "{}"]', '[1, true, "call", "{}"]', '[1, 7, "call", null]', '[1.5, 7, "a", "b"]'],
    ):
        assert live_screens.carried_rows(payloads) is None


def test_issue_21_a_serving_process_freezes_what_survives_a_full_collection_up_to_its_budget() -> None:
    """What survives a full collection is alive, so it is frozen out of the next collections' walk; once
    the budget of frozen objects is spent, the collector walks the survivors as usual."""
    installed = [callback for callback in gc.callbacks if isinstance(callback, live_screens.Settling)]
    for callback in installed:  # a served hall of an earlier test settles this process too
        gc.callbacks.remove(callback)
    gc.disable()
    settling = live_screens.Settling(budget=10**9, started_with=gc.get_freeze_count())
    kept = [[index] for index in range(5000)]
    try:
        settling("start", {"generation": 2})
        assert gc.get_freeze_count() == settling.started_with
        settling("stop", {"generation": 1})
        assert gc.get_freeze_count() == settling.started_with
        settling("stop", {"generation": 2})
        frozen = gc.get_freeze_count()
        assert frozen >= settling.started_with + len(kept)
        spent = live_screens.Settling(budget=1, started_with=0)
        more = [[index] for index in range(5000)]
        spent("stop", {"generation": 2})
        assert gc.get_freeze_count() <= frozen and len(more) == 5000
    finally:
        gc.unfreeze()
        gc.enable()
        gc.callbacks.extend(installed)


BUSIEST_STATEMENTS = 12
"""The sign-in's two, the call's two (its game and its calls), the claim's and the sale's, each sale's and
lock's in both scopes."""


def test_issue_21_a_serving_process_sends_the_busiest_statements_on_each_connection_and_writes_nothing(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """The first ball of the night is compiled before it is called: the warm-up sends the sign-in, the
    call's, the claim's and the sale's statements, each in both scopes, all reading, none writing; on
    PostgreSQL on each of the pool's connections, until psycopg has prepared them there."""
    board_in_play(admin, session)
    sent: list[str] = []
    database: Database = app.extensions["flashboard.db"]
    listen = lambda *args: sent.append(args[2])  # noqa: E731 (conn, cursor, statement, ...)
    event.listen(database.engine, "before_cursor_execute", listen)
    try:
        warm_up.warm(app)
    finally:
        event.remove(database.engine, "before_cursor_execute", listen)
    selects = [s for s in sent if s.lstrip().upper().startswith("SELECT")]
    sends = 1 if database.is_sqlite else database.engine.pool.size() * PREPARE_AFTER  # type: ignore[attr-defined]
    assert len(selects) == BUSIEST_STATEMENTS * sends, len(selects)
    assert not [s for s in sent if s.split(None, 1)[0].upper() in {"INSERT", "UPDATE", "DELETE"}], sent
    assert any("bingo_calls" in s for s in selects) and any("tills" in s for s in selects)


def test_issue_21_each_pooled_connection_has_the_busiest_statements_prepared_before_the_first_request(
    pg_required: None, app: Flask
) -> None:
    """A fresh connection's first calls took 7-10 ms in-process where a warm one's took 4.5-5: the server
    planned the call's statements afresh each time until psycopg prepared them, on the sixth."""
    database: Database = app.extensions["flashboard.db"]
    database.engine.dispose()
    warm_up.warm(app)
    with ExitStack() as held:
        pooled = [held.enter_context(database.engine.connect()) for _ in range(database.engine.pool.size())]  # type: ignore[attr-defined]
        prepared = [prepared_here(connection) for connection in pooled]
    assert prepared == [BUSIEST_STATEMENTS] * len(pooled)


def test_issue_21_a_database_that_cannot_answer_yet_is_left_to_the_first_request(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(instance_path=tmp_path, database_url=f"sqlite:///{tmp_path / 'empty.db'}", secret_key="k" * 32)
    empty = create_app(settings, {"TESTING": True})
    try:
        warm_up.warm(empty)
    finally:
        empty.extensions["flashboard.db"].engine.dispose()
    assert "the first requests will compile them" in caplog.text
