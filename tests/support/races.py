"""Calls raced against each other: every one started at the same instant from its own thread."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls at the same instant from their own threads; their replies in order."""
    start = threading.Barrier(len(calls))
    replies: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        start.wait()
        replies[index] = calls[index]()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return replies
