"""Sign-in lockout: after repeated failures an account is locked for a while, so a PIN of four digits
cannot be guessed at a station."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class LockState:
    failed_attempts: int
    locked_until: datetime | None


def is_locked(state: LockState, now: datetime) -> bool:
    return state.locked_until is not None and now < state.locked_until


def after_failure(state: LockState, now: datetime, max_attempts: int, lock_minutes: int) -> LockState:
    """Count a failure; the one that reaches `max_attempts` locks the account for `lock_minutes`."""
    attempts = 0 if state.locked_until is not None and now >= state.locked_until else state.failed_attempts
    attempts += 1
    if attempts >= max_attempts:
        return LockState(failed_attempts=attempts, locked_until=now + timedelta(minutes=lock_minutes))
    return LockState(failed_attempts=attempts, locked_until=None)


CLEAR = LockState(failed_attempts=0, locked_until=None)
