"""A Flashboard server in its own process, for the tests that kill one with SIGKILL or run two side
by side: the real app under waitress, with the hall clock starting at the test's time and running
on from there (the rules refuse play before noon, so the wall clock cannot be used).

    python -m tests.live_server DATABASE_URL PORT ISO_TIME INSTANCE_PATH
"""
from __future__ import annotations

import sys
import time
from datetime import datetime, timedelta
from pathlib import Path

from waitress import serve

from shared.app import create_app
from shared.config import Settings
from tests.factories import TEST_KDF_N

SECRET = "test-secret-key"


def main(argv: list[str]) -> None:
    database_url, port, now, instance = argv
    settings = Settings(instance_path=Path(instance), database_url=database_url, secret_key=SECRET, idle_lock_minutes=0)
    app = create_app(settings, {"FLASHBOARD_KDF_N": TEST_KDF_N})
    started, base = time.monotonic(), datetime.fromisoformat(now)
    app.extensions["flashboard.clock"] = lambda: base + timedelta(seconds=time.monotonic() - started)
    serve(app, host="127.0.0.1", port=int(port), threads=12, channel_timeout=30)


if __name__ == "__main__":
    main(sys.argv[1:])
