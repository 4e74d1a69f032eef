"""Regression (issue 10): live-screen events take their ids in commit order. On PostgreSQL a
sequence hands out ids when rows are inserted, not when they commit; a board event numbered 100
committing after 101 had been read would be stepped past by every TV's stream. Writing an event
holds the audit chain's lock until commit, so a second event cannot even be numbered meanwhile."""

from __future__ import annotations

from datetime import datetime, timezone

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


def claim_event(session: Session, occasion_id: int) -> BoardEvent:
    """Publish a claim event in `session`'s open transaction and return it, numbered but not committed."""
    occasion = session.get(Occasion, occasion_id)
    assert occasion is not None
    board.publish_claim(session, occasion, NOW)
    session.flush()
    return board.events_after(session, occasion_id, 0, 10_000)[-1]


def test_issue_10_a_board_event_id_waits_for_the_open_event_to_commit(
    pg_required: None, admin: Api, session: Session, database: Database
) -> None:
    occasion_id = setup_occasion(admin, make_hall(session), GAMES)["id"]
    session.commit()
    with database.sessions() as first, database.sessions() as second:
        held = claim_event(first, occasion_id)
        second.execute(text("SET LOCAL lock_timeout = '200ms'"))
        with pytest.raises(OperationalError, match="lock"):
            claim_event(second, occasion_id)
        second.rollback()
        first.commit()
        later = claim_event(second, occasion_id)
        second.commit()
        assert later.id > held.id
