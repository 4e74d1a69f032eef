"""The table behind idempotent touchscreen POSTs (shared.platform.api): a key's first answer, kept."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Unpack, cast

from sqlalchemy import Integer, Select, String, Table, Text, and_, bindparam, update
from sqlalchemy.orm import InstrumentedAttribute, Mapped, Session, mapped_column

from shared.platform.commit_writes import write_with_commit
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


_RECORDS = cast(Table, IdempotencyRecord.__table__)


def store_answer(
    session: Session, user_id: int, key: str, endpoint: str, status: int, body: str, now: datetime
) -> None:
    """The answer under the key, written with the request's commit (commit_writes.py, issue 21): a
    second request with the key, racing this one, finds it taken as it commits."""
    row = {"user_id": user_id, "key": key, "endpoint": endpoint, "status": status, "body": body, "created_at": now}
    write_with_commit(session, _RECORDS, row)


def amend_answer(session: Session, user_id: int, key: str, body: str) -> None:
    """The answer under the key, as it stands once the after-commit work (printing) has run."""
    session.execute(
        update(IdempotencyRecord)
        .where(IdempotencyRecord.user_id == user_id, IdempotencyRecord.key == key)
        .values(body=body)
    )
