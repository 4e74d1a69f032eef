"""Tamper evidence that survives the app's own database login: the audit chain is keyed with an HMAC
key kept outside the database (the instance folder's `audit.key`, or FLASHBOARD_AUDIT_KEY_PATH).
Whoever holds only the database credentials can read every hash but can compute none, so an entry
rewritten and every hash after it recomputed with the published function no longer verifies.

The key file also records `keyed_from`: the first sequence number hashed with the key. Entries
before it (written by a version without the key) stay plain SHA-256; they are covered all the same,
because the first keyed entry's hash takes in the last plain one. The file is created at the first
append after an upgrade, with `keyed_from` the next sequence number; it is never rewritten. Back it
up with the database: without it the keyed entries cannot be checked, and `audit verify` says so.
"""
from __future__ import annotations

import json
import os
import secrets
import threading
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class AuditKey:
    secret: bytes
    keyed_from: int


class Keyring:
    """The one audit key of a database, loaded from its file once and kept."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._key: AuditKey | None = None
        self._lock = threading.Lock()

    def load(self) -> AuditKey | None:
        """The key, if its file exists (verification never creates one)."""
        if self._key is None and self.path is not None and self.path.exists():
            data = json.loads(self.path.read_text())
            self._key = AuditKey(secret=bytes.fromhex(data["key"]), keyed_from=int(data["keyed_from"]))
        return self._key

    def for_append(self, next_seq: int) -> AuditKey | None:
        """The key to hash entry `next_seq` with, created now if this database has none yet (the
        caller holds the chain's head lock, so no other writer is appending). Created exclusively:
        two processes starting at once keep the first file."""
        with self._lock:
            found = self.load()
            if found is not None or self.path is None:
                return found
            self.path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps({"key": secrets.token_hex(32), "keyed_from": next_seq})
            try:
                handle = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                return self.load()
            with os.fdopen(handle, "w") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            return self.load()
