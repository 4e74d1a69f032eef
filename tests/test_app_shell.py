"""The shell around the rules: the demo, role home pages, health check, configuration, OpenAPI and
the back-office pages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform.api import OPERATIONS
from shared.platform.app import create_app
from shared.platform.config import ConfigError, Settings, load_settings
from tests.support.factories import PASSWORD, make_member, make_org, make_user

HOMES = {
    "admin": "/office",
    "officer": "/office",
    "member_in_charge": "/bingo/member-in-charge",
    "caller": "/bingo/caller",
    "cashier": "/bingo/cashier",
    "verifier": "/bingo/verifier",
    "tournament_director": "/poker/director",
    "dealer": "/poker/dealer",
}


def token(client: FlaskClient, path: str = "/signin") -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', client.get(path).get_data(as_text=True))
    assert match is not None
    return match.group(1)


def test_demo_prints_logins_and_each_role_lands_on_its_home(app: Flask) -> None:
    result = app.test_cli_runner().invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    logins = re.findall(r"^\s+([a-z_]+)\s+(\S+)\s+(demo-\S+)\s+(\d{6})$", result.output, re.MULTILINE)
    assert {role for role, *_ in logins} == set(HOMES)
    for role, username, password, pin in logins:
        client = app.test_client()
        reply = client.post("/signin", data={"username": username, "password": password, "csrf_token": token(client)})
        assert reply.status_code == 302 and reply.location == HOMES[role], role
        page = client.get(reply.location, follow_redirects=True)
        assert page.status_code == 200, role
        if role in {"tournament_director", "dealer"}:
            assert "Friday Night Hold&#39;em" in page.get_data(as_text=True), (
                "the demo tournament opens on the poker screens"
            )
        station = app.test_client()
        reply = station.post("/pin", data={"username": username, "pin": pin, "csrf_token": token(station, "/pin")})
        assert reply.location == HOMES[role]


def test_demo_twice_keeps_one_organization_and_issues_new_secrets(app: Flask) -> None:
    runner = app.test_cli_runner()
    first = runner.invoke(args=["demo"]).output
    second = runner.invoke(args=["demo"]).output
    assert first != second
    client = app.test_client()
    old_password = re.search(r"admin\s+admin\s+(\S+)", first).group(1)  # type: ignore[union-attr]
    new_password = re.search(r"admin\s+admin\s+(\S+)", second).group(1)  # type: ignore[union-attr]
    assert (
        client.post(
            "/signin", data={"username": "admin", "password": old_password, "csrf_token": token(client)}
        ).status_code
        == 401
    )
    assert (
        client.post(
            "/signin", data={"username": "admin", "password": new_password, "csrf_token": token(client)}
        ).status_code
        == 302
    )
    assert len(client.get("/api/v1/organizations").get_json()) == 1
    assert runner.invoke(args=["audit", "verify"]).exit_code == 0


def test_healthz_answers_200_with_the_database(client: FlaskClient) -> None:
    reply = client.get("/healthz")
    assert reply.status_code == 200 and reply.get_json() == {"status": "ok", "database": "ok"}


def test_healthz_answers_503_without_the_database(tmp_path: Path) -> None:
    (tmp_path / "db-is-a-folder").mkdir()
    app = create_app(
        Settings(instance_path=tmp_path, database_url=f"sqlite:///{tmp_path / 'db-is-a-folder'}", secret_key="k")
    )
    reply = app.test_client().get("/healthz")
    assert reply.status_code == 503 and reply.get_json()["database"] == "unreachable"


def test_config_defaults_sqlite_in_instance_folder_and_keeps_one_secret(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FLASHBOARD_INSTANCE_PATH", str(tmp_path))
    monkeypatch.delenv("FLASHBOARD_DATABASE_URL", raising=False)
    monkeypatch.delenv("FLASHBOARD_SECRET_KEY", raising=False)
    first = load_settings()
    assert first.database_url == f"sqlite:///{tmp_path / 'flashboard.db'}"
    assert first.timezone == "America/New_York"
    assert load_settings().secret_key == first.secret_key == (tmp_path / "secret_key").read_text()


@pytest.mark.parametrize(
    ("name", "value"),
    [("TIMEZONE", "Mars/Olympus"), ("LOCKOUT_ATTEMPTS", "lots"), ("LOCKOUT_MINUTES", "0"), ("COOKIE_SECURE", "maybe")],
)
def test_config_refuses_bad_values_at_start_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, value: str
) -> None:
    monkeypatch.setenv("FLASHBOARD_INSTANCE_PATH", str(tmp_path))
    monkeypatch.setenv("FLASHBOARD_" + name, value)
    with pytest.raises(ConfigError, match="FLASHBOARD_" + name):
        load_settings()


def test_openapi_lists_every_api_operation(client: FlaskClient) -> None:
    document = client.get("/api/v1/openapi.json").get_json()
    assert document["openapi"].startswith("3.")
    listed = {(path, method) for path, ops in document["paths"].items() for method in ops}
    for op in OPERATIONS:
        path = re.sub(r"<(?:int:)?([a-z_]+)>", r"{\1}", op.path)
        assert (path, op.method) in listed
    assert "Error" in document["components"]["schemas"]
    for rule in client.application.url_map.iter_rules():
        if rule.rule.startswith("/api/v1/") and rule.rule != "/api/v1/openapi.json":
            path = re.sub(r"<(?:int:)?([a-z_]+)>", r"{\1}", rule.rule)
            assert path in document["paths"], rule.rule


def test_back_office_pages_render_for_an_officer(client: FlaskClient, session: Session) -> None:
    org = make_org(session)
    make_user(session, [Role.OFFICER], member=make_member(session, org), username="off1")
    client.post("/signin", data={"username": "off1", "password": PASSWORD, "csrf_token": token(client)})
    for path in [
        "/office",
        f"/office/organizations/{org.id}",
        f"/office/organizations/{org.id}/members",
        f"/office/organizations/{org.id}/licenses",
        f"/office/organizations/{org.id}/roster",
        "/office/audit",
    ]:
        reply = client.get(path)
        assert reply.status_code == 200, path
        assert "http://" not in reply.get_data(as_text=True) and "https://" not in reply.get_data(as_text=True)


def test_back_office_form_refusal_shows_the_rule_beside_the_field(client: FlaskClient, session: Session) -> None:
    org = make_org(session)
    make_user(session, [Role.OFFICER], member=make_member(session, org), username="off1")
    client.post("/signin", data={"username": "off1", "password": PASSWORD, "csrf_token": token(client)})
    page = f"/office/organizations/{org.id}/licenses"
    reply = client.post(
        f"/office/organizations/{org.id}/vendors",
        data={
            "name": "Pct Co",
            "license_number": "V",
            "licensed_until": "2030-01-01",
            "csrf_token": token(client, page),
        },
    )
    assert reply.status_code == 302
    vendor_id = client.get("/api/v1/vendors").get_json()[0]["id"]
    reply = client.post(
        f"/office/organizations/{org.id}/vendor-contracts",
        data={
            "vendor_id": str(vendor_id),
            "starts_on": "2026-12-01",
            "ends_on": "2027-01-01",
            "compensation_basis": "percent_of_entries",
            "compensation": "10.00",
            "csrf_token": token(client, page),
        },
    )
    html = reply.get_data(as_text=True)
    assert reply.status_code == 422
    assert "A vendor may not be paid a percentage" in html and "third party vendors ¶(2)" in html


def test_back_office_member_form_adds_a_member(client: FlaskClient, session: Session) -> None:
    org = make_org(session)
    make_user(session, [Role.OFFICER], member=make_member(session, org), username="off1")
    client.post("/signin", data={"username": "off1", "password": PASSWORD, "csrf_token": token(client)})
    page = f"/office/organizations/{org.id}/members"
    reply = client.post(
        page,
        data={
            "name": "Bea Quinn",
            "date_of_birth": "1955-07-04",
            "active_since": "1980-01-01",
            "status": "active",
            "is_officer": "on",
            "csrf_token": token(client, page),
        },
    )
    assert reply.status_code == 302
    assert "Bea Quinn" in client.get(page).get_data(as_text=True)


def test_staff_page_creates_an_account_with_roles(client: FlaskClient, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    client.post("/signin", data={"username": "boss", "password": PASSWORD, "csrf_token": token(client)})
    reply = client.post(
        "/office/staff",
        data={
            "username": "newcaller",
            "display_name": "New Caller",
            "password": "a long password",
            "pin": "5791",
            "roles": ["caller", "verifier"],
            "csrf_token": token(client, "/office/staff"),
        },
    )
    assert reply.status_code == 302
    users = {u["username"]: u for u in client.get("/api/v1/users").get_json()}
    assert users["newcaller"]["roles"] == ["caller", "verifier"]


def test_every_asset_is_served_by_the_hall_itself() -> None:
    """Halls run with no internet: no template, script or stylesheet names another host, and the
    Content-Security-Policy (default-src 'self') would block one if it did."""
    root = Path(__file__).resolve().parent.parent
    found = [
        f"{path.relative_to(root)}: {match}"
        for folder in ("templates", "static")
        for path in (root / folder).rglob("*")
        if path.suffix in {".html", ".js", ".css"}
        for match in re.findall(r"""(?:src|href|url)\s*[=(]\s*["']?(?:https?:)?//[^"')\s]+""", path.read_text())
    ]
    assert found == []


def test_pages_forbid_inline_scripts_and_styles(client: FlaskClient) -> None:
    policy = client.get("/signin").headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy and "unsafe-inline" not in policy
    root = Path(__file__).resolve().parent.parent / "templates"
    inline = [
        str(p.relative_to(root))
        for p in root.rglob("*.html")
        if re.search(r"<script>|\sstyle=|\son[a-z]+=", p.read_text())
    ]
    assert inline == []
