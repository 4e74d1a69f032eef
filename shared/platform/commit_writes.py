"""Issue 21: rows written with the commit. A row that nothing reads back before its transaction
commits (an audit entry, a live screen's event, an idempotent request's stored answer) is not sent when
it is made but just before the COMMIT, and on PostgreSQL all such rows of a transaction go in one
statement (INSERTs joined by WITH): a ball call wrote three rows in three round trips, each with
SQLAlchemy's work around it, where one does. SQLite has no INSERT inside WITH (nor round trips to save):
there each row is written on its own at the same moment.

The rows go after the transaction's last flush of mapped rows (a row here may refer to one of them) and
before the COMMIT, still under every lock the transaction holds, so an event still takes its id under
the audit chain's lock. A table that has two rows waiting gets them in the order they were made, each
in a statement of its own: PostgreSQL runs the parts of a WITH in no promised order, and an audit entry's
sequence or an event's id must follow the order they were made in. A row made inside a savepoint is
written at once, after the rows waiting, since the savepoint may be rolled back without the transaction;
rows waiting when a transaction ends without committing are dropped with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from sqlalchemy import Insert, Table, bindparam, event, insert
from sqlalchemy.orm import Session, SessionTransaction

from shared.platform.db import READ_ONLY, ReadOnlyWrite

WAITING = "flashboard.commit_writes"

Shape = tuple[tuple[Table, tuple[str, ...]], ...]


def write_with_commit(session: Session, table: Table, values: dict[str, Any]) -> None:
    """Write `values` as a row of `table` when the transaction commits (the module's docstring):
    for a row that nothing in its own transaction reads back. Inside a savepoint the rows waiting are
    written first and this one at once, so rows still go in the order they were made. A read-only
    session refuses it at once, as it refuses any write."""
    if session.get_bind().get_execution_options().get(READ_ONLY):
        raise ReadOnlyWrite(f"a read-only session may not write: a row of {table.name}")
    if session.in_nested_transaction():
        send(session)
        session.execute(plain(table), values)
        return
    session.info.setdefault(WAITING, []).append((table, values))


def send(session: Session) -> None:
    """Write the rows waiting (before_commit): after the mapped rows, one statement on PostgreSQL when
    no table has two rows waiting, else a statement a row in the order they were made."""
    waiting: list[tuple[Table, dict[str, Any]]] | None = session.info.pop(WAITING, None)
    if not waiting:
        return
    session.flush()
    bind = session.get_bind()
    tables = [table for table, _ in waiting]
    if bind.dialect.name != "postgresql" or len(set(tables)) < len(tables):
        for table, values in waiting:
            session.execute(plain(table), values)
        return
    shape: Shape = tuple((table, tuple(values)) for table, values in waiting)
    params = {_name(n, column): value for n, (_, values) in enumerate(waiting) for column, value in values.items()}
    session.execute(joined(shape), params)


@cache
def plain(table: Table) -> Insert:
    """A row of `table` written by a statement of its own, the statement built once per table."""
    return insert(table)


def _name(position: int, column: str) -> str:
    return f"w{position}_{column}"


def _insert(position: int, table: Table, columns: Sequence[str]) -> Insert:
    return insert(table).values(
        {column: bindparam(_name(position, column), type_=table.c[column].type) for column in columns}
    )


@cache
def joined(shape: Shape) -> Insert:
    """The rows of `shape` (table and columns, in the order made) as one INSERT with the others joined
    to it by WITH, built once per shape (a ball call's is always the same)."""
    *first, (table, columns) = shape
    statement = _insert(len(first), table, columns)
    riders = [_insert(n, t, c).cte(f"w{n}") for n, (t, c) in enumerate(first)]
    return statement.add_cte(*riders) if riders else statement


def _drop_unsent(session: Session, transaction: SessionTransaction) -> None:
    """A transaction that ends without committing takes its waiting rows with it."""
    if transaction.parent is None:
        session.info.pop(WAITING, None)


event.listen(Session, "before_commit", send)
event.listen(Session, "after_transaction_end", _drop_unsent)
