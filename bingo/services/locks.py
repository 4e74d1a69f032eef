"""The row locks that order a night's money: the occasion row is always taken first, so two
transactions never wait on each other's locks."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Select, select
from sqlalchemy.orm import Session

from bingo.models import Occasion
from shared.platform.service_kit import found_or_refuse

HELD = "bingo.occasion_locks"


def locking(query: Select[Any]) -> Select[Any]:
    """`query`, selecting the occasion, made to lock its row and read it afresh (populate_existing: a
    view that loaded it before the lock must not decide on stale values, such as a jar not yet posted).
    FOR NO KEY UPDATE (key_share) of the occasion's row alone, whatever else the query joins: a claim's
    board event, whose foreign key only needs the row to stay, never waits on it (a sale holding the
    occasion and waiting for the audit chain, and a claim holding the chain and checking that key, would
    otherwise deadlock)."""
    return query.with_for_update(key_share=True, of=Occasion).execution_options(populate_existing=True)


def lock_occasion(session: Session, occasion_id: int) -> Occasion:
    """The occasion row, locked (FOR UPDATE on PostgreSQL; SQLite serializes writers anyway) and read
    afresh: its sales, payouts, voids, the cookie-jar posting and the close happen one at a time. Taken
    once per transaction: asked again, the row already held answers without a round trip."""
    held = _held(session).get(occasion_id)
    if held is not None:
        return held
    occasion = session.execute(locking(select(Occasion).where(Occasion.id == occasion_id))).scalar_one_or_none()
    return holding(session, found_or_refuse(session, occasion, occasion_id, "occasion_id", "occasion"))


def holding(session: Session, occasion: Occasion) -> Occasion:
    """Note that this transaction holds `occasion`'s row lock (taken by a query made with `locking`)."""
    transaction = session.get_transaction()
    held = session.info.get(HELD)
    if held is None or held[0] is not transaction:
        occasions: dict[int, Occasion] = {}
        session.info[HELD] = (transaction, occasions)
    else:
        occasions = held[1]
    occasions[occasion.id] = occasion
    return occasion


def _held(session: Session) -> dict[int, Occasion]:
    held = session.info.get(HELD)
    transaction = session.get_transaction()
    if held is None or transaction is None or held[0] is not transaction:
        return {}
    occasions: dict[int, Occasion] = held[1]
    return occasions
