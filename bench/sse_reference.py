"""The reference for the live screens' fan-out (issue 21): a minimal asyncio Server-Sent Events
server, one process and one thread, that writes each "call" to every connected screen, measured
with the same screen client (tests/support/load.py: Screen) and the same cadence as the hall.

    .venv/bin/python bench/sse_reference.py [--screens 1000] [--calls 30] [--every 1.0]

It answers any GET with an event stream and `POST /call` by writing one board-sized event to every
stream; the figure is the time from the POST to each screen receiving it. Traffic stays on
127.0.0.1 and the run stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import socket
import subprocess
import sys
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any, TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.support.load import Screen, percentiles  # noqa: E402

T = TypeVar("T")
BOARD_BYTES = 1800  # about the size of the flashboard's board event


class Reference:
    """The server: the open streams, and a broadcast per call."""

    def __init__(self) -> None:
        self.streams: set[asyncio.StreamWriter] = set()
        self.count = 0

    async def handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            request = await reader.readuntil(b"\r\n\r\n")
        except asyncio.IncompleteReadError:  # the start-up probe: connected and gone
            writer.close()
            return
        if request.startswith(b"POST /call"):
            self.count += 1
            data = json.dumps({"game": {"count": self.count}, "padding": "x" * BOARD_BYTES})
            chunk = f"id: {self.count}\nevent: board\ndata: {data}\n\n".encode()
            for stream in list(self.streams):
                stream.write(chunk)
            writer.write(b"HTTP/1.1 201 Created\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
            await writer.drain()
            writer.close()
            return
        writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n\r\n")
        writer.write(b"retry: 1000\n\n")
        self.streams.add(writer)
        try:
            await reader.read()
        finally:
            self.streams.discard(writer)
            writer.close()


async def call(port: int) -> float:
    """POST a call; the moment it was sent."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    sent = time.monotonic()
    writer.write(b"POST /call HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
    await writer.drain()
    await reader.read()
    writer.close()
    return sent


async def serve(port: int) -> None:
    """The reference server alone, in its own process (as the hall's server is apart from its load)."""
    reference = Reference()
    server = await asyncio.start_server(reference.handle, "127.0.0.1", port, backlog=4096)
    async with server:
        await server.serve_forever()


async def measure(port: int, screens: int, calls: int, every: float) -> dict[str, object]:
    loop = asyncio.get_running_loop()
    seen: list[dict[int, float]] = []
    tvs: list[Screen] = []
    for _ in range(screens):
        got: dict[int, float] = {}
        seen.append(got)
        _, tv = await loop.create_connection(lambda got=got: Screen(got), "127.0.0.1", port)  # type: ignore[misc]
        tv.open("reference", 0)
        tvs.append(tv)
    await asyncio.gather(*(tv.answered for tv in tvs))
    posted: dict[int, float] = {}
    for count in range(1, calls + 1):
        await asyncio.sleep(every)
        posted[count] = await call(port)
    await asyncio.sleep(2.0)
    delays = [(got[count] - posted[count]) * 1000 for got in seen for count in posted if count in got]
    missing = sum(1 for got in seen for count in posted if count not in got)
    for tv in tvs:
        tv.close()
    return {"call_to_display": percentiles(delays), "deliveries_missing": missing, "screens": screens}


def on_a_loop(work: Coroutine[Any, Any, T]) -> T:
    try:
        import uvloop
    except ImportError:
        return asyncio.run(work)
    return uvloop.run(work)


def run(screens: int, calls: int, every: float) -> dict[str, object]:
    """The reference server in a process of its own, and the screens and calls from this one."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    server = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        return on_a_loop(measure(port, screens, calls, every))
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screens", type=int, default=1000)
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        on_a_loop(serve(args.serve))
        return
    figures = run(args.screens, args.calls, args.every)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
