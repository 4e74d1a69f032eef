"""Flashboard staff access: sessions live on the server (`StaffSession`). The cookie holds a random
token and the table only its SHA-256; sign-out, an idle lock, a secret or role change and an admin's
"sign out everywhere" end the record, so a copied cookie stops working with it."""

from __future__ import annotations

import hashlib
import secrets
from datetime import datetime, timedelta
from functools import cache

from sqlalchemy import Select, String, bindparam, select, update
from sqlalchemy.orm import Session, joinedload

from shared.hall.models import SignInGuard, StaffSession, User


def unlock_guards(session: Session, user_id: int) -> None:
    """An admin's unlock clears the account's guards at every address. The rows are locked first in
    the order a sign-in locks them (subject, source), so an unlock and a sign-in never deadlock."""
    for guard in session.scalars(
        select(SignInGuard)
        .where(SignInGuard.user_id == user_id)
        .order_by(SignInGuard.subject, SignInGuard.source)
        .with_for_update()
        .execution_options(populate_existing=True)
    ):
        guard.failures, guard.lockouts, guard.locked_until, guard.window_start = 0, 0, None, None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(session: Session, user: User, station: str | None, address: str, now: datetime) -> str:
    """A new server-side session; the returned token goes in the browser's cookie, only its hash here."""
    token = secrets.token_urlsafe(32)
    session.add(
        StaffSession(
            token_hash=token_hash(token),
            user_id=user.id,
            station=(station or None) and station[:100],
            address=address[:100],
            started_at=now,
        )
    )
    session.commit()
    return token


LONGEST_SESSION = timedelta(hours=14)
"""A session outlives no shift: after this long it ends whatever the cookie says (a copied cookie
kept busy stops working too)."""


@cache
def session_statement() -> Select[StaffSession]:
    """The session a token names with its user, the user's roles and member, in one statement: what
    every signed-in request needs before its view runs (issue 21: one round trip, not four). Built once
    per process, the token's hash a bound parameter (`session_params`): building it cost more than the
    database takes to answer it."""
    return (
        select(StaffSession)
        .where(StaffSession.token_hash == bindparam("token_hash", type_=String))
        .options(joinedload(StaffSession.user).options(joinedload(User.roles), joinedload(User.member)))
    )


def session_params(token: str) -> dict[str, str]:
    """The values `session_statement` is sent with for a cookie's token."""
    return {"token_hash": token_hash(token)}


def live(row: StaffSession | None, now: datetime) -> bool:
    """Whether a session still stands: not ended, not older than the longest shift, its user active."""
    return row is not None and row.ended_at is None and now - row.started_at <= LONGEST_SESSION and row.user.is_active


def session_user(session: Session, token: object, now: datetime) -> tuple[StaffSession, User] | None:
    """The live session a cookie's token names, and its user; None once it ended, outlived the
    longest shift, or the user left."""
    if not isinstance(token, str) or not token:
        return None
    row = session.execute(session_statement(), session_params(token)).unique().scalar_one_or_none()
    if row is None or not live(row, now):
        return None
    return row, row.user


def end_session(session: Session, token: object, now: datetime, why: str) -> None:
    """Sign-out or an idle lock: this browser's session ends; a copy of its cookie is worthless."""
    if isinstance(token, str) and token:
        session.execute(
            update(StaffSession)
            .where(StaffSession.token_hash == token_hash(token), StaffSession.ended_at.is_(None))
            .values(ended_at=now, ended_why=why)
        )


def end_sessions_of(session: Session, user_id: int, now: datetime, why: str) -> int:
    """Every session of the user ends (role or secret change, an admin's "sign out everywhere")."""
    result = session.execute(
        update(StaffSession)
        .where(StaffSession.user_id == user_id, StaffSession.ended_at.is_(None))
        .values(ended_at=now, ended_why=why)
    )
    return int(getattr(result, "rowcount", 0) or 0)
