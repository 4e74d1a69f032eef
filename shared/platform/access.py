"""Route access: every view declares the roles that may use it (or that it is public), and a single
before-request hook enforces it. A route with no declaration is refused, so a forgotten decorator
fails closed; tests/test_access_matrix.py walks every route against every role.

CSRF: every state-changing request carries the session's token, as a form field or header.
"""

from __future__ import annotations

import hmac
import secrets
from functools import cache
from typing import Any, Callable, TypeVar, Unpack

from flask import current_app, g, redirect, request, session, url_for
from flask.typing import ResponseReturnValue
from sqlalchemy import Select

from shared.core.roles import Role
from shared.core.violations import refuse
from shared.hall.models import StaffSession, User
from shared.hall.services.staff import record_sign_out
from shared.hall.services.staff_sessions import live, session_params, session_statement
from shared.platform import idempotency
from shared.platform.audit import Actor
from shared.platform.context import (
    READ_METHODS,
    db_session,
    settings,
    station_name,
    utc_now,
    wall_now,
    writing_session,
)
from shared.platform.service_kit import set_tenant

F = TypeVar("F", bound=Callable[..., object])
ACCESS_ATTR = "flashboard_access"
PUBLIC = "public"
SIGNED_IN = "signed_in"
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
ACTIVE_KEY = "active_at"
ACTIVE_GRAIN_SECONDS = 15
"""A touch is noted in the session cookie when the last one noted is this old (issue 21): noting every
touch re-signed and re-sent the cookie on every request, for an idle lock counted in minutes."""
SESSION_KEY = "sid"
BACKGROUND_HEADER = "X-Flashboard-Background"


def allow(*roles: Role) -> Callable[[F], F]:
    """Declare the roles that may use a view."""

    def mark(view: F) -> F:
        setattr(view, ACCESS_ATTR, frozenset(roles))
        return view

    return mark


def public(view: F) -> F:
    """Declare a view open without sign-in (sign-in page, health check, the TV board)."""
    setattr(view, ACCESS_ATTR, PUBLIC)
    return view


def any_signed_in(view: F) -> F:
    """Declare a view open to every signed-in user whatever the role (home redirect, sign-out)."""
    setattr(view, ACCESS_ATTR, SIGNED_IN)
    return view


def declared_access(endpoint: str | None) -> object:
    if endpoint is None:
        return None
    if endpoint == "static":
        return PUBLIC
    view = current_app.view_functions.get(endpoint)
    return getattr(view, ACCESS_ATTR, None)


def csrf_token() -> str:
    token = session.get(CSRF_FIELD)
    if not token:
        token = secrets.token_urlsafe(32)
        session[CSRF_FIELD] = token
    return str(token)


@cache
def sign_in_statement(keyed: bool) -> Select[Unpack[tuple[Any, ...]]]:
    """The sign-in lookup, built once per process: with the key's earlier answer beside it when the
    request carries an Idempotency-Key (`keyed`)."""
    query: Select[Unpack[tuple[Any, ...]]] = session_statement()
    return idempotency.with_answer(query, StaffSession.user_id) if keyed else query


def _load_user() -> User | None:
    """The user of the live server-side session the cookie's token names (staff_sessions.py), with
    their roles and member; for a POST carrying an Idempotency-Key, the answer that key already got
    is read in the same statement (issue 21)."""
    token = session.get(SESSION_KEY)
    if token is None:
        return None
    db = db_session()
    key = request.headers.get(idempotency.IDEMPOTENCY_HEADER) if request.method not in READ_METHODS else None
    found = None
    if isinstance(token, str) and token:
        params = session_params(token)
        if key is not None:
            params["idempotency_key"] = key
        found = db.execute(sign_in_statement(key is not None), params).unique().first()
    row: StaffSession | None = found[0] if found is not None else None
    if row is None or not live(row, wall_now()):
        session.pop(SESSION_KEY, None)
        return None
    if key is not None and found is not None:
        idempotency.remember(db, row.user_id, key, found[1])
    return row.user


def _tenant_of(user: User | None) -> frozenset[int] | None:
    """An admin reaches every organization, other staff their own. No one signed in reaches only
    public routes (the TV boards, which show any organization's occasion), so no scope is set."""
    if user is None or Role.ADMIN.value in user.role_names:
        return None
    if user.member is None:
        return frozenset()
    return frozenset({user.member.organization_id})


def _idle_lock(user: User) -> bool:
    """A signed-in station locks back to the PIN screen after the configured idle time (0: never).
    Background refreshes (printer status, dashboard redraws) send X-Flashboard-Background and do
    not count as a touch. The lock keeps the station's name and offers the same username again. A touch
    is noted once every ACTIVE_GRAIN_SECONDS, so the lock can come that many seconds early."""
    minutes = settings().idle_lock_minutes
    now = utc_now().timestamp()
    last = session.get(ACTIVE_KEY)
    if minutes and isinstance(last, (int, float)) and now - last > minutes * 60:
        with writing_session() as writer:
            record_sign_out(
                writer, Actor(user.id, user.username, station_name()), utc_now(), session.get(SESSION_KEY), minutes
            )
        for key in (SESSION_KEY, ACTIVE_KEY):
            session.pop(key, None)
        session["locked_username"] = user.username
        return True
    fresh = isinstance(last, (int, float)) and 0 <= now - last < ACTIVE_GRAIN_SECONDS
    if request.headers.get(BACKGROUND_HEADER) != "1" and not fresh:
        session[ACTIVE_KEY] = now
    return False


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def enforce() -> ResponseReturnValue | None:
    """Before every request: who is this, may they use this route, and is the CSRF token right."""
    g.user = _load_user()
    set_tenant(db_session(), _tenant_of(g.user))
    access = declared_access(request.endpoint)
    if request.endpoint is None:
        return None
    if access is None:
        raise refuse("undeclared_route", "This page declares no roles and is closed.", "DEVELOPERS.md", status=403)
    if access != PUBLIC:
        locked = g.user is not None and _idle_lock(g.user)
        if locked:
            g.user = None
        if g.user is None:
            if _wants_json():
                if locked:
                    raise refuse(
                        "station_locked",
                        "This station locked after standing idle: sign in again with your PIN.",
                        "Flashboard staff access",
                        status=401,
                    )
                raise refuse("sign_in_required", "Sign in first.", "Flashboard staff access", status=401)
            page = "auth.pin" if locked or session.get("station") else "auth.signin"
            return redirect(url_for(page, next=request.full_path if request.method == "GET" else None))
        if access != SIGNED_IN and not set(g.user.role_names) & {r.value for r in access}:  # type: ignore[attr-defined]
            raise refuse("forbidden", "Your role may not use this page.", "Flashboard staff access", status=403)
    if request.method not in READ_METHODS:
        sent = request.headers.get(CSRF_HEADER) or (request.form.get(CSRF_FIELD) if request.form else None)
        expected = session.get(CSRF_FIELD)
        if not sent or not expected or not hmac.compare_digest(str(sent), str(expected)):
            raise refuse(
                "csrf_failed",
                "This form has expired or did not come from this hall's screens. Reload the page and try again.",
                "Flashboard CSRF protection",
                field=CSRF_FIELD,
                status=400,
            )
    return None
