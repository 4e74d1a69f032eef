"""Server-Sent Events for live screens (the bingo flashboard, the tournament clock): every event after
Last-Event-ID, so a reconnecting screen replays what it missed, then new ones as they commit. Events
live in the database, so any server process can serve any screen; within a process one poller per
event table (a hub) reads what is new and wakes every stream waiting on it, so three hundred TVs cost
one query every 50 ms rather than three thousand a second. A stream the hub's memory does not reach
back for reads the database itself. A ping comment keeps proxies from closing the stream; a stream
ends after ten minutes (the browser reconnects where it left off) or when the server stops."""
from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from flask import Response, current_app, request
from sqlalchemy.orm import Session

from shared.db import Database

POLL_SECONDS = 0.05
PING_SECONDS = 15.0
STREAM_SECONDS = 600.0
WAIT_SECONDS = 1.0
KEPT_PER_KEY = 200
IDLE_SECONDS = 5.0
BACKLOG_LIMIT = 100

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


class Hub:
    """One poller thread for one event table in this process, running while any stream listens."""

    def __init__(self, channel: Channel, db: Database, stopping: threading.Event) -> None:
        self.channel, self.db, self.stopping = channel, db, stopping
        self.changed = threading.Condition()
        self.kept: dict[int, deque[Event]] = {}
        self.floors: dict[int, int] = {}
        self.start: int | None = None
        self.last = 0
        self.listeners = 0
        self.running = False

    def subscribe(self) -> None:
        with self.changed:
            self.listeners += 1
            if not self.running:
                self.running = True
                self.start = None
                self.kept.clear()
                self.floors.clear()
                threading.Thread(target=self._run, name=f"events-{self.channel.kind}", daemon=True).start()

    def unsubscribe(self) -> None:
        with self.changed:
            self.listeners -= 1

    def since(self, key: int, after: int) -> list[Event] | None:
        """Call holding `changed`: this key's events after `after` from memory, or None when memory
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
                        self.last = self.channel.latest(session)
                        with self.changed:
                            self.start = self.last
                    rows = self.channel.recent(session, self.last)
            except Exception:  # noqa: BLE001 - the database is down or restarting: streams wait, the poller retries
                rows = []
            with self.changed:
                for event_id, key, reason, data in rows:
                    kept = self.kept.setdefault(key, deque())
                    if len(kept) == KEPT_PER_KEY:
                        self.floors[key] = kept.popleft()[0]
                    kept.append((event_id, reason, data))
                    self.last = event_id
                if rows:
                    self.changed.notify_all()
                if self.listeners > 0:
                    idle_since = None
                elif idle_since is None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since > IDLE_SECONDS:
                    self.running = False
                    return
            self.stopping.wait(POLL_SECONDS)
        with self.changed:
            self.running = False
            self.changed.notify_all()


def hub(channel: Channel) -> Hub:
    hubs: dict[str, Hub] = current_app.extensions.setdefault("flashboard.hubs", {})
    if channel.kind not in hubs:
        hubs[channel.kind] = Hub(channel, current_app.extensions["flashboard.db"], current_app.extensions["flashboard.stopping"])
    return hubs[channel.kind]


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
        source.subscribe()
        try:
            started = last_ping = time.monotonic()
            yield "retry: 1000\n\n"
            events = from_database()
            while time.monotonic() - started < STREAM_SECONDS and not source.stopping.is_set():
                for event_id, reason, data in events:
                    after = event_id
                    if reason not in skip:
                        yield f"id: {event_id}\nevent: {channel.kind}\ndata: {data}\n\n"
                if time.monotonic() - last_ping > PING_SECONDS:
                    last_ping = time.monotonic()
                    yield ": ping\n\n"
                with source.changed:
                    found = source.since(key, after)
                    if found == []:
                        source.changed.wait(WAIT_SECONDS)
                        found = source.since(key, after)
                events = found if found is not None else from_database()
        finally:
            source.unsubscribe()

    return Response(stream(), mimetype="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
