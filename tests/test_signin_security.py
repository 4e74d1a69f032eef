"""Staff sign-in: CSRF on every state change, lockout after repeated failures, fresh sessions, and
every security event in the audit chain."""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.audit import AuditEntry
from shared.models import User
from shared.roles import Role
from tests.conftest import Api
from tests.factories import PASSWORD, PIN, make_member, make_org, make_user


def actions(session: Session) -> list[str]:
    """Read the log and end the transaction, so the app under test can write."""
    session.rollback()
    found = list(session.scalars(select(AuditEntry.action).order_by(AuditEntry.seq)))
    session.rollback()
    return found


def form_token(client: FlaskClient, path: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True))
    assert match is not None
    return match.group(1)


def test_csrf_refuses_api_post_without_token(api: Api, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    assert api.sign_in("boss", PASSWORD).status_code == 200
    reply = api.client.post("/api/v1/organizations", json={"name": "Sneaky", "kind": "charitable"})
    assert reply.status_code == 400
    assert reply.get_json()["error"] == "csrf_failed" and "csrf_token" in reply.get_json()["fields"]
    reply = api.client.post("/api/v1/organizations", json={"name": "Sneaky", "kind": "charitable"}, headers={"X-CSRF-Token": "forged"})
    assert reply.status_code == 400
    assert api.post("/api/v1/organizations", {"name": "Honest", "kind": "charitable"}).status_code == 201


def test_csrf_refuses_form_post_without_token_and_writes_nothing(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    token = form_token(client, "/signin")
    assert client.post("/signin", data={"username": "boss", "password": PASSWORD, "csrf_token": token}).status_code == 302
    before = len(actions(session))
    reply = client.post("/office/organizations/new", data={"name": "Forged", "kind": "charitable"})
    assert reply.status_code == 400 and "expired" in reply.get_data(as_text=True)
    assert len(actions(session)) == before


def test_csrf_sign_in_itself_needs_the_token(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    assert client.post("/signin", data={"username": "boss", "password": PASSWORD}).status_code == 400


def test_lockout_after_five_failures_even_for_the_right_password(api: Api, session: Session) -> None:
    make_user(session, [Role.CASHIER], username="till1")
    for attempt in range(5):
        reply = api.sign_in("till1", "wrong password")
        assert reply.status_code == 401 and reply.get_json()["error"] == "bad_credentials", attempt
    reply = api.sign_in("till1", PASSWORD)
    assert reply.status_code == 423 and reply.get_json()["error"] == "locked"
    log = actions(session)
    assert log.count("security.signin_failure") == 5
    assert "security.lockout" in log and "security.signin_refused_locked" in log


def test_lockout_counts_pin_failures_and_admin_unlock_clears_it(api: Api, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    caller = make_user(session, [Role.CALLER], username="caller1")
    for _ in range(5):
        assert api.sign_in("caller1", pin="1357").status_code == 401
    assert api.sign_in("caller1", pin=PIN).status_code == 423
    assert api.sign_in("boss", PASSWORD).status_code == 200
    assert api.post(f"/api/v1/users/{caller.id}/unlock").status_code == 200
    assert api.sign_in("caller1", pin=PIN).status_code == 200
    assert "security.unlock" in actions(session)


def test_lockout_expires_after_the_configured_minutes(api: Api, session: Session) -> None:
    user = make_user(session, [Role.CASHIER], username="till2")
    for _ in range(5):
        api.sign_in("till2", "wrong password")
    row = session.get(User, user.id)
    assert row is not None
    row.locked_until = datetime.now(timezone.utc) - timedelta(seconds=1)
    session.commit()
    assert api.sign_in("till2", PASSWORD).status_code == 200


def test_signin_failure_for_unknown_user_says_nothing_about_the_user(api: Api, session: Session) -> None:
    reply = api.sign_in("nobody", "whatever password")
    assert reply.status_code == 401 and reply.get_json()["message"] == "That username and password do not match."
    assert actions(session)[-1] == "security.signin_failure"


def test_signin_success_is_audited_and_gives_a_fresh_session(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    token = form_token(client, "/signin")
    with client.session_transaction() as sess:
        sess["planted"] = "fixation"
    client.post("/signin", data={"username": "boss", "password": PASSWORD, "csrf_token": token})
    with client.session_transaction() as sess:
        assert "planted" not in sess and sess["csrf_token"] != token
    assert actions(session)[-1] == "security.signin_success"


def test_role_change_is_audited_and_signs_the_user_out(session: Session, client: FlaskClient) -> None:
    org = make_org(session)
    make_user(session, [Role.ADMIN], username="boss")
    staffer = make_user(session, [Role.CASHIER], member=make_member(session, org), username="staffer")
    staffer_client = client.application.test_client()
    staffer_api = Api(staffer_client)
    assert staffer_api.sign_in("staffer", PASSWORD).status_code == 200
    assert staffer_client.get("/bingo/cashier").status_code == 200
    admin_api = Api(client)
    admin_api.sign_in("boss", PASSWORD)
    reply = admin_api.put(f"/api/v1/users/{staffer.id}/roles", {"roles": ["verifier"]})
    assert reply.status_code == 200 and reply.get_json()["roles"] == ["verifier"]
    assert "security.role_change" in actions(session)
    assert staffer_client.get("/bingo/cashier").status_code == 302


def test_admin_cannot_remove_their_own_admin_role(api: Api, session: Session) -> None:
    boss = make_user(session, [Role.ADMIN], username="boss")
    api.sign_in("boss", PASSWORD)
    reply = api.put(f"/api/v1/users/{boss.id}/roles", {"roles": ["caller"]})
    assert reply.status_code == 409 and reply.get_json()["fields"] == {"roles": [reply.get_json()["message"]]}


def test_session_cookie_is_httponly_and_samesite(api: Api, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    reply = api.sign_in("boss", PASSWORD)
    cookie = reply.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_signin_next_parameter_never_leaves_the_site(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    token = form_token(client, "/signin")
    reply = client.post("/signin?next=//evil.example/x", data={"username": "boss", "password": PASSWORD, "csrf_token": token})
    assert reply.status_code == 302 and reply.location == "/office"


def test_pin_page_signs_in_a_station_user(client: FlaskClient, session: Session) -> None:
    org = make_org(session)
    make_user(session, [Role.VERIFIER], member=make_member(session, org), username="verifier1")
    token = form_token(client, "/pin")
    reply = client.post("/pin", data={"username": "verifier1", "pin": PIN, "station": "Table 3", "csrf_token": token})
    assert reply.status_code == 302 and reply.location == "/bingo/verifier"
    assert "Verifier" in client.get("/bingo/verifier").get_data(as_text=True)
    station = session.scalars(select(AuditEntry.station).order_by(AuditEntry.seq.desc())).first()
    assert station == "Table 3"
