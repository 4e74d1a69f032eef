"""Issue 21: `flashboard audit verify` against the length of the chain, in time and in peak memory. For
each size a fresh database gets a valid, keyed chain bulk-inserted as the app writes it (each hash the
HMAC of its fields and the previous hash under the audit key, shared/core/audit_chain.py): one entry in
four a sale sealing its sale row and its line (both rows inserted, each seal their digest as verify
reads them back), the others calls sealing nothing. Then a child process runs the check the command
runs (shared.platform.cli.audit_finding) and reports the time, its resident memory before the check and
its peak during it (Linux's VmHWM, reset first), and what the command would print.

    .venv/bin/python bench/audit_verify.py [--database URL | --sqlite] [--sizes 100000,1000000]
"""

from __future__ import annotations

import argparse
import json
import secrets
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from fresh import PG_DEFAULT, fresh_database, machine
from sqlalchemy import insert, text, update
from sqlalchemy.orm import Session

from bingo.models import Sale, SaleLine
from shared.core.audit_chain import GENESIS, ChainFields, canonical_details, entry_hash
from shared.hall.models import Organization
from shared.platform import audit_seals
from shared.platform.audit import AuditEntry, AuditHead
from shared.platform.audit_key import Keyring
from shared.platform.db import Database
from shared.platform.tables import metadata

CHUNK = 10_000
SALE_EVERY = 4
START = datetime(2026, 3, 7, 23, 0, tzinfo=timezone.utc)


def build_chain(url: str, key_path: Path, entries: int) -> None:
    """A valid keyed chain of `entries` entries, and the money rows its seals cover."""
    secret = secrets.token_bytes(32)
    key_path.write_text(json.dumps({"key": secret.hex(), "keyed_from": 1}))
    db = Database.connect(url)
    sales = entries // SALE_EVERY
    with db.sessions() as session:
        org = session.execute(
            insert(Organization).returning(Organization.id), {"name": "Bench hall", "kind": "veterans"}
        ).scalar_one()
        for start in range(0, sales, CHUNK):
            ids = range(start + 1, min(start + CHUNK, sales) + 1)
            session.execute(insert(Sale), [_sale(n, org) for n in ids])
            session.execute(insert(SaleLine), [_line(n) for n in ids])
        session.commit()
        digests = dict(audit_seals.every_row(session))
        prev = GENESIS
        batch = []
        for seq in range(1, entries + 1):
            fields = _fields(seq, digests)
            digest = entry_hash(fields, prev, secret)
            batch.append({**fields.__dict__, "prev_hash": prev, "hash": digest})
            prev = digest
            if len(batch) == CHUNK:
                session.execute(insert(AuditEntry), batch)
                batch = []
        if batch:
            session.execute(insert(AuditEntry), batch)
        head = {"seq": entries, "hash": prev, "keyed_from": 1}
        if session.get(AuditHead, 1) is None:
            session.execute(insert(AuditHead), {"id": 1, **head})
        else:
            session.execute(update(AuditHead).where(AuditHead.id == 1).values(**head))
        session.commit()
        _analyze(session)
    db.engine.dispose()


def _sale(n: int, org: int) -> dict[str, object]:
    return {
        "id": n,
        "organization_id": org,
        "number": n,
        "kind": "sale",
        "station": "Cashier 1",
        "cashier_name": "Linda Osei",
        "created_at": START + timedelta(seconds=n),
        "total_cents": 1_500,
        "tender": "cash",
        "tendered_cents": 2_000,
        "change_cents": 500,
        "status": "completed",
    }


def _line(n: int) -> dict[str, object]:
    return {
        "id": n,
        "sale_id": n,
        "kind": "admission",
        "description": "Admission",
        "quantity": 1,
        "unit_cents": 1_500,
        "total_cents": 1_500,
    }


def _fields(seq: int, digests: dict[str, str]) -> ChainFields:
    """Entry `seq`: every SALE_EVERY-th the sale that wrote sale and line n, sealed; else a call."""
    sale, is_sale = divmod(seq, SALE_EVERY)
    at = START + timedelta(milliseconds=seq)
    if is_sale == 0:
        keys = [audit_seals.row_key("sale_lines", (sale,)), audit_seals.row_key("sales", (sale,))]
        details = canonical_details(
            {"number": sale, "total_cents": 1_500, audit_seals.SEALS: {k: [audit_seals.NEW, digests[k]] for k in keys}}
        )
        return ChainFields(seq, at, 5, "Linda Osei", "Cashier 1", "sale.create", "sale", str(sale), details)
    details = canonical_details({"ball": seq % 75 + 1, "game": seq // 1_000 + 1})
    return ChainFields(seq, at, 4, "Ray Donnelly", "Caller", "game.call", "bingo_game", str(seq // 1_000), details)


def _analyze(session: Session) -> None:
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("ANALYZE"))
        session.commit()


def _status_kib(field: str) -> int:
    """A figure of /proc/self/status (Linux), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise KeyError(field)


def measure(url: str, key_path: Path) -> None:
    """In the child: run the command's check once, and print what it took, the resident memory before
    it and the peak during it (the high-water mark is reset first, so it is the check's own), and what
    the command says."""
    from shared.platform.cli import audit_finding

    assert metadata().tables, "every model is mapped, as in the app"
    db = Database.connect(url, Keyring(key_path))
    Path("/proc/self/clear_refs").write_text("5")
    before = _status_kib("VmRSS")
    start = time.perf_counter()
    with db.readers() as session:
        finding = audit_finding(session)
    seconds = time.perf_counter() - start
    peak = _status_kib("VmHWM")
    said = finding.passed if not finding.problems else finding.problems
    print(json.dumps({"seconds": seconds, "rss_before_kib": before, "peak_kib": peak, "said": said}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--database", default=PG_DEFAULT, help="a PostgreSQL server (a schema is made for the run)")
    where.add_argument("--sqlite", action="store_true", help="a temporary SQLite file instead")
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--measure", nargs=2, metavar=("URL", "KEY"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        measure(args.measure[0], Path(args.measure[1]))
        return
    server = None if args.sqlite else args.database
    print(machine("SQLite" if server is None else "PostgreSQL"))
    for size in (int(s) for s in args.sizes.split(",")):
        with fresh_database(server) as url, tempfile.TemporaryDirectory() as folder:
            key = Path(folder) / "audit.key"
            start = time.perf_counter()
            build_chain(url, key, size)
            built = time.perf_counter() - start
            child = subprocess.run(
                [sys.executable, __file__, "--measure", url, str(key)], capture_output=True, text=True
            )
            if child.returncode:
                sys.exit(child.stderr)
            found = json.loads(child.stdout.strip().splitlines()[-1])
            grew = (found["peak_kib"] - found["rss_before_kib"]) / 1024
            print(
                f"{size:>9,} entries ({size // SALE_EVERY:,} sales sealed, built in {built:.0f} s): "
                f"verify {found['seconds']:.2f} s, peak RSS {found['peak_kib'] / 1024:.0f} MiB "
                f"(+{grew:.0f} MiB over the {found['rss_before_kib'] / 1024:.0f} MiB before the check)"
            )
            print(f"    {found['said']}")


if __name__ == "__main__":
    main()
