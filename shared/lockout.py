"""Flashboard staff access: the lockout rules for every secret check (a sign-in or an approver's PIN).

Failures are counted twice, each on its own guard: the account as tried from one address, and the
address itself. An account locks at that address after `attempts` failures, so a stranger at one
tablet cannot lock the member in charge out of every other station on a busy night; an address
locks after `attempts × SOURCE_FACTOR` failures on any accounts, so one tablet cannot walk the
staff list. Each further lockout of a guard lasts twice as long as the one before (backoff), up to
a day, so guessing a 4-digit PIN from a handful of addresses takes years, not minutes.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

SOURCE_FACTOR = 4
"""An address may fail this many times the per-account count before it locks itself."""
LONGEST_LOCK = timedelta(hours=24)


@dataclass(frozen=True)
class LockoutPolicy:
    attempts: int
    minutes: int


@dataclass(frozen=True)
class Guard:
    """One counter: failures in the current window, lockouts so far (for the backoff), and the lock."""

    failures: int = 0
    lockouts: int = 0
    locked_until: datetime | None = None
    window_start: datetime | None = None


def is_locked(guard: Guard, now: datetime) -> bool:
    return guard.locked_until is not None and now < guard.locked_until


def lock_length(policy: LockoutPolicy, lockouts: int) -> timedelta:
    """The n-th lockout lasts minutes × 2^(n-1), never more than a day."""
    length: timedelta = timedelta(minutes=policy.minutes) * 2 ** min(max(lockouts - 1, 0), 20)
    return min(length, LONGEST_LOCK)


def after_failure(guard: Guard, now: datetime, policy: LockoutPolicy, limit: int) -> Guard:
    """Count one failure. Failures older than the lock period are forgotten (a window), lockouts
    only after a quiet day; the failure that reaches `limit` locks the guard with the backoff."""
    window = timedelta(minutes=policy.minutes)
    fresh = guard.window_start is None or now - guard.window_start > window
    lockouts = 0 if guard.window_start is not None and now - guard.window_start > LONGEST_LOCK + window else guard.lockouts
    failures = 1 if fresh else guard.failures + 1
    start = now if fresh else guard.window_start
    if failures >= limit:
        lockouts += 1
        return Guard(failures=0, lockouts=lockouts, locked_until=now + lock_length(policy, lockouts), window_start=None)
    return Guard(failures=failures, lockouts=lockouts, locked_until=guard.locked_until, window_start=start)


def after_success(guard: Guard) -> Guard:
    """The right secret clears the account's guard at that address (not the address's own)."""
    return replace(guard, failures=0, lockouts=0, locked_until=None, window_start=None)


def account_limit(policy: LockoutPolicy) -> int:
    return policy.attempts


def source_limit(policy: LockoutPolicy) -> int:
    return policy.attempts * SOURCE_FACTOR
