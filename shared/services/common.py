"""Helpers every service uses: fetch-or-refuse and the audit-then-commit ending."""
from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from sqlalchemy.orm import Session

from shared import audit
from shared.audit import Actor
from shared.db import Base
from shared.violations import RuleViolation, Violation, refuse

T = TypeVar("T", bound=Base)


def get_or_refuse(session: Session, model: type[T], ident: int, field: str, what: str) -> T:
    """Load a row or refuse with 404 naming the field that pointed at it."""
    row = session.get(model, ident)
    if row is None:
        raise refuse("not_found", f"No {what} has id {ident}.", None, field=field, status=404)
    return row


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
    session.commit()
