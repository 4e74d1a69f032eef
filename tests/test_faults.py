"""Faults (issue 10): a server process killed with SIGKILL inside the transaction of a sale, of a call,
and of the first call that posts the cookie-jar fees, then started again. The station retries with
the same Idempotency-Key, as it does after a dropped connection: nothing committed is lost, nothing
is doubled, the audit chain verifies and the jar ledger holds. On the PostgreSQL run the database
itself is restarted mid-occasion: the app answers 503 while it is down and recovers by itself."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Callable
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import HTTPCookieProcessor, Request, build_opener

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Call, Occasion, Sale
from bingo.services import jars as cookie_jar
from shared.core.roles import Role
from shared.platform import audit
from shared.printing.models import PrintJob
from tests.support.bingo_factories import make_hall
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, make_member, make_user
from tests.support.occasions import setup_occasion
from tests.support.replies import ok
from tests.support.servers import Server, free_port


class Station:
    """A station's browser over real HTTP: cookies, the CSRF header and Idempotency-Keys."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = build_opener(HTTPCookieProcessor(CookieJar()))
        self.csrf = ""

    def call(self, method: str, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
        headers = {"Content-Type": "application/json", "Accept": "application/json", "X-CSRF-Token": self.csrf}
        if key:
            headers["Idempotency-Key"] = key
        data = json.dumps(body).encode() if body is not None else None
        try:
            with self.opener.open(
                Request(self.base + path, data=data, method=method, headers=headers), timeout=15
            ) as reply:
                return reply.status, json.loads(reply.read() or b"null")
        except HTTPError as refused:
            return refused.code, json.loads(refused.read() or b"null")

    def sign_in(self, username: str) -> None:
        self.csrf = self.call("GET", "/api/v1/session")[1]["csrf_token"]
        status, body = self.call("POST", "/api/v1/session", {"username": username, "password": PASSWORD})
        assert status == 200, body
        self.csrf = body["csrf_token"]


def crashes(station: Station, path: str, body: Any, key: str) -> None:
    """The request dies with the server: no answer reaches the station."""
    with pytest.raises((URLError, ConnectionError, OSError)):
        station.call("POST", path, body, key)


def counted(session: Session, model: Any, *where: Any) -> int:
    with session.info["database"].readers() as reader:
        return reader.scalar(select(func.count()).select_from(model).where(*where)) or 0


def sound(session: Session) -> None:
    with session.info["database"].readers() as reader:
        found = audit.verify(reader)
        assert found.intact and found.count > 0, audit.problems(found)
        assert cookie_jar.check_ledger(reader) == []


def test_sigkill_inside_a_sale_a_jar_posting_and_a_call_loses_and_doubles_nothing(
    db_url: str, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    hall = make_hall(session, name="Crash Test Fire Company")
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    jar = ok(admin.post(occ + "/products", {"kind": "cookie_jar", "name": "Cookie jar entry", "price": "2.00"}), 201)[
        "id"
    ]
    dauber = ok(admin.post(occ + "/products", {"kind": "non_gaming", "name": "Dauber", "price": "1.50"}), 201)["id"]
    open_till(admin, occ)
    make_user(
        session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username=f"cashier{hall.org.id}"
    )
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(caller.post(occ + "/games/1/start", {}))
    port, now = free_port(), clock.now.isoformat()
    sale = {
        "lines": [
            {"product_id": jar, "quantity": 3, "unit_price": "2.00"},
            {"product_id": dauber, "quantity": 1, "unit_price": "1.50"},
        ],
        "buyer_is_adult": True,
        "tendered": "10.00",
    }

    def sales() -> int:
        return counted(session, Sale, Sale.occasion_id == occasion["id"])

    def calls() -> int:
        return counted(session, Call)

    plan: list[tuple[str, str, dict[str, Any], str, Callable[[], int]]] = [
        ("sale.create", occ + "/sales", sale, "till1-sale-000001", sales),
        ("game.call", occ + "/games/1/calls", {"ball": 7}, "call-1-7", calls),
        ("game.call", occ + "/games/1/calls", {"ball": 22}, "call-2-22", calls),
    ]
    for action, path, body, key, check in plan:
        before = check()
        crashing = Server(db_url, port, now, tmp_path, crash_on=action)
        station = Station(crashing.url)
        station.sign_in(f"cashier{hall.org.id}" if action == "sale.create" else f"caller{hall.org.id}")
        crashes(station, path, body, key)
        crashing.process.wait(timeout=10)
        assert check() == before, f"{action}: nothing of the killed transaction is left"
        restarted = Server(db_url, port, now, tmp_path)
        try:
            first = station.call("POST", path, body, key)
            again = station.call("POST", path, body, key)
            assert first[0] == 201 and again == first, f"{action}: the retry acts once"
            assert check() == before + 1
        finally:
            restarted.kill()
        sound(session)

    with session.info["database"].readers() as reader:
        posted = reader.get(Occasion, occasion["id"])
        assert posted is not None and posted.jar_posted_at is not None
    jar_state = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert jar_state["pending"] == "0.00" and jar_state["jar1"] == "6.00", jar_state


def test_a_crash_after_the_commit_answers_the_retry_with_the_first_answer_and_the_receipt_job_waits(
    db_url: str, admin: Api, session: Session, clock: Clock, tmp_path: Path
) -> None:
    """The measured failure: the answer was stored in a later commit than the sale, so a SIGKILL
    between the two left 9 of 46 interrupted actions answering a permanent 409 "already received",
    3 of them sales with no receipt and nothing in the reprint queue. Now the sale, its audit entry,
    its receipt's print job and the answer are one transaction; the process dies while printing (at
    a station with a printer: a station with none has nothing to print after the commit)."""
    hall = make_hall(session, name="Crash Test Fire Company")
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    dauber = ok(admin.post(occ + "/products", {"kind": "non_gaming", "name": "Dauber", "price": "1.50"}), 201)["id"]
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    open_till(admin, occ)
    make_user(
        session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username=f"cashier{hall.org.id}"
    )
    sale = {
        "lines": [{"product_id": dauber, "quantity": 2, "unit_price": "1.50"}],
        "buyer_is_adult": False,
        "tendered": "5.00",
    }
    port, now = free_port(), clock.now.isoformat()
    printers = tmp_path / "printers.yaml"
    printer = f"    printer:\n      type: Network\n      host: 127.0.0.1\n      port: {free_port()}\n"
    printers.write_text("stations:\n  127.0.0.1:\n" + printer)
    crashing = Server(db_url, port, now, tmp_path, crash_on="print", printers=printers)
    station = Station(crashing.url)
    station.sign_in(f"cashier{hall.org.id}")
    crashes(station, occ + "/sales", sale, "till1-sale-crash-01")
    crashing.process.wait(timeout=10)
    assert counted(session, Sale, Sale.occasion_id == occasion["id"]) == 1
    assert counted(session, PrintJob, PrintJob.kind == "sale") == 1
    restarted = Server(db_url, port, now, tmp_path)
    try:
        status, answer = station.call("POST", occ + "/sales", sale, "till1-sale-crash-01")
        assert status == 201 and answer["number"] == 1 and answer["change"] == "2.00", answer
        assert [j["status"] for j in answer["print_jobs"]] == ["pending"]
        status, queue = station.call("GET", "/api/v1/print-jobs")
        assert status == 200 and [j["id"] for j in queue] == [answer["print_jobs"][0]["id"]]
    finally:
        restarted.kill()
    assert counted(session, Sale, Sale.occasion_id == occasion["id"]) == 1
    sound(session)


def pg_cluster(action: str) -> None:
    version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[-1]
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", action], check=True, timeout=60)


@pytest.mark.postgres
def test_postgres_restart_mid_occasion_answers_503_then_recovers_by_itself(
    pg_required: None, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    pg_cluster("stop")
    try:
        down = caller.post(occ + "/games/1/calls", {"ball": 22})
        assert down.status_code == 503 and down.get_json()["error"] == "database_unavailable"
        assert caller.get(occ).status_code == 503
        assert caller.get("/healthz").status_code == 503
    finally:
        pg_cluster("start")
    for _ in range(60):
        if caller.get("/healthz").status_code == 200:
            break
        time.sleep(0.5)
    ok(caller.post(occ + "/games/1/calls", {"ball": 22}), 201)
    assert [c["ball"] for c in ok(caller.get(occ))["games"][0]["calls"]] == [7, 22]
    sound(session)
