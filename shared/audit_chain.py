"""The audit chain's arithmetic: each entry's SHA-256 covers its own fields and the previous hash,
so editing, deleting or re-ordering any entry breaks every hash after it (DESIGN.md, "Audit").

Pure: the table and the transaction live in shared.audit.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timezone

GENESIS = "0" * 64


@dataclass(frozen=True)
class ChainFields:
    seq: int
    at: datetime
    actor_user_id: int | None
    actor_name: str
    station: str
    action: str
    subject_type: str
    subject_id: str
    details: str


def canonical_details(details: dict[str, object]) -> str:
    """One spelling per value, so the hash of stored text is reproducible on any engine."""
    return json.dumps(details, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)


def canonical_time(at: datetime) -> str:
    """UTC to the microsecond; SQLite hands back naive datetimes, which are UTC here."""
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def entry_hash(fields: ChainFields, prev_hash: str) -> str:
    payload = json.dumps(
        [
            fields.seq,
            canonical_time(fields.at),
            fields.actor_user_id,
            fields.actor_name,
            fields.station,
            fields.action,
            fields.subject_type,
            fields.subject_id,
            fields.details,
            prev_hash,
        ],
        separators=(",", ":"),
        ensure_ascii=True,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


@dataclass(frozen=True)
class StoredEntry:
    id: int
    fields: ChainFields
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class Break:
    """The first entry whose stored hash, link or sequence does not fit the chain."""

    entry_id: int | None
    seq: int
    reason: str


def first_break(entries: list[StoredEntry], head_seq: int, head_hash: str) -> Break | None:
    """Walk the chain in sequence order; the head row guards against deleting the newest entries."""
    prev = GENESIS
    expected_seq = 1
    for entry in entries:
        if entry.fields.seq != expected_seq:
            return Break(entry.id, entry.fields.seq, f"sequence jumps from {expected_seq - 1} to {entry.fields.seq}")
        if entry.prev_hash != prev:
            return Break(entry.id, entry.fields.seq, "link to the previous entry does not match")
        if entry_hash(entry.fields, entry.prev_hash) != entry.hash:
            return Break(entry.id, entry.fields.seq, "contents do not match the stored hash")
        prev = entry.hash
        expected_seq += 1
    if expected_seq - 1 != head_seq or prev != head_hash:
        return Break(None, expected_seq, f"the chain ends at {expected_seq - 1} but the head records {head_seq}")
    return None
