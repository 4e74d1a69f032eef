"""Issue 21: the Flask app in a pool of request threads, each answer handed to the event loop whole.

a2wsgi runs a WSGI app in a thread pool and passes every message between the thread and the loop as
it happens: the request's body read, the answer's start, each piece of its body and its end, four
round trips through the loop in every request. The loop is also the thread that writes a ball called
to every screen, so while it fans a call out to a thousand TVs each of those trips waits behind it,
and a verify or a sale arriving then waits four times. The hall's answers are small and built in
memory (JSON, pages, PDFs, receipts, static files), so here the body is read on the loop before the
thread starts, and the thread runs the app to its end and hands back the whole answer: one trip in,
one out. A body of unknown length (chunked) or larger than the app accepts goes through a2wsgi's own
streaming responder, as before.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import io
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from a2wsgi import WSGIMiddleware
from a2wsgi.wsgi import Body, build_environ
from a2wsgi.wsgi_typing import Environ, ExceptionInfo, WriteCallable, WSGIApp

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]


@dataclass(frozen=True)
class WholeAnswer:
    """What the app answered, as the loop sends it: the status, the headers as ASGI wants them, the body."""

    status: int
    headers: list[tuple[bytes, bytes]]
    body: bytes


def body_length(scope: Scope) -> int | None:
    """The request body's length as its headers state it: 0 with neither Content-Length nor chunked
    transfer, None when it cannot be known before reading (chunked, or a malformed length)."""
    length: int | None = 0
    for name, value in scope.get("headers", ()):
        if name == b"transfer-encoding":
            return None
        if name == b"content-length":
            try:
                length = int(value)
            except ValueError:
                return None
    return length


def run_whole(app: WSGIApp, environ: Environ) -> WholeAnswer:
    """Run the WSGI app to its end in this thread and keep everything it answered."""
    started: list[Any] = []
    pieces: list[bytes] = []

    def start_response(
        status: str, response_headers: list[tuple[str, str]], exc_info: ExceptionInfo | None = None
    ) -> WriteCallable:
        if exc_info is not None and started:
            raise exc_info[1].with_traceback(exc_info[2])
        started[:] = [status, response_headers]
        return pieces.append

    answer = app(environ, start_response)
    try:
        pieces.extend(answer)
    finally:
        close = getattr(answer, "close", None)
        if close is not None:
            close()
    status, headers = started
    return WholeAnswer(
        int(status.split(" ", 1)[0]),
        [(name.strip().encode("latin1").lower(), value.strip().encode("latin1")) for name, value in headers],
        b"".join(pieces),
    )


class RequestThreads(WSGIMiddleware):
    """a2wsgi's middleware, answering every request whose body fits in `largest_body` whole."""

    def __init__(self, app: WSGIApp, threads: int, largest_body: int) -> None:
        super().__init__(app, workers=threads)
        self.largest_body = largest_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:  # type: ignore[override]
        length = body_length(scope) if scope["type"] == "http" else None
        if length is None or length > self.largest_body:
            await super().__call__(scope, receive, send)  # type: ignore[arg-type]
            return
        body = bytearray()
        more = length > 0
        while more:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            more = message.get("more_body", False)
        loop = asyncio.get_running_loop()
        environ = build_environ(scope, Body(loop, receive))  # type: ignore[arg-type]
        environ["wsgi.input"] = io.BytesIO(bytes(body))
        run = functools.partial(contextvars.copy_context().run, run_whole, self.app, environ)
        answer = await loop.run_in_executor(self.executor, run)
        await send({"type": "http.response.start", "status": answer.status, "headers": answer.headers})
        await send({"type": "http.response.body", "body": answer.body, "more_body": False})
