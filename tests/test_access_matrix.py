"""Every registered route × every role (and no sign-in): each route declares its roles, the roles it
names get in, and everyone else is turned away before the view runs."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.services.staff_sessions import start_session
from shared.platform.access import ACCESS_ATTR, PUBLIC, SESSION_KEY, SIGNED_IN
from tests.support.factories import make_member, make_org, make_user

ANONYMOUS = "anonymous"


def routes(app: Flask) -> list[tuple[str, str, str]]:
    found = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((rule.endpoint, rule.rule, method))
    return found


def test_every_route_declares_its_roles(app: Flask) -> None:
    missing = [
        endpoint for endpoint, _, _ in routes(app) if getattr(app.view_functions[endpoint], ACCESS_ATTR, None) is None
    ]
    assert missing == []


def fill(rule: str, org_id: int) -> str:
    path = rule.replace("<int:org_id>", str(org_id))
    return re.sub(r"<(?:int:)?[a-z_]+>", "1", path)


@pytest.mark.parametrize("who", [ANONYMOUS, *[r.value for r in Role]])
def test_route_role_matrix(app: Flask, client: FlaskClient, session: Session, who: str) -> None:
    org = make_org(session)
    user = None
    if who != ANONYMOUS:
        user = make_user(session, [Role(who)], member=make_member(session, org))
    checked = 0
    for endpoint, rule, method in routes(app):
        access = getattr(app.view_functions[endpoint], ACCESS_ATTR)
        token = start_session(session, user, None, "127.0.0.1", datetime.now(timezone.utc)) if user else None
        with client.session_transaction() as sess:
            sess.clear()
            sess["csrf_token"] = "matrix-token"
            if token is not None:
                sess[SESSION_KEY] = token
        url = fill(rule, org.id)
        reply = client.open(
            url, method=method, json={} if method != "GET" else None, headers={"X-CSRF-Token": "matrix-token"}
        )
        status = reply.status_code
        where = f"{method} {url} as {who}: {status}"
        assert status < 500, where
        if access == PUBLIC:
            pass
        elif who == ANONYMOUS:
            assert status == 401 if url.startswith("/api/") else (status == 302 and "/signin" in reply.location), where
        elif access == SIGNED_IN or Role(who) in access:
            assert status not in (401, 403), where
        else:
            assert status == 403, where
        checked += 1
    assert checked >= 60


@pytest.mark.parametrize("role", [r for r in Role if r is not Role.ADMIN])
def test_route_organization_matrix_no_role_reaches_another_organization(
    app: Flask, client: FlaskClient, session: Session, role: Role
) -> None:
    """Every route that names an organization, as staff of another one, by every method: refused
    before anything is read or written (403 from the scope check, 404 from tenancy)."""
    mine, theirs = make_org(session), make_org(session)
    user = make_user(session, [role], member=make_member(session, mine))
    checked = 0
    for endpoint, rule, method in routes(app):
        access = getattr(app.view_functions[endpoint], ACCESS_ATTR)
        if "<int:org_id>" not in rule or access == PUBLIC or (access != SIGNED_IN and role not in access):
            continue
        token = start_session(session, user, None, "127.0.0.1", datetime.now(timezone.utc))
        with client.session_transaction() as sess:
            sess.clear()
            sess["csrf_token"] = "matrix-token"
            sess[SESSION_KEY] = token
        url = fill(rule, theirs.id)
        reply = client.open(
            url, method=method, json={} if method != "GET" else None, headers={"X-CSRF-Token": "matrix-token"}
        )
        assert reply.status_code in (403, 404), (
            f"{method} {url} as {role.value} of another organization: {reply.status_code}"
        )
        checked += 1
    assert checked >= 1
