"""Reading a live screen's Server-Sent Events over HTTP from a served hall, as a TV does."""

from __future__ import annotations

import http.client
import json
from typing import Any
from urllib.parse import urlsplit


def read_events(
    url: str, path: str, last_id: int, wanted: int, cookie: str = "", seconds: float = 15.0
) -> list[dict[str, Any]]:
    """The first `wanted` events after `last_id` on the stream at `path`: each its id and its data
    read as JSON. Fails (socket timeout) if they do not come within `seconds` of each other."""
    where = urlsplit(url)
    connection = http.client.HTTPConnection(where.hostname or "127.0.0.1", where.port, timeout=seconds)
    headers = {"Last-Event-ID": str(last_id), **({"Cookie": cookie} if cookie else {})}
    connection.request("GET", path, headers=headers)
    reply = connection.getresponse()
    assert reply.status == 200, reply.read()[:500]
    assert reply.getheader("Content-Type", "").startswith("text/event-stream")
    events: list[dict[str, Any]] = []
    buffer = ""
    try:
        while len(events) < wanted:
            line = reply.fp.readline().decode()
            if not line:
                break
            buffer += line
            if line != "\n":
                continue
            fields = dict(
                entry.split(": ", 1) for entry in buffer.splitlines() if ": " in entry and not entry.startswith(":")
            )
            buffer = ""
            if "data" in fields:
                events.append({"id": int(fields["id"]), "board": json.loads(fields["data"])})
    finally:
        connection.close()
    return events
