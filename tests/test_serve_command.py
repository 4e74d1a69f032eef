"""The README's first command as a hall runs it: `flashboard serve --demo` in a process of its own, on
SQLite, one server process. Each request has a context of its own: the eleventh session found that the
command served every request in its own app context, so every request shared one `g` and the first
request's database session; after a page was read (a read-only session), every PIN sign-in failed with a
server error."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from http.cookiejar import CookieJar
from pathlib import Path
from urllib.error import URLError
from urllib.parse import urlencode

import pytest

LOGIN = re.compile(r"^\s+(\w+)\s+(\w+)\s+(\S+)\s+(\d{6})$")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _command() -> list[str]:
    installed = Path(sys.executable).with_name("flashboard")
    if installed.exists():
        return [str(installed)]
    return [sys.executable, "-c", "from shared.platform.cli import main; main()"]


@pytest.fixture
def demo_hall(tmp_path: Path) -> Iterator[tuple[str, dict[str, str]]]:
    """The demo hall served by the command: its address and each demo username's PIN."""
    port = _free_port()
    environment = {k: v for k, v in os.environ.items() if not k.startswith("FLASHBOARD_")}
    environment["FLASHBOARD_INSTANCE_PATH"] = str(tmp_path / "instance")
    server = subprocess.Popen(
        [*_command(), "serve", "--demo", "--host", "127.0.0.1", "--port", str(port)],
        env=environment,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    pins: dict[str, str] = {}
    try:
        assert server.stdout is not None
        for line in server.stdout:
            found = LOGIN.match(line.rstrip("\n"))
            if found:
                pins[found.group(2)] = found.group(4)
            if line.startswith("Flashboard is at"):
                break
        threading.Thread(target=server.stdout.read, daemon=True).start()  # the log never fills the pipe
        url = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                urllib.request.urlopen(url + "/pin", timeout=2).close()
                break
            except URLError:
                assert server.poll() is None, "the server stopped"
                time.sleep(0.05)
        yield url, pins
    finally:
        server.terminate()
        server.wait(timeout=20)


def _station() -> urllib.request.OpenerDirector:
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))


def _sign_in_by_pin(station: urllib.request.OpenerDirector, url: str, username: str, pin: str) -> str:
    page = station.open(url + "/pin", timeout=10).read().decode()
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token is not None
    form = urlencode({"csrf_token": token.group(1), "username": username, "pin": pin}).encode()
    with station.open(url + "/pin", form, timeout=10) as answer:
        assert answer.status == 200
        return str(answer.url)


def test_readme_serve_demo_signs_stations_in_by_pin_after_pages_were_read(
    demo_hall: tuple[str, dict[str, str]],
) -> None:
    url, pins = demo_hall
    assert {"director", "caller", "cashier"} <= pins.keys()
    assert _sign_in_by_pin(_station(), url, "director", pins["director"]).startswith(url + "/poker/director")
    assert _sign_in_by_pin(_station(), url, "caller", pins["caller"]).startswith(url + "/bingo/caller")
