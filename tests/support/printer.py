"""emupos, the ESC/POS printer emulator the printer tests print to, and the receipts that reached it."""

from __future__ import annotations

import json
import subprocess
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass
class Emulator:
    """emupos, an ESC/POS printer emulator on a loopback TCP port, with its control API."""

    api: str
    port: int
    process: subprocess.Popen[bytes]
    config: Path

    def get(self, path: str) -> Any:
        with urllib.request.urlopen(self.api + path, timeout=10) as reply:
            return reply.read()

    def receipts(self) -> list[dict[str, Any]]:
        found: list[dict[str, Any]] = json.loads(self.get("/api/v1/devices/front/receipts"))
        return found

    def text(self, receipt_id: str) -> str:
        return str(self.get(f"/api/v1/devices/front/receipts/{receipt_id}/text").decode())

    def image(self, receipt_id: str) -> bytes:
        return bytes(self.get(f"/api/v1/devices/front/receipts/{receipt_id}/image"))

    def fault(self, name: str, active: bool) -> None:
        request = urllib.request.Request(
            self.api + f"/api/v1/devices/front/faults/{name}", method="PUT" if active else "DELETE"
        )
        urllib.request.urlopen(request, timeout=10).close()

    def start(self) -> None:
        log = open(self.config.parent / "emupos.log", "ab")
        self.process = subprocess.Popen(
            [str(self.config.parent / "bin-emupos"), "run", "--config", str(self.config)],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=self.config.parent,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                self.get("/api/v1/health")
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("the printer emulator did not start; see " + str(self.config.parent / "emupos.log"))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)


def arrived(emulator: Emulator, before: set[str], count: int) -> list[str]:
    """The `count` receipts that arrived since `before` was taken."""
    for _ in range(50):
        fresh = [str(r["id"]) for r in emulator.receipts() if r["id"] not in before]
        if len(fresh) >= count:
            assert len(fresh) == count, fresh
            return fresh
        time.sleep(0.1)
    raise AssertionError("no receipt arrived at the emulator")


def latest(emulator: Emulator, before: set[str]) -> str:
    """The one receipt that arrived since `before` was taken."""
    return arrived(emulator, before, 1)[0]


def seen(emulator: Emulator) -> set[str]:
    """The receipts the emulator holds now, taken before printing to find what arrives after."""
    return {str(r["id"]) for r in emulator.receipts()}
