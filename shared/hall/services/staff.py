"""Staff accounts: create, roles, secrets, unlock, sign-out. Every change is an audit entry, so the
security record is as tamper-evident as the money; the secret check itself is authentication.py."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core import passwords
from shared.core.roles import Role
from shared.core.violations import refuse
from shared.hall.models import Member, SignInGuard, User, UserRole
from shared.hall.schemas import SecretsRequest, UserRequest
from shared.hall.services.staff_sessions import (
    end_session,
    end_sessions_of,
    unlock_guards,
)
from shared.platform.audit import Actor, record
from shared.platform.service_kit import finish, get_or_refuse, same_text


@dataclass(frozen=True)
class KdfCost:
    """scrypt's N; tests lower it so a suite that makes hundreds of accounts stays fast."""

    n: int = passwords.DEFAULT_N


def list_users(session: Session) -> list[User]:
    return list(session.scalars(select(User).order_by(User.username)))


def account_name(session: Session, user_id: int | None, fallback: str) -> str:
    """Who did it, as the screens and the papers an auditor reads must say it: the account's name
    ("Frank Moretti"), not its login ("mic"); the fallback (the name it signed with) for the system, an
    unsigned station or an account without one."""
    user = session.get(User, user_id) if user_id is not None else None
    return user.display_name if user is not None and user.display_name else fallback


def person_name(session: Session, actor: Actor) -> str:
    """The signed-in actor by name (account_name): the cashier on a buy, the director on a bust, who
    swore a statement."""
    return account_name(session, actor.user_id, actor.name)


def find_user(session: Session, username: str) -> User | None:
    return session.scalar(select(User).where(same_text(User.username, username.strip())).order_by(User.id).limit(1))


def create_user(session: Session, actor: Actor, now: datetime, data: UserRequest, cost: KdfCost) -> User:
    if find_user(session, data.username) is not None:
        raise refuse("duplicate", f"The username {data.username!r} is taken.", None, field="username", status=409)
    problem = passwords.password_problem(data.password)
    if problem:
        raise refuse("weak_password", problem, None, field="password")
    pin = data.pin
    if pin is not None and (problem := passwords.pin_problem(pin)):
        raise refuse("bad_pin", problem, None, field="pin")
    member_id = data.member_id
    if member_id is not None:
        get_or_refuse(session, Member, member_id, "member_id", "member")
    user = User(
        username=data.username.strip(),
        display_name=data.display_name,
        member_id=member_id,
        password_hash=passwords.hash_secret(data.password, cost.n),
        pin_hash=passwords.hash_secret(pin, cost.n) if pin else None,
        is_active=True,
        roles=[UserRole(role=r.value) for r in sorted(set(data.roles))],
    )
    session.add(user)
    finish(
        session,
        actor,
        now,
        "security.user_create",
        user,
        "user",
        {"username": user.username, "roles": user.role_names, "member_id": member_id},
    )
    return user


def set_roles(session: Session, actor: Actor, now: datetime, user_id: int, roles: list[Role]) -> User:
    """A role change signs the user out everywhere (their session epoch moves on)."""
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    before = user.role_names
    wanted = sorted({r.value for r in roles})
    if actor.user_id == user.id and Role.ADMIN.value in before and Role.ADMIN.value not in wanted:
        raise refuse(
            "self_demotion",
            "You cannot remove your own admin role; ask another admin.",
            None,
            field="roles",
            status=409,
        )
    user.roles = [UserRole(role=r) for r in wanted]
    end_sessions_of(session, user.id, now, "roles")
    finish(session, actor, now, "security.role_change", user, "user", {"from": before, "to": wanted})
    return user


def set_secrets(
    session: Session, actor: Actor, now: datetime, user_id: int, data: SecretsRequest, cost: KdfCost
) -> User:
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    changed = []
    if data.password:
        if problem := passwords.password_problem(data.password):
            raise refuse("weak_password", problem, None, field="password")
        user.password_hash = passwords.hash_secret(data.password, cost.n)
        changed.append("password")
    if data.pin:
        if problem := passwords.pin_problem(data.pin):
            raise refuse("bad_pin", problem, None, field="pin")
        user.pin_hash = passwords.hash_secret(data.pin, cost.n)
        changed.append("pin")
    if not changed:
        raise refuse("nothing_to_change", "Give a new password or PIN.", None, field="password")
    end_sessions_of(session, user.id, now, "secret")
    finish(session, actor, now, "security.secret_change", user, "user", {"changed": changed})
    return user


def unlock(session: Session, actor: Actor, now: datetime, user_id: int) -> User:
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    unlock_guards(session, user.id)
    finish(session, actor, now, "security.unlock", user, "user", {})
    return user


def resting_addresses(session: Session, now: datetime) -> list[SignInGuard]:
    """Addresses (stations) locked after too many failures on any accounts, for the admin to see."""
    return list(
        session.scalars(
            select(SignInGuard)
            .where(SignInGuard.subject == "*", SignInGuard.locked_until > now)
            .order_by(SignInGuard.source)
        )
    )


def unlock_address(session: Session, actor: Actor, now: datetime, address: str) -> None:
    """An admin lets a station's address try again (behind one reverse proxy every station shares an
    address; FLASHBOARD_TRUSTED_PROXIES lets the server see each station's own)."""
    guard = session.scalar(select(SignInGuard).where(SignInGuard.subject == "*", SignInGuard.source == address[:100]))
    if guard is None:
        raise refuse("not_found", f"No station at {address[:100]!r} is resting.", None, field="address", status=404)
    guard.failures, guard.lockouts, guard.locked_until, guard.window_start = 0, 0, None, None
    finish(session, actor, now, "security.unlock_address", guard, "sign_in_guard", {"address": guard.source})


def sign_out_everywhere(session: Session, actor: Actor, now: datetime, user_id: int) -> User:
    """An admin ends every session of a user (a lost tablet, a PIN seen over a shoulder)."""
    user = get_or_refuse(session, User, user_id, "user_id", "user")
    ended = end_sessions_of(session, user.id, now, "admin")
    finish(session, actor, now, "security.sign_out_everywhere", user, "user", {"sessions": ended})
    return user


def record_sign_out(
    session: Session, who: Actor, now: datetime, token: object, idle_minutes: int | None = None
) -> None:
    """A sign-out, or a station locked after `idle_minutes` without a touch: the session ends on the
    server and both are security events."""
    end_session(session, token, now, "signout" if idle_minutes is None else "idle")
    if idle_minutes is None:
        record(session, who, "security.signout", "user", who.user_id, {}, now)
    else:
        record(session, who, "security.idle_lock", "user", who.user_id, {"idle_minutes": idle_minutes}, now)
    session.commit()
