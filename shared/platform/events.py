"""Server-Sent Events for live screens (the bingo flashboard, the tournament clock): every event after
Last-Event-ID, so a reconnecting screen replays what it missed, then new ones as they commit.

Events live in the database, so any server process can serve any screen. Within a process one
poller per event table (a hub) reads what is new every 50 ms, so three hundred TVs cost one query
every 50 ms rather than three thousand a second. The hub starts with the last thousand events in
memory and remembers which screen a display token names, so a screen (re)connecting costs no query
(a stream that arrives before the hub's first poll waits for it); a stream the hub's memory does
not reach back for reads the database itself, and waits and retries while the database is away.
Streams wait in groups (one screen and the reasons it skips), and a poll wakes only the groups it
has news for: a claim verified ten times a second wakes the consoles, not three hundred TVs that
would skip it. A ping comment keeps proxies from closing the stream; a stream ends after ten
minutes (the browser reconnects where it left off) or when the server stops."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from flask import Response, current_app, request
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from shared.platform.db import Database

POLL_SECONDS = 0.05
PING_SECONDS = 15.0
STREAM_SECONDS = 600.0
WAIT_SECONDS = 5.0
KEPT_PER_KEY = 200
IDLE_SECONDS = 5.0
BACKLOG_LIMIT = 100
PRELOAD_IDS = 1000
RETRY_SECONDS = 1.0

Event = tuple[int, str, str]


@dataclass(frozen=True)
class Channel:
    """An event table: `after(session, key, id, limit)` lists one screen's (id, reason, data) after an
    id; `recent(session, id)` lists (id, key, reason, data) for every key after an id; `latest(session)`
    is the newest id."""

    kind: str
    after: Callable[[Session, int, int, int], Sequence[Event]]
    recent: Callable[[Session, int], Sequence[tuple[int, int, str, str]]]
    latest: Callable[[Session], int]


@dataclass
class Group:
    """The streams of one screen that skip the same reasons, and the condition they wait on."""

    wake: threading.Condition
    key: int
    skip: frozenset[str]
    streams: int = 0


class Hub:
    """One poller thread for one event table in this process, running while any stream listens."""

    def __init__(self, channel: Channel, db: Database, stopping: threading.Event) -> None:
        self.channel, self.db, self.stopping = channel, db, stopping
        self.lock = threading.Lock()
        self.groups: dict[tuple[int, frozenset[str]], Group] = {}
        self.tokens: dict[str, int] = {}
        self.looking_up = threading.Lock()
        self.kept: dict[int, deque[Event]] = {}
        self.floors: dict[int, int] = {}
        self.start: int | None = None
        self.last = 0
        self.listeners = 0
        self.running = False

    def subscribe(self, key: int, skip: frozenset[str]) -> threading.Condition:
        """Join the group for `key` and `skip`; returns the condition (sharing the hub's lock) to wait on."""
        with self.lock:
            group = self.groups.setdefault((key, skip), Group(threading.Condition(self.lock), key, skip))
            group.streams += 1
            self.listeners += 1
            if not self.running:
                self.running = True
                self.start = None
                self.kept.clear()
                self.floors.clear()
                threading.Thread(target=self._run, name=f"events-{self.channel.kind}", daemon=True).start()
            return group.wake

    def unsubscribe(self, key: int, skip: frozenset[str]) -> None:
        with self.lock:
            self.listeners -= 1
            group = self.groups[(key, skip)]
            group.streams -= 1
            if group.streams == 0:
                del self.groups[(key, skip)]

    def _wake(self, rows: Sequence[tuple[int, int, str, str]]) -> None:
        """Call holding `lock`: wake the groups with an event they show among `rows`."""
        news: dict[int, set[str]] = {}
        for _, key, reason, _ in rows:
            news.setdefault(key, set()).add(reason)
        for group in self.groups.values():
            if news.get(group.key, set()) - group.skip:
                group.wake.notify_all()

    def since(self, key: int, after: int) -> list[Event] | None:
        """Call holding `lock`: this key's events after `after` from memory, or None when memory
        does not reach back that far (the caller reads the database). Read from the newest back, so a
        stream that is up to date costs one comparison, not one per kept event."""
        floor = self.floors.get(key, self.start)
        if floor is None or after < floor:
            return None
        found: list[Event] = []
        for event in reversed(self.kept.get(key, ())):
            if event[0] <= after:
                break
            found.append(event)
        found.reverse()
        return found

    def _run(self) -> None:
        idle_since: float | None = None
        while not self.stopping.is_set():
            try:
                with self.db.readers() as session:
                    if self.start is None:
                        self.last = max(0, self.channel.latest(session) - PRELOAD_IDS)
                        with self.lock:
                            self.start = self.last
                            for group in self.groups.values():
                                group.wake.notify_all()
                    rows = self.channel.recent(session, self.last)
            except Exception:  # noqa: BLE001 - the database is down or restarting: streams wait, the poller retries
                rows = []
            with self.lock:
                for event_id, key, reason, data in rows:
                    kept = self.kept.setdefault(key, deque())
                    if len(kept) == KEPT_PER_KEY:
                        self.floors[key] = kept.popleft()[0]
                    kept.append((event_id, reason, data))
                    self.last = event_id
                self._wake(rows)
                if self.listeners > 0:
                    idle_since = None
                elif idle_since is None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since > IDLE_SECONDS:
                    self.running = False
                    return
            self.stopping.wait(POLL_SECONDS)
        with self.lock:
            self.running = False
            for group in self.groups.values():
                group.wake.notify_all()


def hub(channel: Channel) -> Hub:
    hubs: dict[str, Hub] = current_app.extensions.setdefault("flashboard.hubs", {})
    if channel.kind not in hubs:
        hubs[channel.kind] = Hub(
            channel, current_app.extensions["flashboard.db"], current_app.extensions["flashboard.stopping"]
        )
    return hubs[channel.kind]


def screen_key(channel: Channel, token: str, lookup: Callable[[str], int | None]) -> int | None:
    """The key (occasion or tournament) behind a screen's display token, looked up once per process:
    tokens never change, and three hundred TVs (re)connecting at once should not queue for the
    database just to learn what they already asked for: the first asks, the rest wait for its answer
    (one lookup at a time per process). An unknown token is not remembered."""
    source = hub(channel)
    with source.lock:
        known = source.tokens.get(token)
    if known is not None:
        return known
    with source.looking_up:
        with source.lock:
            known = source.tokens.get(token)
        if known is not None:
            return known
        found = lookup(token)
        if found is not None:
            with source.lock:
                source.tokens[token] = found
        return found


def last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    return int(raw) if raw.isascii() and raw.isdigit() else 0


def event_stream(channel: Channel, key: int, skip: frozenset[str] = frozenset()) -> Response:
    """The stream of one screen's events (`key`: the occasion or the tournament), leaving out events
    whose reason is in `skip` (a TV has no use for a claim being verified)."""
    after = last_event_id()
    source = hub(channel)

    def from_database() -> list[Event]:
        found: list[Event] = []
        with source.db.readers() as session:
            while True:
                batch = list(channel.after(session, key, found[-1][0] if found else after, BACKLOG_LIMIT))
                found += batch
                if len(batch) < BACKLOG_LIMIT:
                    return found

    def stream() -> Iterator[str]:
        nonlocal after
        wake = source.subscribe(key, skip)
        try:
            started = last_ping = time.monotonic()
            yield "retry: 1000\n\n"
            while time.monotonic() - started < STREAM_SECONDS and not source.stopping.is_set():
                with wake:
                    events = source.since(key, after)
                    if events == [] or source.start is None:
                        wake.wait(WAIT_SECONDS)
                        events = source.since(key, after)
                if events is None:
                    try:
                        events = from_database()
                    except SQLAlchemyError:
                        events = []
                        source.stopping.wait(RETRY_SECONDS)
                for event_id, reason, data in events:
                    after = event_id
                    if reason not in skip:
                        yield f"id: {event_id}\nevent: {channel.kind}\ndata: {data}\n\n"
                if time.monotonic() - last_ping > PING_SECONDS:
                    last_ping = time.monotonic()
                    yield ": ping\n\n"
        finally:
            source.unsubscribe(key, skip)

    return Response(
        stream(), mimetype="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    )
