"""Live screens on an event loop (issue 21): the TV flashboard, the clock TV and the consoles' live
feeds are Server-Sent Events written by one thread, the event loop, so a ball called wakes no
request worker and three hundred (or a thousand) TVs cost one write each, not one thread each.

How a stream starts: the Flask view (`events.admit`) runs every check a request gets (access,
tenancy, the display token, who may see claims) in a request worker and, instead of streaming,
leaves an `Admission` in the ASGI scope. `LiveHall` sees it when the answer starts, drops that
answer's body and streams from the loop with the answer's headers. A request the view refuses
(a 404 for an unknown token) passes through untouched.

How news arrives: one `Feed` per event table per process. Its thread LISTENs on PostgreSQL, where
each event committed comes in a NOTIFY of its own that carries it (the row trigger of migration 0035),
so the thread reads the database only for an event too long to carry, after reconnecting, and when
two seconds pass with no NOTIFY; on SQLite it polls every 50 ms. It hands the rows to the loop,
which keeps the last events of every screen in memory and wakes only the streams with news. A
stream that reconnects with Last-Event-ID replays from memory, or from the database when memory does
not reach back that far; after a restart the feed starts with the last thousand events, so a TV
resumes exactly.

A ping comment keeps proxies from closing a quiet stream; a stream ends after ten minutes (the
browser reconnects where it left off) or when the server stops.
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import os
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from flask import Flask
from sqlalchemy import Connection, Engine
from sqlalchemy.exc import SQLAlchemyError

from shared.platform.db import Database
from shared.platform.events import ADMITTED, Admission, Channel, Event
from shared.platform.request_threads import RequestThreads
from shared.platform.warm_up import warm

Row = tuple[int, int, str, str]
"""An event as the feed hands it on: its id, its screen (occasion or tournament), its reason, its data."""
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]

POLL_SECONDS = 0.05
LISTEN_SECONDS = 2.0
PING_SECONDS = 15.0
STREAM_SECONDS = 600.0
TICK_SECONDS = 5.0
KEPT_PER_KEY = 200
IDLE_SECONDS = 5.0
BACKLOG_LIMIT = 100
PRELOAD_IDS = 1000
RETRY_SECONDS = 1.0
RECENT_LIMIT = 500
THREADS_VARIABLE = "FLASHBOARD_SERVE_THREADS"


def notify_channel(kind: str) -> str:
    """The PostgreSQL NOTIFY channel of an event table's trigger (migrations 0031 and 0035)."""
    return f"flashboard_{kind}"


@dataclass(frozen=True)
class Kept:
    """One event as every stream of its screen writes it: encoded once, whoever listens."""

    id: int
    reason: str
    chunk: bytes


@dataclass
class Group:
    """The streams of one screen that skip the same reasons, the future they wait on, and the last
    stretch of events one of them wrote (`written`: after which event, up to which, and the bytes), so
    the others up to the same point write the same bytes without looking them up again."""

    key: int
    skip: frozenset[str]
    news: asyncio.Future[None]
    streams: int = 0
    written: tuple[int, int, bytes] = (-1, -1, b"")


class Feed:
    """The news of one event table for this process: a listening thread, and on the loop the
    events kept in memory and the groups of streams waiting for them."""

    def __init__(self, channel: Channel, db: Database, stopping: threading.Event, home: dict[str, Feed]) -> None:
        self.channel, self.db, self.stopping, self.home = channel, db, stopping, home
        self.loop = asyncio.get_running_loop()
        self.groups: dict[tuple[int, frozenset[str]], Group] = {}
        self.kept: dict[int, deque[Kept]] = {}
        self.floors: dict[int, int] = {}
        self.start: int | None = None
        self.last = 0
        self.cursor = 0
        self.streams = 0
        self.ticker: asyncio.TimerHandle | None = None

    def begin(self) -> Feed:
        """Start listening, and the tick that wakes every stream now and then."""
        self.ticker = self.loop.call_later(TICK_SECONDS, self._tick)
        self._listen()
        return self

    # -- the loop's side: only ever called on the loop, so it needs no lock

    def subscribe(self, key: int, skip: frozenset[str]) -> Group:
        group = self.groups.get((key, skip))
        if group is None:
            group = self.groups[(key, skip)] = Group(key, skip, self.loop.create_future())
        group.streams += 1
        self.streams += 1
        return group

    def unsubscribe(self, group: Group) -> None:
        self.streams -= 1
        group.streams -= 1
        if group.streams == 0:
            self.groups.pop((group.key, group.skip), None)

    def newest(self, key: int) -> int | None:
        """The newest event of this screen kept in memory, if any."""
        kept = self.kept.get(key)
        return kept[-1].id if kept else None

    def reach(self, key: int) -> int | None:
        """The event after which memory holds every event of this screen (None before the feed starts)."""
        return self.floors.get(key, self.start)

    def since(self, key: int, after: int) -> list[Kept] | None:
        """This screen's events after `after` from memory, or None when memory does not reach back
        that far (the stream reads the database). Read from the newest back, so an up-to-date stream
        costs one comparison."""
        floor = self.reach(key)
        if floor is None or after < floor:
            return None
        found: list[Kept] = []
        for kept in reversed(self.kept.get(key, ())):
            if kept.id <= after:
                break
            found.append(kept)
        found.reverse()
        return found

    def _started(self, start: int) -> None:
        self.start = self.last = start
        for group in list(self.groups.values()):
            self._wake(group)

    def _publish(self, rows: list[tuple[int, int, str, str]]) -> None:
        news: dict[int, set[str]] = {}
        for event_id, key, reason, data in rows:
            if event_id <= self.last:
                continue
            kept = self.kept.setdefault(key, deque())
            if len(kept) == KEPT_PER_KEY:
                self.floors[key] = kept.popleft().id
            kept.append(Kept(event_id, reason, encode(self.channel.kind, (event_id, reason, data))))
            self.last = event_id
            news.setdefault(key, set()).add(reason)
        for group in list(self.groups.values()):
            if news.get(group.key, set()) - group.skip:
                self._wake(group)

    def _wake(self, group: Group) -> None:
        if not group.news.done():
            group.news.set_result(None)
        group.news = self.loop.create_future()

    def _tick(self) -> None:
        """Every few seconds every stream wakes to ping, to notice its time is up or the server stopping."""
        for group in list(self.groups.values()):
            self._wake(group)
        if not self.stopping.is_set():
            self.ticker = self.loop.call_later(TICK_SECONDS, self._tick)

    def _idle(self) -> None:
        """The thread stopped after a while with no stream: retire, unless a stream came meanwhile."""
        if self.streams == 0 or self.stopping.is_set():
            if self.ticker is not None:
                self.ticker.cancel()
            if self.home.get(self.channel.kind) is self:
                del self.home[self.channel.kind]
            for group in list(self.groups.values()):
                self._wake(group)
        else:
            self._listen()

    # -- the thread's side: the database, and hands its rows to the loop

    def _listen(self) -> None:
        threading.Thread(target=self._run, name=f"live-{self.channel.kind}", daemon=True).start()

    def _run(self) -> None:
        engine = self.db.engine
        idle_since: float | None = None
        listener: Connection | None = None
        carried: list[Row] | None = None
        try:
            while not self.stopping.is_set():
                if engine.dialect.name == "postgresql" and listener is None:
                    listener, carried = _listener(engine, notify_channel(self.channel.kind)), None
                try:
                    if carried is None:
                        self._read()
                    else:
                        self._take(carried)
                except SQLAlchemyError:
                    _close(listener)
                    listener = None
                    self.stopping.wait(RETRY_SECONDS)
                    continue
                if self.streams > 0:
                    idle_since = None
                elif idle_since is None:
                    idle_since = time.monotonic()
                elif time.monotonic() - idle_since > IDLE_SECONDS:
                    break
                if listener is None:
                    self.stopping.wait(POLL_SECONDS)
                    continue
                payloads = _notified(listener, LISTEN_SECONDS)
                if payloads is None:
                    _close(listener)
                    listener = None
                carried = carried_rows(payloads or [])
        except Exception:  # noqa: BLE001 - the database is away: the thread retires, the next stream restarts it
            self.stopping.wait(RETRY_SECONDS)
        finally:
            _close(listener)
            self._call(self._idle)

    def _read(self) -> None:
        with self.db.readers() as session:
            if self.start is None and self.cursor == 0:
                start = self.cursor = max(0, self.channel.latest(session) - PRELOAD_IDS)
                self._call(lambda: self._started(start))
            while True:
                rows = list(self.channel.recent(session, self.cursor))
                if rows:
                    self.cursor = rows[-1][0]
                    self._call(functools.partial(self._publish, rows))
                if len(rows) < RECENT_LIMIT:
                    return

    def _take(self, rows: list[Row]) -> None:
        """Publish the events their NOTIFYs carried, in commit order, leaving out what a read already
        took. Commit order is the ids' order: an event takes its id under the audit chain's lock
        (`audit.hold_chain`), which its transaction holds to its commit."""
        rows = [row for row in rows if row[0] > self.cursor]
        if rows:
            self.cursor = rows[-1][0]
            self._call(functools.partial(self._publish, rows))

    def _call(self, work: Callable[[], None]) -> None:
        try:
            self.loop.call_soon_threadsafe(work)
        except RuntimeError:  # the loop has closed: the server is gone
            self.stopping.set()


def _listener(engine: Engine, channel: str) -> Connection | None:
    """A connection of its own LISTENing on `channel`, or None while the database is away."""
    try:
        connection = engine.connect().execution_options(isolation_level="AUTOCOMMIT")
        connection.exec_driver_sql(f"LISTEN {channel}")
        return connection
    except SQLAlchemyError:
        return None


def _notified(listener: Connection, seconds: float) -> list[str] | None:
    """Wait up to `seconds` for a NOTIFY and take every one already queued: their payloads (none when
    the wait ran out); None when the connection broke (the caller reconnects)."""
    try:
        raw: Any = listener.connection.dbapi_connection
        return [notify.payload for notify in raw.notifies(timeout=seconds, stop_after=1)]
    except Exception:  # noqa: BLE001 - psycopg's OperationalError: the server went away
        return None


def carried_rows(payloads: list[str]) -> list[Row] | None:
    """The events the NOTIFYs' payloads carry (migration 0035: [id, screen, reason, data]), or None
    when the feed must read them: none came (the wait ran out, so the feed reads as a safety net), or
    one carries only its id (it was too long for a payload) or is not such a list of two whole numbers
    and two texts (anything else on the channel sends the feed to the table, never stops it)."""
    rows: list[Row] = []
    for payload in payloads:
        try:
            fields = json.loads(payload)
        except ValueError:
            return None
        if not (isinstance(fields, list) and len(fields) == 4):
            return None
        event_id, key, reason, data = fields
        whole = all(isinstance(n, int) and not isinstance(n, bool) for n in (event_id, key))
        if not (whole and isinstance(reason, str) and isinstance(data, str)):
            return None
        rows.append((event_id, key, reason, data))
    return rows or None


def _close(listener: Connection | None) -> None:
    """Close a listening connection (broken or not); what is left to listen on is None."""
    if listener is not None:
        try:
            listener.invalidate()
            listener.close()
        except Exception:  # noqa: BLE001, S110 - closing a broken connection can only fail again
            pass
    return None


def encode(kind: str, event: Event) -> bytes:
    event_id, _, data = event
    return f"id: {event_id}\nevent: {kind}\ndata: {data}\n\n".encode()


@dataclass
class Stream:
    """One screen's stream from admission to its end."""

    admission: Admission
    feed: Feed
    send: Send
    after: int = field(init=False)

    def __post_init__(self) -> None:
        self.after = self.admission.after

    async def run(self) -> None:
        """Write what is new, then wait for news, until the stream's time is up or the server stops.
        The future waited on is taken before looking for news and is still the group's after writing
        only if no news came meanwhile (news replaces it), so nothing is missed and an up-to-date
        stream looks for news once per wake (issue 21: a thousand streams wake for each call). After
        reading the database it looks again before waiting: more may have come meanwhile, or the
        database may not have answered."""
        feed = self.feed
        group = feed.subscribe(self.admission.key, self.admission.skip)
        try:
            await self.write(b"retry: 1000\n\n")
            started = last_ping = time.monotonic()
            news, current = group.news, False
            while time.monotonic() - started < STREAM_SECONDS and not feed.stopping.is_set():
                if current and news is group.news:
                    await news
                    current = False
                    continue
                news, current = group.news, True
                if feed.start is None:
                    continue
                chunk = self.remembered(group)
                if chunk is None:
                    chunk, current = await self.recalled(group), False
                if chunk:
                    await self.write(chunk)
                if time.monotonic() - last_ping > PING_SECONDS:
                    last_ping = time.monotonic()
                    await self.write(b": ping\n\n")
        finally:
            feed.unsubscribe(group)

    def remembered(self, group: Group) -> bytes | None:
        """What this stream has not yet written, from memory, as it writes it (its skipped reasons left
        out): the same bytes another stream of its group just wrote from the same point up to the newest
        event kept, else the events kept; None when memory does not reach back to the stream's place."""
        after = self.after
        since, upto, chunk = group.written
        if since == after and upto == self.feed.newest(group.key):
            self.after = upto
            return chunk
        found = self.feed.since(group.key, after)
        if not found:
            return None if found is None else b""
        self.after = found[-1].id
        chunk = b"".join(k.chunk for k in found if k.reason not in group.skip)
        group.written = (after, self.after, chunk)
        return chunk

    async def recalled(self, group: Group) -> bytes:
        """What this stream has not yet written, from the database. Read, the stream stands at least
        where memory reached when it asked: every event of its screen up to there was committed before
        (ids follow commit order), so the read brought them all. Unanswered, it stays where it was."""
        after, reach = self.after, self.feed.reach(group.key)
        events = await self.from_database(self.admission.channel, group.key)
        if events is None:
            return b""
        self.after = max(events[-1][0] if events else after, reach or after)
        return b"".join(encode(self.admission.channel.kind, e) for e in events if e[1] not in group.skip)

    async def write(self, chunk: bytes) -> None:
        await self.send({"type": "http.response.body", "body": chunk, "more_body": True})

    async def from_database(self, channel: Channel, key: int) -> list[Event] | None:
        """This screen's events after the stream's place, from the database; None when the database did
        not answer (after a moment's wait, so the stream retries)."""
        after, db = self.after, self.feed.db

        def read() -> list[Event]:
            found: list[Event] = []
            with db.readers() as session:
                while True:
                    batch = list(channel.after(session, key, found[-1][0] if found else after, BACKLOG_LIMIT))
                    found += batch
                    if len(batch) < BACKLOG_LIMIT:
                        return found

        try:
            return await asyncio.get_running_loop().run_in_executor(None, read)
        except SQLAlchemyError:
            await asyncio.sleep(RETRY_SECONDS)
            return None


class LiveHall:
    """The whole hall as one ASGI application: the Flask app in a pool of request threads (a2wsgi,
    each answer handed over whole: request_threads.py), and the live screens' streams on the loop."""

    def __init__(self, app: Flask, threads: int = 48) -> None:
        self.app = app
        self.requests = RequestThreads(app, threads, app.config["MAX_CONTENT_LENGTH"])  # type: ignore[arg-type]
        self.feeds: dict[str, Feed] = {}
        self.db: Database = app.extensions["flashboard.db"]
        self.stopping: threading.Event = app.extensions["flashboard.stopping"]

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self.lifespan(receive, send)
        elif scope["type"] != "http":
            await self.requests(scope, receive, send)
        else:
            await self.http(scope, receive, send)

    async def lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                self.stopping.set()
                await send({"type": "lifespan.shutdown.complete"})
                return

    async def http(self, scope: Scope, receive: Receive, send: Send) -> None:
        held: list[Message] = []

        async def answer(message: Message) -> None:
            if ADMITTED not in scope:
                await send(message)
            elif message["type"] == "http.response.start":
                held.append(message)

        await self.requests(scope, receive, answer)
        admission: Admission | None = scope.get(ADMITTED)
        if admission is None or not held:
            return
        start = held[0]
        headers = [(name, value) for name, value in start["headers"] if name.lower() != b"content-length"]
        await send({**start, "headers": headers})
        await self.stream(admission, receive, send)

    async def stream(self, admission: Admission, receive: Receive, send: Send) -> None:
        feed = self.feeds.get(admission.channel.kind)
        if feed is None:
            feed = Feed(admission.channel, self.db, self.stopping, self.feeds).begin()
            self.feeds[admission.channel.kind] = feed
        writer = asyncio.current_task()

        async def hang_up() -> None:
            while (await receive())["type"] != "http.disconnect":
                pass
            if writer is not None:
                writer.cancel()

        watcher = asyncio.create_task(hang_up())
        try:
            await Stream(admission, feed, send).run()
        except (asyncio.CancelledError, OSError):
            pass  # the screen hung up, or the server stopping cancelled the stream
        finally:
            watcher.cancel()
        # Ended as a finished response in every case: uvicorn, stopping, cancels the open streams before it
        # tells the app, and a stream left unfinished is an error in the log for every screen that was on.
        # To a screen that hung up, uvicorn sends nothing.
        with suppress(OSError):
            await send({"type": "http.response.body", "body": b"", "more_body": False})


FROZEN_AFTER_START = 250_000


@dataclass
class Settling:
    """Issue 21: a gc callback that, after each full collection, freezes what survived it, until the
    process has frozen `budget` objects beyond what start-up froze.

    What a serving process keeps (its screens' connections, its statement and template caches, its
    pooled connections) is built after start-up and lives for hours; every full collection walked it
    again: 14-19 ms, every 20-60 s, each one a pause for every request and stream of the process, and
    the load's slowest calls were the ones a collection landed in. Right after a full collection
    everything left is alive, so what is frozen then is no garbage. What is frozen is never collected
    again: a frozen object freed by its reference count leaves the frozen set, but one that later dies in
    a reference cycle stays in it until the process ends. The budget bounds that: freezing stops while the
    frozen set holds `budget` objects beyond start-up's (live ones and any such garbage: a few tens of MB
    at most), and the collector then walks the survivors as usual."""

    budget: int
    started_with: int = 0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "stop" and info["generation"] == 2 and gc.get_freeze_count() - self.started_with < self.budget:
            gc.freeze()


def ready_to_serve(hall: LiveHall) -> LiveHall:
    """Issue 21: what start-up built (the app, its models, its routes, its templates: some 180,000
    objects) lives as long as the process, so it is frozen out of the collector's way. Otherwise every
    full collection walks all of it: 50-70 ms measured under the load, a pause for every request and
    every screen of the process. What serving then builds and keeps is frozen as it settles (`Settling`).
    The busiest requests' statements are compiled first (warm_up.py), so what that builds is frozen too.
    Every way of serving a hall goes through here."""
    warm(hall.app)
    gc.freeze()
    if not any(isinstance(callback, Settling) for callback in gc.callbacks):
        gc.callbacks.append(Settling(FROZEN_AFTER_START, gc.get_freeze_count()))
    return hall


def hall_from_environment() -> LiveHall:
    """The hall as configured by FLASHBOARD_* variables: what each server process builds when
    `flashboard serve --workers N` starts several."""
    from shared.platform.app import create_app

    return ready_to_serve(LiveHall(create_app(), int(os.environ.get(THREADS_VARIABLE, "48"))))


def serve(hall: LiveHall | None, host: str, port: int, workers: int = 1, threads: int = 48) -> None:
    """Serve the hall with uvicorn: one process with `hall`, or `workers` processes that each build
    their own from the environment (a process per core; each has its own loop and request threads).
    What start-up built (the app, its models, its templates) lives as long as the process, so it is
    frozen out of the collector's way: a full collection then never pauses every stream for it."""
    import uvicorn

    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "lifespan": "on",
        "proxy_headers": False,  # the app's ProxyFix reads X-Forwarded-For, behind FLASHBOARD_TRUSTED_PROXIES only
        "server_header": False,
        "timeout_graceful_shutdown": 2,
        "log_level": "warning",
        "access_log": False,
    }
    if workers > 1 or hall is None:
        os.environ[THREADS_VARIABLE] = str(threads)
        uvicorn.run("shared.platform.live_screens:hall_from_environment", factory=True, workers=workers, **options)
    else:
        uvicorn.run(ready_to_serve(hall), **options)
