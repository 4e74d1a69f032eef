"""Regression (issue 10): live-screen events take their ids in commit order. On PostgreSQL a
sequence hands out ids when rows are inserted, not when they commit; a board event numbered 100
committing after 101 had been read would be stepped past by every TV's stream. Writing an event
holds the audit chain's lock until commit, so a second event cannot even be made meanwhile; the event is
written with the commit (commit_writes.py), under that lock."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from sqlalchemy import text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from bingo.models import BoardEvent, Occasion
from bingo.services import board
from shared.platform.db import Database
from tests.support.bingo_factories import make_hall
from tests.support.client import Api
from tests.support.occasions import setup_occasion

NOW = datetime(2026, 12, 5, 23, 0, tzinfo=timezone.utc)
GAMES = [{"pattern": {"kind": "any_row"}, "prize": "50.00"}]


def claim_event(session: Session, occasion_id: int, at: datetime) -> None:
    """Publish a claim event in `session`'s open transaction, which then holds the audit chain's lock."""
    occasion = session.get(Occasion, occasion_id)
    assert occasion is not None
    board.publish_claim(session, occasion, at)
    session.flush()


def test_issue_10_a_board_event_id_waits_for_the_open_event_to_commit(
    pg_required: None, admin: Api, session: Session, database: Database
) -> None:
    occasion_id = setup_occasion(admin, make_hall(session), GAMES)["id"]
    session.commit()
    first_at, later_at = NOW, NOW + timedelta(seconds=1)
    with database.sessions() as first, database.sessions() as second:
        claim_event(first, occasion_id, first_at)
        second.execute(text("SET LOCAL lock_timeout = '200ms'"))
        with pytest.raises(OperationalError, match="lock"):
            claim_event(second, occasion_id, later_at)
        second.rollback()
        first.commit()
        claim_event(second, occasion_id, later_at)
        second.commit()
    with database.sessions() as reader:
        events: list[BoardEvent] = board.events_after(reader, occasion_id, 0, 10_000)
        assert [e.created_at for e in events[-2:]] == [first_at, later_at]
