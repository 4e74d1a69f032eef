"""Every secret check is a sign-in: an approver's PIN at the till goes through the same lockout,
audit and single answer as the PIN pad. The measured failures: 7,614 approver guesses in 330 s with
no lockout and no audit entry; three different answers (wrong PIN, right PIN of a non-MIC, right PIN
of a MIC); a locked account still approved a void; 170 of 192 parallel wrong PINs checked against a
limit of 5; another organization's member in charge approving this organization's void."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Sale
from shared.core.roles import Role
from shared.platform.audit import AuditEntry
from tests.support.bingo_factories import make_hall
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, make_member, make_user
from tests.support.races import race
from tests.support.replies import ok
from tests.support.shop import line, shop

SALE = {"buyer_is_adult": True}
PARALLEL = 100


def _sale(cashier: Api, occ: str, ids: dict[str, int]) -> str:
    sale = ok(
        cashier.post(occ + "/sales", {**SALE, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}), 201
    )
    return f"/api/v1/sales/{sale['id']}/void"


def _void(api: Api, url: str, username: str, pin: str, key: str | None = None) -> Any:
    headers = {"Idempotency-Key": key} if key else {}
    return api.post(url, {"reason": "wrong pack", "approver_username": username, "approver_pin": pin}, headers=headers)


def _audit(session: Session, action: str) -> int:
    with session.info["database"].readers() as reader:
        return int(reader.scalar(select(func.count()).select_from(AuditEntry).where(AuditEntry.action == action)) or 0)


def _status(session: Session, url: str) -> str:
    with session.info["database"].readers() as reader:
        return str(reader.scalar(select(Sale.status).where(Sale.id == int(url.split("/")[-2]))))


def test_4_1_every_failed_approval_answers_alike_whatever_was_wrong(admin: Api, session: Session, clock: Clock) -> None:
    """A wrong PIN, a name that is no account, the right PIN of a caller and the right PIN of another
    organization's member in charge all get one answer, so none of them tells a guesser anything."""
    occ, hall, cashier, ids = shop(admin, session)
    other = make_hall(session)
    url = _sale(cashier, occ, ids)
    replies = [
        _void(cashier, url, f"mic{hall.org.id}", "9753"),
        _void(cashier, url, "nobody-here", PIN),
        _void(cashier, url, f"caller{hall.org.id}", PIN),
        _void(cashier, url, f"mic{other.org.id}", PIN),
    ]
    assert {r.status_code for r in replies} == {403}
    assert len({r.get_data(as_text=True) for r in replies}) == 1, [r.get_json() for r in replies]
    assert replies[0].get_json()["rule"] == "10 DE Admin Code 101-4.1"
    assert _audit(session, "security.signin_failure") == 4
    assert _status(session, url) == "completed"


def test_4_1_a_locked_member_in_charge_approves_no_void_until_the_lock_ends(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    url = _sale(cashier, occ, ids)
    mic = f"mic{hall.org.id}"
    for n in range(5):
        assert _void(cashier, url, mic, "9753", key=f"void-guess-{n:04d}").status_code == 403
    assert _void(cashier, url, mic, PIN, key="void-right-0001").status_code == 403, "a locked account approves nothing"
    assert _status(session, url) == "completed"
    assert _audit(session, "security.lockout") == 1 and _audit(session, "security.signin_refused_locked") == 1
    clock.advance(minutes=15, seconds=1)
    assert ok(_void(cashier, url, mic, PIN, key="void-right-0001"))["status"] == "voided", (
        "a refused key is free for the next try"
    )


def test_4_1_the_approvers_own_station_still_signs_in_while_a_till_is_locked_out(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """Five bad PINs keyed at a till rest the member in charge's account at that till only."""
    occ, hall, cashier, ids = shop(admin, session)
    url = _sale(cashier, occ, ids)
    for _ in range(5):
        _void(cashier, url, f"mic{hall.org.id}", "9753")
    own = Api(app.test_client())
    own.client.environ_base["REMOTE_ADDR"] = "10.0.0.9"
    assert own.sign_in(f"mic{hall.org.id}", pin=PIN).status_code == 200


def test_4_1_brute_force_of_parallel_wrong_approver_pins_locks_after_the_configured_count(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """100 wrong PINs sent at the same instant: exactly five are checked (the guard's row lock queues
    them), the account locks, every one of the 100 is audited, and all 100 answers are the same."""
    occ, hall, _, ids = shop(admin, session, till=False)
    member = make_member(session, hall.org)
    make_user(session, [Role.CASHIER], member=member, username="bruteforcer")
    tills = [staff(admin, "bruteforcer") for _ in range(PARALLEL)]
    open_till(tills[0], occ)
    url = _sale(tills[0], occ, ids)
    replies = race(
        [lambda api=api, n=n: _void(api, url, f"mic{hall.org.id}", f"{1000 + n:04d}") for n, api in enumerate(tills)]
    )
    assert {r.status_code for r in replies} == {403}, {r.status_code for r in replies}
    assert len({r.get_data(as_text=True) for r in replies}) == 1
    checked = _audit(session, "security.signin_failure")
    refused_locked = _audit(session, "security.signin_refused_locked")
    assert checked == 5, f"{checked} guesses were checked against a limit of 5"
    assert checked + refused_locked == PARALLEL, "every failure is audited"
    assert _audit(session, "security.lockout") == 1
    assert _status(session, url) == "completed"
