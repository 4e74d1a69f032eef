"""The row locks that order a night's money: the occasion row is always taken first, so two
transactions never wait on each other's locks."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Occasion
from shared.platform.service_kit import found_or_refuse


def lock_occasion(session: Session, occasion_id: int) -> Occasion:
    """The occasion row, locked (FOR UPDATE on PostgreSQL; SQLite serializes writers anyway) and read
    afresh (populate_existing: a view that loaded it before the lock must not decide on stale values,
    such as a jar not yet posted): its sales, payouts, voids, the cookie-jar posting and the close
    happen one at a time. FOR NO KEY UPDATE (key_share), so a claim's board event, whose foreign key
    only needs the row to stay, never waits on it: a sale holding the occasion and waiting for the
    audit chain, and a claim holding the chain and checking that key, would otherwise deadlock."""
    occasion = session.execute(
        select(Occasion)
        .where(Occasion.id == occasion_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    ).scalar_one_or_none()
    return found_or_refuse(session, occasion, occasion_id, "occasion_id", "occasion")
