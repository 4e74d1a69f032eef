"""Flashboard staff access: the lockout rules for every secret check (a sign-in or an approver's PIN).

Failures are counted three times, each on its own guard, within a day: the account as tried from
one address, the address itself, and the account from every address. An account locks at that
address after `attempts` failures, so a stranger at one tablet cannot lock the member in charge out
of every other station on a busy night; an address locks after `attempts × SOURCE_FACTOR` failures
on any accounts, so one tablet cannot walk the staff list; an account locks everywhere after
`attempts × SOURCE_FACTOR` failures from any addresses, so many addresses do not multiply the
guesses. Failures are remembered for a day, so a slow guesser pausing between tries is counted
all the same. Each further lockout of a guard lasts twice as long as the one before (backoff), up
to a day, and the backoff is forgotten after a quiet day: a 4-digit PIN would take years.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

SOURCE_FACTOR = 4
"""An address, or an account from all addresses, may fail this many times the per-account count."""
LONGEST_LOCK = timedelta(hours=24)
WINDOW = timedelta(hours=24)
"""How long a failure is remembered."""


@dataclass(frozen=True)
class LockoutPolicy:
    attempts: int
    minutes: int
    kdf_n: int = 2**14
    """scrypt's cost for the stand-in check, so a refusal without a real hash takes as long."""


@dataclass(frozen=True)
class Guard:
    """One counter: failures in the current window, lockouts so far (for the backoff), and the lock."""

    failures: int = 0
    lockouts: int = 0
    locked_until: datetime | None = None
    window_start: datetime | None = None


def is_locked(guard: Guard, now: datetime) -> bool:
    """Flashboard house rule (staff access, this module's docstring): the guard is locked until its lock
    runs out."""
    return guard.locked_until is not None and now < guard.locked_until


def lock_length(policy: LockoutPolicy, lockouts: int) -> timedelta:
    """Flashboard house rule (staff access, this module's docstring): the n-th lockout lasts minutes ×
    2^(n-1), never more than a day.

    >>> policy = LockoutPolicy(attempts=5, minutes=15)
    >>> lock_length(policy, 1), lock_length(policy, 3), lock_length(policy, 30)
    (datetime.timedelta(seconds=900), datetime.timedelta(seconds=3600), datetime.timedelta(days=1))
    """
    length: timedelta = timedelta(minutes=policy.minutes) * 2 ** min(max(lockouts - 1, 0), 20)
    return min(length, LONGEST_LOCK)


def after_failure(guard: Guard, now: datetime, policy: LockoutPolicy, limit: int) -> Guard:
    """Flashboard house rule (staff access, this module's docstring): count one failure. Failures are
    counted in a window of a day from the first; the backoff is forgotten after a quiet day (from the
    window's start or the last lock); the failure that reaches `limit` locks the guard, each lock twice as
    long as the one before.

    >>> from datetime import datetime, timedelta
    >>> policy = LockoutPolicy(attempts=5, minutes=15)
    >>> now = datetime(2026, 5, 9, 19, 0)
    >>> guard = Guard()
    >>> for _ in range(5):
    ...     guard = after_failure(guard, now, policy, account_limit(policy))
    >>> guard.lockouts, guard.locked_until
    (1, datetime.datetime(2026, 5, 9, 19, 15))
    >>> is_locked(guard, now + timedelta(minutes=14)), is_locked(guard, now + timedelta(minutes=15))
    (True, False)
    """
    last = guard.window_start or guard.locked_until
    lockouts = 0 if last is not None and now - last > WINDOW else guard.lockouts
    fresh = guard.window_start is None or now - guard.window_start > WINDOW
    failures = 1 if fresh else guard.failures + 1
    start = now if fresh else guard.window_start
    if failures >= limit:
        lockouts += 1
        return Guard(failures=0, lockouts=lockouts, locked_until=now + lock_length(policy, lockouts), window_start=None)
    return Guard(failures=failures, lockouts=lockouts, locked_until=guard.locked_until, window_start=start)


def rested_recently(guard: Guard, now: datetime) -> bool:
    """Flashboard house rule (staff access, this module's docstring): the guard locked within the last day:
    an address that already rested an account has given the account-everywhere guard its share, so one
    tablet alone never rests an account everywhere.

    >>> from datetime import datetime, timedelta
    >>> policy = LockoutPolicy(attempts=5, minutes=15)
    >>> now = datetime(2026, 5, 9, 19, 0)
    >>> locked = Guard(lockouts=1, locked_until=now + timedelta(minutes=15))
    >>> rested_recently(locked, now), rested_recently(locked, now + timedelta(days=2)), rested_recently(Guard(), now)
    (True, False, False)
    """
    last = guard.window_start or guard.locked_until
    return guard.lockouts > 0 and last is not None and now - last <= WINDOW


def after_success(guard: Guard) -> Guard:
    """Flashboard house rule (staff access, this module's docstring): the right secret clears the account's
    guard at that address (not the address's own).

    >>> after_success(Guard(failures=3, lockouts=2))
    Guard(failures=0, lockouts=0, locked_until=None, window_start=None)
    """
    return replace(guard, failures=0, lockouts=0, locked_until=None, window_start=None)


def account_limit(policy: LockoutPolicy) -> int:
    """Flashboard house rule (staff access, this module's docstring): an account locks at one address after
    `attempts` failures."""
    return policy.attempts


def everywhere_limit(policy: LockoutPolicy) -> int:
    """Flashboard house rule (staff access, this module's docstring): an account locks everywhere after
    `attempts × SOURCE_FACTOR` failures from any addresses, so many addresses do not multiply the guesses."""
    return policy.attempts * SOURCE_FACTOR


def source_limit(policy: LockoutPolicy) -> int:
    """Flashboard house rule (staff access, this module's docstring): an address locks after `attempts ×
    SOURCE_FACTOR` failures on any accounts, so one tablet cannot walk the staff list.

    >>> policy = LockoutPolicy(attempts=5, minutes=15)
    >>> account_limit(policy), source_limit(policy), everywhere_limit(policy)
    (5, 20, 20)
    """
    return policy.attempts * SOURCE_FACTOR
