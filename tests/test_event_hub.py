"""The live screens' feed (issues 10 and 21): news wakes only the streams that show it. A claim
verified ten times a second wakes the caller's console, never the three hundred TVs that skip
claims, and one occasion's call wakes nobody watching another. Each event is encoded once however
many screens write it, and a stream that cannot read the database waits and retries."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any, cast

import pytest
from flask import Flask
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bingo.services import board
from shared.platform.db import Database
from shared.platform.events import Admission, Channel, admit, screen_key
from shared.platform.live_screens import Feed, Stream
from tests.support.loops import on_a_loop

CHANNEL = Channel(kind="board", after=lambda *_: [], recent=lambda *_: [], latest=lambda _: 0)
TV_SKIPS = frozenset({"claim"})


def feed_for(channel: Channel = CHANNEL, db: Database | None = None) -> Feed:
    """A feed on the running loop whose thread is not started: the test hands it the rows."""
    return Feed(channel, cast(Database, db), threading.Event(), {})


def reading(kind: str, after: Callable[[Any, int, int, int], list[tuple[int, str, str]]]) -> Channel:
    """A channel whose screens' events come from `after`, with nothing recent (the newest event is 5000)."""
    return Channel(kind=kind, after=after, recent=lambda session, after_id: [], latest=lambda session: 5000)


def started_at_4000(channel: Channel, db: Database) -> Feed:
    """A feed whose memory starts at event 4000, far past a stream resuming after event 1."""
    feed = feed_for(channel, db)
    feed._started(4000)
    return feed


def kept_until_the_event(feed: Feed, written: list[bytes]) -> Callable[[Any], Awaitable[None]]:
    """A stream's send that keeps what it writes and stops the feed at its second write: the stream's
    retry line, then the event the test waits for."""

    async def send(message: Any) -> None:
        written.append(message["body"])
        if len(written) == 2:
            feed.stopping.set()

    return send


def woken_by(rows: list[tuple[int, int, str, str]]) -> dict[str, bool]:
    """Which of three screens' streams `rows` wake: a TV and the caller's console on occasion 1, a TV
    on occasion 2."""

    async def work() -> dict[str, bool]:
        feed = feed_for()
        feed._started(0)
        groups = {"tv": feed.subscribe(1, TV_SKIPS), "console": feed.subscribe(1, frozenset())}
        groups["other tv"] = feed.subscribe(2, TV_SKIPS)
        waiting = {name: group.news for name, group in groups.items()}
        feed._publish(rows)
        return {name: future.done() for name, future in waiting.items()}

    return on_a_loop(work)


def test_issue_10_claim_event_wakes_consoles_not_tvs() -> None:
    woken = woken_by([(10, 1, "claim", "{}"), (11, 1, "claim", "{}")])
    assert woken == {"tv": False, "console": True, "other tv": False}


def test_issue_10_call_wakes_every_screen_of_its_occasion_only() -> None:
    woken = woken_by([(10, 1, "claim", "{}"), (11, 1, "call", "{}")])
    assert woken == {"tv": True, "console": True, "other tv": False}


def test_issue_21_each_event_is_encoded_once_for_every_screen_and_replayed_from_memory() -> None:
    async def work() -> tuple[list[bytes], list[bytes], bool]:
        feed = feed_for()
        feed._started(0)
        feed._publish([(10, 1, "call", '{"last": "B-7"}'), (11, 1, "claim", "{}")])
        first, second = feed.since(1, 0), feed.since(1, 0)
        assert first is not None and second is not None
        same = all(a.chunk is b.chunk for a, b in zip(first, second, strict=True))
        return [k.chunk for k in first], [k.chunk for k in feed.since(1, 10) or []], same

    everything, after_ten, shared = on_a_loop(work)
    assert everything[0] == b'id: 10\nevent: board\ndata: {"last": "B-7"}\n\n' and len(everything) == 2
    assert after_ten == [b"id: 11\nevent: board\ndata: {}\n\n"] and shared


def test_issue_21_memory_that_does_not_reach_back_sends_the_stream_to_the_database() -> None:
    async def work() -> tuple[object, object]:
        feed = feed_for()
        feed._started(4000)
        return feed.since(1, 3999), feed.since(1, 4000)

    assert on_a_loop(work) == (None, [])


def test_issue_10_streams_share_a_group_and_it_goes_when_the_last_leaves() -> None:
    async def work() -> None:
        feed = feed_for()
        first = feed.subscribe(1, TV_SKIPS)
        assert feed.subscribe(1, TV_SKIPS) is first and feed.subscribe(1, frozenset()) is not first
        feed.unsubscribe(first)
        assert feed.groups[(1, TV_SKIPS)].streams == 1
        feed.unsubscribe(first)
        feed.unsubscribe(feed.groups[(1, frozenset())])
        assert feed.groups == {} and feed.streams == 0

    on_a_loop(work)


def test_issue_10_stream_waits_out_a_database_error_instead_of_failing(database: Database) -> None:
    """A TV's stream that cannot read the database (busy or restarting) keeps the connection, retries,
    and sends the event once the database answers: no 500, nothing lost. (The feed's memory starts
    far past the stream's position, so the stream must read the database.)"""
    failures = [OperationalError("SELECT", {}, Exception("database restarting"))]
    event = (5, 7, "call", '{"last": "B-5"}')

    def after(session: object, key: int, after_id: int, limit: int) -> list[tuple[int, str, str]]:
        if failures:
            raise failures.pop()
        return [(event[0], event[2], event[3])] if after_id < event[0] else []

    channel = reading("board-retry", after)
    written: list[bytes] = []

    async def work() -> None:
        feed = started_at_4000(channel, database)
        send = kept_until_the_event(feed, written)
        await asyncio.wait_for(Stream(Admission(channel, 7, frozenset(), 1), feed, send).run(), 10)

    on_a_loop(work)
    assert written == [b"retry: 1000\n\n", f"id: 5\nevent: board-retry\ndata: {event[3]}\n\n".encode()]
    assert failures == []


def test_issue_21_a_screen_with_nothing_new_before_memory_reads_the_database_once_then_waits(
    database: Database,
) -> None:
    """A TV that reconnects from before what memory holds, to an occasion with no event since, reads the
    database once and then waits for news like any screen (it used to read it again and again, as fast
    as the database answered); the next event reaches it from memory."""
    asked: list[int] = []

    def after(session: object, key: int, after_id: int, limit: int) -> list[tuple[int, str, str]]:
        asked.append(after_id)
        return []

    channel = reading("board-quiet", after)
    written: list[bytes] = []

    async def work() -> None:
        feed = started_at_4000(channel, database)
        stream = asyncio.create_task(
            Stream(Admission(channel, 7, frozenset(), 1), feed, kept_until_the_event(feed, written)).run()
        )
        await asyncio.sleep(0.3)
        feed._publish([(4001, 7, "call", "{}")])
        await asyncio.wait_for(stream, 10)

    on_a_loop(work)
    assert asked == [1]
    assert written == [b"retry: 1000\n\n", b"id: 4001\nevent: board-quiet\ndata: {}\n\n"]


def test_issue_21_a_screen_behind_memory_reads_its_events_once_and_stands_where_memory_reaches(
    database: Database,
) -> None:
    """A TV resuming after event 1, whose screen's events since are 5 and 6, while memory reaches from
    4000: one read brings both and puts the stream where memory reaches (every event of its screen up to
    there was committed before the read), so it reads the database once, not again for nothing."""
    asked: list[int] = []

    def after(session: object, key: int, after_id: int, limit: int) -> list[tuple[int, str, str]]:
        asked.append(after_id)
        return [(n, "call", f'"B-{n}"') for n in (5, 6) if n > after_id]

    written: list[bytes] = []

    async def work() -> None:
        feed = started_at_4000(reading("board-behind", after), database)

        async def send(message: Any) -> None:
            written.append(message["body"])
            if len(written) == 3:
                feed.stopping.set()

        stream = asyncio.create_task(Stream(Admission(feed.channel, 7, frozenset(), 1), feed, send).run())
        await asyncio.sleep(0.3)
        feed._publish([(4001, 7, "call", '"B-7"')])
        await asyncio.wait_for(stream, 10)

    on_a_loop(work)
    assert asked == [1]
    assert written[1] == b'id: 5\nevent: board-behind\ndata: "B-5"\n\nid: 6\nevent: board-behind\ndata: "B-6"\n\n'
    assert written[2] == b'id: 4001\nevent: board-behind\ndata: "B-7"\n\n'


def test_issue_21_a_stream_takes_its_groups_bytes_only_when_they_reach_the_newest_event() -> None:
    """The streams of a group write the bytes the first of them made from the same point; a stream that runs
    after a newer event came but before any stream of its group wrote it gets both events, not the older
    bytes alone (it would then wait, one event short, for the next wake)."""
    got: dict[str, list[bytes]] = {"first": [], "second": []}

    async def work() -> None:
        feed = feed_for()
        feed._started(0)

        def writer(name: str) -> Any:
            async def send(message: Any) -> None:
                got[name].append(message["body"])

            return send

        first = asyncio.create_task(Stream(Admission(CHANNEL, 1, TV_SKIPS, 0), feed, writer("first")).run())
        await asyncio.sleep(0)
        feed._publish([(1, 1, "call", '"B-1"')])
        await asyncio.sleep(0.05)
        second = asyncio.create_task(Stream(Admission(CHANNEL, 1, TV_SKIPS, 0), feed, writer("second")).run())
        feed._publish([(2, 1, "call", '"B-2"')])
        await asyncio.sleep(0.05)
        feed.stopping.set()
        for task in (first, second):
            task.cancel()

    on_a_loop(work)
    both = b'id: 1\nevent: board\ndata: "B-1"\n\nid: 2\nevent: board\ndata: "B-2"\n\n'
    assert b"".join(got["second"][1:]) == both
    assert b"".join(got["first"][1:]) == both


def test_issue_21_a_stream_served_without_the_event_loop_says_how_the_hall_is_served(app: Flask) -> None:
    """A plain WSGI server has no loop to stream from: the TV gets a 503 naming `flashboard serve`,
    not an empty stream it would reconnect to forever without a word."""
    assert app.test_client().get("/bingo/board/unknown-token/events").status_code == 404
    with app.test_request_context("/bingo/board/x/events"):
        refusal = admit(CHANNEL, 1)
    assert refusal.status_code == 503 and "flashboard serve" in refusal.get_data(as_text=True)


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
