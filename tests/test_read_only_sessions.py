"""Issue 21: a read-only session (a GET request, a live screens' feed, the warm-up, a report's command) never
writes, and on PostgreSQL it ends in no ROLLBACK, so the pooled connection it used keeps the statements
psycopg has prepared on it for the next request."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, text

from shared.hall.models import Organization
from shared.platform.db import Database, ReadOnlyWrite
from tests.support.factories import make_org
from tests.support.statements import PREPARE_AFTER, prepared_here


def test_issue_21_a_read_only_session_keeps_the_connections_prepared_statements(
    pg_required: None, database: Database
) -> None:
    """psycopg forgets a connection's prepared statements at every rollback and deallocates them on the
    server; each read of the live screens' feed used to end in one, so the next request took a connection
    whose call statements were planned afresh (2.7 ms more a call)."""
    with database.sessions() as writer:
        for _ in range(PREPARE_AFTER):
            writer.scalar(select(func.count()).select_from(Organization).where(Organization.id > 0))
        writer.commit()
    with database.readers() as reader:
        reader.scalar(select(func.count()).select_from(Organization))
    with database.engine.connect() as connection:
        assert prepared_here(connection) == 1


WRITES = [
    "INSERT INTO organizations (name, kind) VALUES ('Not Written', 'volunteer_fire_company')",
    "  update organizations SET name = 'Renamed' WHERE id = :org_id",
    "DELETE FROM organizations WHERE id = :org_id",
]


@pytest.mark.parametrize("write", WRITES, ids=["insert", "update", "delete"])
def test_issue_21_a_read_only_session_refuses_to_write_and_writes_nothing(database: Database, write: str) -> None:
    """On PostgreSQL a reader's statements each commit on their own, so a write in a reader would commit
    half of a change: it is refused before it is sent, on every engine."""
    with database.sessions() as writer:
        org_id = make_org(writer, name="Station 5 Fire Company").id
        writer.commit()
    with database.readers() as reader, pytest.raises(ReadOnlyWrite, match="may not write"):
        reader.execute(text(write), {"org_id": org_id} if ":org_id" in write else {})
    with database.readers() as reader:
        names = list(reader.scalars(select(Organization.name).order_by(Organization.id)))
    assert names == ["Station 5 Fire Company"]
