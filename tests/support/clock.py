"""The hall clock a test moves by hand, in place of the wall clock (the rules refuse play before noon)."""

from __future__ import annotations

from datetime import datetime, timedelta


class Clock:
    """A hall clock the test moves by hand: the app reads it through app.extensions."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)
