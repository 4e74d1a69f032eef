"""A Flashboard server in its own process, for the tests that kill one with SIGKILL or run two side
by side: the whole hall under uvicorn as `flashboard serve` runs it (the live screens on its event
loop), with the hall clock starting at the test's time and running on from there (the rules refuse
play before noon, so the wall clock cannot be used).

    python -m tests.support.live_server DATABASE_URL PORT ISO_TIME INSTANCE_PATH

FLASHBOARD_CRASH_ON=ACTION makes the process SIGKILL itself inside the transaction of that audited
action (the crash tests); FLASHBOARD_LIVE_PRINTERS names a stations' printers file. Or several
processes (the load test), with the same values in FLASHBOARD_LIVE_DATABASE_URL, FLASHBOARD_LIVE_NOW
and FLASHBOARD_LIVE_INSTANCE:

    uvicorn --factory tests.support.live_server:hall_app --workers 2
"""

from __future__ import annotations

import os
import signal
import sys
import time
import urllib.request
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from flask import Flask
from sqlalchemy.orm import Session

from shared.core.audit_chain import ChainFields
from shared.platform import audit
from shared.platform.app import create_app
from shared.platform.audit import Actor
from shared.platform.config import Settings
from shared.platform.live_screens import LiveHall, ready_to_serve, serve
from shared.printing import jobs as printing
from tests.support.factories import TEST_KDF_N

SECRET = "test-secret-key"


def healthy(url: str, tries: int = 300) -> bool:
    """Wait for a freshly started server's /healthz to answer 200 (a tenth of a second between tries)."""
    for _ in range(tries):
        try:
            with urllib.request.urlopen(url + "/healthz", timeout=1) as reply:
                if reply.status == 200:
                    return True
        except OSError:
            time.sleep(0.1)
    return False


def crash_on(action: str) -> None:
    """A fault for the crash tests: the process kills itself (SIGKILL) inside the transaction that
    records `action`, after its rows are flushed and before the commit; or, for "print", after the
    commit, as the receipt goes to the printer (before any answer leaves)."""
    if action == "print":

        def attempt(*args: Any, **kwargs: Any) -> Any:
            os.kill(os.getpid(), signal.SIGKILL)

        printing.attempt = attempt  # type: ignore[assignment]
        return
    original = audit.record

    def record(session: Session, actor: Actor, kind: str, *args: Any, **kwargs: Any) -> ChainFields:
        entry = original(session, actor, kind, *args, **kwargs)
        if kind == action:
            os.kill(os.getpid(), signal.SIGKILL)
        return entry

    audit.record = record  # type: ignore[assignment]


def test_app(database_url: str, now: str, instance: str) -> Flask:
    if os.environ.get("FLASHBOARD_CRASH_ON"):
        crash_on(os.environ["FLASHBOARD_CRASH_ON"])
    printers = os.environ.get("FLASHBOARD_LIVE_PRINTERS")
    settings = Settings(
        instance_path=Path(instance),
        database_url=database_url,
        secret_key=SECRET,
        idle_lock_minutes=0,
        printers_path=Path(printers) if printers else None,
    )
    app = create_app(settings, {"FLASHBOARD_KDF_N": TEST_KDF_N})
    started, base = time.monotonic(), datetime.fromisoformat(now)
    app.extensions["flashboard.clock"] = lambda: base + timedelta(seconds=time.monotonic() - started)
    return app


def hall_app() -> LiveHall:
    app = test_app(
        os.environ["FLASHBOARD_LIVE_DATABASE_URL"],
        os.environ["FLASHBOARD_LIVE_NOW"],
        os.environ["FLASHBOARD_LIVE_INSTANCE"],
    )
    return ready_to_serve(LiveHall(app, int(os.environ.get("FLASHBOARD_LIVE_THREADS", "48"))))


def main(argv: list[str]) -> None:
    database_url, port, now, instance = argv
    serve(LiveHall(test_app(database_url, now, instance), 12), host="127.0.0.1", port=int(port))


if __name__ == "__main__":
    main(sys.argv[1:])
