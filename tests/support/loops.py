"""An event loop of the test's own, in a thread: Playwright's sync API keeps a loop running in the
main thread once the browser has started, and asyncio.run refuses to start a second one there."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")


def on_a_loop(work: Callable[[], Awaitable[T]]) -> T:
    """Run `work` on a loop of its own, in a thread, and hand back its result or its exception."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(asyncio.run(cast(Any, work)()))
        except BaseException as exc:  # noqa: BLE001 - handed back to the test's thread
            failed.append(exc)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if failed:
        raise failed[0]
    return done[0]
