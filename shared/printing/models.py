"""The print queue's table: every receipt is a row before it is bytes on a printer."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum

from sqlalchemy import ForeignKey, Integer, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from shared.platform.db import Base, EnumText, UtcDateTime


class PrintStatus(StrEnum):
    """A job waits, prints (the printer confirmed it), stays "not printed" (nothing reached the
    printer) or "unconfirmed" (bytes left and the printer did not confirm them: the cashier checks
    the paper, then marks it printed or reprints it). Nothing is lost and nothing is doubled."""

    PENDING = "pending"
    PRINTED = "printed"
    NOT_PRINTED = "not_printed"
    UNCONFIRMED = "unconfirmed"


class PrintJob(Base):
    """A receipt to print at a station. It is committed before printing, so a jammed or unplugged
    printer leaves a job marked "not printed" that the cashier can reprint. `station` is where the
    receipt belongs and never changes; `printed_station` is the printer that last took it (a reprint
    may go to another). `sent_at` is the first time bytes left for the printer: from then on any
    further paper is marked REPRINT, with its number, time and who (`reprinted_at`, `reprinted_by`)."""

    __tablename__ = "print_jobs"

    id: Mapped[int] = mapped_column(primary_key=True)
    station: Mapped[str] = mapped_column(String(100), index=True)
    organization_id: Mapped[int | None] = mapped_column(ForeignKey("organizations.id"), index=True)
    kind: Mapped[str] = mapped_column(String(32))
    reference: Mapped[str] = mapped_column(String(100))
    document: Mapped[str] = mapped_column(Text)
    status: Mapped[PrintStatus] = mapped_column(EnumText(PrintStatus), index=True)
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    reprints: Mapped[int] = mapped_column(Integer, default=0)
    last_error: Mapped[str | None] = mapped_column(String(300))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    printed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    sent_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    printed_station: Mapped[str | None] = mapped_column(String(100))
    reprinted_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    reprinted_by: Mapped[str | None] = mapped_column(String(200))
