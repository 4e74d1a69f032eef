"""Issue 21: the rows nothing reads back before the commit (audit entries, live screens' events, stored
idempotent answers) are written with the commit, in one statement on PostgreSQL; none is lost, none is
written by a transaction that does not commit, and the audit chain stays whole."""

from __future__ import annotations

import random

import pytest
from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import BoardEvent, Call
from bingo.services.numbers_drawn import CALL_IDS
from shared.platform import audit
from shared.platform.audit import SYSTEM, AuditEntry, AuditHead
from shared.platform.commit_writes import write_with_commit
from shared.platform.db import Database, ReadOnlyWrite
from shared.platform.idempotency import IdempotencyRecord
from tests.support.bingo_factories import make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import NOW
from tests.support.occasions import setup_occasion
from tests.support.replies import ok
from tests.support.statements import counting

GAMES = [{"pattern": {"kind": "blackout"}, "prize": "50.00"}]


def entries(database: Database) -> int:
    """The entries stored, after a first (which, in a new database, also adopts the audit key)."""
    with database.sessions() as session:
        if session.scalar(select(func.count()).select_from(AuditEntry)) == 0:
            audit.record(session, SYSTEM, "test.opening", "thing", 0, {}, NOW)
            session.commit()
        return int(session.scalar(select(func.count()).select_from(AuditEntry)) or 0)


def test_issue_21_an_entry_waits_for_the_commit_and_is_written_by_it(database: Database) -> None:
    before = entries(database)
    with database.sessions() as session:
        audit.record(session, SYSTEM, "test.waits", "thing", 1, {}, NOW)
        session.flush()
        assert session.scalar(select(func.count()).select_from(AuditEntry)) == before
        session.commit()
    assert entries(database) == before + 1


def test_issue_21_rows_waiting_when_the_transaction_rolls_back_are_never_written(database: Database) -> None:
    before = entries(database)
    with database.sessions() as session:
        audit.record(session, SYSTEM, "test.rolled_back", "thing", 1, {}, NOW)
        session.rollback()
        session.commit()
    assert entries(database) == before
    with database.readers() as reader:
        assert audit.verify(reader).intact


def test_issue_21_a_row_made_in_a_savepoint_is_written_at_once(database: Database) -> None:
    """A savepoint can be rolled back without its transaction: its rows do not wait past it."""
    table = IdempotencyRecord.__table__
    row = {"user_id": 0, "key": "savepoint-key", "endpoint": "test", "status": 200, "body": "{}", "created_at": NOW}
    with database.sessions() as session:
        with session.begin_nested():
            write_with_commit(session, table, row)  # type: ignore[arg-type]
            assert session.get(IdempotencyRecord, (0, "savepoint-key")) is not None
        session.commit()


def test_issue_21_a_savepoint_after_a_waiting_entry_keeps_the_order(database: Database) -> None:
    """A savepoint's rows are written at once, so the rows waiting before it go first: the head's trigger
    only moves forward."""
    with database.sessions() as session:
        audit.record(session, SYSTEM, "test.before", "thing", 1, {}, NOW)
        with session.begin_nested():
            last = audit.record(session, SYSTEM, "test.inside", "thing", 2, {}, NOW)
        session.commit()
    with database.readers() as reader:
        assert reader.get_one(AuditHead, 1).seq == last.seq
        assert audit.verify(reader).intact


def test_issue_21_a_read_only_session_refuses_a_row_for_the_commit(database: Database) -> None:
    row = {"user_id": 0, "key": "reader-key", "endpoint": "test", "status": 200, "body": "{}", "created_at": NOW}
    with database.readers() as reader, pytest.raises(ReadOnlyWrite, match="may not write"):
        write_with_commit(reader, IdempotencyRecord.__table__, row)  # type: ignore[arg-type]


def test_issue_21_two_entries_of_one_transaction_keep_their_order(database: Database) -> None:
    """PostgreSQL runs the parts of a WITH in no promised order: two rows of one table are each written
    on their own, in order, so the database's head ends at the last entry."""
    with database.sessions() as session:
        audit.record(session, SYSTEM, "test.first", "thing", 1, {}, NOW)
        last = audit.record(session, SYSTEM, "test.second", "thing", 2, {}, NOW)
        session.commit()
    with database.readers() as reader:
        head = reader.get_one(AuditHead, 1)
        assert head.seq == last.seq
        assert audit.verify(reader).intact


def test_issue_21_the_head_read_again_after_an_append_stands_where_the_append_left_it(database: Database) -> None:
    """A statement that locks the head afresh (a second use case in one transaction) reads the database's
    head, which its waiting entries have not moved yet: the entry after it still follows the first."""
    with database.sessions() as session:
        first = audit.record(session, SYSTEM, "test.first", "thing", 1, {}, NOW)
        reread = session.execute(
            select(AuditHead).where(AuditHead.id == 1).execution_options(populate_existing=True)
        ).scalar_one()
        audit.hold_locked(session, reread)
        second = audit.record(session, SYSTEM, "test.second", "thing", 2, {}, NOW)
        session.commit()
    assert second.seq == first.seq + 1
    with database.readers() as reader:
        assert audit.verify(reader).intact


def test_issue_21_a_keyed_call_writes_its_row_entry_event_and_answer_in_one_statement(
    app: Flask, admin: Api, session: Session, database: Database, clock: Clock
) -> None:
    """On PostgreSQL the ball call's row (its id taken ahead, numbers_drawn.NextCallId), its audit entry,
    its board event and its stored answer go in one statement before the COMMIT; on SQLite one each. Each is
    there once the call has answered."""
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, GAMES)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    balls = random.Random(21).sample(range(1, 76), 3)
    ok(caller.post(occ + "/cookie-jar-number", {"ball": balls[0]}))
    ok(caller.post(occ + "/games/1/start", {}))
    before = entries(database)
    with counting(database.engine) as counted:
        reply = caller.post(occ + "/games/1/calls", {"ball": balls[1]}, headers={"Idempotency-Key": "call-one-21"})
    assert reply.status_code == 201, reply.get_json()
    waited = [sql for sql in counted.statements if "INSERT INTO audit_entries" in sql or sql.startswith("WITH")]
    if database.engine.dialect.name == "postgresql":
        assert len(waited) == 1, counted
        assert waited[0].startswith("WITH"), counted
        assert not any(sql.startswith("INSERT INTO bingo_calls") for sql in counted.statements), counted
    else:
        assert len(waited) == 1 and not any(sql.startswith("WITH") for sql in counted.statements), counted
    assert entries(database) == before + 1
    with database.readers() as reader:
        assert reader.scalar(select(func.count()).select_from(BoardEvent).where(BoardEvent.reason == "call")) == 1
        call = reader.scalars(select(Call).where(Call.ball == balls[1])).one()
        assert call.seq == 1 and call.caller_name == reply.get_json()["calls"][0]["caller_name"]
        entry = reader.scalars(select(AuditEntry).where(AuditEntry.action == "game.call")).one()
        assert entry.subject_id == str(call.id)
        stored = reader.scalars(select(IdempotencyRecord).where(IdempotencyRecord.key == "call-one-21")).one()
        assert stored.status == 201
        assert audit.verify(reader).intact
    again = caller.post(occ + "/games/1/calls", {"ball": balls[1]}, headers={"Idempotency-Key": "call-one-21"})
    assert again.status_code == 201 and again.headers.get("Idempotent-Replayed") == "true"


def test_issue_21_the_calls_ids_are_taken_from_their_columns_own_sequence(
    pg_required: None, database: Database
) -> None:
    """NextCallId names the sequence rather than looking it up on every call: it must be the column's."""
    with database.readers() as reader:
        found = reader.scalar(select(func.pg_get_serial_sequence(Call.__tablename__, "id")))
    assert found is not None and found.rsplit(".", 1)[-1] == CALL_IDS
