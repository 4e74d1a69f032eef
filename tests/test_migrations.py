"""Alembic and the models agree: upgrading an empty database to head gives exactly the tables,
columns, indexes and constraints the models declare, on SQLite and on PostgreSQL."""

from __future__ import annotations

from datetime import date, datetime, time, timezone
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection, inspect, select, text

from shared.platform import migrate
from shared.platform.audit import AuditHead
from shared.platform.db import Database
from shared.platform.tables import metadata


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


def _one_row_in_every_table(conn: Connection) -> None:
    """A row in every table the schema holds at this revision, each pointing at its parents' rows:
    what a hall's database looks like after a night, as far as the migration can tell."""
    found = inspect(conn)
    values: dict[str, Any] = {
        "INTEGER": 1,
        "BOOLEAN": False,
        "VARCHAR": "x",
        "TEXT": "x",
        "DATE": date(2026, 12, 5),
        "TIME": time(18, 0),
        "DATETIME": datetime(2026, 12, 5, 23, 0),
        "TIMESTAMP": datetime(2026, 12, 5, 23, 0, tzinfo=timezone.utc),
    }
    if conn.dialect.name == "sqlite":
        values.update({"DATE": "2026-12-05", "TIME": "18:00:00.000000", "DATETIME": "2026-12-05 23:00:00.000000"})
    tables = [t for t in reversed(found.get_sorted_table_and_fkc_names()) if t[0]]
    for name in [t for t, _ in reversed(tables)]:
        if name in {"alembic_version", "audit_head"}:
            continue
        row = {}
        for column in found.get_columns(name):
            kind = str(column["type"]).split("(")[0].upper()
            kind = "TIMESTAMP" if kind.startswith("TIMESTAMP") else kind
            row[column["name"]] = 1 if column["name"] == "id" else values.get(kind, "x")
        conn.execute(text(f'INSERT INTO "{name}" ({", ".join(row)}) VALUES ({", ".join(":" + c for c in row)})'), row)


TABLES, BUTTONS = '{"1": 9, "2": 8}', '{"1": 3, "2": 5, "3": 1}'
ENTRY_TIERS, GAME_TIERS = "[[100, 15000], [150, 20000]]", "[[150, 25000]]"


def test_migrations_upgrade_and_downgrade_a_database_holding_data(database: Database) -> None:
    """The 0015 books migration rebuilds tables other rows point at (SQLite's batch mode) and moves
    data (share keys, ticket and pack lines, tender spelling, poker payments), and 0017 moves a
    tournament's tables and buttons and the 4.18 attendance tiers from JSON text into rows (and back
    on a downgrade): they must run on a hall's database with a night in it, not only on an empty one."""
    migrate.downgrade(database.engine, "0014_claims_index")
    with database.engine.connect() as conn:
        with conn.begin():
            if conn.dialect.name == "sqlite":
                conn.exec_driver_sql("PRAGMA defer_foreign_keys=ON")
            _one_row_in_every_table(conn)
            conn.execute(text("UPDATE sales SET tender = ' Cash '"))
            conn.execute(text("UPDATE poker_entries SET prize_cents = 100"))
            conn.execute(text("UPDATE poker_tournaments SET tables = :t, buttons = :b"), {"t": TABLES, "b": BUTTONS})
            conn.execute(text("UPDATE bingo_program_games SET attendance_tiers = :t"), {"t": ENTRY_TIERS})
            conn.execute(text("UPDATE bingo_games SET attendance_tiers = :t"), {"t": GAME_TIERS})
    migrate.upgrade(database.engine)
    with database.engine.connect() as conn:
        assert conn.execute(text("SELECT tender FROM sales")).scalar_one() == "cash"
        assert conn.execute(text("SELECT share_key FROM payouts")).scalar_one() == "ticket:x:x"
        assert conn.execute(text("SELECT cents FROM poker_prize_payments")).scalar_one() == 100
        tables = "SELECT tournament_id, number, seats, button_seat FROM poker_tables ORDER BY number"
        assert [tuple(r) for r in conn.execute(text(tables))] == [(1, 1, 9, 3), (1, 2, 8, 5), (1, 3, None, 1)]
        tiers = "SELECT {0}, position, min_players, prize_cents FROM {1} ORDER BY position"
        assert [tuple(r) for r in conn.execute(text(tiers.format("entry_id", "bingo_program_entry_tiers")))] == [
            (1, 1, 100, 15000),
            (1, 2, 150, 20000),
        ]
        assert [tuple(r) for r in conn.execute(text(tiers.format("game_id", "bingo_game_tiers")))] == [
            (1, 1, 150, 25000)
        ]
    migrate.downgrade(database.engine, "0016_identity")
    with database.engine.connect() as conn:
        assert tuple(conn.execute(text("SELECT tables, buttons FROM poker_tournaments")).one()) == (TABLES, BUTTONS)
        assert conn.execute(text("SELECT attendance_tiers FROM bingo_program_games")).scalar_one() == ENTRY_TIERS
        assert conn.execute(text("SELECT attendance_tiers FROM bingo_games")).scalar_one() == GAME_TIERS
    migrate.downgrade(database.engine, "0014_claims_index")
    migrate.upgrade(database.engine)
