"""`flashboard backup` and `flashboard restore` (issue 20): a backup taken mid-occasion, while the hall
serves, restores to a database that passes `audit verify` and `books check` and resumes the occasion
where it stood; every refusal says why, exits non-zero and leaves the database as it was. The tests
run on whichever engine the suite runs on (SQLite's backup API, or pg_dump and pg_restore)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy import func, select, text
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from shared.platform.audit import AuditEntry
from shared.platform.backups import BackupRecord, BackupStatus
from shared.platform.db import Database
from tests.support.bingo_factories import split_script
from tests.support.books import sell_jar_entries, till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.jars import jar_hall, opened
from tests.support.replies import ok
from tests.support.screens import audit, shoot

GAMES = [{"pattern": {"kind": "any_row"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "50.00"}]
AUDIT_PASSED = "audit verify: Audit chain intact"
BOOKS_PASSED = "books check: The books agree"


def cli(app: Flask, *args: str, answer: str | None = None) -> Result:
    return app.test_cli_runner().invoke(args=list(args), input=answer)


def mid_occasion(admin: Api, session: Session) -> tuple[str, Api, list[int]]:
    """Game 1 in play: jar entries sold on an open till, three balls called; the occasion's path, the
    caller and the balls of the script still to call."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    jar_ball = next(b for b in range(1, 76) if b not in script.calls)
    occ, caller, _ = opened(admin, hall, GAMES, jar_ball)
    till_open(admin, occ)
    ok(sell_jar_entries(admin, occ, 3), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls[:3]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    session.close()
    return occ, caller, script.calls[3:]


def called(api: Api, occ: str) -> list[int]:
    game = next(g for g in ok(api.get(occ))["games"] if g["number"] == 1)
    return [c["ball"] for c in game["calls"]]


def entries(database: Database) -> int:
    with database.readers() as reader:
        return int(reader.scalar(select(func.count()).select_from(AuditEntry)) or 0)


def test_backup_taken_mid_occasion_restores_and_resumes_the_occasion(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    occ, caller, to_call = mid_occasion(admin, session)
    at_backup = called(caller, occ)
    backup = tmp_path / "mid-occasion.backup"
    taken = cli(app, "backup", str(backup))
    assert taken.exit_code == 0, taken.output + taken.stderr
    assert backup.is_file() and f"Backed up to {backup}" in taken.output
    for ball in to_call[:2]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    assert called(caller, occ) == at_backup + to_call[:2]

    restored = cli(app, "restore", "--yes", str(backup))
    assert restored.exit_code == 0, restored.output + restored.stderr
    assert AUDIT_PASSED in restored.output and BOOKS_PASSED in restored.output
    assert f"Restored from {backup}." in restored.output
    assert cli(app, "audit", "verify").exit_code == 0 and cli(app, "books", "check").exit_code == 0

    assert called(caller, occ) == at_backup
    ok(caller.post(occ + "/games/1/calls", {"ball": to_call[0]}), 201)
    assert called(caller, occ) == at_backup + to_call[:1]
    assert cli(app, "audit", "verify").exit_code == 0 and cli(app, "books", "check").exit_code == 0
    with app.extensions["flashboard.db"].readers() as reader:
        actions = list(reader.scalars(select(AuditEntry.action).where(AuditEntry.action.like("database.%"))))
        own = reader.scalar(select(BackupRecord))
    assert actions == ["database.backup", "database.restore"]
    assert own is not None and own.status == BackupStatus.TAKEN and own.size_bytes == backup.stat().st_size


def test_dashboard_says_when_and_where_the_last_backup_was_made_and_warns_when_the_occasion_has_none(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    def dashboard() -> str:
        return str(staff(admin, "mic1").client.get("/bingo/member-in-charge").get_data(as_text=True))

    early, night = tmp_path / "early.backup", tmp_path / "night.backup"
    assert cli(app, "backup", str(early)).exit_code == 0
    clock.advance(minutes=30)
    mid_occasion(admin, session)
    page = dashboard()
    assert f"Last backup: 2026-12-05 18:00 ({early})" in page
    assert "No backup has been taken since today&#39;s occasion started: run flashboard backup PATH" in page
    assert cli(app, "backup", str(night)).exit_code == 0
    page = dashboard()
    assert f"Last backup: 2026-12-05 18:30 ({night})" in page and "run flashboard backup PATH" not in page
    clock.advance(hours=25)
    assert "The last backup is more than 24 hours old: run flashboard backup PATH" in dashboard()


def test_dashboard_says_no_backup_has_been_made_and_warns(admin: Api, session: Session, clock: Clock) -> None:
    mid_occasion(admin, session)
    page = staff(admin, "mic1").client.get("/bingo/member-in-charge").get_data(as_text=True)
    assert "No backup has been made: run flashboard backup PATH" in page and "Last backup" not in page


@pytest.mark.browser
def test_the_last_backup_line_fits_the_dashboard_at_the_halls_screen_sizes(
    browser: Browser, live_url: str, app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    backup = tmp_path / "usb-stick" / "flashboard-hall-backups" / "2026-12-05-mid-occasion.backup"
    backup.parent.mkdir(parents=True)
    mid_occasion(admin, session)
    assert cli(app, "backup", str(backup)).exit_code == 0
    for width, height in [(1280, 800), (800, 1280), (1920, 1080)]:
        page = browser.new_context(viewport={"width": width, "height": height}).new_page()
        page.goto(live_url + "/pin")
        page.fill("#username", "mic1")
        page.fill("#pin", PIN)
        page.press("#pin", "Enter")
        expect(page.locator("#last-backup")).to_have_text(f"Last backup: 2026-12-05 18:00 ({backup})")
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        assert audit(page) == []
        shoot(page, f"member-in-charge-backup-{width}x{height}")
        page.context.close()


def test_backup_refuses_a_path_it_cannot_write_and_records_nothing(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    mid_occasion(admin, session)
    database = app.extensions["flashboard.db"]
    before = entries(database)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    unwritable = cli(app, "backup", str(blocker / "backup.db"))
    assert unwritable.exit_code == 1 and f"Cannot write {blocker / 'backup.db'}" in unwritable.stderr
    assert cli(app, "backup", str(tmp_path / "no-such-folder" / "backup.db")).exit_code == 1
    taken = cli(app, "backup", str(blocker))
    assert taken.exit_code == 1 and "exists already: choose a new name, or give --replace" in taken.stderr
    if database.is_sqlite:
        itself = cli(app, "backup", "--replace", str(database.engine.url.database))
        assert itself.exit_code == 1 and "is the database itself" in itself.stderr
    missing = cli(app, "backup")
    assert missing.exit_code == 2 and "Missing argument 'PATH'" in missing.stderr
    assert entries(database) == before and blocker.read_text() == "not a folder"
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".")) == []
    with database.readers() as reader:
        assert reader.scalar(select(func.count()).select_from(BackupRecord)) == 0


@pytest.mark.parametrize("content", [b"", b"SQLite format 3\x00" + os.urandom(4000), os.urandom(5000)])
def test_restore_refuses_a_missing_or_corrupt_file_and_leaves_the_database_untouched(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path, content: bytes
) -> None:
    occ, caller, _ = mid_occasion(admin, session)
    database = app.extensions["flashboard.db"]
    before, balls = entries(database), called(caller, occ)
    missing = cli(app, "restore", "--yes", str(tmp_path / "nowhere.backup"))
    assert missing.exit_code == 1 and "There is no backup file at" in missing.stderr
    corrupt = tmp_path / "corrupt.backup"
    corrupt.write_bytes(content)
    refused = cli(app, "restore", "--yes", str(corrupt))
    assert refused.exit_code == 1 and f"{corrupt} is not a Flashboard backup" in refused.stderr, refused.stderr
    assert entries(database) == before and called(caller, occ) == balls
    assert cli(app, "audit", "verify").exit_code == 0 and cli(app, "books", "check").exit_code == 0


def test_restore_asks_before_it_overwrites_and_a_no_leaves_the_database_as_it_was(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    occ, caller, to_call = mid_occasion(admin, session)
    backup = tmp_path / "mid.backup"
    assert cli(app, "backup", str(backup)).exit_code == 0
    ok(caller.post(occ + "/games/1/calls", {"ball": to_call[0]}), 201)
    balls = called(caller, occ)
    declined = cli(app, "restore", str(backup), answer="n\n")
    assert declined.exit_code == 1 and "Everything recorded since that backup is lost" in declined.output
    assert called(caller, occ) == balls


def _tamper(database: Database) -> None:
    """Someone with the database login edits a sale's total, past the guards (as tests/test_tamper.py)."""
    with database.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SET LOCAL session_replication_role = replica"))
        conn.execute(text("UPDATE sales SET total_cents = total_cents + 100"))


def test_a_restore_failing_the_checks_exits_1_naming_them_and_on_sqlite_is_not_put_in_place(
    app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    occ, caller, to_call = mid_occasion(admin, session)
    database = app.extensions["flashboard.db"]
    _tamper(database)
    backup = tmp_path / "tampered.backup"
    assert cli(app, "backup", str(backup)).exit_code == 0
    with database.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SET LOCAL session_replication_role = replica"))
        conn.execute(text("UPDATE sales SET total_cents = total_cents - 100"))
    ok(caller.post(occ + "/games/1/calls", {"ball": to_call[0]}), 201)
    balls = called(caller, occ)
    failed = cli(app, "restore", "--yes", str(backup))
    assert failed.exit_code == 1 and "audit verify: money row sales:1 differs from its seal" in failed.stderr
    if database.is_sqlite:
        assert "Not restored" in failed.stderr and "the database is as it was" in failed.stderr
        assert called(caller, occ) == balls and cli(app, "audit", "verify").exit_code == 0
    else:
        assert "Restored from" in failed.stderr and "but it fails audit verify" in failed.stderr


def test_backup_without_pg_dump_says_so_and_records_nothing(
    pg_required: None, app: Flask, admin: Api, session: Session, clock: Clock, tmp_path: Path, monkeypatch: Any
) -> None:
    mid_occasion(admin, session)
    database = app.extensions["flashboard.db"]
    before = entries(database)
    monkeypatch.setenv("PATH", str(tmp_path))
    refused = cli(app, "backup", str(tmp_path / "night.backup"))
    assert refused.exit_code == 1 and "pg_dump was not found" in refused.stderr
    assert "Traceback" not in refused.stderr + refused.output and entries(database) == before
