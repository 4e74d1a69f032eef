"""Staff sign-in: CSRF on every state change, lockout after repeated failures, fresh sessions, and
every security event in the audit chain."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.lockout import Guard, LockoutPolicy, after_failure
from shared.core.roles import Role
from shared.hall.services.staff_sessions import LONGEST_SESSION, session_user
from shared.platform.access import SESSION_KEY
from shared.platform.app import create_app
from shared.platform.audit import AuditEntry
from shared.platform.config import Settings
from tests.support.audit_trail import actions
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, PIN, TEST_KDF_N, make_member, make_org, make_user


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
    reply = api.client.post(
        "/api/v1/organizations", json={"name": "Sneaky", "kind": "charitable"}, headers={"X-CSRF-Token": "forged"}
    )
    assert reply.status_code == 400
    assert api.post("/api/v1/organizations", {"name": "Honest", "kind": "charitable"}).status_code == 201


def test_csrf_refuses_form_post_without_token_and_writes_nothing(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    token = form_token(client, "/signin")
    assert (
        client.post("/signin", data={"username": "boss", "password": PASSWORD, "csrf_token": token}).status_code == 302
    )
    before = len(actions(session))
    reply = client.post("/office/organizations/new", data={"name": "Forged", "kind": "charitable"})
    assert reply.status_code == 400 and "expired" in reply.get_data(as_text=True)
    assert len(actions(session)) == before


def test_csrf_sign_in_itself_needs_the_token(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    assert client.post("/signin", data={"username": "boss", "password": PASSWORD}).status_code == 400


def test_lockout_after_five_failures_even_for_the_right_password(api: Api, session: Session) -> None:
    make_user(session, [Role.CASHIER], username="till1")
    replies = [api.sign_in("till1", "wrong password") for _ in range(5)]
    replies.append(api.sign_in("till1", PASSWORD))
    assert {r.status_code for r in replies} == {401}
    assert len({r.get_data(as_text=True) for r in replies}) == 1, "a locked account answers as a wrong password does"
    log = actions(session)
    assert log.count("security.signin_failure") == 5
    assert "security.lockout" in log and "security.signin_refused_locked" in log


def test_lockout_counts_pin_failures_and_admin_unlock_clears_it(api: Api, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    caller = make_user(session, [Role.CALLER], username="caller1")
    for _ in range(5):
        assert api.sign_in("caller1", pin="1357").status_code == 401
    assert api.sign_in("caller1", pin=PIN).status_code == 401
    assert api.sign_in("boss", PASSWORD).status_code == 200
    assert api.get("/api/v1/users").get_json()[
        [u["username"] for u in api.get("/api/v1/users").get_json()].index("caller1")
    ]["locked"]
    assert api.post(f"/api/v1/users/{caller.id}/unlock").status_code == 200
    assert api.sign_in("caller1", pin=PIN).status_code == 200
    assert "security.unlock" in actions(session)


def test_lockout_expires_after_the_configured_minutes(api: Api, session: Session, clock: Clock) -> None:
    make_user(session, [Role.CASHIER], username="till2")
    for _ in range(5):
        api.sign_in("till2", "wrong password")
    assert api.sign_in("till2", PASSWORD).status_code == 401
    clock.advance(minutes=15, seconds=1)
    assert api.sign_in("till2", PASSWORD).status_code == 200


def test_lockout_backs_off_each_lock_twice_as_long(api: Api, session: Session, clock: Clock) -> None:
    make_user(session, [Role.CASHIER], username="till3")
    for _ in range(5):
        api.sign_in("till3", "wrong password")
    clock.advance(minutes=15, seconds=1)
    for _ in range(5):
        api.sign_in("till3", "wrong password")
    clock.advance(minutes=15, seconds=1)
    assert api.sign_in("till3", PASSWORD).status_code == 401, "the second lock lasts 30 minutes"
    clock.advance(minutes=15)
    assert api.sign_in("till3", PASSWORD).status_code == 200


def test_signin_failure_for_unknown_user_says_nothing_about_the_user(api: Api, session: Session) -> None:
    make_user(session, [Role.CASHIER], username="real")
    unknown = [api.sign_in("nobody", "whatever password") for _ in range(7)]
    known = [api.sign_in("real", "whatever password") for _ in range(7)]
    assert {r.status_code for r in unknown + known} == {401}
    assert len({r.get_data(as_text=True) for r in unknown + known}) == 1, (
        "no answer tells a name that exists from one that does not"
    )
    assert actions(session)[-1] == "security.signin_refused_locked"


def test_strangers_failures_lock_the_account_only_at_their_own_address(app: Flask, session: Session) -> None:
    """Five bad PINs from one tablet rest the member in charge's account at that tablet; from the
    member in charge's own station the right PIN still works."""
    make_user(session, [Role.MEMBER_IN_CHARGE], username="mic")
    stranger = Api(app.test_client())
    for _ in range(6):
        assert stranger.sign_in("mic", pin="1357").status_code == 401
    own_station = Api(app.test_client())
    own_station.client.environ_base["REMOTE_ADDR"] = "10.0.0.7"
    assert own_station.sign_in("mic", pin=PIN).status_code == 200
    assert stranger.sign_in("mic", pin=PIN).status_code == 401


def walk_the_staff_list(app: Flask, session: Session, prefix: str, address: str = "127.0.0.1") -> Api:
    """Five accounts tried four times each from one address: 20 failures, and the address rests."""
    for n in range(5):
        make_user(session, [Role.CASHIER], username=f"{prefix}{n}")
    walker = Api(app.test_client())
    walker.client.environ_base["REMOTE_ADDR"] = address
    for n in range(5):
        for _ in range(4):
            walker.sign_in(f"{prefix}{n}", pin="1357")
    return walker


def test_one_address_walking_the_staff_list_locks_itself(app: Flask, session: Session) -> None:
    walker = walk_the_staff_list(app, session, "staff")
    make_user(session, [Role.CASHIER], username="staff5")
    assert walker.sign_in("staff5", pin=PIN).status_code == 401, "20 failures from one address rest that address"
    elsewhere = Api(app.test_client())
    elsewhere.client.environ_base["REMOTE_ADDR"] = "10.0.0.8"
    assert elsewhere.sign_in("staff5", pin=PIN).status_code == 200


def test_sign_out_ends_the_session_so_a_copied_cookie_is_worthless(app: Flask, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    browser = Api(app.test_client())
    assert browser.sign_in("boss", PASSWORD).status_code == 200
    with browser.client.session_transaction() as sess:
        copied = dict(sess)
    assert browser.send("DELETE", "/api/v1/session").status_code == 204
    thief = app.test_client()
    with thief.session_transaction() as sess:
        sess.update(copied)
    assert thief.get("/api/v1/users").status_code == 401


def test_pin_change_and_sign_out_everywhere_end_every_session(app: Flask, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    cashier = make_user(session, [Role.CASHIER], username="cash1")
    admin = Api(app.test_client())
    admin.sign_in("boss", PASSWORD)
    stations = [Api(app.test_client()) for _ in range(2)]
    for station in stations:
        assert station.sign_in("cash1", pin=PIN).status_code == 200
        assert station.get("/api/v1/session").get_json()["user"]["username"] == "cash1"
    assert admin.post(f"/api/v1/users/{cashier.id}/sign-out-everywhere").status_code == 200
    assert [s.get("/api/v1/session").get_json()["user"] for s in stations] == [None, None]
    assert stations[0].sign_in("cash1", pin=PIN).status_code == 200
    assert admin.post(f"/api/v1/users/{cashier.id}/secrets", {"pin": "8642"}).status_code == 200
    assert stations[0].get("/api/v1/session").get_json()["user"] is None
    assert "security.sign_out_everywhere" in actions(session)


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
    reply = client.post(
        "/signin?next=//evil.example/x", data={"username": "boss", "password": PASSWORD, "csrf_token": token}
    )
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


def test_lockout_remembers_a_slow_guessers_failures_for_a_day(api: Api, session: Session, clock: Clock) -> None:
    """Four tries, a pause past the lock period, four more: the fifth failure of the day locks."""
    make_user(session, [Role.CASHIER], username="till4")
    for _ in range(4):
        api.sign_in("till4", "wrong password")
    clock.advance(minutes=16)
    api.sign_in("till4", "wrong password")
    assert api.sign_in("till4", PASSWORD).status_code == 401
    assert "security.lockout" in actions(session)


def test_lockout_backoff_is_forgotten_after_a_quiet_day() -> None:
    policy = LockoutPolicy(attempts=2, minutes=15)
    start = datetime(2026, 12, 5, 18, 0, tzinfo=timezone.utc)
    guard = Guard()
    for _ in range(2):
        guard = after_failure(guard, start, policy, 2)
    assert guard.lockouts == 1 and guard.locked_until == start + timedelta(minutes=15)
    again = after_failure(
        after_failure(guard, start + timedelta(minutes=20), policy, 2), start + timedelta(minutes=21), policy, 2
    )
    assert again.lockouts == 2 and again.locked_until == start + timedelta(minutes=51)
    quiet = after_failure(
        after_failure(again, start + timedelta(days=2), policy, 2), start + timedelta(days=2, minutes=1), policy, 2
    )
    assert quiet.lockouts == 1 and quiet.locked_until == start + timedelta(days=2, minutes=16)


def test_an_account_tried_from_many_addresses_locks_everywhere_after_four_times_the_count(
    app: Flask, session: Session
) -> None:
    make_user(session, [Role.MEMBER_IN_CHARGE], username="mic2")
    for n in range(5):
        tablet = Api(app.test_client())
        tablet.client.environ_base["REMOTE_ADDR"] = f"10.0.1.{n}"
        for _ in range(4):
            tablet.sign_in("mic2", pin="1357")
    fresh = Api(app.test_client())
    fresh.client.environ_base["REMOTE_ADDR"] = "10.0.2.1"
    assert fresh.sign_in("mic2", pin=PIN).status_code == 401


def test_signing_in_over_a_session_ends_it_and_a_session_outlives_no_shift(app: Flask, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    make_user(session, [Role.CASHIER], username="next-one")
    station = Api(app.test_client())
    assert station.sign_in("boss", PASSWORD).status_code == 200
    with station.client.session_transaction() as sess:
        first = dict(sess)
    assert station.sign_in("next-one", pin=PIN).status_code == 200
    thief = app.test_client()
    with thief.session_transaction() as sess:
        sess.update(first)
    assert thief.get("/api/v1/users").status_code == 401
    with station.client.session_transaction() as sess:
        token = sess[SESSION_KEY]
    started = datetime.now(timezone.utc)
    assert session_user(session, token, started) is not None
    assert session_user(session, token, started + LONGEST_SESSION + timedelta(minutes=1)) is None
    session.rollback()


def test_an_admin_lets_a_resting_station_try_again(app: Flask, admin: Api, session: Session) -> None:
    walker = walk_the_staff_list(app, session, "walk", "10.0.3.3")
    page = admin.client.get("/office/staff").get_data(as_text=True)
    assert "10.0.3.3" in page and "Let it try again" in page
    reply = admin.client.post("/office/staff/addresses/unlock", data={"address": "10.0.3.3", "csrf_token": admin.token})
    assert reply.status_code == 302
    assert walker.sign_in("walk0", pin=PIN).status_code == 200
    assert "security.unlock_address" in actions(session)


def test_one_tablet_alone_never_rests_an_account_everywhere(app: Flask, session: Session, clock: Clock) -> None:
    """The review's case: a stranger keeps guessing from one tablet through lock after lock; the
    member in charge still signs in at their own station."""
    make_user(session, [Role.MEMBER_IN_CHARGE], username="mic3")
    stranger = Api(app.test_client())
    for _ in range(6):
        for _ in range(5):
            stranger.sign_in("mic3", pin="1357")
        clock.advance(hours=3)
    own = Api(app.test_client())
    own.client.environ_base["REMOTE_ADDR"] = "10.0.4.4"
    assert own.sign_in("mic3", pin=PIN).status_code == 200


def test_the_server_command_releases_a_resting_address_and_an_account(app: Flask, session: Session) -> None:
    """When every station shares the address that rests (one proxy), no admin can sign in to the
    Staff page: `flashboard user unlock` does it at the server."""
    tablet = walk_the_staff_list(app, session, "cli")
    assert tablet.sign_in("cli0", pin=PIN).status_code == 401
    runner = app.test_cli_runner()
    result = runner.invoke(args=["user", "unlock", "--address", "127.0.0.1"])
    assert result.exit_code == 0, result.output
    assert tablet.sign_in("cli0", pin=PIN).status_code == 200
    for _ in range(5):
        tablet.sign_in("cli1", pin="1357")
    assert runner.invoke(args=["user", "unlock", "cli1"]).exit_code == 0
    assert tablet.sign_in("cli1", pin=PIN).status_code == 200


def test_behind_a_trusted_proxy_each_station_counts_on_its_own_address(
    db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found walking the screens: the server (then waitress) dropped X-Forwarded-For before the app's
    ProxyFix saw it, so behind one proxy every station shared the proxy's address and one tablet
    rested them all. uvicorn must pass the header on untouched (its own proxy handling off)."""
    settings = Settings(
        instance_path=tmp_path, database_url=db_url, secret_key="k", idle_lock_minutes=0, trusted_proxies=1
    )
    proxied = create_app(settings, {"FLASHBOARD_KDF_N": TEST_KDF_N})
    with proxied.app_context():
        with proxied.extensions["flashboard.db"].sessions() as s:
            make_user(s, [Role.CASHIER], username="proxied")
    tablet = Api(proxied.test_client())
    tablet.client.environ_base["HTTP_X_FORWARDED_FOR"] = "10.9.9.9"
    for _ in range(5):
        tablet.sign_in("proxied", pin="1357")
    other = Api(proxied.test_client())
    other.client.environ_base["HTTP_X_FORWARDED_FOR"] = "10.9.9.10"
    assert other.sign_in("proxied", pin=PIN).status_code == 200
    seen: dict[str, object] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **options: seen.update(options))
    monkeypatch.setattr("shared.platform.migrate.upgrade", lambda engine, revision="head": None)
    assert proxied.test_cli_runner().invoke(args=["serve", "--port", "8123"]).exit_code == 0
    assert seen["proxy_headers"] is False
