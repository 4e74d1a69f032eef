"""The table behind idempotent touchscreen POSTs (shared.platform.api): a key's first answer, kept."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Unpack

from sqlalchemy import Integer, Select, String, Text, and_, bindparam
from sqlalchemy.orm import InstrumentedAttribute, Mapped, Session, mapped_column

from shared.platform.db import Base, UtcDateTime

IDEMPOTENCY_HEADER = "Idempotency-Key"
PREFETCHED = "flashboard.idempotency_prefetched"


class IdempotencyRecord(Base):
    """A touchscreen POST's idempotency key and the answer it got, so a double tap or a retried
    request returns the first result instead of acting twice."""

    __tablename__ = "idempotency_records"

    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    endpoint: Mapped[str] = mapped_column(String(200))
    status: Mapped[int | None] = mapped_column(Integer)
    body: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())


def with_answer(
    query: Select[Unpack[tuple[Any, ...]]], user_id: InstrumentedAttribute[int]
) -> Select[Unpack[tuple[Any, ...]]]:
    """`query` with the answer already given to the key bound as `idempotency_key` for the user it
    finds, beside it (None when there is none): the sign-in lookup reads it in the same statement
    (issue 21)."""
    key = bindparam("idempotency_key", type_=String)
    found = and_(IdempotencyRecord.user_id == user_id, IdempotencyRecord.key == key)
    return query.add_columns(IdempotencyRecord).outerjoin(IdempotencyRecord, found)


def remember(session: Session, user_id: int, key: str, record: IdempotencyRecord | None) -> None:
    """What `with_answer` found for this request's key, so the request does not ask again."""
    session.info[PREFETCHED] = (user_id, key, record)


def answered(session: Session, user_id: int, key: str) -> IdempotencyRecord | None:
    """The answer already given to the user's key: as read beside the sign-in, or read now."""
    prefetched = session.info.pop(PREFETCHED, None)
    if prefetched is not None and prefetched[:2] == (user_id, key):
        found: IdempotencyRecord | None = prefetched[2]
        return found
    return session.get(IdempotencyRecord, (user_id, key))
