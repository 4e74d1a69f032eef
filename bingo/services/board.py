"""The flashboard: what every TV shows, published as an event in the same transaction as the change
that caused it (a call, a correction, a game starting or closing, the cookie-jar number or amounts)."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import BoardEvent, GameStatus, Occasion
from bingo.rules.faces import ball_label
from bingo.rules.patterns import from_spec
from bingo.services import jars as jar_service
from shared.core.money import format_cents
from shared.hall.services.organizations import get_organization
from shared.platform.audit import hold_chain

HELPLINE = "Gambling problem? Call 1-888-850-8888"


def snapshot(session: Session, occasion: Occasion) -> dict[str, Any]:
    """The board as it stands: the current (or last) game, its calls, pattern and prize, and the jar."""
    current = next((g for g in occasion.games if g.status == GameStatus.IN_PLAY), None)
    if current is None:
        closed = [g for g in occasion.games if g.status == GameStatus.CLOSED]
        current = closed[-1] if closed else None
    jar = jar_service.summary(session, occasion.organization_id)
    board: dict[str, Any] = {
        "organization": get_organization(session, occasion.organization_id).name,
        "occasion_id": occasion.id,
        "status": occasion.status,
        "cookie_jar_number": ball_label(occasion.cookie_jar_number) if occasion.cookie_jar_number else None,
        "jar1": format_cents(jar.jar1_cents) if jar.maximum_cents else None,
        "jar2": format_cents(jar.jar2_cents) if jar.maximum_cents else None,
        "helpline": HELPLINE,
        "game": None,
    }
    if current is not None:
        pattern = from_spec(json.loads(current.pattern_spec))
        calls = [c.ball for c in current.calls]
        board["game"] = {
            "number": current.number,
            "status": current.status,
            "pattern": pattern.name,
            "grids": pattern.grids()[:66],
            "prize": current.merchandise or format_cents(current.announced_prize_cents or current.prize_cents),
            "calls": calls,
            "count": len(calls),
            "last": ball_label(calls[-1]) if calls else None,
            "announcement": current.closing_announcement
            if current.status == GameStatus.CLOSED
            else current.announcement,
        }
        board["game"]["held"] = current.held_at is not None
    return board


def publish(session: Session, occasion: Occasion, reason: str, now: datetime) -> None:
    """Append the board event inside the caller's transaction; it commits with the change, its id
    taken under the audit chain's lock so that ids follow commit order."""
    session.flush()
    board = json.dumps(snapshot(session, occasion))
    hold_chain(session)
    session.add(BoardEvent(occasion_id=occasion.id, created_at=now, reason=reason, board=board))


CLAIM = "claim"


def publish_claim(session: Session, occasion: Occasion, now: datetime) -> None:
    """A verified claim changes nothing on the TVs: the consoles (the caller's claim queue, the
    dashboard) only need to know to look again, so the event carries no board (TV streams skip it)."""
    hold_chain(session)
    session.add(BoardEvent(occasion_id=occasion.id, created_at=now, reason=CLAIM, board=json.dumps({"reason": CLAIM})))


def events_after(session: Session, occasion_id: int, after: int, limit: int = 100) -> list[BoardEvent]:
    query = (
        select(BoardEvent)
        .where(BoardEvent.occasion_id == occasion_id, BoardEvent.id > after)
        .order_by(BoardEvent.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def recent(session: Session, after: int, limit: int = 500) -> list[tuple[int, int, str, str]]:
    """Every occasion's board events after an id: what a process's event hub reads each poll."""
    query = (
        select(BoardEvent.id, BoardEvent.occasion_id, BoardEvent.reason, BoardEvent.board)
        .where(BoardEvent.id > after)
        .order_by(BoardEvent.id)
        .limit(limit)
    )
    return [(row.id, row.occasion_id, row.reason, row.board) for row in session.execute(query)]


def newest_id(session: Session) -> int:
    return session.scalar(select(BoardEvent.id).order_by(BoardEvent.id.desc()).limit(1)) or 0


def latest(session: Session, occasion_id: int) -> BoardEvent | None:
    """The newest event that carries the board."""
    query = (
        select(BoardEvent)
        .where(BoardEvent.occasion_id == occasion_id, BoardEvent.reason != CLAIM)
        .order_by(BoardEvent.id.desc())
    )
    return session.scalar(query.limit(1))


def by_token(session: Session, token: str) -> Occasion | None:
    return session.scalar(select(Occasion).where(Occasion.display_token == token))
