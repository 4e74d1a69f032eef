"""Backups of the hall's database and their restore (issue 20): SQLite through its online backup API,
so a hall that is serving is copied at one consistent moment; PostgreSQL through pg_dump and
pg_restore. Each backup is recorded and audited in its own transaction before the copy is taken, so
the copy holds its own record; a restore is checked (the checks the app registers: the audit chain,
the books) before it counts.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

from sqlalchemy import BigInteger, Engine, String, select, text
from sqlalchemy.engine import URL
from sqlalchemy.orm import Mapped, Session, mapped_column, sessionmaker

from shared.platform import audit
from shared.platform.audit import Actor
from shared.platform.db import Base, EnumText, UtcDateTime


class BackupStatus(StrEnum):
    TAKING = "taking"
    TAKEN = "taken"
    FAILED = "failed"


class BackupRecord(Base):
    """One `flashboard backup`: when, the command, the file and, once the copy is whole, its size. The
    copy itself holds its record as `taking` (it was written before the copy was taken)."""

    __tablename__ = "backups"

    id: Mapped[int] = mapped_column(primary_key=True)
    taken_at: Mapped[datetime] = mapped_column(UtcDateTime())
    command: Mapped[str] = mapped_column(String(200))
    path: Mapped[str] = mapped_column(String(1000))
    status: Mapped[BackupStatus] = mapped_column(EnumText(BackupStatus))
    size_bytes: Mapped[int | None] = mapped_column(BigInteger)


class BackupError(Exception):
    """A backup or restore refused or failed, in words for the operator; the database is as it was."""


@dataclass(frozen=True)
class Finding:
    """What one check said of a database: its sentence when all is well, or its problems."""

    name: str
    passed: str
    problems: list[str]


Check = Callable[[Session], Finding]
CHECKS = "flashboard.checks"


def register_check(extensions: MutableMapping[str, Any], check: Check) -> None:
    """A check every restore must pass, kept in the app's extensions (the app factory's command
    registration adds the audit chain's and the books')."""
    extensions.setdefault(CHECKS, []).append(check)


def run_checks(readers: sessionmaker[Session], checks: list[Check]) -> list[Finding]:
    found = []
    for check in checks:
        with readers() as session:
            found.append(check(session))
    return found


def last_backup(session: Session) -> BackupRecord | None:
    """The newest backup whose copy is whole (a copy under way or failed is no backup)."""
    newest = select(BackupRecord).where(BackupRecord.status == BackupStatus.TAKEN)
    return session.scalar(newest.order_by(BackupRecord.taken_at.desc(), BackupRecord.id.desc()).limit(1))


def _partial(target: Path) -> Path:
    return target.with_name(f".{target.name}.partial")


def claim_target(engine: Engine, target: Path, replace: bool) -> Path:
    """Refuse a path the backup cannot be written to, before anything is recorded; answer the partial
    file next to it that the copy is written into (renamed onto `target` once whole)."""
    if engine.dialect.name == "postgresql":
        _tool("pg_dump", "Nothing was backed up.")
    elif target.resolve() == sqlite_file(engine).resolve():
        raise BackupError(f"{target} is the database itself: name another file.")
    if target.is_dir():
        raise BackupError(f"{target} is a folder: name the backup file, e.g. {target / 'flashboard.backup'}.")
    if target.exists() and not replace:
        raise BackupError(f"{target} exists already: choose a new name, or give --replace.")
    partial = _partial(target)
    try:
        partial.unlink(missing_ok=True)
        partial.open("xb").close()
    except OSError as exc:
        raise BackupError(f"Cannot write {target}: {exc.strerror or exc}. Nothing was backed up.") from None
    return partial


def begin(sessions: sessionmaker[Session], actor: Actor, now: datetime, target: Path, command: str) -> int:
    """Flashboard house rule (backups): the record and its audit entry are committed before the copy
    is taken, so the copy holds its own record and a restored hall says which backup it came from."""
    with sessions() as session:
        row = BackupRecord(taken_at=now, command=command[:200], path=str(target)[:1000], status=BackupStatus.TAKING)
        session.add(row)
        session.flush()
        audit.record(
            session, actor, "database.backup", "backup", row.id, {"path": row.path, "command": row.command}, now
        )
        session.commit()
        return row.id


def end(sessions: sessionmaker[Session], actor: Actor, now: datetime, record_id: int, size: int | None) -> None:
    """The copy is whole (with its size) or failed; audited."""
    with sessions() as session:
        row = session.get(BackupRecord, record_id)
        assert row is not None
        row.status = BackupStatus.TAKEN if size is not None else BackupStatus.FAILED
        row.size_bytes = size
        action = "database.backup_taken" if size is not None else "database.backup_failed"
        audit.record(session, actor, action, "backup", row.id, {"path": row.path, "size_bytes": size}, now)
        session.commit()


def take(engine: Engine, partial: Path, target: Path) -> int:
    """Copy the database into `partial`, make it durable and rename it onto `target`; its size."""
    try:
        if engine.dialect.name == "sqlite":
            with engine.connect() as conn:
                live = conn.connection.driver_connection
                assert isinstance(live, sqlite3.Connection)
                copy = sqlite3.connect(partial)
                try:
                    live.backup(copy)
                    copy.execute("PRAGMA journal_mode=DELETE")
                finally:
                    copy.close()
        else:
            _pg("pg_dump", engine, ["-Fc", "-n", _schema(engine), "-f", str(partial)])
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
    except (OSError, sqlite3.Error, BackupError) as exc:
        partial.unlink(missing_ok=True)
        raise BackupError(f"The backup to {target} failed: {exc}") from None
    return target.stat().st_size


def _schema(engine: Engine) -> str:
    """The schema the app's tables live in (public, unless the URL's options set a search path)."""
    with engine.connect() as conn:
        return str(conn.execute(text("SELECT current_schema()")).scalar_one())


def _tool(tool: str, outcome: str) -> str:
    found = shutil.which(tool)
    if found is None:
        raise BackupError(
            f"{tool} was not found: install PostgreSQL's client tools on this server (e.g. apt-get install "
            f"postgresql-client). {outcome}".strip()
        )
    return found


def _pg(tool: str, engine: Engine, arguments: list[str]) -> None:
    """Run a PostgreSQL client tool against the app's database: the SQLAlchemy URL as libpq's, the
    password in the environment (never on a command line another user can read)."""
    binary = _tool(tool, "")
    url = engine.url
    libpq = URL.create(
        "postgresql", username=url.username, host=url.host, port=url.port, database=url.database, query=url.query
    )
    env = {**os.environ, **({"PGPASSWORD": str(url.password)} if url.password else {})}
    done = subprocess.run(
        [binary, *arguments, "--dbname", libpq.render_as_string(hide_password=False)],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        said = [line for line in done.stderr.splitlines() if line.strip()]
        raise BackupError(f"{tool} failed: {said[0] if said else f'exit {done.returncode}'}")


def sqlite_file(engine: Engine) -> Path:
    name = engine.url.database
    if not name or name == ":memory:":
        raise BackupError("This database is in memory: it has no file to back up or restore.")
    return Path(name)


def stage_sqlite(engine: Engine, source: Path) -> Path:
    """Copy the backup file into a staging file next to the live database (read only, through the
    backup API), so the live file is untouched until the copy has been checked; refuse a file that is
    no SQLite database, is damaged, or holds no Flashboard schema."""
    live = sqlite_file(engine)
    staged = live.with_name(f".{live.name}.restore")
    staged.unlink(missing_ok=True)
    try:
        backup = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True)
        copy = sqlite3.connect(staged)
        try:
            backup.backup(copy)
            checked = copy.execute("PRAGMA integrity_check").fetchone()
            if checked is None or checked[0] != "ok":
                raise BackupError(f"{source} is damaged: {checked[0] if checked else 'no answer'}")
            copy.execute("SELECT version_num FROM alembic_version").fetchone()
        finally:
            backup.close()
            copy.close()
    except sqlite3.Error as exc:
        staged.unlink(missing_ok=True)
        raise BackupError(f"{source} is not a Flashboard backup of a SQLite hall: {exc}") from None
    except BackupError:
        staged.unlink(missing_ok=True)
        raise
    return staged


def load_sqlite(engine: Engine, staged: Path) -> None:
    """Put the checked copy in place of the live database's contents in one transaction of the live
    file (the backup API again): the file, its WAL and every other connection stay coherent, where a
    rename would pair the new file with the old file's write-ahead log."""
    copy = sqlite3.connect(staged)
    live = sqlite3.connect(sqlite_file(engine), timeout=15)
    try:
        copy.backup(live)
    finally:
        copy.close()
        live.close()
    engine.dispose()


def restore_postgres(engine: Engine, source: Path) -> None:
    """pg_restore in one transaction (--single-transaction --exit-on-error), so a file that does not
    restore whole leaves the database as it was; refuse what is no pg_dump archive before touching it."""
    binary = _tool("pg_restore", "Nothing was restored.")
    listed = subprocess.run([binary, "--list", str(source)], capture_output=True, text=True)
    if listed.returncode != 0:
        said = [line for line in listed.stderr.splitlines() if line.strip()]
        raise BackupError(f"{source} is not a Flashboard backup of a PostgreSQL hall: {said[0] if said else ''}")
    engine.dispose()
    try:
        _pg(
            "pg_restore",
            engine,
            ["--clean", "--if-exists", "--single-transaction", "--exit-on-error", "--no-owner", str(source)],
        )
    except BackupError as exc:
        raise BackupError(f"{exc}. Nothing was restored (one transaction).") from None
    engine.dispose()


def record_restore(sessions: sessionmaker[Session], actor: Actor, now: datetime, source: Path) -> None:
    """The restored hall's own record of the backup it came from is the newest one under way in it
    (written just before that copy was taken): now whole, with the file's size; the restore audited."""
    size = source.stat().st_size
    with sessions() as session:
        own = session.scalar(
            select(BackupRecord)
            .where(BackupRecord.status == BackupStatus.TAKING)
            .order_by(BackupRecord.id.desc())
            .limit(1)
        )
        if own is not None:
            own.status, own.size_bytes = BackupStatus.TAKEN, size
        details: dict[str, object] = {
            "path": str(source),
            "size_bytes": size,
            "backup_taken_at": own.taken_at.isoformat() if own else None,
        }
        audit.record(session, actor, "database.restore", "backup", own.id if own else "", details, now)
        session.commit()
