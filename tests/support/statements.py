"""Counting what one request asks of the database: every statement the engine sends, and the
commits among them, so a test can state a bound (issue 21: verify ≤ 6 statements, a sale ≤ 8 with
one commit, a call ≤ 8 with one commit) and fail the day a change adds a query per row; and what a
PostgreSQL connection has prepared."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Engine, event, text

PREPARE_AFTER = 6
"""psycopg prepares a statement the sixth time a connection sends it."""


def prepared_here(connection: Connection) -> int:
    """How many statements the PostgreSQL connection has prepared."""
    return int(connection.scalar(text("SELECT count(*) FROM pg_prepared_statements")) or 0)


# What the engine sends around a transaction rather than for the request: SQLite's BEGIN and the
# savepoints SQLAlchemy manages are bookkeeping, not statements a bound counts.
BOOKKEEPING = ("BEGIN", "SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")


@dataclass
class Counted:
    """The statements sent (their SQL, first line) and the commits made while counting."""

    statements: list[str] = field(default_factory=list)
    commits: int = 0

    def __str__(self) -> str:
        lines = "\n".join(f"  {n + 1:>2}. {sql}" for n, sql in enumerate(self.statements))
        return f"{len(self.statements)} statements, {self.commits} commits:\n{lines}"


@contextmanager
def counting(engine: Engine) -> Iterator[Counted]:
    """Count every statement and commit `engine` sends inside the block (any thread)."""
    counted = Counted()

    def on_execute(conn: Any, cursor: Any, statement: str, parameters: Any, context: Any, executemany: bool) -> None:
        text = " ".join(statement.split())
        if not text.upper().startswith(BOOKKEEPING):
            counted.statements.append(text[:160])

    def on_commit(conn: Any) -> None:
        counted.commits += 1

    event.listen(engine, "before_cursor_execute", on_execute)
    event.listen(engine, "commit", on_commit)
    try:
        yield counted
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)
        event.remove(engine, "commit", on_commit)
