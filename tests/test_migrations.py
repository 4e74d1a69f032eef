"""Alembic and the models agree: upgrading an empty database to head gives exactly the tables,
columns, indexes and constraints the models declare, on SQLite and on PostgreSQL."""
from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect, select

from shared import migrate
from shared.audit import AuditHead
from shared.db import Database
from shared.tables import metadata


def test_migrations_match_the_models(database: Database) -> None:
    with database.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), metadata())
    assert diff == []


def test_migrations_downgrade_to_nothing_and_back(database: Database) -> None:
    migrate.downgrade(database.engine, "base")
    assert set(inspect(database.engine).get_table_names()) <= {"alembic_version"}
    migrate.upgrade(database.engine)
    assert {t.name for t in metadata().sorted_tables} <= set(inspect(database.engine).get_table_names())


def test_migrations_seed_the_audit_head(database: Database) -> None:
    with database.sessions() as session:
        head = session.scalar(select(AuditHead))
    assert head is not None and head.seq == 0 and head.hash == "0" * 64
