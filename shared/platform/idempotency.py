"""The table behind idempotent touchscreen POSTs (shared.platform.api): a key's first answer, kept."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from shared.platform.db import Base, UtcDateTime


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
