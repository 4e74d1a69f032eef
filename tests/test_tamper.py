"""Tamper evidence that survives the app's own database login. The measured failures: with the
app's credentials, deleting the newest entries and moving `audit_head` back, truncating the log, or
changing a payout and recomputing every hash with the published function all left `audit verify`
saying intact; sales, payouts and jar settings could be edited with neither `audit verify` nor
`jar check` noticing. Each case here does what that intruder did, then runs `audit verify` with the
anchor printed on the last closing paper (the till's end-of-shift receipt): exit 1, naming what changed.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import Connection, select, text
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session

from bingo.services.jars import save_settings
from shared.core.audit_chain import entry_hash
from shared.platform import audit, audit_seals
from shared.platform.audit import SYSTEM, AuditEntry
from shared.platform.audit_key import Keyring
from shared.platform.audit_seals import row_digest
from shared.platform.db import Database
from shared.printing.models import PrintJob
from tests.support.bingo_factories import make_hall
from tests.support.books import close_till
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import NOW, make_org
from tests.support.occasions import closed_game
from tests.support.replies import ok
from tests.support.shop import line, shop


def intruder(conn: Connection) -> None:
    """What someone holding the app's database login does first: lift the guards the app's own
    login owns (on PostgreSQL, for this transaction only: the test schema outlives the test)."""
    if conn.dialect.name == "sqlite":
        for trigger in (
            "audit_entries_no_update",
            "audit_entries_no_delete",
            "audit_head_no_delete",
            "audit_head_forward_only",
            "cookie_jar_lines_no_update",
            "cookie_jar_lines_no_delete",
        ):
            conn.execute(text(f"DROP TRIGGER IF EXISTS {trigger}"))
    else:
        conn.execute(text("SET LOCAL session_replication_role = replica"))


def _night(admin: Api, session: Session) -> tuple[str, str]:
    """A sale, a paid prize and a closed till: returns the occasion's path and the anchor printed
    on the end-of-shift receipt."""
    occ, _, cashier, ids = shop(admin, session)
    ok(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 2, "20.00")], "tendered": "40.00"}
        ),
        201,
    )
    claims = closed_game(admin, occ, winners=1)
    ok(cashier.post(occ + "/payouts", {"game_number": 1, "claim_id": claims[0]["id"]}), 201)
    till = ok(cashier.get(occ + "/tills"))[0]
    closed = close_till(cashier, till)
    with session.info["database"].readers() as reader:
        job = reader.get(PrintJob, closed["print_jobs"][0]["id"])
        assert job is not None and job.kind == "shift_report"
        footer: list[str] = json.loads(job.document)["footer"]
    anchor = footer[footer.index("Audit anchor (for flashboard audit verify):") + 1]
    return occ, anchor


def _verify(app: Flask, anchor: str) -> Any:
    return app.test_cli_runner().invoke(args=["audit", "verify", "--anchor", anchor])


def _tamper(session: Session, *statements: tuple[str, dict[str, Any]]) -> None:
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        intruder(conn)
        for statement, params in statements:
            conn.execute(text(statement), params)
        conn.commit()


def test_an_untouched_night_verifies_against_its_printed_anchor(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _, anchor = _night(admin, session)
    result = _verify(app, anchor)
    assert result.exit_code == 0, result.output
    assert "every money row matches its seal" in result.output and f"anchor {anchor} holds" in result.output
    assert app.test_cli_runner().invoke(args=["books", "check"]).exit_code == 0


def test_deleting_the_tail_and_moving_the_head_back_is_caught_by_the_anchor(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _, anchor = _night(admin, session)
    seq = int(anchor.split(":")[0])
    with session.info["database"].readers() as reader:
        keep = reader.execute(text("SELECT seq, hash FROM audit_entries WHERE seq = :s"), {"s": seq - 3}).one()
    _tamper(
        session,
        ("DELETE FROM audit_entries WHERE seq > :s", {"s": keep.seq}),
        ("UPDATE audit_head SET seq = :s, hash = :h", {"s": keep.seq, "h": keep.hash}),
    )
    result = _verify(app, anchor)
    assert result.exit_code == 1
    assert f"entry {seq}, printed as the anchor, is gone: the log now ends at {keep.seq} (cut back)" in result.output


def test_truncating_the_log_is_refused_and_done_anyway_is_caught(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _, anchor = _night(admin, session)
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        statement = "TRUNCATE audit_entries" if conn.dialect.name == "postgresql" else "DELETE FROM audit_entries"
        with pytest.raises(DatabaseError, match="append-only"):
            conn.execute(text(statement))
        conn.rollback()
    _tamper(session, (statement, {}), ("UPDATE audit_head SET seq = 0, hash = :h", {"h": "0" * 64}))
    result = _verify(app, anchor)
    assert result.exit_code == 1 and "is gone: the log now ends at 0 (emptied)" in result.output


def test_rewriting_a_payout_and_rehashing_without_the_key_is_caught(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """The intruder lowers the paid prize in its entry and recomputes every hash after it with the
    published function; without the key no hash can match."""
    _, anchor = _night(admin, session)
    with session.info["database"].readers() as reader:
        rows = [(row.seq, row.chain_fields()) for row in reader.scalars(select(AuditEntry).order_by(AuditEntry.seq))]
    target = next(seq for seq, fields in rows if fields.action == "payout.create")
    statements: list[tuple[str, dict[str, Any]]] = []
    prev = "0" * 64
    for seq, fields in rows:
        if seq == target:
            found = json.loads(fields.details)
            found["amount_cents"] = 1
            fields = replace(fields, details=json.dumps(found, sort_keys=True, separators=(",", ":")))
        digest = entry_hash(fields, prev)
        statements.append(
            (
                "UPDATE audit_entries SET details = :d, prev_hash = :p, hash = :h WHERE seq = :s",
                {"d": fields.details, "p": prev, "h": digest, "s": seq},
            )
        )
        prev = digest
    statements.append(("UPDATE audit_head SET seq = :s, hash = :h", {"s": rows[-1][0], "h": prev}))
    _tamper(session, *statements)
    result = _verify(app, anchor)
    assert result.exit_code == 1
    assert (
        "rewritten without the key" in result.output or "no longer has the hash printed as the anchor" in result.output
    )
    assert "the log was rewritten" in result.output


@pytest.mark.parametrize(
    ("table", "change", "named"),
    [
        ("sales", "UPDATE sales SET total_cents = total_cents - 1000 WHERE kind = 'sale'", "money row sales:"),
        ("payouts", "UPDATE payouts SET amount_cents = amount_cents + 50000", "money row payouts:"),
        ("cookie_jar_settings", "UPDATE cookie_jar_settings SET fee_cents = 100", "money row cookie_jar_settings:"),
        (
            "sale_lines",
            "DELETE FROM sale_lines WHERE id = (SELECT MAX(id) FROM sale_lines)",
            "deleted outside Flashboard",
        ),
        ("tills", "UPDATE tills SET counted_cents = counted_cents + 2000", "money row tills:"),
    ],
)
def test_editing_a_money_row_with_the_apps_login_is_named_by_verify(
    app: Flask, admin: Api, session: Session, clock: Clock, table: str, change: str, named: str
) -> None:
    _, anchor = _night(admin, session)
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        if conn.dialect.name == "sqlite":
            conn.execute(text("PRAGMA foreign_keys=OFF"))
        intruder(conn)
        conn.execute(text(change))
        conn.commit()
    result = _verify(app, anchor)
    assert result.exit_code == 1, result.output
    assert named in result.output, result.output


def test_a_sale_inserted_with_the_apps_login_is_in_no_audit_entry(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _, anchor = _night(admin, session)
    with session.info["database"].readers() as reader:
        model = dict(reader.execute(select(text("*")).select_from(text("sales")).limit(1)).mappings().one())
    model["id"] = 9999
    model["number"] = 9999
    columns = ", ".join(model)
    _tamper(session, (f"INSERT INTO sales ({columns}) VALUES ({', '.join(':' + c for c in model)})", model))
    result = _verify(app, anchor)
    assert result.exit_code == 1 and "money row sales:9999 is in no audit entry" in result.output


def test_a_row_edited_outside_and_then_changed_by_the_app_is_still_caught(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """The intruder raises an open till's opening bank; the cashier's close then re-seals the till.
    The close's seal starts from a digest that is not the one the chain last sealed."""
    occ, _, cashier, ids = shop(admin, session)
    ok(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
        ),
        201,
    )
    till = ok(cashier.get(occ + "/tills"))[0]
    _tamper(
        session, ("UPDATE tills SET opening_bank_cents = opening_bank_cents + 10000 WHERE id = :t", {"t": till["id"]})
    )
    close_till(cashier, till)
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 1
    assert f"money row tills:{till['id']} was changed outside Flashboard between entries" in result.output


def test_a_missing_key_file_stops_every_write_and_verify_says_so(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    occ, _, cashier, ids = shop(admin, session)
    key = Path(app.instance_path) / "audit.key"
    assert key.exists()
    key.rename(key.with_suffix(".away"))
    app.extensions["flashboard.db"].sessions.kw["info"]["flashboard.keyring"]._key = None
    reply = cashier.post(
        occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
    )
    assert reply.status_code == 503 and reply.get_json()["error"] == "audit_key_missing"
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 1 and "the audit key is missing" in result.output
    key.with_suffix(".away").rename(key)
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 0, result.output


def test_a_column_added_later_and_empty_in_old_rows_changes_no_seal() -> None:
    assert row_digest({"id": 1, "total_cents": 500}) == row_digest({"id": 1, "total_cents": 500, "added_later": None})
    assert row_digest({"id": 1, "total_cents": 500}) != row_digest({"id": 1, "total_cents": 501})


def test_saving_jar_settings_unchanged_is_no_false_alarm(app: Flask, admin: Api, session: Session) -> None:
    """The review's case: an assignment that changes nothing writes nothing, and seals nothing."""
    hall = make_hall(session)
    body = {"maximum": "1000.00", "fee": "2.00"}
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", body))
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", body))
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {**body, "fee": "3.00"}))
    result = app.test_cli_runner().invoke(args=["audit", "verify"])
    assert result.exit_code == 0, result.output


def test_an_upgraded_database_adopts_its_money_rows_as_they_stood(db_url: str, tmp_path: Path) -> None:
    """Rows written before the key existed are adopted by the first keyed entry, as they stood
    before that entry's own transaction, which changes one of them."""
    legacy = Database.connect(db_url, Keyring(None))
    with legacy.sessions() as s:
        org = make_org(s)
        save_settings(s, SYSTEM, NOW, org.id, 100_000, 200)
    keyed = Database.connect(db_url, Keyring(tmp_path / "audit.key"))
    with keyed.sessions() as s:
        save_settings(s, SYSTEM, NOW, org.id, 100_000, 300)
    with keyed.readers() as s:
        found = audit.verify(s)
    assert found.intact, audit.problems(found)
    assert found.keyed_from is not None and found.keyed_from > 1
    legacy.engine.dispose()
    keyed.engine.dispose()


def test_issue_21_verify_read_in_small_batches_finds_what_it_finds_read_whole(
    app: Flask, admin: Api, session: Session, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`audit verify` reads the chain and the money rows a batch at a time (issue 21: constant memory):
    batches of three entries and two seals name the same rows, in the same order, as one batch would."""
    _, anchor = _night(admin, session)
    whole = _verify(app, anchor)
    assert whole.exit_code == 0, whole.output
    with session.info["database"].readers() as reader:
        sale = dict(reader.execute(select(text("*")).select_from(text("sales")).limit(1)).mappings().one())
    added = {**sale, "id": 9999, "number": 9999}
    columns = ", ".join(added)
    _tamper(
        session,
        (f"INSERT INTO sales ({columns}) VALUES ({', '.join(':' + c for c in added)})", added),
        ("UPDATE sales SET total_cents = total_cents + 100 WHERE id = :id", {"id": sale["id"]}),
        ("UPDATE tills SET counted_cents = counted_cents + 2000", {}),
        ("DELETE FROM sale_lines WHERE id = (SELECT MAX(id) FROM sale_lines)", {}),
    )
    found = _verify(app, anchor)
    monkeypatch.setattr(audit, "VERIFY_BATCH", 3)
    monkeypatch.setattr(audit_seals, "LEDGER_BATCH", 2)
    batched = _verify(app, anchor)
    assert found.exit_code == batched.exit_code == 1
    assert batched.output == found.output
    named = [line for line in found.output.splitlines() if line.startswith("Audit BROKEN: money row")]
    assert len(named) >= 4, found.output
    assert any("sales:9999 is in no audit entry" in line for line in named)
    assert any("deleted outside Flashboard" in line for line in named)
