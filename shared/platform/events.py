"""Server-Sent Events for live screens (the bingo flashboard, the tournament clock): every event after
Last-Event-ID, so a reconnecting screen replays what it missed, then new ones as they commit.

Events live in the database, so any server process can serve any screen. A stream's view runs in a
request worker like any request (access, the display token, who may see claims) and ends by
admitting the stream: the event loop serves it from then on (shared/platform/live_screens.py), so
the request workers never wake for a broadcast."""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from flask import Response, current_app, jsonify, request
from sqlalchemy.orm import Session

from shared.platform.errors import error_body

Event = tuple[int, str, str]
# The ASGI scope's key for a stream a view admitted (the event loop streams it).
ADMITTED = "flashboard.admitted"


@dataclass(frozen=True)
class Channel:
    """An event table: `after(session, key, id, limit)` lists one screen's (id, reason, data) after an
    id; `recent(session, id)` lists (id, key, reason, data) for every key after an id; `latest(session)`
    is the newest id."""

    kind: str
    after: Callable[[Session, int, int, int], Sequence[Event]]
    recent: Callable[[Session, int], Sequence[tuple[int, int, str, str]]]
    latest: Callable[[Session], int]


@dataclass(frozen=True)
class Admission:
    """A stream a view let through: its channel, its screen (occasion or tournament), the reasons it
    skips and the event it resumes after."""

    channel: Channel
    key: int
    skip: frozenset[str]
    after: int


@dataclass
class Tokens:
    """The screens' display tokens this process has looked up, and the lock that lets one lookup run
    at a time."""

    known: dict[str, int]
    lock: threading.Lock
    looking_up: threading.Lock


def screen_key(channel: Channel, token: str, lookup: Callable[[str], int | None]) -> int | None:
    """The key (occasion or tournament) behind a screen's display token, looked up once per process:
    tokens never change, and three hundred TVs (re)connecting at once should not queue for the
    database just to learn what they already asked for: the first asks, the rest wait for its answer
    (one lookup at a time per process). An unknown token is not remembered."""
    every: dict[str, Tokens] = current_app.extensions.setdefault("flashboard.tokens", {})
    tokens = every.setdefault(channel.kind, Tokens({}, threading.Lock(), threading.Lock()))
    with tokens.lock:
        known = tokens.known.get(token)
    if known is not None:
        return known
    with tokens.looking_up:
        with tokens.lock:
            known = tokens.known.get(token)
        if known is not None:
            return known
        found = lookup(token)
        if found is not None:
            with tokens.lock:
                tokens.known[token] = found
        return found


def last_event_id() -> int:
    raw = request.headers.get("Last-Event-ID") or request.args.get("after") or "0"
    return int(raw) if raw.isascii() and raw.isdigit() else 0


def admit(channel: Channel, key: int, skip: frozenset[str] = frozenset()) -> Response:
    """Let one screen's stream (`key`: the occasion or the tournament) through, leaving out events
    whose reason is in `skip` (a TV has no use for a claim being verified). The answer's headers
    start the stream; the event loop writes its events. Served by a plain WSGI server, with no event
    loop to stream from, the answer says how the hall is served instead."""
    scope = request.environ.get("asgi.scope")
    if scope is None:
        refusal = jsonify(
            error_body("live_screens_unserved", "Live screens are served by `flashboard serve` (an ASGI server).")
        )
        refusal.status_code = 503
        return refusal
    scope[ADMITTED] = Admission(channel, key, skip, last_event_id())
    return Response(b"", mimetype="text/event-stream", headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
