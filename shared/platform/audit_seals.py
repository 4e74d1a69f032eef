"""The audit chain covers the money tables: every row of a sale, a sale line, a payout, a till, a
till movement, the jar settings and jar ledger, an adjustment, a poker buy or prize payment is
sealed in the chain. An audit entry carries, under "_seals", the digest of each money row its
transaction wrote, as the row stands when the entry is appended; a transaction that changes a money
row after its last entry gets an "audit.seal" entry at commit. `audit verify` reads every money row
and compares it with its newest seal, so a row edited, inserted or deleted with the database's own
login is named, though no entry was touched.

A seal holds the row's digest before and after the transaction ("new" before an insert), so a row
edited outside Flashboard and then changed again by the app is still caught: the app's "before"
no longer matches the last seal's "after". Rows sealed by `audit.adopt` hold the digest alone.

The digest is SHA-256 of the row's non-empty columns in one spelling (a column added later, empty
in every old row, changes no digest); it needs no key of its own, because it sits inside a keyed
entry that the database login cannot recompute.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, Table, event, inspect, select, tuple_
from sqlalchemy.orm import Mapper, Session, SessionTransaction, object_session

from shared.core.audit_chain import canonical_time
from shared.platform.db import Base

SEALED_TABLES = (
    "sales",
    "sale_lines",
    "payouts",
    "tills",
    "till_movements",
    "cookie_jar_settings",
    "cookie_jar_lines",
    "occasion_adjustments",
    "poker_buys",
    "poker_prize_payments",
)
SEALS = "_seals"
DELETED = "deleted"
NEW = "new"
TOUCHED = "flashboard.touched_rows"
BEFORE = "flashboard.rows_before"
WRITTEN = "flashboard.rows_written"
RowId = tuple[str, tuple[object, ...]]


def _table(name: str) -> Table:
    return Base.metadata.tables[name]


def _spelling(value: object) -> object:
    if isinstance(value, datetime):
        return canonical_time(value)
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, (bytes, bytearray)):
        return hashlib.sha256(value).hexdigest()
    if isinstance(value, (int, float, bool, str)) or value is None:
        return value
    return str(value)


def row_digest(columns: dict[str, Any]) -> str:
    text = json.dumps(
        {k: _spelling(v) for k, v in columns.items() if v is not None},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=True,
    )
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def row_key(table: str, ident: Iterable[object]) -> str:
    return f"{table}:{'/'.join(str(v) for v in ident)}"


def _sealed_ident(mapper: Mapper[Any], target: object) -> RowId | None:
    table = mapper.local_table.name if isinstance(mapper.local_table, Table) else None
    if table not in SEALED_TABLES:
        return None
    ident = mapper.primary_key_from_instance(target)
    if any(v is None for v in ident):
        return None
    return str(table), tuple(ident)


def _stored_digest(connection: Connection, table: str, ident: tuple[object, ...]) -> str:
    """The row as stored now, inside the flush that is about to change it; locked on PostgreSQL, so
    a concurrent writer cannot slip a change between this read and the update (its "before")."""
    t = _table(table)
    keys = list(t.primary_key.columns)
    query = select(t).where(*(k == v for k, v in zip(keys, ident)))
    if connection.dialect.name == "postgresql":
        query = query.with_for_update()
    row = connection.execute(query).mappings().first()
    return row_digest(dict(row)) if row is not None else NEW


def _touch(target: object, found: RowId, before: str | None, written: bool = True) -> None:
    session = object_session(target)
    if session is None:
        return
    session.info.setdefault(TOUCHED, set()).add(found)
    if before is not None:
        session.info.setdefault(BEFORE, {}).setdefault(found, before)
    rows: dict[RowId, object] = session.info.setdefault(WRITTEN, {})
    if written:
        rows[found] = target
    else:
        rows.pop(found, None)


def _inserted(mapper: Mapper[Any], _connection: Connection, target: object) -> None:
    found = _sealed_ident(mapper, target)
    if found is not None:
        _touch(target, found, NEW)


def _updating(mapper: Mapper[Any], connection: Connection, target: object) -> None:
    """Mapper events fire for the rows a flush really writes (an orphan's delete too); an
    assignment that changes nothing writes nothing and seals nothing."""
    found = _sealed_ident(mapper, target)
    session = object_session(target)
    if found is None or session is None or not session.is_modified(target, include_collections=False):
        return
    known = session.info.get(BEFORE, {})
    _touch(target, found, None if found in known else _stored_digest(connection, *found))


def _deleting(mapper: Mapper[Any], connection: Connection, target: object) -> None:
    found = _sealed_ident(mapper, target)
    session = object_session(target)
    if found is None or session is None:
        return
    known = session.info.get(BEFORE, {})
    _touch(target, found, None if found in known else _stored_digest(connection, *found), written=False)


def _forget(session: Session, transaction: SessionTransaction) -> None:
    """A transaction's end, committed or not, forgets what it wrote."""
    if transaction.parent is None:
        session.info.pop(TOUCHED, None)
        session.info.pop(BEFORE, None)
        session.info.pop(WRITTEN, None)


event.listen(Base, "after_insert", _inserted, propagate=True)
event.listen(Base, "before_update", _updating, propagate=True)
event.listen(Base, "before_delete", _deleting, propagate=True)
event.listen(Session, "after_transaction_end", _forget)


def _as_written(target: object, table: Table, inserted: bool) -> dict[str, Any] | None:
    """The row exactly as this session's flushes wrote it, column by column, from the object that
    holds it, so it is what verify will read back: every column mapped and known, nothing changed
    since. A column of a row inserted here that the object never set was written NULL (SQLAlchemy
    sends NULL for a column with no default of the database's own). None when any column is not
    known here (a value the database filled in, an expired or changed attribute): that row is read
    back instead."""
    state = inspect(target)
    if state.session is None or state.modified or state.expired_attributes:
        return None
    values: dict[str, Any] = {}
    for attr in state.mapper.column_attrs:
        for column in attr.columns:
            if column.table is not table:
                continue
            if attr.key in state.dict:
                values[column.name] = state.dict[attr.key]
            elif inserted and column.server_default is None and column.computed is None and column.identity is None:
                values[column.name] = None
            else:
                return None
    return values if len(values) == len(table.columns) else None


def _digests(
    session: Session, table: str, idents: list[tuple[object, ...]], inserted: set[tuple[object, ...]]
) -> dict[tuple[object, ...], str]:
    """The rows as stored now (so the digest is what verify will read): a row this session just wrote
    from the values it wrote (issue 21: no read after the flush), any other read back."""
    t = _table(table)
    keys = list(t.primary_key.columns)
    found: dict[tuple[object, ...], str] = {}
    written: dict[RowId, object] = session.info.get(WRITTEN, {})
    unknown: list[tuple[object, ...]] = []
    for ident in idents:
        target = written.get((table, ident))
        values = _as_written(target, t, ident in inserted) if target is not None else None
        if values is None:
            unknown.append(ident)
        else:
            found[ident] = row_digest(values)
    for start in range(0, len(unknown), 500):
        chunk = unknown[start : start + 500]
        where = keys[0].in_([i[0] for i in chunk]) if len(keys) == 1 else tuple_(*keys).in_(chunk)
        for row in session.execute(select(t).where(where)).mappings():
            found[tuple(row[k.name] for k in keys)] = row_digest(dict(row))
    return found


def adoption(rows: dict[str, str], seals: dict[str, list[str]]) -> dict[str, str]:
    """What `audit.adopt` seals: every money row as it stood before this transaction (a row this
    transaction inserted is left to its own seal, one it deleted is adopted as it was)."""
    adopted = {key: digest for key, digest in rows.items() if key not in seals}
    for key, (before, _after) in seals.items():
        if before != NEW:
            adopted[key] = before
    return adopted


def take_seals(session: Session) -> dict[str, list[str]]:
    """The seals of the money rows written since the last seal, [before, after], and forget them."""
    touched: set[RowId] = session.info.pop(TOUCHED, set())
    before: dict[RowId, str] = session.info.get(BEFORE, {})
    seals: dict[str, list[str]] = {}
    by_table: dict[str, list[tuple[object, ...]]] = {}
    for table, ident in touched:
        by_table.setdefault(table, []).append(ident)
    for table, idents in sorted(by_table.items()):
        after = _digests(session, table, idents, {i for i in idents if before.get((table, i)) == NEW})
        for ident in idents:
            seals[row_key(table, ident)] = [before.pop((table, ident), NEW), after.get(ident, DELETED)]
    return seals


def has_unsealed(session: Session) -> bool:
    return bool(session.info.get(TOUCHED))


def every_row(session: Session) -> Iterator[tuple[str, str]]:
    """Every money row now in the database, as (key, digest), table by table."""
    for table in SEALED_TABLES:
        t = _table(table)
        keys = list(t.primary_key.columns)
        for row in session.execute(select(t).order_by(*keys).execution_options(yield_per=2000)).mappings():
            yield row_key(table, (row[k.name] for k in keys)), row_digest(dict(row))


@dataclass(frozen=True)
class RowProblem:
    key: str
    what: str


def follow(seals: dict[str, tuple[int, str]], seq: int, found: dict[str, Any], problems: list[RowProblem]) -> None:
    """Take one entry's seals in chain order: each [before, after] must start where the row's last
    seal ended (an adopted digest has no before)."""
    for key, value in found.items():
        if isinstance(value, list):
            before, after = str(value[0]), str(value[1])
            last = seals.get(key)
            if before == NEW:
                if last is not None and last[1] != DELETED:
                    problems.append(
                        RowProblem(key, f"is written as new in entry {seq} though entry {last[0]} sealed it")
                    )
            elif last is None:
                problems.append(
                    RowProblem(
                        key, f"was changed by entry {seq} though no entry had written it: inserted outside Flashboard"
                    )
                )
            elif last[1] != before:
                problems.append(RowProblem(key, f"was changed outside Flashboard between entries {last[0]} and {seq}"))
        else:
            after = str(value)
        seals[key] = (seq, after)


def _row_problem(key: str, digest: str, sealed: tuple[int, str] | None) -> RowProblem | None:
    """One money row against its newest seal (entry seq, digest)."""
    if sealed is None:
        return RowProblem(key, "is in no audit entry: written outside Flashboard")
    if sealed[1] == DELETED:
        return RowProblem(key, f"was deleted in entry {sealed[0]} but is back")
    if sealed[1] != digest:
        return RowProblem(key, f"differs from its seal in entry {sealed[0]}: changed outside Flashboard")
    return None


def _missing(key: str, seq: int) -> RowProblem:
    return RowProblem(key, f"sealed in entry {seq} is missing: deleted outside Flashboard")


LEDGER_BATCH = 500


class SealLedger:
    """The newest seal of every money row met on the walk down the chain, kept in a temporary SQLite file
    of the checking process rather than in its memory, so `audit verify` holds a batch at a time however
    many money rows the hall has written (issue 21). It answers as the dictionary `follow` and
    `row_problems` read, batch by batch: the same findings in the same order."""

    def __init__(self) -> None:
        self._folder = tempfile.TemporaryDirectory(prefix="flashboard-verify-")
        self._db = sqlite3.connect(Path(self._folder.name) / "seals.db", isolation_level=None)
        self._db.execute("PRAGMA journal_mode=OFF")
        self._db.execute("PRAGMA synchronous=OFF")
        self._db.execute(
            "CREATE TABLE seals (key TEXT PRIMARY KEY, seq INTEGER NOT NULL, after TEXT NOT NULL, "
            "seen INTEGER NOT NULL DEFAULT 0) WITHOUT ROWID"
        )

    def __enter__(self) -> SealLedger:
        return self

    def __exit__(self, *_: object) -> None:
        self._db.close()
        self._folder.cleanup()

    def _sealed(self, keys: list[str]) -> dict[str, tuple[int, str]]:
        found: dict[str, tuple[int, str]] = {}
        for start in range(0, len(keys), LEDGER_BATCH):
            chunk = keys[start : start + LEDGER_BATCH]
            marks = ",".join("?" * len(chunk))
            for key, seq, after in self._db.execute(f"SELECT key, seq, after FROM seals WHERE key IN ({marks})", chunk):
                found[key] = (seq, after)
        return found

    def follow(self, entries: list[tuple[int, dict[str, Any]]], problems: list[RowProblem]) -> None:
        """`follow` for a run of entries in chain order (each entry's seq and its seals)."""
        keys = sorted({key for _, found in entries for key in found})
        if not keys:
            return
        seals = self._sealed(keys)
        for seq, found in entries:
            follow(seals, seq, found, problems)
        self._db.execute("BEGIN")
        self._db.executemany(
            "INSERT INTO seals (key, seq, after) VALUES (?, ?, ?) "
            "ON CONFLICT (key) DO UPDATE SET seq = excluded.seq, after = excluded.after",
            [(key, *seals[key]) for key in keys],
        )
        self._db.execute("COMMIT")

    def row_problems(self, rows: Iterable[tuple[str, str]]) -> list[RowProblem]:
        """`row_problems` against the ledger, reading the rows a batch at a time."""
        problems: list[RowProblem] = []
        batch: list[tuple[str, str]] = []
        for row in rows:
            batch.append(row)
            if len(batch) == LEDGER_BATCH:
                self._check(batch, problems)
                batch = []
        self._check(batch, problems)
        missing = self._db.execute("SELECT key, seq FROM seals WHERE seen = 0 AND after <> ? ORDER BY key", (DELETED,))
        problems.extend(_missing(key, seq) for key, seq in missing)
        return problems

    def _check(self, batch: list[tuple[str, str]], problems: list[RowProblem]) -> None:
        if not batch:
            return
        seals = self._sealed([key for key, _ in batch])
        for key, digest in batch:
            found = _row_problem(key, digest, seals.get(key))
            if found is not None:
                problems.append(found)
        self._db.execute("BEGIN")
        self._db.executemany("UPDATE seals SET seen = 1 WHERE key = ?", [(key,) for key in seals])
        self._db.execute("COMMIT")
