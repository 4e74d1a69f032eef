"""Flashboard staff access: every secret check is a sign-in. The PIN pad, the back-office password
form, the API's sign-in and an approver's PIN at the till (a void, 10 DE Admin Code 101-4.1) all go
through `authenticate`, so each has the same lockout, the same audit entry per failure and the same
answer for every failure: a wrong secret, a name that is no account, an account resting after too
many tries, and (for an approval) the right PIN of someone who may not approve all read alike.

A failure is committed on its own at once, so a refused guess stays counted and audited although
the request that carried it is refused. A sign-in's success is committed with its audit entry; an
approval's success is part of the action it allows, whose own audit entry names the approver, so a
refused void leaves no trace of an approval. The guard rows are always the first locks a request
takes (before bingo.services.locks' order), so holding them while the action runs deadlocks nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import and_, or_, select
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from shared.core import lockout, passwords
from shared.core.lockout import Guard, LockoutPolicy
from shared.core.roles import Role
from shared.core.violations import RuleViolation, refuse
from shared.hall.models import SignInGuard, User
from shared.hall.rules import hall_refusals
from shared.hall.services.staff import find_user
from shared.platform.audit import Actor, record

ANY_ACCOUNT = "*"
EVERYWHERE = "(every address)"
"""Not an address a request can come from (a forged header included), so the three guards are three rows."""
_STAND_INS: dict[int, str] = {}


def _stand_in(n: int) -> str:
    """A hash at the accounts' own scrypt cost, checked when there is no real one (no account, no
    PIN, a resting guard), so every refusal takes as long as a wrong secret."""
    if n not in _STAND_INS:
        _STAND_INS[n] = passwords.hash_secret("not a real secret", n)
    return _STAND_INS[n]


@dataclass(frozen=True)
class Attempt:
    """One secret check: who says they are keying it, from which station and network address."""

    username: str
    secret: str
    by_pin: bool
    station: str
    address: str


@dataclass(frozen=True)
class Approval:
    """What an approval needs beyond the right PIN: one of these roles, in this organization."""

    roles: frozenset[Role]
    organization_id: int | None
    rule: str


SIGN_IN_REFUSED = "Wrong username or {secret}, or too many tries here: wait a few minutes or ask an admin."


class SecretRefused(RuleViolation):
    """A refused secret check whose failure is already committed (counted and audited)."""


def _refusal(attempt: Attempt, approval: Approval | None) -> SecretRefused:
    """The one answer for every failure: an approval's under its rule (hall_refusals.approval_refusal), a
    sign-in's citing nothing. Raised as a SecretRefused, not check()'s plain RuleViolation: the failure is
    committed already, and the API tells such a refusal apart (it releases the request's idempotency key)."""
    if approval is not None:
        return SecretRefused(hall_refusals.approval_refusal(approval.rule))
    message = SIGN_IN_REFUSED.format(secret="PIN" if attempt.by_pin else "password")
    exc = refuse("bad_credentials", message, None, field="pin" if attempt.by_pin else "password", status=401)
    return SecretRefused(exc.violation)


@dataclass
class Guards:
    """The three counters one secret check moves: the address's, the account's at that address, and
    the account's from every address."""

    address: SignInGuard
    account_here: SignInGuard
    account_everywhere: SignInGuard

    def limits(self, policy: LockoutPolicy) -> list[tuple[SignInGuard, int]]:
        return [
            (self.address, lockout.source_limit(policy)),
            (self.account_here, lockout.account_limit(policy)),
            (self.account_everywhere, lockout.everywhere_limit(policy)),
        ]


def _insert_or_skip(session: Session) -> Callable[..., Any]:
    """This engine's INSERT that can skip a row already there (ON CONFLICT DO NOTHING). PostgreSQL's is
    imported here, with its engine loaded already, so a hall on SQLite never loads it (issue 21: cold start)."""
    if session.get_bind().dialect.name == "postgresql":
        from sqlalchemy.dialects.postgresql import insert

        return insert
    return sqlite_insert


def _guard_rows(session: Session, subject: str, source: str, user_id: int | None) -> Guards:
    """The three guards, created if new, then row-locked in one fixed order (subject, source) so
    parallel checks queue instead of each reading the same count."""
    insert = _insert_or_skip(session)
    wanted = [(ANY_ACCOUNT, source, None), (subject, source, user_id), (subject, EVERYWHERE, user_id)]
    for who, where, uid in wanted:
        session.execute(
            insert(SignInGuard)
            .values(subject=who, source=where, user_id=uid, failures=0, lockouts=0)
            .on_conflict_do_nothing(index_elements=["subject", "source"])
        )
    rows = {
        (row.subject, row.source): row
        for row in session.scalars(
            select(SignInGuard)
            .where(or_(*(and_(SignInGuard.subject == who, SignInGuard.source == where) for who, where, _ in wanted)))
            .order_by(SignInGuard.subject, SignInGuard.source)
            .with_for_update()
            .execution_options(populate_existing=True)
        )
    }
    return Guards(rows[(ANY_ACCOUNT, source)], rows[(subject, source)], rows[(subject, EVERYWHERE)])


def _state(row: SignInGuard) -> Guard:
    return Guard(
        failures=row.failures, lockouts=row.lockouts, locked_until=row.locked_until, window_start=row.window_start
    )


def _store(row: SignInGuard, guard: Guard) -> None:
    row.failures, row.lockouts, row.locked_until, row.window_start = (
        guard.failures,
        guard.lockouts,
        guard.locked_until,
        guard.window_start,
    )


def authenticate(
    session: Session, attempt: Attempt, now: datetime, policy: LockoutPolicy, approval: Approval | None = None
) -> User:
    """Check the secret under the guards' row locks; commit the outcome and its audit entry; return
    the user or raise the one refusal. A locked guard is not even tried (a locked account approves
    nothing); a dummy hash keeps every answer as slow as a real check."""
    user = find_user(session, attempt.username)
    known = user is not None and user.is_active
    subject = f"user:{user.id}" if known and user is not None else f"name:{attempt.username.strip().lower()[:60]}"
    source = attempt.address[:100]
    guards = _guard_rows(session, subject, source, user.id if known and user is not None else None)
    who = Actor(
        user.id if known and user is not None else None,
        user.username if known and user is not None else attempt.username[:64],
        attempt.station,
    )
    purpose = "approval" if approval is not None else "signin"
    details: dict[str, object] = {
        "pin": attempt.by_pin,
        "purpose": purpose,
        "address": source,
        "username": attempt.username[:64],
    }
    stand_in = _stand_in(policy.kdf_n)
    if any(lockout.is_locked(_state(row), now) for row, _ in guards.limits(policy)):
        passwords.verify_secret(attempt.secret, stand_in)
        record(session, who, "security.signin_refused_locked", "user", who.user_id or subject, details, now)
        session.commit()
        raise _refusal(attempt, approval)
    stored = (user.pin_hash if attempt.by_pin else user.password_hash) if known and user is not None else None
    right = passwords.verify_secret(attempt.secret, stored if stored is not None else stand_in) and stored is not None
    reason = None if right else ("unknown_user" if not known else "no_pin" if stored is None else "bad_secret")
    if right and approval is not None and user is not None:
        allowed = approval.roles & {Role(r) for r in user.role_names}
        in_org = Role.ADMIN in allowed or (
            user.member is not None and user.member.organization_id == approval.organization_id
        )
        if not allowed or not in_org:
            reason = "not_an_approver" if not allowed else "other_organization"
    if reason is None and user is not None:
        _store(guards.account_here, lockout.after_success(_state(guards.account_here)))
        if not lockout.is_locked(_state(guards.address), now):
            guards.address.failures, guards.address.window_start = 0, None
        if approval is None:
            record(session, who, "security.signin_success", "user", user.id, details, now)
            session.commit()
        return user
    record(session, who, "security.signin_failure", "user", who.user_id or subject, {**details, "reason": reason}, now)
    already_rested_here = lockout.rested_recently(_state(guards.account_here), now)
    for row, limit in guards.limits(policy):
        if row is guards.account_everywhere and already_rested_here:
            continue
        after = lockout.after_failure(_state(row), now, policy, limit)
        _store(row, after)
        if after.window_start is None and after.locked_until is not None:
            record(
                session,
                who,
                "security.lockout",
                "user",
                f"{row.subject}@{row.source}",
                {"address": row.source, "until": after.locked_until.isoformat(), "lockouts": after.lockouts},
                now,
            )
    session.commit()
    raise _refusal(attempt, approval)
