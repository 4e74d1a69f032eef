"""Reading a live screen's Server-Sent Events over HTTP from a served hall, as a TV does."""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit


class EventReader:
    """One open stream: its events one at a time, each its id and its data read as JSON. A read
    that waits `seconds` with nothing arriving fails (socket timeout)."""

    def __init__(self, url: str, path: str, last_id: int, cookie: str = "", seconds: float = 15.0) -> None:
        where = urlsplit(url)
        self.connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=seconds)
        headers = {"Last-Event-ID": str(last_id), **({"Cookie": cookie} if cookie else {})}
        self.connection.request("GET", path, headers=headers)
        self.reply = self.connection.getresponse()
        assert self.reply.status == 200, self.reply.read()[:500]
        assert self.reply.getheader("Content-Type", "").startswith("text/event-stream")

    def next_event(self) -> dict[str, Any] | None:
        """The next event with data (pings and the retry line skipped), or None when the stream ends."""
        block = ""
        while line := self.reply.readline().decode():
            if line != "\n":
                block += line
                continue
            fields = dict(
                entry.split(": ", 1) for entry in block.splitlines() if ": " in entry and not entry.startswith(":")
            )
            block = ""
            if "data" in fields:
                return {"id": int(fields["id"]), "board": json.loads(fields["data"])}
        return None

    def close(self) -> None:
        self.connection.close()


def read_events(
    url: str, path: str, last_id: int, wanted: int, cookie: str = "", seconds: float = 15.0
) -> list[dict[str, Any]]:
    """The first `wanted` events after `last_id` on the stream at `path`."""
    reader = EventReader(url, path, last_id, cookie, seconds)
    events: list[dict[str, Any]] = []
    try:
        while len(events) < wanted and (event := reader.next_event()) is not None:
            events.append(event)
    finally:
        reader.close()
    return events
