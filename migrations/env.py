"""Alembic environment: runs against the engine the app hands over (shared.migrate)."""
from __future__ import annotations

from typing import Any, Literal

from alembic import context

from shared.db import UtcDateTime
from shared.tables import metadata


def render_item(kind: str, item: Any, autogen_context: Any) -> str | Literal[False]:
    """Migrations spell app column types in plain SQLAlchemy, so they never import the app."""
    if kind == "type" and isinstance(item, UtcDateTime):
        return "sa.DateTime(timezone=True)"
    return False


config = context.config
engine = config.attributes["engine"]

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata(),
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
        render_item=render_item,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
