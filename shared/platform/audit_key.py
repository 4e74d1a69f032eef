"""Tamper evidence that survives the app's own database login: the audit chain is keyed with an HMAC
key kept outside the database (the instance folder's `audit.key`, or FLASHBOARD_AUDIT_KEY_PATH).
Whoever holds only the database credentials can read every hash but can compute none, so an entry
rewritten and every hash after it recomputed with the published function no longer verifies.

The key file also records `keyed_from`: the first sequence number hashed with the key. Entries
before it (written by a version without the key) stay plain SHA-256; they are covered all the same,
because the first keyed entry's hash takes in the last plain one. The file is created at the first
append after an upgrade, with `keyed_from` the next sequence number, and never rewritten; the
database's audit head records `keyed_from` too, so a missing file stops every write (503, nothing
saved) instead of starting a second key, and `audit verify` says the key is missing. Back the file
up with the database, never in it.
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

    def create(self, next_seq: int) -> AuditKey:
        """A new key for a database that has none, hashing from entry `next_seq` on (the caller holds
        the chain's head lock, so no other writer is appending). Written whole to a temporary file
        and linked into place, so no reader ever sees half a key and two processes starting at
        once keep the first."""
        with self._lock:
            found = self.load()
            if found is not None:
                return found
            assert self.path is not None
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(6)}")
            handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(handle, "w") as out:
                out.write(json.dumps({"key": secrets.token_hex(32), "keyed_from": next_seq}))
                out.flush()
                os.fsync(out.fileno())
            try:
                os.link(temporary, self.path)
            except FileExistsError:
                pass
            finally:
                temporary.unlink()
            created = self.load()
            assert created is not None
            return created
