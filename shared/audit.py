"""The audit log: append-only, one entry per state change, hash-chained, written in the same
transaction as the change it records.

The single `audit_head` row is locked (FOR UPDATE on PostgreSQL; SQLite already serialises writers
with BEGIN IMMEDIATE) so concurrent transactions append one after another and never fork the chain.
Append last in a service, just before commit, to hold that lock for the least time.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterator

from sqlalchemy import Integer, Select, String, Text, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from shared.audit_chain import (
    GENESIS,
    Break,
    ChainFields,
    StoredEntry,
    canonical_details,
    entry_hash,
    first_break,
)
from shared.db import Base, UtcDateTime
from shared.models import Member, User


class AuditEntry(Base):
    __tablename__ = "audit_entries"

    id: Mapped[int] = mapped_column(primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, unique=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    actor_user_id: Mapped[int | None] = mapped_column(Integer)
    actor_name: Mapped[str] = mapped_column(String(200))
    station: Mapped[str] = mapped_column(String(100))
    action: Mapped[str] = mapped_column(String(64), index=True)
    subject_type: Mapped[str] = mapped_column(String(64))
    subject_id: Mapped[str] = mapped_column(String(64))
    details: Mapped[str] = mapped_column(Text)
    prev_hash: Mapped[str] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))

    def chain_fields(self) -> ChainFields:
        return ChainFields(
            seq=self.seq,
            at=self.at,
            actor_user_id=self.actor_user_id,
            actor_name=self.actor_name,
            station=self.station,
            action=self.action,
            subject_type=self.subject_type,
            subject_id=self.subject_id,
            details=self.details,
        )


class AuditHead(Base):
    """One row: the newest sequence number and hash. Its lock orders all appends."""

    __tablename__ = "audit_head"

    id: Mapped[int] = mapped_column(primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    hash: Mapped[str] = mapped_column(String(64))


@dataclass(frozen=True)
class Actor:
    """Who did it and where: a signed-in user at a station, or the system (CLI, start-up)."""

    user_id: int | None
    name: str
    station: str


SYSTEM = Actor(user_id=None, name="system", station="cli")


HELD = "flashboard.audit_head_held"


def hold_chain(session: Session) -> AuditHead:
    """Lock the chain's head until the caller's transaction ends. A live screen's event is written
    holding it too, so events take their ids in commit order: otherwise an event numbered 100 could
    commit after 101 had been read and sent, and every screen would step past it (issue 10). Taken
    once per transaction: a second call answers from the row already held, saving a round trip
    while every other writer waits."""
    transaction = session.get_transaction()
    held = session.info.get(HELD)
    if held is not None and transaction is not None and held[0] is transaction:
        head: AuditHead = held[1]
        return head
    locking = select(AuditHead).where(AuditHead.id == 1).with_for_update().execution_options(populate_existing=True)
    found = session.execute(locking).scalar_one_or_none()
    if found is None:
        found = AuditHead(id=1, seq=0, hash=GENESIS)
        session.add(found)
    session.info[HELD] = (session.get_transaction(), found)
    return found


def record(
    session: Session,
    actor: Actor,
    action: str,
    subject_type: str,
    subject_id: object,
    details: dict[str, object],
    now: datetime,
) -> AuditEntry:
    """Append one entry inside the caller's transaction; the caller commits."""
    session.flush()
    head = hold_chain(session)
    fields = ChainFields(
        seq=head.seq + 1,
        at=now.astimezone(timezone.utc),
        actor_user_id=actor.user_id,
        actor_name=actor.name[:200],
        station=actor.station[:100],
        action=action,
        subject_type=subject_type,
        subject_id=str(subject_id),
        details=canonical_details(details),
    )
    digest = entry_hash(fields, head.hash)
    entry = AuditEntry(
        seq=fields.seq,
        at=fields.at,
        actor_user_id=fields.actor_user_id,
        actor_name=fields.actor_name,
        station=fields.station,
        action=fields.action,
        subject_type=fields.subject_type,
        subject_id=fields.subject_id,
        details=fields.details,
        prev_hash=head.hash,
        hash=digest,
    )
    session.add(entry)
    head.seq = fields.seq
    head.hash = digest
    session.flush()
    return entry


def _stored(session: Session) -> Iterator[StoredEntry]:
    rows = session.execute(select(AuditEntry).order_by(AuditEntry.seq).execution_options(yield_per=2000)).scalars()
    for row in rows:
        yield StoredEntry(id=row.id, fields=row.chain_fields(), prev_hash=row.prev_hash, hash=row.hash)


def verify(session: Session) -> tuple[int, Break | None]:
    """Check the whole chain; returns how many entries were read and the first break, if any."""
    head = session.get(AuditHead, 1)
    entries = list(_stored(session))
    head_seq, head_hash = (head.seq, head.hash) if head is not None else (0, GENESIS)
    return len(entries), first_break(entries, head_seq, head_hash)


def entries_visible(query: Select[tuple[AuditEntry]], organization_ids: frozenset[int] | None) -> Select[tuple[AuditEntry]]:
    """Flashboard tenancy: the hall's one chain holds every organization's entries; an organization's
    officer reads those its own staff made (an admin, None, reads all)."""
    if organization_ids is None:
        return query
    staff = select(User.id).join(Member, User.member_id == Member.id).where(Member.organization_id.in_(organization_ids))
    return query.where(AuditEntry.actor_user_id.in_(staff))
