"""Issue 21: the request threads hand each answer to the event loop whole (one trip in, one out), so a
request never waits behind a call's fan-out more than once; a body of unknown length or over the
app's limit still streams through a2wsgi. Driven here as uvicorn drives it: an ASGI scope, receive
and send."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest

from shared.platform.request_threads import RequestThreads, body_length
from tests.support.loops import on_a_loop

LIMIT = 64


def echo(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
    """Answers the body it was sent, in two pieces, with the thread's view of the method."""
    sent = environ["wsgi.input"].read()
    start_response("201 Created", [("Content-Type", "text/plain"), ("X-Method", environ["REQUEST_METHOD"])])
    return [b"got:", sent]


def scope(method: str = "POST", headers: list[tuple[bytes, bytes]] | None = None) -> dict[str, Any]:
    return {
        "type": "http",
        "method": method,
        "path": "/echo",
        "root_path": "",
        "query_string": b"",
        "http_version": "1.1",
        "scheme": "http",
        "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.1", 5000),
        "headers": headers or [],
    }


def drive(app: RequestThreads, request: dict[str, Any], pieces: list[bytes]) -> list[dict[str, Any]]:
    """Run one request through the middleware, the body arriving in `pieces`; what it sent back."""
    incoming = [{"type": "http.request", "body": p, "more_body": i < len(pieces) - 1} for i, p in enumerate(pieces)]
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(dict(message))

    on_a_loop(lambda: app(request, receive, send))
    return sent


@pytest.mark.parametrize(
    ("headers", "length"),
    [
        ([], 0),
        ([(b"content-length", b"12")], 12),
        ([(b"content-type", b"application/json"), (b"content-length", b"0")], 0),
        ([(b"transfer-encoding", b"chunked")], None),
        ([(b"content-length", b"twelve")], None),
    ],
)
def test_issue_21_a_body_length_is_known_from_the_headers_or_not_at_all(
    headers: list[tuple[bytes, bytes]], length: int | None
) -> None:
    assert body_length(scope(headers=headers)) == length


def test_issue_21_an_answer_is_handed_to_the_loop_whole() -> None:
    app = RequestThreads(echo, 2, LIMIT)
    sent = drive(app, scope(headers=[(b"content-length", b"11")]), [b'{"ball":', b" 7}"])
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 201 and (b"x-method", b"POST") in sent[0]["headers"]
    assert sent[1]["body"] == b'got:{"ball": 7}' and sent[1]["more_body"] is False


def test_issue_21_a_request_with_no_body_is_answered_whole() -> None:
    sent = drive(RequestThreads(echo, 2, LIMIT), scope("GET"), [b""])
    assert [m["type"] for m in sent] == ["http.response.start", "http.response.body"]
    assert sent[1]["body"] == b"got:" and (b"x-method", b"GET") in sent[0]["headers"]


def test_issue_21_a_chunked_body_streams_through_a2wsgi_as_before() -> None:
    sent = drive(RequestThreads(echo, 2, LIMIT), scope(headers=[(b"transfer-encoding", b"chunked")]), [b"ab", b"cd"])
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 201
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"got:abcd"
    assert len(sent) > 2, "a2wsgi's streaming responder sends the pieces one by one"


def test_issue_21_a_body_over_the_limit_streams_through_a2wsgi_for_the_app_to_refuse() -> None:
    body = b"x" * (LIMIT + 1)
    sent = drive(RequestThreads(echo, 2, LIMIT), scope(headers=[(b"content-length", str(len(body)).encode())]), [body])
    assert b"".join(m.get("body", b"") for m in sent[1:]) == b"got:" + body and len(sent) > 2


def test_issue_21_a_station_that_hangs_up_mid_body_runs_nothing() -> None:
    ran: list[bool] = []

    def app(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        ran.append(True)
        return echo(environ, start_response)

    sent = drive(RequestThreads(app, 2, LIMIT), scope(headers=[(b"content-length", b"40")]), [])
    assert sent == [] and ran == []
