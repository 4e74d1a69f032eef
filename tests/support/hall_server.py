"""The hall served in a thread of the test process, as `flashboard serve` serves it (uvicorn, the
live screens on its event loop), on a loopback port the browser tests reach."""

from __future__ import annotations

import socket
import threading
import time

import uvicorn
from flask import Flask

from shared.platform.live_screens import LiveHall


class HallServer:
    """uvicorn running `LiveHall(app)` on 127.0.0.1 in a daemon thread until `stop()`."""

    def __init__(self, app: Flask, threads: int = 24) -> None:
        self.app = app
        self.socket = socket.socket()
        self.socket.bind(("127.0.0.1", 0))
        self.port = int(self.socket.getsockname()[1])
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(
            LiveHall(app, threads),
            lifespan="on",
            log_level="warning",
            access_log=False,
            timeout_graceful_shutdown=1,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.socket]}, daemon=True)
        self.thread.start()
        for _ in range(200):
            if self.server.started:
                return
            time.sleep(0.02)
        raise AssertionError("the hall server did not start")

    def stop(self) -> None:
        self.app.extensions["flashboard.stopping"].set()
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.socket.close()
