"""Alembic environment: runs against the engine the app hands over (shared.platform.migrate)."""

from __future__ import annotations

from typing import Any, Literal

from alembic import context

from shared.platform.db import UtcDateTime
from shared.platform.tables import metadata


def render_item(kind: str, item: Any, autogen_context: Any) -> str | Literal[False]:
    """Migrations spell app column types in plain SQLAlchemy, so they never import the app."""
    if kind == "type" and isinstance(item, UtcDateTime):
        return "sa.DateTime(timezone=True)"
    return False


config = context.config
engine = config.attributes["engine"]

with engine.connect() as connection:
    sqlite = connection.dialect.name == "sqlite"
    raw = connection.connection.dbapi_connection
    if sqlite and raw is not None:
        # Batch mode rebuilds a table by copying and dropping it; with foreign keys on, SQLite refuses to
        # drop a table other rows point at. They are off for the migration (outside its transaction,
        # where the pragma takes effect) and checked before they go back on.
        raw.execute("PRAGMA foreign_keys=OFF")
    try:
        context.configure(
            connection=connection,
            target_metadata=metadata(),
            render_as_batch=sqlite,
            compare_type=True,
            render_item=render_item,
        )
        with context.begin_transaction():
            context.run_migrations()
        connection.commit()
        if sqlite and raw is not None:
            broken = raw.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(f"the migration left rows pointing at nothing: {broken[:5]}")
    finally:
        if sqlite and raw is not None:
            raw.execute("PRAGMA foreign_keys=ON")
