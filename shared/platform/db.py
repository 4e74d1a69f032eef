"""The database: one engine per app, plain SQLAlchemy sessions, and the SQLite settings that make an
embedded hall safe (WAL, foreign keys, serialised writers).

Design: the database is the single source of truth, so every station sees a change once it is
committed and never before.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import StrEnum
from typing import Any, TypeVar

from sqlalchemy import (
    DateTime,
    Dialect,
    Engine,
    MetaData,
    String,
    TypeDecorator,
    create_engine,
    event,
)
from sqlalchemy.exc import DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

from shared.platform.audit_key import Keyring

NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


E = TypeVar("E", bound=StrEnum)


class EnumText(TypeDecorator[E]):
    """A state stored as its text (VARCHAR, so migrations and both engines see a plain string) and
    read back as its enumeration member; a value outside the enumeration is refused on the way in."""

    impl = String
    cache_ok = True

    def __init__(self, kind: type[E], length: int = 16) -> None:
        super().__init__(length)
        self.kind = kind

    def process_bind_param(self, value: E | str | None, dialect: Dialect) -> str | None:
        return None if value is None else self.kind(value).value

    def process_result_value(self, value: str | None, dialect: Dialect) -> E | None:
        return None if value is None else self.kind(value)


class UtcDateTime(TypeDecorator[datetime]):
    """Aware datetimes stored as UTC on every engine. SQLite keeps no zone, so a hall-time value
    would otherwise come back hours off; here what goes in aware comes out aware, in UTC."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        utc = value.astimezone(timezone.utc)
        return utc.replace(tzinfo=None) if dialect.name == "sqlite" else utc

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


class Base(DeclarativeBase):
    """Every table, bingo's and poker's too, hangs off this metadata so one Alembic history covers all."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)


READ_ONLY = "flashboard_read_only"


def _configure_sqlite(engine: Engine) -> None:
    """SQLite: WAL so readers never wait, foreign keys on, and BEGIN IMMEDIATE for any transaction
    that may write, so two writers queue for the lock instead of one failing half-way with
    SQLITE_BUSY (the audit chain needs a single writer at a time). Read-only sessions (GET
    requests) begin deferred and never hold the write lock."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=15000")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Any) -> None:
        read_only = connection.get_execution_options().get(READ_ONLY, False)
        connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def make_engine(url: str) -> Engine:
    """Build the engine for a URL; a postgresql+psycopg:// URL switches engines with no code change. The
    PostgreSQL pool is last in, first out (issue 21): each request gets the connection used last, warm and
    unpinged, rather than the one idle longest; its cursors describe an answer's columns only when asked
    (pg_cursors.py)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 15})
        _configure_sqlite(engine)
        return engine
    from shared.platform.pg_cursors import DescribedOnDemand

    engine = create_engine(
        url, pool_size=10, max_overflow=20, pool_use_lifo=True, connect_args={"cursor_factory": DescribedOnDemand}
    )
    _ping_when_idle(engine)
    _plan_once(engine)
    return engine


GENERIC_PLANS_SINCE = 120000
"""PostgreSQL 12, which introduced plan_cache_mode."""


def _plan_once(engine: Engine) -> None:
    """Each PostgreSQL connection plans a prepared statement once (issue 21). psycopg prepares a statement
    the fifth time a connection sends it, and PostgreSQL then chose to plan the call's locking statement
    afresh on every call (0.8 ms of planning for 0.2 ms of execution): in its "auto" mode it keeps planning
    for the values given while the one generic plan looks dearer. What a connection sends often enough to be
    prepared is the requests' and the live screens' own statements, each finding its rows by their keys, for
    which the generic plan is the plan; reports and other rare statements are never prepared and are planned
    for their values, as before. A server older than PostgreSQL 12 has no such setting and is left as it is."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        if dbapi_connection.info.server_version < GENERIC_PLANS_SINCE:
            return
        with dbapi_connection.cursor() as cursor:
            cursor.execute("SET plan_cache_mode = force_generic_plan")
        dbapi_connection.commit()


PING_AFTER_IDLE_SECONDS = 2.0
IDLE_SINCE = "flashboard.idle_since"


def _ping_when_idle(engine: Engine) -> None:
    """A pooled PostgreSQL connection that sat unused for a while is pinged before a request gets it,
    and replaced if the server dropped it (restarted, or an idle timeout between). One used moments
    ago is handed out as it is (issue 21: SQLAlchemy's pre-ping would cost every request a round trip
    before its first statement). A connection the server dropped within those moments fails its
    request's first statement with 503, and SQLAlchemy then replaces every connection of the pool."""

    @event.listens_for(engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info[IDLE_SINCE] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        since = record.info.get(IDLE_SINCE)
        if since is None or time.monotonic() - since < PING_AFTER_IDLE_SECONDS:
            return
        try:
            alive = engine.dialect.do_ping(dbapi_connection)
        except Exception as error:  # noqa: BLE001 - whatever the driver raises, the connection is gone
            raise DisconnectionError() from error
        if not alive:
            raise DisconnectionError()


WRITES = ("INSERT", "UPDATE", "DELETE", "MERGE")


def reading(engine: Engine) -> Engine:
    """The engine as read-only sessions use it (GET requests, the live screens' feeds, the warm-up, the
    reports' commands). On PostgreSQL each statement is its own transaction (autocommit): READ COMMITTED
    gives every statement of a transaction its own snapshot anyway, so a reader sees the same rows, and
    it sends no BEGIN and no ROLLBACK (issue 21). The ROLLBACK mattered most: psycopg forgets a
    connection's prepared statements at every rollback and deallocates them on the server, so each read
    of the live screens' feed (one per event, in every process) left the pooled connection it used,
    the one the next request takes, to plan the call's statements afresh: 2.7 ms more a call, measured.
    A reader that tries to write is refused on every engine, so no write ever commits half-way."""
    options: dict[str, Any] = {READ_ONLY: True}
    if engine.dialect.name == "postgresql":
        options["isolation_level"] = "AUTOCOMMIT"
    reader = engine.execution_options(**options)
    _refuse_writes(reader)
    return reader


def _refuse_writes(reader: Engine) -> None:
    """A read-only session's statement that writes is a programming error, refused before it is sent. The
    listener is the reading engine's own, so the writers' statements pay nothing for it."""

    @event.listens_for(reader, "before_cursor_execute")
    def _on_execute(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        if statement.lstrip()[:6].upper().startswith(WRITES):
            raise ReadOnlyWrite(f"a read-only session may not write: {statement[:80]}")


class ReadOnlyWrite(RuntimeError):
    """A read-only session tried to write."""


@dataclass
class Database:
    """The app's engine and session factory, kept in app.extensions."""

    engine: Engine
    sessions: sessionmaker[Session]
    readers: sessionmaker[Session]

    @classmethod
    def connect(cls, url: str, keyring: Keyring | None = None) -> "Database":
        """`keyring` (shared.platform.audit_key.Keyring) rides on every session, for the audit chain."""
        engine = make_engine(url)
        info = {"flashboard.keyring": keyring} if keyring is not None else {}
        return cls(
            engine=engine,
            sessions=sessionmaker(engine, expire_on_commit=False, info=info),
            readers=sessionmaker(reading(engine), expire_on_commit=False, info=info),
        )

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"
