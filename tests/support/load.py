"""A bounded load generator for one hall on the loopback: verifiers checking claims, cashiers selling,
the caller calling a ball every few seconds, and hundreds of TVs following the flashboard's event
stream. One asyncio loop drives every connection (HTTP/1.1 with keep-alive, cookies, the CSRF header),
so the client costs little beside the server. It only ever talks to 127.0.0.1, runs for a fixed time
and stops by itself.

The figures: latency of every verify and sell, and for every call the delay from the caller's POST
to each TV receiving the board with that call.
"""

from __future__ import annotations

import asyncio
import gc
import json
import random
import re
import statistics
import threading
import time
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass, field
from typing import Any

COUNT = re.compile(rb'"count": (\d+)')
# A slow machine may deliver the last call after the callers stop; the screens wait for it this long at most.
DRAIN_SECONDS = 20.0


@dataclass
class Plan:
    port: int
    occasion_id: int
    game: int
    token: str
    faces: int
    sale_lines: list[dict[str, Any]]
    calls: list[int]
    verifier: tuple[str, str]
    cashier: tuple[str, str]
    caller: tuple[str, str]
    called_before: int = 0
    verifiers: int = 50
    cashiers: int = 4
    screens: int = 300
    seconds: float = 300.0
    call_every: float = 5.0
    verify_every: float = 5.0
    sell_every: float = 2.0


@dataclass
class Figures:
    verify_ms: list[float] = field(default_factory=list)
    sell_ms: list[float] = field(default_factory=list)
    call_ms: list[float] = field(default_factory=list)
    display_ms: list[float] = field(default_factory=list)
    display_by_call: dict[int, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    claim_ids: set[int] = field(default_factory=set)
    calls_made: int = 0
    screens_connected: int = 0
    screens_missing: int = 0

    def summary(self) -> dict[str, Any]:
        return {
            "verify": percentiles(self.verify_ms),
            "sell": percentiles(self.sell_ms),
            "call": percentiles(self.call_ms),
            "call_to_display": percentiles(self.display_ms),
            "each_call_to_display_p50": [
                percentiles(delays).get("p50") for _, delays in sorted(self.display_by_call.items())
            ],
            "errors": len(self.errors),
            "first_errors": self.errors[:5],
            "calls": self.calls_made,
            "screens": self.screens_connected,
            "deliveries_missing": self.screens_missing,
        }


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)

    def at(p: float) -> float:
        return round(ordered[min(len(ordered) - 1, int(p * len(ordered)))], 1)

    return {
        "n": len(values),
        "p50": at(0.50),
        "p95": at(0.95),
        "p99": at(0.99),
        "max": round(ordered[-1], 1),
        "mean": round(statistics.fmean(values), 1),
    }


class Http:
    """One keep-alive connection with its cookies and CSRF token, as a station's browser holds them."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def _connect(self) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
        if self.reader is None or self.writer is None or self.writer.is_closing():
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        return self.reader, self.writer

    def _head(self, method: str, path: str, length: int, extra: dict[str, str]) -> bytes:
        headers = {
            "Host": f"127.0.0.1:{self.port}",
            "Content-Length": str(length),
            "Accept": "application/json",
            **extra,
        }
        if length:
            headers["Content-Type"] = "application/json"
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        return (
            f"{method} {path} HTTP/1.1\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items()) + "\r\n"
        ).encode()

    async def _read_head(self, reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
        status = int((await reader.readline()).split()[1])
        headers: dict[str, str] = {}
        while (line := await reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "set-cookie":
                cookie = value.strip().split(";", 1)[0]
                key, _, val = cookie.partition("=")
                self.cookies[key] = val
            headers[name.lower()] = value.strip()
        return status, headers

    async def request(
        self, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
    ) -> tuple[int, Any]:
        payload = json.dumps(body).encode() if body is not None else b""
        extra = dict(headers or {})
        if method != "GET":
            extra["X-CSRF-Token"] = self.csrf
        for attempt in (1, 2):
            reader, writer = await self._connect()
            try:
                writer.write(self._head(method, path, len(payload), extra) + payload)
                await writer.drain()
                status, head = await self._read_head(reader)
                if head.get("transfer-encoding") == "chunked":
                    data = b""
                    while (size := int((await reader.readline()).strip(), 16)) > 0:
                        data += await reader.readexactly(size)
                        await reader.readline()
                    await reader.readline()
                else:
                    data = await reader.readexactly(int(head.get("content-length", "0")))
                if head.get("connection", "").lower() == "close":
                    writer.close()
                return status, json.loads(data) if data else None
            except (ConnectionError, asyncio.IncompleteReadError, IndexError):
                writer.close()
                self.reader = self.writer = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    async def sign_in(self, username: str, password: str) -> None:
        _, session = await self.request("GET", "/api/v1/session")
        self.csrf = session["csrf_token"]
        status, signed = await self.request("POST", "/api/v1/session", {"username": username, "password": password})
        if status != 200:
            raise AssertionError(f"sign-in for {username}: {status} {signed}")
        self.csrf = signed["csrf_token"]

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


class Screen(asyncio.Protocol):
    """One TV's connection as a protocol, not a stream reader: a thousand of them cost the generator
    little more than the bytes they receive (no task wakes per line)."""

    def __init__(self, seen: dict[int, float]) -> None:
        self.seen = seen
        self.buffer = b""
        self.status = b""
        loop = asyncio.get_running_loop()
        self.answered: asyncio.Future[bool] = loop.create_future()
        self.closed: asyncio.Future[None] = loop.create_future()
        self.transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]

    def open(self, token: str, after: int) -> None:
        assert self.transport is not None
        self.transport.write(
            f"GET /bingo/board/{token}/events?after={after} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            "Accept: text/event-stream\r\n\r\n".encode()
        )

    def data_received(self, data: bytes) -> None:
        now = time.monotonic()
        self.buffer += data
        if not self.answered.done():
            if b"\r\n" not in self.buffer:
                return
            self.status = self.buffer.split(b"\r\n", 1)[0]
            self.answered.set_result(b" 200 " in self.status)
        *blocks, self.buffer = self.buffer.split(b"\n\n")
        for block in blocks:
            at = block.find(b"data: ")
            if at >= 0 and (found := COUNT.search(block, at)):
                self.seen.setdefault(int(found.group(1)), now)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.answered.done():
            self.answered.set_result(False)
        if not self.closed.done():
            self.closed.set_result(None)

    def close(self) -> None:
        if self.transport is not None:
            self.transport.close()


class Load:
    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.figures = Figures()
        self.posted: dict[int, float] = {}
        self.seen: list[dict[int, float]] = []
        self.stop_at = 0.0
        self.last_call: int | None = None
        self.rng = random.Random(2026)

    def running(self) -> bool:
        return time.monotonic() < self.stop_at

    def all_seen(self, seen: dict[int, float]) -> bool:
        """Once the callers stop, a screen listens until every call made has reached it (or the drain ends)."""
        if self.last_call is None:
            return False
        return all(count in seen for count in range(self.plan.called_before + 1, self.last_call + 1))

    async def timed(self, into: list[float], what: str, call: Awaitable[tuple[int, Any]], expected: int) -> Any:
        started = time.monotonic()
        try:
            status, body = await call
        except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
            self.figures.errors.append(f"{what}: {exc!r}")
            return None
        into.append((time.monotonic() - started) * 1000)
        if status != expected:
            self.figures.errors.append(f"{what}: {status} {str(body)[:200]}")
            return None
        return body

    async def verifier(self, http: Http) -> None:
        url = f"/api/v1/occasions/{self.plan.occasion_id}/games/{self.plan.game}/claims"
        while self.running():
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.plan.verify_every)
            face = self.rng.randint(1, self.plan.faces)
            claim = await self.timed(
                self.figures.verify_ms, "verify", http.request("POST", url, {"face_number": face}), 201
            )
            if claim is not None:
                self.figures.claim_ids.add(claim["id"])

    async def cashier(self, http: Http, index: int) -> None:
        url = f"/api/v1/occasions/{self.plan.occasion_id}/sales"
        number = 0
        while self.running():
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.plan.sell_every)
            number += 1
            body = {"lines": self.plan.sale_lines, "buyer_is_adult": True, "tendered": "50.00"}
            key = {"Idempotency-Key": f"load-till{index}-sale-{number:06d}"}
            await self.timed(self.figures.sell_ms, "sell", http.request("POST", url, body, key), 201)

    async def caller(self, http: Http) -> None:
        url = f"/api/v1/occasions/{self.plan.occasion_id}/games/{self.plan.game}/calls"
        for count, ball in enumerate(self.plan.calls, start=self.plan.called_before + 1):
            await asyncio.sleep(self.plan.call_every)
            if not self.running():
                return
            self.posted[count] = time.monotonic()
            key = {"Idempotency-Key": f"load-call-{count:03d}-{ball}"}
            if (
                await self.timed(self.figures.call_ms, "call", http.request("POST", url, {"ball": ball}, key), 201)
                is not None
            ):
                self.figures.calls_made = count

    async def screen(self, index: int, after: int) -> None:
        """A TV: the board's event stream, noting when each call count first arrives."""
        seen: dict[int, float] = {}
        self.seen.append(seen)
        loop = asyncio.get_running_loop()
        try:
            _, tv = await loop.create_connection(lambda: Screen(seen), "127.0.0.1", self.plan.port)
        except OSError as exc:
            self.figures.errors.append(f"screen {index}: {exc!r}")
            return
        tv.open(self.plan.token, after)
        try:
            if not await tv.answered:
                self.figures.errors.append(f"screen {index}: {tv.status!r}")
                return
            self.figures.screens_connected += 1
            while not self.all_seen(seen) and (remaining := self.stop_at - time.monotonic()) > 0:
                if tv.closed.done():
                    self.figures.errors.append(f"screen {index}: stream closed")
                    return
                await asyncio.wait([tv.closed], timeout=min(1.0, remaining))
        finally:
            tv.close()

    async def run(self, start_after: int) -> Figures:
        plan = self.plan
        verifiers = [Http(plan.port) for _ in range(plan.verifiers)]
        cashiers = [Http(plan.port) for _ in range(plan.cashiers)]
        caller = Http(plan.port)
        for http in verifiers:
            await http.sign_in(*plan.verifier)
        for http in cashiers:
            await http.sign_in(*plan.cashier)
        await caller.sign_in(*plan.caller)
        self.stop_at = time.monotonic() + 2.0 + plan.seconds
        screens = [asyncio.create_task(self.screen(n, start_after)) for n in range(plan.screens)]
        await asyncio.sleep(2.0)
        # The generator stands for a thousand separate devices: what it holds for the run (the test's
        # app, the screens' connections) is frozen out of its own collector, whose full collections
        # would otherwise stamp a pause of the generator's on whatever answer arrived meanwhile.
        gc.freeze()
        try:
            workers: list[asyncio.Task[None]] = [asyncio.create_task(self.verifier(http)) for http in verifiers]
            workers += [asyncio.create_task(self.cashier(http, n)) for n, http in enumerate(cashiers)]
            workers.append(asyncio.create_task(self.caller(caller)))
            await asyncio.gather(*workers)
            self.last_call = self.figures.calls_made
            self.stop_at = time.monotonic() + DRAIN_SECONDS
            await asyncio.gather(*screens)
        finally:
            gc.unfreeze()
        for http in [*verifiers, *cashiers, caller]:
            http.close()
        for count in range(self.plan.called_before + 1, self.figures.calls_made + 1):
            for seen in self.seen:
                if count in seen:
                    delay = (seen[count] - self.posted[count]) * 1000
                    self.figures.display_ms.append(delay)
                    self.figures.display_by_call.setdefault(count, []).append(delay)
                else:
                    self.figures.screens_missing += 1
        return self.figures


def on_a_loop(work: Coroutine[Any, Any, Figures]) -> Figures:
    """uvloop where it is installed (the server's loop too): the generator shares the server's cores."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def run(plan: Plan, start_after: int) -> Figures:
    """In a thread of its own: Playwright's sync API keeps an event loop in the main thread."""
    done: list[Figures] = []
    worker = threading.Thread(target=lambda: done.append(on_a_loop(Load(plan).run(start_after))), name="load")
    worker.start()
    worker.join()
    assert done, "the load run failed; see the output above"
    return done[0]
