"""Issue 21: PostgreSQL cursors that describe an answer's columns when asked, not after every statement.

psycopg builds a `Column` object for every column of an answer each time its cursor's `description` is
read, and SQLAlchemy reads it after every statement, though it only looks inside the first time it
runs a statement (it keeps what it learned with the compiled statement). The ball call's first statement
answers with about 110 columns: building them was 7.5% of a U Pick Em call's instructions, for nothing.
Here `description` is a sequence that builds the columns the first time one is looked at, from the
answer as it was when it was described (the cursor may have moved on to another statement by then).
Loaded only where a PostgreSQL engine is made, so SQLite's hall never imports psycopg.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, overload

from psycopg import Column, Cursor, pq
from psycopg.adapt import AdaptersMap

ANSWERS_WITH_ROWS = (pq.ExecStatus.TUPLES_OK, pq.ExecStatus.SINGLE_TUPLE, pq.ExecStatus.TUPLES_CHUNK)


class _Answered:
    """What psycopg's `Column` reads of its cursor, as it was for one answer."""

    __slots__ = ("_encoding", "adapters", "pgresult")

    def __init__(self, pgresult: pq.abc.PGresult, encoding: str, adapters: AdaptersMap) -> None:
        self.pgresult, self._encoding, self.adapters = pgresult, encoding, adapters


class ColumnsOnDemand(Sequence[Column]):
    """An answer's columns, built the first time one is looked at."""

    __slots__ = ("_answered", "_built", "_count")

    def __init__(self, answered: _Answered, count: int) -> None:
        self._answered, self._count = answered, count
        self._built: list[Column] | None = None

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Column: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Column]: ...

    def __getitem__(self, index: int | slice) -> Column | Sequence[Column]:
        if self._built is None:
            self._built = [Column(self._answered, n) for n in range(self._count)]  # type: ignore[arg-type]
        return self._built[index]


class DescribedOnDemand(Cursor[Any]):
    """psycopg's cursor, but for `description` (see the module's docstring)."""

    @property
    def description(self) -> ColumnsOnDemand | None:  # type: ignore[override]
        result = self.pgresult
        if result is None or not (result.nfields or result.status in ANSWERS_WITH_ROWS):
            return None
        return ColumnsOnDemand(_Answered(result, self._encoding, self.adapters), result.nfields)
