"""The audit log: append-only, one entry per state change, hash-chained, written in the same
transaction as the change it records.

The single `audit_head` row is locked (FOR UPDATE on PostgreSQL; SQLite already serialises writers
with BEGIN IMMEDIATE) so concurrent transactions append one after another and never fork the chain.
Append last in a service, just before commit, to hold that lock for the least time.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Iterator, cast

from sqlalchemy import Integer, Select, String, Table, Text, event, func, inspect, select
from sqlalchemy.orm import Mapped, Session, mapped_column
from sqlalchemy.orm.attributes import set_committed_value

from shared.core.audit_chain import (
    GENESIS,
    Break,
    ChainFields,
    StoredEntry,
    canonical_details,
    entry_hash,
    first_break,
)
from shared.core.violations import refuse
from shared.hall.models import Member, User
from shared.platform import audit_seals
from shared.platform.audit_key import AuditKey, Keyring
from shared.platform.commit_writes import write_with_commit
from shared.platform.db import Base, UtcDateTime


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
    keyed_from: Mapped[int | None] = mapped_column(Integer)
    """The first keyed entry, as the key file says too (audit_key.py): not secret, but kept here so
    a lost key file is noticed rather than replaced."""


@dataclass(frozen=True)
class Actor:
    """Who did it and where: a signed-in user at a station, or the system (CLI, start-up)."""

    user_id: int | None
    name: str
    station: str


SYSTEM = Actor(user_id=None, name="system", station="cli")


HELD = "flashboard.audit_head_held"
FOLLOWED = "flashboard.audit_head_followed"
KEYRING = "flashboard.keyring"


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
    return hold_locked(session, found)


def hold_locked(session: Session, head: AuditHead) -> AuditHead:
    """The head, locked by the caller's own statement (with the rows it locks before it, in the
    order every use case takes them: bingo/services/locks.py), held until the transaction ends. Read
    again after this transaction appended, it is where its last entry left it (_follow), not where the
    database says: those entries wait for the commit."""
    transaction = session.get_transaction()
    followed = session.info.get(FOLLOWED)
    if followed is not None and followed[0] is transaction:
        set_committed_value(head, "seq", followed[1])
        set_committed_value(head, "hash", followed[2])
    session.info[HELD] = (transaction, head)
    return head


def _keyring(session: Session) -> Keyring | None:
    found: Keyring | None = session.info.get(KEYRING)
    return found


_ENTRIES = cast(Table, AuditEntry.__table__)
"""An entry is written as it is, with the commit (commit_writes.py, issue 21): it is never changed or
read back by the transaction that writes it, so the ORM's unit of work (identity, state, a RETURNING of
its id) would be work for nothing on every audited request, and so would a round trip of its own."""


def _append(
    session: Session,
    head: AuditHead,
    actor: Actor,
    action: str,
    subject_type: str,
    subject_id: object,
    details: dict[str, object],
    now: datetime,
    secret: bytes | None,
) -> ChainFields:
    fields = ChainFields(
        seq=head.seq + 1,
        at=now.astimezone(timezone.utc),
        actor_user_id=actor.user_id,
        actor_name=actor.name[:200],
        station=actor.station[:100],
        action=action,
        subject_type=subject_type,
        subject_id=str(subject_id)[:64],
        details=canonical_details(details),
    )
    digest = entry_hash(fields, head.hash, secret)
    write_with_commit(session, _ENTRIES, {**vars(fields), "prev_hash": head.hash, "hash": digest})
    _follow(session, head, fields.seq, digest)
    return fields


def _follow(session: Session, head: AuditHead, seq: int, digest: str) -> None:
    """The database moves the head with each entry it stores (the trigger audit_entries_move_head,
    migration 0030), so the row held here is told where it now stands rather than written again; a
    head not yet stored (a database without one) is written with the entry. Where it stands is kept
    for the transaction too: its entries wait for the commit, so until then the row as the database
    holds it is behind, and a statement that reads the head afresh (hold_locked) is put right. In a
    savepoint the entries are written at once, so the database's head is where it stands."""
    if session.in_nested_transaction():
        session.info.pop(FOLLOWED, None)
    else:
        session.info[FOLLOWED] = (session.get_transaction(), seq, digest)
    if inspect(head).persistent:
        set_committed_value(head, "seq", seq)
        set_committed_value(head, "hash", digest)
    else:
        head.seq, head.hash = seq, digest


def _key_for_append(session: Session, head: AuditHead) -> AuditKey | None:
    """The key this append hashes with; created at the first append after the upgrade. A database
    whose head says it is keyed but whose key file is gone, or that does not match the key file,
    takes no entry (so no change at all): 503, restore the key from the backup."""
    keyring = _keyring(session)
    if keyring is None or keyring.path is None:
        return None
    key = keyring.load()
    if key is None:
        if head.keyed_from is not None:
            raise refuse(
                "audit_key_missing",
                f"The audit key {keyring.path} is missing: restore it from the backup. Nothing was saved.",
                None,
                status=503,
            )
        key = keyring.create(head.seq + 1)
    if head.keyed_from is None and head.seq + 1 == key.keyed_from:
        head.keyed_from = key.keyed_from
    if head.keyed_from != key.keyed_from:
        raise refuse(
            "audit_key_mismatch",
            f"The audit key {keyring.path} does not belong to this database (it keys from entry "
            f"{key.keyed_from}, the database from {head.keyed_from}, and ends at {head.seq}): a database restored "
            "from before the key, or "
            "another hall's key. Nothing was saved.",
            None,
            status=503,
        )
    return key


ADOPT_CHUNK = 500


def _adopt(session: Session, head: AuditHead, now: datetime, secret: bytes, seals: dict[str, list[str]]) -> None:
    """The first keyed entries seal every money row already in the database (written by a version
    before the seals), as it stood before this transaction, so verify can hold each of them to its
    state from here on and this transaction's own seals start where the adoption ends."""
    rows = audit_seals.adoption(dict(audit_seals.every_row(session)), seals)
    keys = sorted(rows)
    for start in range(0, max(len(keys), 1), ADOPT_CHUNK):
        chunk = {k: rows[k] for k in keys[start : start + ADOPT_CHUNK]}
        _append(
            session,
            head,
            SYSTEM,
            "audit.adopt",
            "audit",
            head.seq + 1,
            {audit_seals.SEALS: chunk, "rows": len(keys)},
            now,
            secret,
        )


def record(
    session: Session,
    actor: Actor,
    action: str,
    subject_type: str,
    subject_id: object,
    details: dict[str, object],
    now: datetime,
) -> ChainFields:
    """Append one entry inside the caller's transaction; the caller commits. The entry seals the
    money rows the transaction wrote (audit_seals.py) and is keyed (audit_key.py). Answers the entry's
    fields as chained (its sequence number, its time)."""
    session.flush()
    head = hold_chain(session)
    key = _key_for_append(session, head)
    secret = key.secret if key is not None else None
    seals = audit_seals.take_seals(session)
    if key is not None and head.seq + 1 == key.keyed_from:
        _adopt(session, head, now, key.secret, seals)
    if seals:
        details = {**details, audit_seals.SEALS: seals}
    entry = _append(session, head, actor, action, subject_type, subject_id, details, now, secret)
    session.info.pop(audit_seals.TOUCHED, None)
    return entry


SEAL_ACTOR = Actor(user_id=None, name="system", station="seal")


def _seal_before_commit(session: Session) -> None:
    """A transaction that wrote a money row after its last audit entry gets a sealing entry, so no
    money row is ever committed unsealed."""
    session.flush()
    if audit_seals.has_unsealed(session):
        record(session, SEAL_ACTOR, "audit.seal", "audit", "", {}, datetime.now(timezone.utc))


event.listen(Session, "before_commit", _seal_before_commit, insert=True)
"""First of the listeners (insert=True): the sealing entry waits for the commit like every entry, so it
must be made before commit_writes sends what waits."""


VERIFY_BATCH = 2_000
_CHAIN_COLUMNS = (
    AuditEntry.id,
    AuditEntry.seq,
    AuditEntry.at,
    AuditEntry.actor_user_id,
    AuditEntry.actor_name,
    AuditEntry.station,
    AuditEntry.action,
    AuditEntry.subject_type,
    AuditEntry.subject_id,
    AuditEntry.details,
    AuditEntry.prev_hash,
    AuditEntry.hash,
)


def _stored(
    session: Session, seals: audit_seals.SealLedger, gaps: list[audit_seals.RowProblem]
) -> Iterator[StoredEntry]:
    """The entries in order, as a stream read a batch at a time by keyset (the first batch from the lowest
    sequence number there is, each next one after the last read), as plain rows: nothing is held but the
    batch (issue 21). Each batch's seals are followed on the way (newest wins, and each must start where
    the last ended)."""
    last: int | None = None
    while True:
        query = select(*_CHAIN_COLUMNS).order_by(AuditEntry.seq).limit(VERIFY_BATCH)
        rows = session.execute(query if last is None else query.where(AuditEntry.seq > last)).all()
        if not rows:
            return
        seals.follow(
            [
                (row.seq, json.loads(row.details).get(audit_seals.SEALS) or {})
                for row in rows
                if SEAL_MARK in row.details
            ],
            gaps,
        )
        for row in rows:
            yield StoredEntry(
                id=row.id,
                fields=ChainFields(
                    seq=row.seq,
                    at=row.at,
                    actor_user_id=row.actor_user_id,
                    actor_name=row.actor_name,
                    station=row.station,
                    action=row.action,
                    subject_type=row.subject_type,
                    subject_id=row.subject_id,
                    details=row.details,
                ),
                prev_hash=row.prev_hash,
                hash=row.hash,
            )
        last = rows[-1].seq


SEAL_MARK = f'"{audit_seals.SEALS}"'


@dataclass(frozen=True)
class Anchor:
    """A point of the chain printed on paper: the entry's sequence number and (a prefix of) its hash."""

    seq: int
    digest: str

    def __str__(self) -> str:
        return f"{self.seq}:{self.digest}"


ANCHOR_DIGITS = 32
_ANCHOR = re.compile(r"^(?P<seq>\d{1,12}):(?P<digest>[0-9a-f]{16,64})$")


def parse_anchor(text: str) -> Anchor | None:
    match = _ANCHOR.match(text.strip().lower().replace(" ", ""))
    return Anchor(int(match.group("seq")), match.group("digest")) if match else None


def anchor(session: Session) -> Anchor:
    """The chain's head as a closing document prints it: what verify --anchor later holds the
    database to (so deleting, truncating or rewriting anything before it is found)."""
    head = session.get(AuditHead, 1)
    seq, digest = (head.seq, head.hash) if head is not None else (0, GENESIS)
    return Anchor(seq, digest[:ANCHOR_DIGITS])


@dataclass(frozen=True)
class Report:
    """What verify found: entries read, the first break of the chain, the money rows that differ
    from their seals, and whether the printed anchor still stands."""

    count: int
    broken: Break | None
    rows: list[audit_seals.RowProblem]
    anchor_problem: str | None
    keyed_from: int | None
    head: Anchor
    """The head as this check saw it: the anchor it vouches for."""

    @property
    def intact(self) -> bool:
        return self.broken is None and not self.rows and self.anchor_problem is None


def _anchor_problem(session: Session, pin: Anchor) -> str | None:
    row = session.scalar(select(AuditEntry).where(AuditEntry.seq == pin.seq))
    if row is None:
        newest = session.scalar(select(func.max(AuditEntry.seq))) or 0
        return f"entry {pin.seq}, printed as the anchor, is gone: the log now ends at {newest}" + (
            " (emptied)" if newest == 0 else " (cut back)"
        )
    if not row.hash.startswith(pin.digest):
        return (
            f"entry {pin.seq} no longer has the hash printed as the anchor ({pin.digest[:12]}…): the log was rewritten"
        )
    return None


def problems(found: Report) -> list[str]:
    """What verify found, one sentence each, naming the entry or the row."""
    said = []
    if found.anchor_problem:
        said.append(found.anchor_problem)
    if found.broken is not None:
        where = f"entry id {found.broken.entry_id}" if found.broken.entry_id is not None else "the chain head"
        said.append(f"the chain breaks at sequence {found.broken.seq} ({where}): {found.broken.reason}")
    said.extend(f"money row {p.key} {p.what}" for p in found.rows)
    return said


def verify(session: Session, pin: Anchor | None = None) -> Report:
    """Check the whole chain (keyed where the key says), every money row against its seal, and the
    anchor if one is given, all at one moment: on PostgreSQL in a REPEATABLE READ, read-only
    transaction of its own, so a sale committed during the check is neither half seen nor reported
    as written outside Flashboard (SQLite's read transaction is one snapshot already)."""
    bind = session.get_bind()
    if bind.dialect.name == "postgresql":
        # Set on the connection, not the engine: a read-only session's engine already sets autocommit
        # (db.reading), and an engine's own setting does not override the one it was derived from.
        with bind.engine.connect() as connection:
            snapshot = connection.execution_options(isolation_level="REPEATABLE READ", postgresql_readonly=True)
            with Session(snapshot, info={KEYRING: session.info.get(KEYRING)}) as consistent:
                return _verify(consistent, pin)
    return _verify(session, pin)


def _verify(session: Session, pin: Anchor | None) -> Report:
    keyring = _keyring(session)
    key = keyring.load() if keyring is not None else None
    head = session.get(AuditHead, 1)
    head_seq, head_hash = (head.seq, head.hash) if head is not None else (0, GENESIS)
    gaps: list[audit_seals.RowProblem] = []
    recorded = head.keyed_from if head is not None else None
    keyed_from = key.keyed_from if key is not None else recorded
    with audit_seals.SealLedger() as seals:
        count, broken = first_break(
            _stored(session, seals, gaps), head_seq, head_hash, key.secret if key else None, keyed_from
        )
        if broken is None and key is not None and recorded != key.keyed_from and head_seq >= key.keyed_from:
            broken = Break(
                None,
                head_seq,
                f"the database says the chain is keyed from entry {recorded}, the key file from "
                f"{key.keyed_from}: the head was changed",
            )
        sealed = broken is None and key is not None and head_seq >= key.keyed_from
        rows = [*gaps, *seals.row_problems(audit_seals.every_row(session))] if sealed else []
    return Report(
        count=count,
        broken=broken,
        rows=rows,
        anchor_problem=_anchor_problem(session, pin) if pin else None,
        keyed_from=key.keyed_from if key else None,
        head=Anchor(head_seq, head_hash[:ANCHOR_DIGITS]),
    )


def entries_visible(
    query: Select[tuple[AuditEntry]], organization_ids: frozenset[int] | None
) -> Select[tuple[AuditEntry]]:
    """Flashboard tenancy: the hall's one chain holds every organization's entries; an organization's
    officer reads those its own staff made (an admin, None, reads all)."""
    if organization_ids is None:
        return query
    staff = (
        select(User.id).join(Member, User.member_id == Member.id).where(Member.organization_id.in_(organization_ids))
    )
    return query.where(AuditEntry.actor_user_id.in_(staff))
