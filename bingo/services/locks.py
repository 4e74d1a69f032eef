"""The row locks that order a night's money: the occasion row is always taken first, so two
transactions never wait on each other's locks."""

from __future__ import annotations

from collections.abc import Collection
from functools import cache
from typing import Any, TypeVar, Unpack

from sqlalchemy import ColumnElement, Integer, Select, bindparam, select, true
from sqlalchemy.orm import Session, joinedload

from bingo.models import Occasion
from shared.platform import audit
from shared.platform.audit import AuditHead
from shared.platform.db import Base
from shared.platform.service_kit import found_or_refuse, tenant

HELD = "bingo.occasion_locks"
Q = TypeVar("Q", bound=Select[Unpack[tuple[Any, ...]]])


def locking(query: Q, *after: type[Base]) -> Q:
    """`query`, selecting the occasion, made to lock its row and read it afresh (populate_existing: a
    view that loaded it before the lock must not decide on stale values, such as a jar not yet posted).
    FOR NO KEY UPDATE (key_share) of the occasion's row, and of the rows of `after` that the query joins
    (a till, the organization, the audit chain's head), in the order every use case takes them:
    PostgreSQL locks the rows of FOR ... OF in the order named. Nothing else the query joins is locked:
    a claim's board event, whose foreign key only needs the occasion's row to stay, never waits on it (a
    sale holding the occasion and waiting for the audit chain, and a claim holding the chain and
    checking that key, would otherwise deadlock)."""
    return query.with_for_update(key_share=True, of=[Occasion, *after]).execution_options(populate_existing=True)


def lock_occasion(session: Session, occasion_id: int) -> Occasion:
    """The occasion row, locked (FOR UPDATE on PostgreSQL; SQLite serializes writers anyway) and read
    afresh: its sales, payouts, voids, the cookie-jar posting and the close happen one at a time.
    Taken once per transaction: asked again, the row already held answers without a round trip."""
    held = _held(session).get(occasion_id)
    if held is not None:
        return held
    occasion = session.execute(locking(select(Occasion).where(*in_scope(occasion_id, session)))).scalar_one_or_none()
    return holding(session, found_or_refuse(session, occasion, occasion_id, "occasion_id", "occasion"))


def in_scope(occasion_id: int, session: Session) -> list[ColumnElement[bool]]:
    """The occasion asked for, within the request's organizations: another organization's row is not
    even locked on the way to its 404."""
    return _scope(occasion_id, tenant(session))


def _scope(
    occasion_id: int | ColumnElement[int], organizations: Collection[int] | ColumnElement[Any] | None
) -> list[ColumnElement[bool]]:
    """in_scope's conditions, with the values given or bound (None: every organization)."""
    scope = [Occasion.id == occasion_id]
    return scope if organizations is None else [*scope, Occasion.organization_id.in_(organizations)]


def bound_scope(scoped: bool) -> list[ColumnElement[bool]]:
    """in_scope's conditions for a statement built once per process: the occasion bound as `occasion_id`
    and, when `scoped`, the request's organizations as the list `organizations` (scope_params)."""
    organizations: ColumnElement[Any] | None = bindparam("organizations", expanding=True) if scoped else None
    return _scope(bindparam("occasion_id", type_=Integer), organizations)


def scope_params(session: Session, occasion_id: int) -> dict[str, Any]:
    """The values of bound_scope's conditions for this request (`organizations` only when it is scoped)."""
    allowed = tenant(session)
    params: dict[str, Any] = {"occasion_id": occasion_id}
    if allowed is not None:
        params["organizations"] = sorted(allowed)
    return params


def lock_occasion_and_chain(session: Session, occasion_id: int) -> Occasion:
    """For a use case that locks nothing between the occasion and the audit chain (a claim): both rows
    locked and read afresh in one statement, with the jar settings the gates of play ask about.
    PostgreSQL takes the rows of FOR ... OF in the order named, so the order stays the one every use
    case keeps (the occasion first, the chain's head last); FOR NO KEY UPDATE, as lock_occasion."""
    params = scope_params(session, occasion_id)
    found = session.execute(occasion_and_chain_statement("organizations" in params), params).first()
    if found is None:
        return lock_occasion(session, occasion_id)
    audit.hold_locked(session, found[1])
    return holding(session, found[0])


@cache
def occasion_and_chain_statement(scoped: bool) -> Select[Occasion, AuditHead]:
    """lock_occasion_and_chain's statement, built once per process (issue 21: building it cost more than
    the database takes to answer it); `scoped` adds the request's organizations, bound as a list."""
    query = (
        select(Occasion, AuditHead)
        .join(AuditHead, true())
        .where(*bound_scope(scoped), AuditHead.id == 1)
        .options(joinedload(Occasion.jar_settings))
    )
    return locking(query, AuditHead)


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
