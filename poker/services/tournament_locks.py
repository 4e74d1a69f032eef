"""The tournament row lock: buys, prize payments, eliminations, seat moves and the clock decide one at
a time on the row read afresh, so a Pause landing during the last bust cannot restart a finished clock."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from poker.models import Tournament
from shared.platform.service_kit import found_or_refuse


def lock(session: Session, tournament_id: int) -> Tournament:
    """The tournament row, locked: its buys, prize payments, eliminations and clock changes happen one
    at a time."""
    tournament = session.scalar(
        select(Tournament)
        .where(Tournament.id == tournament_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    return found_or_refuse(session, tournament, tournament_id, "tournament_id", "tournament")
