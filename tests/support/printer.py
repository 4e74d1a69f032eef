"""emupos, the ESC/POS printer emulator the printer tests print to, and the receipts that reached it."""

from __future__ import annotations

import json
import socket
import subprocess
import threading
import time
import urllib.request
from collections.abc import Callable
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


class FaultyLine:
    """A printer's network line with a fault on it, between Flashboard and the emulator (or nothing):
    `cut_after` forwards that many bytes of the job, then drops the connection both ways (a cable
    pulled mid-job); `then` is called once that many bytes have passed instead (paper running out
    mid-job); with no emulator behind it, it answers the status requests "all well" and swallows the
    job (a printer that accepts a job and never prints it)."""

    def __init__(
        self, emulator: Emulator | None, cut_after: int | None = None, then: Callable[[], None] | None = None
    ) -> None:
        self.emulator, self.cut_after, self.then = emulator, cut_after, then
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.received = 0
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._line, args=(client,), daemon=True).start()

    def _line(self, client: socket.socket) -> None:
        with client:
            if self.emulator is None:
                self._swallow(client)
                return
            with socket.create_connection(("127.0.0.1", self.emulator.port)) as printer:
                threading.Thread(target=self._back, args=(printer, client), daemon=True).start()
                self._forward(client, printer)

    def _swallow(self, client: socket.socket) -> None:
        while data := client.recv(4096):
            for i in range(len(data) - 2):
                if data[i : i + 2] == b"\x10\x04":
                    client.sendall(b"\x12")

    def _back(self, printer: socket.socket, client: socket.socket) -> None:
        try:
            while data := printer.recv(4096):
                client.sendall(data)
        except OSError:
            pass

    def _forward(self, client: socket.socket, printer: socket.socket) -> None:
        while data := client.recv(64):
            status_only = len(data) == 3 and data.startswith(b"\x10\x04")
            if self.cut_after is not None and not status_only and self.received + len(data) >= self.cut_after:
                head = self.cut_after - self.received
                printer.sendall(data[:head])
                self.received += head
                if self.then is None:
                    self.cut_after = None
                    client.shutdown(socket.SHUT_RDWR)
                    printer.shutdown(socket.SHUT_RDWR)
                    return
                self.then()
                self.cut_after = None
                data = data[head:]
            if not status_only:
                self.received += len(data)
            printer.sendall(data)

    def close(self) -> None:
        self.listener.close()
