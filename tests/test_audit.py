"""The audit chain: append-only, SHA-256 linked, and `flashboard audit verify` names the first
entry that no longer fits after someone edits the table (DESIGN.md, "Audit")."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone

import pytest
from flask import Flask
from sqlalchemy import Connection, func, select, text
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session

from shared.core.audit_chain import (
    GENESIS,
    ChainFields,
    StoredEntry,
    entry_hash,
    first_break,
)
from shared.platform import audit
from shared.platform.audit import SYSTEM, Actor, AuditEntry
from shared.platform.db import Database
from tests.support.factories import NOW, make_member, make_org


def chain(n: int) -> list[StoredEntry]:
    prev, out = GENESIS, []
    for seq in range(1, n + 1):
        fields = ChainFields(seq, NOW + timedelta(seconds=seq), None, "system", "cli", "test", "thing", str(seq), "{}")
        digest = entry_hash(fields, prev)
        out.append(StoredEntry(seq * 10, fields, prev, digest))
        prev = digest
    return out


def test_audit_chain_pure_walk_accepts_an_intact_chain() -> None:
    entries = chain(5)
    assert first_break(entries, 5, entries[-1].hash) == (5, None)
    assert first_break([], 0, GENESIS) == (0, None)


def test_audit_chain_pure_walk_finds_edit_gap_and_truncation() -> None:
    entries = chain(5)
    edited = (
        entries[:2]
        + [
            StoredEntry(
                30,
                entries[2].fields.__class__(**{**entries[2].fields.__dict__, "details": '{"x":1}'}),
                entries[2].prev_hash,
                entries[2].hash,
            )
        ]
        + entries[3:]
    )
    _, broken = first_break(edited, 5, entries[-1].hash)
    assert broken is not None and broken.entry_id == 30 and "hash" in broken.reason
    _, gap = first_break(entries[:2] + entries[3:], 5, entries[-1].hash)
    assert gap is not None and gap.seq == 4
    _, truncated = first_break(entries[:4], 5, entries[-1].hash)
    assert truncated is not None and truncated.entry_id is None


def test_audit_entry_written_in_the_same_transaction_as_the_change(session: Session) -> None:
    org = make_org(session, name="Audited Post 7")
    entry = session.scalars(select(AuditEntry).order_by(AuditEntry.seq.desc())).first()
    assert entry is not None and entry.action == "organization.create" and entry.subject_id == str(org.id)
    assert '"name":"Audited Post 7"' in entry.details


def test_audit_nothing_recorded_when_the_change_is_rolled_back(session: Session) -> None:
    before = session.scalar(select(AuditEntry.seq).order_by(AuditEntry.seq.desc()).limit(1)) or 0
    audit.record(session, SYSTEM, "test.rolled_back", "thing", 1, {}, NOW)
    session.rollback()
    after = session.scalar(select(AuditEntry.seq).order_by(AuditEntry.seq.desc()).limit(1)) or 0
    assert after == before
    assert audit.verify(session).intact


def drop_append_only_guard(conn: Connection) -> None:
    """What an intruder with database access would do first; the hash chain still catches them.
    (On PostgreSQL only for this transaction, since the test schema outlives the test.)"""
    if conn.dialect.name == "sqlite":
        conn.execute(text("DROP TRIGGER audit_entries_no_update"))
        conn.execute(text("DROP TRIGGER audit_entries_no_delete"))
    else:
        conn.execute(text("SET LOCAL session_replication_role = replica"))


def test_audit_entries_are_append_only_in_the_database(session: Session) -> None:
    make_org(session)
    for statement in ("UPDATE audit_entries SET details = '{}'", "DELETE FROM audit_entries"):
        with session.bind.connect() as conn:  # type: ignore[union-attr]
            with pytest.raises(DatabaseError, match="append-only"):
                conn.execute(text(statement))
            conn.rollback()
    assert audit.verify(session).intact


def test_audit_verify_detects_a_row_edited_with_raw_sql(app: Flask, session: Session) -> None:
    org = make_org(session)
    for _ in range(3):
        make_member(session, org)
    target = session.scalars(select(AuditEntry).order_by(AuditEntry.seq).offset(2).limit(1)).one()
    target_id, target_seq = target.id, target.seq
    session.rollback()
    runner = app.test_cli_runner()
    assert runner.invoke(args=["audit", "verify"]).exit_code == 0
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        drop_append_only_guard(conn)
        conn.execute(
            text("UPDATE audit_entries SET details = :d WHERE id = :id"),
            {"d": '{"name":"Someone Else"}', "id": target_id},
        )
        conn.commit()
    result = runner.invoke(args=["audit", "verify"])
    assert result.exit_code == 1
    assert f"sequence {target_seq} (entry id {target_id})" in result.output


def test_audit_verify_detects_a_deleted_newest_entry(app: Flask, session: Session) -> None:
    make_org(session)
    newest_id = session.scalars(select(AuditEntry.id).order_by(AuditEntry.seq.desc())).first()
    session.rollback()
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        drop_append_only_guard(conn)
        conn.execute(text("DELETE FROM audit_entries WHERE id = :id"), {"id": newest_id})
        conn.commit()
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 1 and "head" in result.output


def test_audit_concurrent_appends_never_fork_the_chain(database: Database) -> None:
    """Eight writers at once: the head-row lock (PostgreSQL) or BEGIN IMMEDIATE (SQLite) orders them."""
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        try:
            for i in range(10):
                with database.sessions() as s:
                    audit.record(
                        s,
                        Actor(None, f"writer{n}", "test"),
                        "test.concurrent",
                        "thing",
                        i,
                        {"writer": n},
                        datetime.now(timezone.utc),
                    )
                    s.commit()
        except BaseException as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with database.sessions() as s:
        found = audit.verify(s)
        appended = s.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.action == "test.concurrent"))
    assert found.intact and appended == 80


def test_audit_a_session_that_kept_the_head_appends_after_anothers_entry(database: Database) -> None:
    """Regression (issue 10): a long-lived session still holding the head row from an earlier
    transaction reads it afresh when it locks it again, so its next entry follows the other
    session's instead of reusing its sequence number."""
    with database.sessions() as first, database.sessions() as second:
        kept = audit.hold_chain(first)
        opening = audit.record(first, SYSTEM, "test.first", "thing", 1, {}, NOW)
        first.commit()
        audit.record(second, SYSTEM, "test.second", "thing", 2, {}, NOW)
        second.commit()
        assert audit.hold_chain(first) is kept
        entry = audit.record(first, SYSTEM, "test.third", "thing", 3, {}, NOW)
        first.commit()
        assert entry.seq == opening.seq + 2
    with database.readers() as session:
        found = audit.verify(session)
        assert found.intact and found.count == entry.seq
