"""Servers in their own processes for the tests that kill one or run two side by side, and the free
loopback ports they (and the printer emulator) listen on."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

from shared.platform.config import PROJECT_ROOT
from tests.support.live_server import healthy


def free_port() -> int:
    """A loopback TCP port nobody is listening on at the moment of asking."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Server:
    """`python -m tests.support.live_server` on a loopback port, over the test's database."""

    def __init__(
        self,
        database_url: str,
        port: int,
        now: str,
        instance: Path,
        crash_on: str | None = None,
        printers: Path | None = None,
    ) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.log = instance / f"server-{port}.log"
        env = {**os.environ, "FLASHBOARD_CRASH_ON": crash_on or "", "FLASHBOARD_LIVE_PRINTERS": str(printers or "")}
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "tests.support.live_server", database_url, str(port), now, str(instance)],
                cwd=PROJECT_ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
            )
        if not healthy(self.url, 150):
            self.kill()
            raise AssertionError(f"the server did not start: {self.log.read_text()[-2000:]}")

    def kill(self) -> None:
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
