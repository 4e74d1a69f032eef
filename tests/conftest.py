"""Fixtures in the flaskr style: a fresh database per test, an app, a client and an API helper.

The suite runs on SQLite by default. With FLASHBOARD_TEST_DATABASE_URL set to a PostgreSQL URL it
runs against a fresh schema on that server, created for this run and dropped after it.
FLASHBOARD_REQUIRE_POSTGRES=1 / FLASHBOARD_REQUIRE_BROWSER=1 turn "skipped, not available" into a
failure, so CI cannot pass by silently skipping.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import uuid
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any, NoReturn
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from flask.testing import FlaskClient
from marshmallow import Schema
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform import migrate, wire
from shared.platform.app import create_app
from shared.platform.config import PROJECT_ROOT, Settings
from shared.platform.db import Database, make_engine
from shared.platform.tables import metadata
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, TEST_KDF_N, make_user
from tests.support.hall_server import HallServer
from tests.support.printer import Emulator
from tests.support.servers import free_port

CHROMIUM = os.environ.get("FLASHBOARD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PG_URL = os.environ.get("FLASHBOARD_TEST_DATABASE_URL", "")


def required(flag: str) -> bool:
    return os.environ.get(flag, "") in {"1", "true", "yes"}


def unavailable(reason: str, flag: str) -> NoReturn:
    """Skip with a one-line reason, or fail when the environment says the part is required."""
    if required(flag):
        pytest.fail(f"{reason} ({flag}=1 requires it)", pytrace=False)
    pytest.skip(reason)


class TemplateDatabase:
    """A migrated database each test starts from: a copied file on SQLite, a truncated schema on
    PostgreSQL (as the superuser, past the audit log's TRUNCATE guard, which is the point of a fresh test)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.pg_schema: str | None = None
        if PG_URL:
            self.pg_schema = f"fbtest_{uuid.uuid4().hex[:10]}"
            admin = create_engine(PG_URL)
            with admin.begin() as conn:
                conn.execute(text(f'CREATE SCHEMA "{self.pg_schema}"'))
            admin.dispose()
            self.url = (
                make_url(PG_URL)
                .update_query_dict({"options": f"-csearch_path={self.pg_schema}"})
                .render_as_string(hide_password=False)
            )
        else:
            self.template = root / "template.db"
            self.url = f"sqlite:///{self.template}"
        engine = make_engine(self.url)
        migrate.upgrade(engine)
        engine.dispose()

    @property
    def engine_name(self) -> str:
        return "postgresql" if self.pg_schema else "sqlite"

    def fresh(self, tmp: Path) -> str:
        if self.pg_schema is None:
            target = tmp / "test.db"
            shutil.copyfile(self.template, target)
            return f"sqlite:///{target}"
        engine = create_engine(self.url)
        tables = ", ".join(f'"{t.name}"' for t in metadata().sorted_tables)
        with engine.begin() as conn:
            conn.execute(text("SET LOCAL session_replication_role = replica"))
            conn.execute(text(f"TRUNCATE {tables} RESTART IDENTITY CASCADE"))
            conn.execute(text("INSERT INTO audit_head (id, seq, hash) VALUES (1, 0, :h)"), {"h": "0" * 64})
        engine.dispose()
        return self.url

    def drop(self) -> None:
        if self.pg_schema:
            admin = create_engine(PG_URL)
            with admin.begin() as conn:
                conn.execute(text(f'DROP SCHEMA "{self.pg_schema}" CASCADE'))
            admin.dispose()


@pytest.fixture(autouse=True, scope="session")
def answers_written_as_marshmallow_writes_them() -> Iterator[None]:
    """Issue 21: the API writes its answers with shared.platform.wire's plans; every answer the suite's
    in-process requests get is also dumped by marshmallow and compared as JSON (where true is not 1), so
    the whole suite checks that the plans write what the schemas say."""
    planned = wire.dump

    def compared(schema: Schema, data: Any) -> Any:
        written = planned(schema, data)
        expected = schema.dump(data)
        assert json.dumps(written, sort_keys=True, default=repr) == json.dumps(
            expected, sort_keys=True, default=repr
        ), (
            type(schema).__name__,
            written,
            expected,
        )
        return written

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(wire, "dump", compared)
        yield


@pytest.fixture(scope="session")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TemplateDatabase]:
    if required("FLASHBOARD_REQUIRE_POSTGRES") and not PG_URL:
        pytest.fail("FLASHBOARD_REQUIRE_POSTGRES=1 but FLASHBOARD_TEST_DATABASE_URL is not set", pytrace=False)
    db = TemplateDatabase(tmp_path_factory.mktemp("template"))
    yield db
    db.drop()


def pytest_report_header(config: pytest.Config) -> str:
    where = "PostgreSQL " + make_url(PG_URL).render_as_string() if PG_URL else "SQLite (temporary files)"
    return f"flashboard test database: {where}"


@pytest.fixture
def db_url(template_db: TemplateDatabase, tmp_path: Path) -> str:
    return template_db.fresh(tmp_path)


@pytest.fixture
def settings(db_url: str, tmp_path: Path) -> Settings:
    """The idle lock is off here, because rule tests move the hall clock by hours between calls;
    tests/test_idle_lock.py turns it on."""
    return Settings(
        instance_path=tmp_path,
        database_url=db_url,
        secret_key="test-secret-key",
        lockout_attempts=5,
        lockout_minutes=15,
        idle_lock_minutes=0,
    )


@pytest.fixture
def app(settings: Settings) -> Iterator[Flask]:
    app = create_app(settings, {"TESTING": True, "FLASHBOARD_KDF_N": TEST_KDF_N})
    yield app
    app.extensions["flashboard.db"].engine.dispose()


@pytest.fixture
def database(app: Flask) -> Database:
    db: Database = app.extensions["flashboard.db"]
    return db


@pytest.fixture
def session(database: Database) -> Iterator[Session]:
    """The factories' session. It holds SQLite's write lock while a transaction is open, so tests
    read through `database.readers()` (or end the transaction) before calling the app."""
    with database.sessions(info={"database": database}) as s:
        yield s


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def api(client: FlaskClient) -> Api:
    return Api(client)


@pytest.fixture
def pg_required() -> None:
    """For tests that only mean something on PostgreSQL (row locks, several server processes)."""
    if not PG_URL:
        unavailable("PostgreSQL not configured: set FLASHBOARD_TEST_DATABASE_URL", "FLASHBOARD_REQUIRE_POSTGRES")


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never `playwright install`)."""
    if not Path(CHROMIUM).exists():
        unavailable(f"Chromium not found at {CHROMIUM} (apt-get install chromium)", "FLASHBOARD_REQUIRE_BROWSER")
    try:
        from playwright.sync_api import expect, sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install -e '.[test]')", "FLASHBOARD_REQUIRE_BROWSER")
    expect.set_options(timeout=10_000)  # a loaded CI machine (two cores, a browser, a server) can be slow
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def live_url(app: Flask) -> Iterator[str]:
    """The hall served on a loopback port in a thread (uvicorn, as `flashboard serve`), for the browser to reach."""
    server = HallServer(app)
    yield server.url
    server.stop()


@pytest.fixture
def admin(api: Api, session: Session) -> Api:
    """The API helper signed in as an admin of no particular organization."""
    make_user(session, [Role.ADMIN], username="boss")
    assert api.sign_in("boss", PASSWORD).status_code == 200
    return api


@pytest.fixture
def clock(app: Flask) -> Clock:
    """Saturday 2026-12-05, 6 p.m. in the hall (America/New_York)."""
    fixed = Clock(datetime(2026, 12, 5, 18, 0, tzinfo=ZoneInfo("America/New_York")))
    app.extensions["flashboard.clock"] = fixed
    return fixed


@pytest.fixture
def seeded(app: Flask) -> random.Random:
    """A seeded RNG in place of secrets.SystemRandom, so electronic draws repeat."""
    generator = random.Random(2026)
    app.extensions["flashboard.rng"] = generator
    return generator


EMUPOS_VERSION = "0.4.0"


def _python_313() -> str | None:
    """A working Python 3.13: pyenv's own install first (its shim may point elsewhere), then PATH."""
    candidates = [str(p) for p in sorted(Path.home().glob(".pyenv/versions/3.13*/bin/python3.13"))]
    on_path = shutil.which("python3.13")
    for candidate in [*reversed(candidates), *([on_path] if on_path else [])]:
        if subprocess.run([candidate, "-c", "pass"], capture_output=True).returncode == 0:
            return candidate
    return None


@pytest.fixture(scope="session")
def emulator(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Emulator]:
    """emupos (pinned) in its own Python 3.13 venv, started once per run on free loopback ports."""
    flag = "FLASHBOARD_REQUIRE_PRINTER"
    python = _python_313()
    if python is None:
        unavailable("Python 3.13 not found for the ESC/POS emulator (emupos needs it; pyenv install 3.13)", flag)
    venv = Path(os.environ.get("FLASHBOARD_EMUPOS_VENV", str(PROJECT_ROOT / ".emupos-venv")))
    binary = venv / "bin" / "emupos"
    if not binary.exists():
        made = subprocess.run([python, "-m", "venv", str(venv)], capture_output=True)
        installed = (
            made.returncode == 0
            and subprocess.run(
                [str(venv / "bin" / "pip"), "install", "-q", f"emupos=={EMUPOS_VERSION}"], capture_output=True
            ).returncode
            == 0
        )
        if not installed:
            unavailable(f"could not install emupos=={EMUPOS_VERSION} into {venv}", flag)
    folder = tmp_path_factory.mktemp("emupos")
    (folder / "bin-emupos").symlink_to(binary)
    api_port, printer_port = free_port(), free_port()
    config = folder / "emupos.yaml"
    config.write_text(
        "schema: 1\n"
        f"api: {{ host: 127.0.0.1, port: {api_port} }}\n"
        "devices:\n"
        "  - id: front\n"
        "    type: printer\n"
        "    profile: epson-tm-t20iii\n"
        f"    connections:\n      - tcp: {{ port: {printer_port} }}\n"
        "    job_idle_timeout_ms: 500\n"
        f"    receipts_dir: {folder / 'receipts'}\n"
    )
    emu = Emulator(api=f"http://127.0.0.1:{api_port}", port=printer_port, process=None, config=config)  # type: ignore[arg-type]
    emu.start()
    yield emu
    emu.stop()


@pytest.fixture
def printer_config(emulator: Emulator, tmp_path: Path) -> Path:
    """A stations file in python-escpos's format pointing station "front" at the emulator."""
    path = tmp_path / "printers.yaml"
    path.write_text(
        f"stations:\n  front:\n    printer:\n      type: Network\n      host: 127.0.0.1\n      port: {emulator.port}\n"
        "      profile: TM-T20II\n"
    )
    return path
