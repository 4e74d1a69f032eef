"""Alembic environment: runs against the engine the app hands over (shared.migrate)."""
from __future__ import annotations

from alembic import context

from shared.tables import metadata

config = context.config
engine = config.attributes["engine"]

with engine.connect() as connection:
    context.configure(
        connection=connection,
        target_metadata=metadata(),
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()
    connection.commit()
