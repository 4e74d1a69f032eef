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

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from shared import lockout, passwords
from shared.audit import Actor, record
from shared.lockout import Guard, LockoutPolicy
from shared.models import SignInGuard, User
from shared.roles import Role
from shared.services.staff import find_user
from shared.violations import RuleViolation, refuse

ANY_ACCOUNT = "*"
_DUMMY_HASH = passwords.hash_secret("not a real secret", 2**10)


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


SIGN_IN_REFUSED = ("Sign-in refused: that username and {secret} do not match, or the account is resting after too many "
                   "tries at this station. Try again in a few minutes, or ask an admin to unlock it.")
APPROVAL_REFUSED = ("Not approved: the approver must key their own username and PIN and be this organization's member in "
                    "charge; after too many tries the account rests at this station for a while.")


class SecretRefused(RuleViolation):
    """A refused secret check whose failure is already committed (counted and audited)."""


def _refusal(attempt: Attempt, approval: Approval | None) -> SecretRefused:
    if approval is not None:
        message, field, rule, status = APPROVAL_REFUSED, "approver_pin", approval.rule, 403
    else:
        message = SIGN_IN_REFUSED.format(secret="PIN" if attempt.by_pin else "password")
        field, rule, status = ("pin" if attempt.by_pin else "password"), None, 401
    exc = refuse("bad_credentials" if approval is None else "approval_refused", message, rule, field=field, status=status)
    return SecretRefused(exc.violation)


def _guard_rows(session: Session, subject: str, source: str, user_id: int | None) -> tuple[SignInGuard, SignInGuard]:
    """The account's guard at this address and the address's own, created if new, then row-locked in
    a fixed order ("*" first) so parallel checks queue instead of each reading the same count."""
    insert = pg_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    for who, uid in ((ANY_ACCOUNT, None), (subject, user_id)):
        session.execute(insert(SignInGuard).values(subject=who, source=source, user_id=uid, failures=0, lockouts=0)
                        .on_conflict_do_nothing(index_elements=["subject", "source"]))
    rows = {row.subject: row for row in session.scalars(
        select(SignInGuard).where(SignInGuard.source == source, SignInGuard.subject.in_([ANY_ACCOUNT, subject]))
        .order_by(SignInGuard.subject).with_for_update().execution_options(populate_existing=True))}
    return rows[ANY_ACCOUNT], rows[subject]


def _state(row: SignInGuard) -> Guard:
    return Guard(failures=row.failures, lockouts=row.lockouts, locked_until=row.locked_until, window_start=row.window_start)


def _store(row: SignInGuard, guard: Guard) -> None:
    row.failures, row.lockouts, row.locked_until, row.window_start = (guard.failures, guard.lockouts, guard.locked_until,
                                                                      guard.window_start)


def authenticate(session: Session, attempt: Attempt, now: datetime, policy: LockoutPolicy,
                 approval: Approval | None = None) -> User:
    """Check the secret under the guards' row locks; commit the outcome and its audit entry; return
    the user or raise the one refusal. A locked guard is not even tried (a locked account approves
    nothing); a dummy hash keeps every answer as slow as a real check."""
    user = find_user(session, attempt.username)
    known = user is not None and user.is_active
    subject = f"user:{user.id}" if known and user is not None else f"name:{attempt.username.strip().lower()[:60]}"
    source = attempt.address[:100]
    source_row, account_row = _guard_rows(session, subject, source, user.id if known and user is not None else None)
    who = Actor(user.id if known and user is not None else None, user.username if known and user is not None else attempt.username[:64],
                attempt.station)
    purpose = "approval" if approval is not None else "signin"
    details: dict[str, object] = {"pin": attempt.by_pin, "purpose": purpose, "address": source, "username": attempt.username[:64]}
    if lockout.is_locked(_state(source_row), now) or lockout.is_locked(_state(account_row), now):
        passwords.verify_secret(attempt.secret, _DUMMY_HASH)
        record(session, who, "security.signin_refused_locked", "user", subject, details, now)
        session.commit()
        raise _refusal(attempt, approval)
    stored = (user.pin_hash if attempt.by_pin else user.password_hash) if known and user is not None else None
    right = passwords.verify_secret(attempt.secret, stored if stored is not None else _DUMMY_HASH) and stored is not None
    reason = None if right else ("unknown_user" if not known else "no_pin" if stored is None else "bad_secret")
    if right and approval is not None and user is not None:
        allowed = approval.roles & {Role(r) for r in user.role_names}
        in_org = Role.ADMIN in allowed or (user.member is not None and user.member.organization_id == approval.organization_id)
        if not allowed or not in_org:
            reason = "not_an_approver" if not allowed else "other_organization"
    if reason is None and user is not None:
        _store(account_row, lockout.after_success(_state(account_row)))
        if approval is None:
            record(session, who, "security.signin_success", "user", user.id, details, now)
            session.commit()
        return user
    account = lockout.after_failure(_state(account_row), now, policy, lockout.account_limit(policy))
    address = lockout.after_failure(_state(source_row), now, policy, lockout.source_limit(policy))
    _store(account_row, account)
    _store(source_row, address)
    record(session, who, "security.signin_failure", "user", subject, {**details, "reason": reason}, now)
    for row, guard in ((account_row, account), (source_row, address)):
        if guard.locked_until is not None and lockout.is_locked(guard, now) and row.failures == 0:
            record(session, who, "security.lockout", "user", row.subject,
                   {"address": source, "until": guard.locked_until.isoformat(), "lockouts": guard.lockouts}, now)
    session.commit()
    raise _refusal(attempt, approval)
