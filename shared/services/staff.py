"""Staff accounts and sign-in. Every sign-in success and failure, lockout and role change is an
audit entry, so the security record is as tamper-evident as the money."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from shared import lockout, passwords
from shared.audit import Actor, record
from shared.lockout import LockState
from shared.models import Member, User, UserRole
from shared.roles import Role
from shared.services.common import finish, get_or_refuse
from shared.violations import refuse


@dataclass(frozen=True)
class KdfCost:
    """scrypt's N; tests lower it so a suite that makes hundreds of accounts stays fast."""

    n: int = passwords.DEFAULT_N


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.username)))


def find_user(session: Session, username: str) -> User | None:
    return session.scalar(select(User).where(func.lower(User.username) == username.strip().lower()))


def create_user(session: Session, actor: Actor, now: datetime, data: dict[str, Any], cost: KdfCost) -> User:
    if find_user(session, data["username"]) is not None:
        raise refuse("duplicate", f"The username {data['username']!r} is taken.", None, field="username", status=409)
    problem = passwords.password_problem(data["password"])
    if problem:
        raise refuse("weak_password", problem, None, field="password")
    pin = data.get("pin")
    if pin is not None and (problem := passwords.pin_problem(pin)):
        raise refuse("bad_pin", problem, None, field="pin")
    member_id = data.get("member_id")
    if member_id is not None:
        get_or_refuse(session, Member, member_id, "member_id", "member")
    user = User(
        username=data["username"].strip(),
        display_name=data["display_name"],
        member_id=member_id,
        password_hash=passwords.hash_secret(data["password"], cost.n),
        pin_hash=passwords.hash_secret(pin, cost.n) if pin else None,
        is_active=True,
        failed_attempts=0,
        session_epoch=0,
        roles=[UserRole(role=r.value) for r in sorted(set(data["roles"]))],
    )
    session.add(user)
    finish(session, actor, now, "security.user_create", user, "user",
           {"username": user.username, "roles": user.role_names, "member_id": member_id})
    return user


def set_roles(session: Session, actor: Actor, now: datetime, user_id: int, roles: list[Role]) -> User:
    """A role change signs the user out everywhere (their session epoch moves on)."""
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    before = user.role_names
    wanted = sorted({r.value for r in roles})
    if actor.user_id == user.id and Role.ADMIN.value in before and Role.ADMIN.value not in wanted:
        raise refuse("self_demotion", "You cannot remove your own admin role; ask another admin.", None, field="roles", status=409)
    user.roles = [UserRole(role=r) for r in wanted]
    user.session_epoch += 1
    finish(session, actor, now, "security.role_change", user, "user", {"from": before, "to": wanted})
    return user


def set_secrets(session: Session, actor: Actor, now: datetime, user_id: int, data: dict[str, Any], cost: KdfCost) -> User:
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    changed = []
    if data.get("password"):
        if problem := passwords.password_problem(data["password"]):
            raise refuse("weak_password", problem, None, field="password")
        user.password_hash = passwords.hash_secret(data["password"], cost.n)
        changed.append("password")
    if data.get("pin"):
        if problem := passwords.pin_problem(data["pin"]):
            raise refuse("bad_pin", problem, None, field="pin")
        user.pin_hash = passwords.hash_secret(data["pin"], cost.n)
        changed.append("pin")
    if not changed:
        raise refuse("nothing_to_change", "Give a new password or PIN.", None, field="password")
    user.session_epoch += 1
    finish(session, actor, now, "security.secret_change", user, "user", {"changed": changed})
    return user


def unlock(session: Session, actor: Actor, now: datetime, user_id: int) -> User:
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    user.failed_attempts = 0
    user.locked_until = None
    finish(session, actor, now, "security.unlock", user, "user", {})
    return user


@dataclass(frozen=True)
class LockoutPolicy:
    attempts: int
    minutes: int


_DUMMY_HASH = passwords.hash_secret("not a real password", 2**10)


def sign_in(
    session: Session, station: Actor, now: datetime, username: str, secret: str, by_pin: bool, policy: LockoutPolicy
) -> User:
    """Check a password (back office) or PIN (station). Failures count toward lockout; each outcome
    is audited. The refusal never says whether the username exists."""
    user = find_user(session, username)
    bad = refuse("bad_credentials", "That username and " + ("PIN" if by_pin else "password") + " do not match.",
                 None, field="pin" if by_pin else "password", status=401)
    if user is None or not user.is_active:
        passwords.verify_secret(secret, _DUMMY_HASH)
        record(session, station, "security.signin_failure", "user", username[:64], {"reason": "unknown_user", "pin": by_pin}, now)
        session.commit()
        raise bad
    state = LockState(user.failed_attempts, user.locked_until)
    who = Actor(user.id, user.username, station.station)
    if lockout.is_locked(state, now):
        record(session, who, "security.signin_refused_locked", "user", user.id, {"pin": by_pin}, now)
        session.commit()
        until = state.locked_until.astimezone(now.tzinfo) if state.locked_until else now
        raise refuse("locked", f"Too many failed attempts; this account is locked until {until:%H:%M}. "
                     "An admin can unlock it sooner.", None, field="username", status=423)
    stored = user.pin_hash if by_pin else user.password_hash
    if stored is None or not passwords.verify_secret(secret, stored):
        new_state = lockout.after_failure(state, now, policy.attempts, policy.minutes)
        user.failed_attempts = new_state.failed_attempts
        user.locked_until = new_state.locked_until
        record(session, who, "security.signin_failure", "user", user.id,
               {"reason": "no_pin" if stored is None else "bad_secret", "pin": by_pin, "attempt": new_state.failed_attempts}, now)
        if new_state.locked_until is not None:
            record(session, who, "security.lockout", "user", user.id, {"minutes": policy.minutes}, now)
        session.commit()
        raise bad
    user.failed_attempts = 0
    user.locked_until = None
    finish(session, who, now, "security.signin_success", user, "user", {"pin": by_pin})
    return user


def record_sign_out(session: Session, who: Actor, now: datetime, idle_minutes: int | None = None) -> None:
    """A sign-out, or a station locked after `idle_minutes` without a touch: both are security events."""
    if idle_minutes is None:
        record(session, who, "security.signout", "user", who.user_id, {}, now)
    else:
        record(session, who, "security.idle_lock", "user", who.user_id, {"idle_minutes": idle_minutes}, now)
    session.commit()
