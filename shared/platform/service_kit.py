"""Helpers every service uses: fetch-or-refuse and the audit-then-commit ending."""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import TypeVar

from sqlalchemy import ColumnElement, func, or_
from sqlalchemy.orm import InstrumentedAttribute, Session

from shared.core.violations import RuleViolation, Violation, refuse
from shared.platform import audit
from shared.platform.audit import Actor
from shared.platform.db import Base

T = TypeVar("T", bound=Base)
LOG = logging.getLogger(__name__)

DEFER_COMMIT = "flashboard.defer_commit"
AFTER_COMMIT = "flashboard.after_commit"
TENANT = "flashboard.tenant"


def commit(session: Session) -> None:
    """Commit the use case, or, inside a request that commits once with its stored answer (an
    idempotent touchscreen POST), flush and leave the commit to the end of that request."""
    if session.info.get(DEFER_COMMIT):
        session.flush()
    else:
        session.commit()


def after_commit(session: Session, work: Callable[[], object]) -> None:
    """Work that must follow the commit (touching a printer): now, or once the request has committed."""
    if session.info.get(DEFER_COMMIT):
        session.info.setdefault(AFTER_COMMIT, []).append(work)
    else:
        run_after_commit(session, [work])


def run_after_commit(session: Session, work: list[Callable[[], object]]) -> None:
    """DESIGN.md: a failure after the commit never becomes an error for what was saved; it is logged
    and whatever it left undone (a receipt) waits in its queue."""
    for job in work:
        try:
            job()
        except Exception:
            session.rollback()
            LOG.exception("after-commit work failed; what was committed stands")


def same_text(column: InstrumentedAttribute[str], text: str) -> ColumnElement[bool]:
    """A name taken already: the same text exactly (what the unique index holds) or in another case.
    SQLite's lower() folds ASCII only, so "Ö" and "ö" are two names there and one on PostgreSQL; the
    exact match keeps a repeat from reaching the index as a 500 (found by schemathesis)."""
    return or_(column == text, func.lower(column) == text.lower())


def set_tenant(session: Session, organization_ids: frozenset[int] | None) -> None:
    """Flashboard tenancy: the organizations this request may reach (None: every one, for an admin
    or the command line). Set once per request, from the signed-in user, before any view runs."""
    if organization_ids is None:
        session.info.pop(TENANT, None)
    else:
        session.info[TENANT] = organization_ids


def tenant(session: Session) -> frozenset[int] | None:
    found: frozenset[int] | None = session.info.get(TENANT)
    return found


def reachable(session: Session, organization_id: int | None) -> bool:
    """A row of no organization (a vendor, a staff account) is the hall's; any other is reachable
    only from its own organization's staff."""
    allowed = tenant(session)
    return allowed is None or organization_id is None or organization_id in allowed


def found_or_refuse(session: Session, row: T | None, ident: int, field: str, what: str) -> T:
    """The same answer for a row loaded another way (locked, for instance): 404 when it is missing
    or belongs to another organization than the request's."""
    if row is None or not reachable(session, getattr(row, "organization_id", None)):
        raise refuse("not_found", f"No {what} has id {ident}.", None, field=field, status=404)
    return row


def get_or_refuse(session: Session, model: type[T], ident: int, field: str, what: str) -> T:
    """Load a row or refuse with 404 naming the field that pointed at it. Tenancy by construction:
    a row of another organization than the request's answers exactly as a row that does not exist,
    whether its id came in the path or in the body."""
    return found_or_refuse(session, session.get(model, ident), ident, field, what)


def check(violation: Violation | None) -> None:
    """Raise a rule's refusal, if it made one."""
    if violation is not None:
        raise RuleViolation(violation)


def finish(
    session: Session,
    actor: Actor,
    now: datetime,
    action: str,
    subject: Base,
    subject_type: str,
    details: dict[str, object],
) -> None:
    """Record the change in the audit chain and commit, so both land or neither does."""
    session.flush()
    audit.record(session, actor, action, subject_type, getattr(subject, "id"), details, now)
    commit(session)
