"""The audit chain's arithmetic: each entry's hash covers its own fields and the previous hash,
so editing, deleting or re-ordering any entry breaks every hash after it (DESIGN.md, "Audit").
From the key's `keyed_from` entry on, the hash is an HMAC-SHA-256 under the audit key (audit_key.py),
so the database's own login cannot recompute it; entries before it are plain SHA-256.

Pure: the table and the transaction live in shared.platform.audit.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterable
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
    """Audit entries are hash-chained (DESIGN.md, "Nothing lost, nothing doubled"): one spelling per value,
    so the hash of stored text is reproducible on any engine.

    >>> canonical_details({"b": 1, "a": "x"})
    '{"a":"x","b":1}'
    """
    return json.dumps(details, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)


def canonical_time(at: datetime) -> str:
    """Audit entries are hash-chained (DESIGN.md, "Nothing lost, nothing doubled"): UTC to the microsecond;
    SQLite hands back naive datetimes, which are UTC here.

    >>> canonical_time(datetime(2026, 1, 2, 3, 4, 5))
    '2026-01-02T03:04:05.000000Z'
    """
    if at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def entry_hash(fields: ChainFields, prev_hash: str, secret: bytes | None = None) -> str:
    """Audit entries are hash-chained (DESIGN.md, "Nothing lost, nothing doubled"): the entry's hash covers
    its own fields and the previous hash, HMAC-SHA-256 under the audit key when one is given, plain SHA-256
    otherwise.

    >>> fields = ChainFields(1, datetime(2026, 1, 2, 3, 4, 5), None, "system", "", "boot", "hall", "1", "{}")
    >>> len(entry_hash(fields, GENESIS)), entry_hash(fields, GENESIS) == entry_hash(fields, "1" * 64)
    (64, False)
    >>> entry_hash(fields, GENESIS, b"key") == entry_hash(fields, GENESIS)
    False
    """
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
    if secret is not None:
        return hmac.new(secret, payload.encode(), hashlib.sha256).hexdigest()
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


def first_break(
    entries: Iterable[StoredEntry],
    head_seq: int,
    head_hash: str,
    secret: bytes | None = None,
    keyed_from: int | None = None,
) -> tuple[int, Break | None]:
    """Audit entries are hash-chained (DESIGN.md, "Nothing lost, nothing doubled"): walk the chain in
    sequence order (a stream: nothing is held but the last hash); the head row guards against deleting the
    newest entries. Returns how many entries were read and the first break. From `keyed_from` on each hash
    must be the keyed one.

    >>> fields = ChainFields(1, datetime(2026, 1, 2, 3, 4, 5), None, "system", "", "boot", "hall", "1", "{}")
    >>> entry = StoredEntry(1, fields, GENESIS, entry_hash(fields, GENESIS))
    >>> first_break([entry], 1, entry.hash)
    (1, None)
    >>> first_break([entry], 2, entry.hash)
    (1, Break(entry_id=None, seq=2, reason='the chain ends at 1 but the head records 2'))
    """
    prev = GENESIS
    expected_seq = 1
    for entry in entries:
        if entry.fields.seq != expected_seq:
            return expected_seq - 1, Break(
                entry.id, entry.fields.seq, f"sequence jumps from {expected_seq - 1} to {entry.fields.seq}"
            )
        if entry.prev_hash != prev:
            return expected_seq - 1, Break(entry.id, entry.fields.seq, "link to the previous entry does not match")
        keyed = keyed_from is not None and entry.fields.seq >= keyed_from
        if keyed and secret is None:
            return expected_seq - 1, Break(
                entry.id, entry.fields.seq, "this entry is keyed, and the audit key is missing"
            )
        if entry_hash(entry.fields, entry.prev_hash, secret if keyed else None) != entry.hash:
            return expected_seq - 1, Break(
                entry.id,
                entry.fields.seq,
                "contents do not match the stored hash" + (" (keyed: rewritten without the key)" if keyed else ""),
            )
        prev = entry.hash
        expected_seq += 1
    if expected_seq - 1 != head_seq or prev != head_hash:
        return expected_seq - 1, Break(
            None, expected_seq, f"the chain ends at {expected_seq - 1} but the head records {head_seq}"
        )
    return expected_seq - 1, None
