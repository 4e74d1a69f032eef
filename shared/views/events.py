"""Server-Sent Events for live screens (the bingo flashboard, the tournament clock): every event after
Last-Event-ID, so a reconnecting screen replays what it missed, then new ones as they commit, found
by polling the database so any server process can serve any screen. A ping comment keeps proxies
from closing the stream; the stream ends after ten minutes (the browser reconnects where it left
off) or when the server stops."""
from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator, Sequence

from flask import Response, current_app, request
from sqlalchemy.orm import Session

from shared.context import database

POLL_SECONDS = 0.1
PING_SECONDS = 15.0
STREAM_SECONDS = 600.0

Fetch = Callable[[Session, int], Sequence[tuple[int, str]]]


def last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    return int(raw) if raw.isascii() and raw.isdigit() else 0


def event_stream(kind: str, fetch: Fetch) -> Response:
    """`fetch(session, after)` returns (id, JSON data) pairs after an id, oldest first."""
    after = last_event_id()
    db = database()
    stopping: threading.Event = current_app.extensions["flashboard.stopping"]

    def stream() -> Iterator[str]:
        nonlocal after
        started = last_ping = time.monotonic()
        yield "retry: 1000\n\n"
        while time.monotonic() - started < STREAM_SECONDS and not stopping.is_set():
            with db.readers() as session:
                events = fetch(session, after)
            for event_id, data in events:
                after = event_id
                yield f"id: {event_id}\nevent: {kind}\ndata: {data}\n\n"
            if time.monotonic() - last_ping > PING_SECONDS:
                last_ping = time.monotonic()
                yield ": ping\n\n"
            stopping.wait(POLL_SECONDS)

    return Response(stream(), mimetype="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
