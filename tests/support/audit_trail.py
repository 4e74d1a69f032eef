"""The audit log as the tests read it: the actions recorded, in order."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.platform.audit import AuditEntry


def actions(session: Session) -> list[str]:
    """Read the log and end the transaction, so the app under test can write."""
    session.rollback()
    found = list(session.scalars(select(AuditEntry.action).order_by(AuditEntry.seq)))
    session.rollback()
    return found
