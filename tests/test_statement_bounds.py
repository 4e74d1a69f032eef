"""Constant statements per request (issue 21, build item 2): a verify and a sale send a bounded number
of statements whatever the hall holds, and a sale commits once, its stored idempotent answer in the
same transaction as the sale. Counted at the engine, on the suite's engine (SQLite here, PostgreSQL
on the PostgreSQL run); on failure the statements sent are printed."""

from __future__ import annotations

import random
from dataclasses import dataclass

from flask import Flask
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform import audit
from tests.support.bingo_factories import make_hall
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import make_member, make_user
from tests.support.occasions import setup_occasion
from tests.support.replies import ok
from tests.support.shop import line, shop
from tests.support.statements import counting


@dataclass(frozen=True)
class Hall:
    occ: str
    verifier: Api
    cashier: Api
    lines: list[dict[str, object]]


def hall_in_play(admin: Api, session: Session) -> Hall:
    """As the load test's hall: a blackout game in play with three balls called, the cookie jar on, a
    till open at the station, products on sale, and a verifier and a cashier signed in."""
    hall = make_hall(session, name="Bounded Fire Company")
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "300.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    ids = {
        kind: ok(admin.post(occ + "/products", {"kind": kind, "name": name, "price": price}), 201)["id"]
        for kind, name, price in [("admission", "Admission pack", "20.00"), ("non_gaming", "Dauber", "1.50")]
    }
    make_user(session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username="cashier")
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    open_till(admin, occ)
    calls = random.Random(10).sample(range(1, 76), 75)
    ok(caller.post(occ + "/cookie-jar-number", {"ball": calls.pop()}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in calls[:3]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    lines: list[dict[str, object]] = [
        {"product_id": ids["admission"], "quantity": 1, "unit_price": "20.00"},
        {"product_id": ids["non_gaming"], "quantity": 1, "unit_price": "1.50"},
    ]
    return Hall(occ, staff(admin, f"verifier{hall.org.id}"), staff(admin, "cashier"), lines)


def engine_of(app: Flask) -> Engine:
    engine: Engine = app.extensions["flashboard.db"].engine
    return engine


def test_issue_21_verify_sends_at_most_six_statements(admin: Api, session: Session, clock: Clock, app: Flask) -> None:
    """The verify as the load test sends it: the session with the user and roles, the occasion and
    the chain's head locked, the game with its calls, face and earlier claim, then the claim, its
    event for the consoles and its audit entry."""
    hall = hall_in_play(admin, session)
    ok(hall.verifier.post(hall.occ + "/games/1/claims", {"face_number": 1}), 201)
    with counting(engine_of(app)) as counted:
        claim = ok(hall.verifier.post(hall.occ + "/games/1/claims", {"face_number": 2}), 201)
    assert claim["verdict"] != "valid" and claim["on_call"] == 3
    assert len(counted.statements) <= 6 and counted.commits == 1, str(counted)


def test_issue_21_a_keyed_verify_adds_only_its_stored_answer(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """The tablet sends an Idempotency-Key with each check: the answer kept under it is one INSERT more,
    in the same commit; the key's earlier answer is looked up with the sign-in, not on its own."""
    hall = hall_in_play(admin, session)
    key = {"Idempotency-Key": "station-verify-000002"}
    with counting(engine_of(app)) as counted:
        first = ok(hall.verifier.post(hall.occ + "/games/1/claims", {"face_number": 2}, headers=key), 201)
    assert len(counted.statements) <= 7 and counted.commits == 1, str(counted)
    with counting(engine_of(app)) as replayed:
        again = hall.verifier.post(hall.occ + "/games/1/claims", {"face_number": 2}, headers=key)
    assert again.status_code == 201 and again.get_json() == first and again.headers["Idempotent-Replayed"] == "true"
    assert len(replayed.statements) == 1 and replayed.commits == 0, str(replayed)


def test_issue_21_sale_sends_at_most_eight_statements_and_commits_once(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """The POS's sale (two lines, an Idempotency-Key, a station with no printer): the session with the
    key's earlier answer, the occasion, till, organization and chain's head locked in one statement
    with the products, then the sale numbered by its own INSERT, its lines, its audit entry, its
    receipt's job and the answer kept under the key: one commit."""
    hall = hall_in_play(admin, session)
    body = {"lines": hall.lines, "buyer_is_adult": True, "tendered": "50.00"}
    ok(hall.cashier.post(hall.occ + "/sales", body, headers={"Idempotency-Key": "bounded-sale-000001"}), 201)
    with counting(engine_of(app)) as counted:
        sold = ok(hall.cashier.post(hall.occ + "/sales", body, headers={"Idempotency-Key": "bounded-sale-000002"}), 201)
    assert (sold["number"], sold["change"], [j["status"] for j in sold["print_jobs"]]) == (2, "28.50", ["not_printed"])
    assert len(counted.statements) <= 8 and counted.commits == 1, str(counted)


def test_issue_21_a_repeated_sale_key_answers_the_first_sale_in_one_statement(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    hall = hall_in_play(admin, session)
    body = {"lines": hall.lines, "buyer_is_adult": True, "tendered": "50.00"}
    key = {"Idempotency-Key": "bounded-sale-000001"}
    first = ok(hall.cashier.post(hall.occ + "/sales", body, headers=key), 201)
    with counting(engine_of(app)) as counted:
        again = hall.cashier.post(hall.occ + "/sales", body, headers=key)
    assert again.status_code == 201 and again.get_json() == first and again.headers["Idempotent-Replayed"] == "true"
    assert len(counted.statements) == 1 and counted.commits == 0, str(counted)


def test_issue_21_seals_taken_from_the_rows_as_written_match_the_rows_as_stored(
    admin: Api, session: Session, clock: Clock
) -> None:
    """A sale's money rows are sealed from the values the flush wrote rather than read back; `audit
    verify` reads them back and finds every one matching its seal, for every kind of line."""
    occ, _, cashier, ids = shop(admin, session)
    lines = [
        line(ids, "admission", 2, "20.00"),
        line(ids, "cookie_jar", 3, "2.00"),
        line(ids, "upick_face", 2, "1.00", picks=[[1, 20, 40, 60]]),
        line(ids, "non_gaming", 1, "1.50"),
    ]
    ok(cashier.post(occ + "/sales", {"lines": lines, "buyer_is_adult": True, "tendered": "60.00"}), 201)
    ok(cashier.post(occ + "/sales", {"lines": lines[3:], "buyer_is_adult": False, "tendered": "1.50"}), 201)
    with session.info["database"].readers() as reader:
        found = audit.verify(reader)
    assert found.keyed_from is not None and found.intact and found.rows == [], audit.problems(found)
