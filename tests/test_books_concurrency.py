"""Each prize share paid exactly once under a race: two stations (or one cashier's two taps with two
keys, or the same key twice) press Pay at the same instant. On PostgreSQL (CI's second run) these are
real concurrent transactions; the occasion or tournament row lock and the unique share key each stop
the second payment on their own. The measured failure: 8 of 8 bingo races and 2 of 3 poker races
paid twice."""

from __future__ import annotations

from typing import Any

from flask import Flask
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Payout, Sale
from poker.models import PrizePayment
from shared.printing.models import PrintJob
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.occasions import closed_game
from tests.support.poker_factories import delaware_tournament
from tests.support.races import race
from tests.support.replies import ok
from tests.support.shop import shop

RACERS = 4


def _count(session: Session, query: Any) -> int:
    with session.info["database"].readers() as reader:
        return int(reader.scalar(query) or 0)


def test_4_6_two_stations_paying_one_share_at_once_pay_it_once(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    occ, _, cashier, _ = shop(admin, session, till=False)
    open_till(cashier, occ, "500.00")
    claims = closed_game(admin, occ, winners=1)
    stations = [staff(admin, "boss") for _ in range(RACERS)]
    body = {"game_number": 1, "claim_id": claims[0]["id"]}
    replies = race(
        [
            lambda api=api, n=n: api.post(occ + "/payouts", body, headers={"Idempotency-Key": f"pay-share-key-{n}"})
            for n, api in enumerate(stations)
        ]
    )
    codes = sorted(r.status_code for r in replies)
    assert codes == [201] + [409] * (RACERS - 1), [r.get_json() for r in replies]
    assert {r.get_json()["error"] for r in replies if r.status_code == 409} == {"already_paid"}
    assert _count(session, select(func.count()).select_from(Payout)) == 1
    assert _count(session, select(func.count()).select_from(Sale).where(Sale.kind == "payout")) == 1
    assert _count(session, select(func.count()).select_from(PrintJob).where(PrintJob.kind == "payout")) == 1
    assert app.test_cli_runner().invoke(args=["books", "check"]).exit_code == 0


def test_4_6_one_cashier_tapping_pay_twice_with_one_key_gets_one_payout_and_one_answer(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, _, cashier, _ = shop(admin, session, till=False)
    open_till(cashier, occ, "500.00")
    claims = closed_game(admin, occ, winners=1)
    taps = [staff(admin, "boss") for _ in range(RACERS)]
    body = {"game_number": 1, "claim_id": claims[0]["id"]}
    replies = race(
        [
            lambda api=api: api.post(occ + "/payouts", body, headers={"Idempotency-Key": "pay-share-one-key"})
            for api in taps
        ]
    )
    assert [r.status_code for r in replies] == [201] * RACERS, [r.get_json() for r in replies]
    assert len({r.get_json()["number"] for r in replies}) == 1
    assert _count(session, select(func.count()).select_from(Payout)) == 1


def test_poker_two_desks_paying_one_prize_at_once_pay_it_once(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(
        admin,
        session,
        entry_fee="100.00",
        rebuy={"allowed": False},
        prizes=[{"place": 1, "description": "The pool", "percent_bp": 10000}],
    )
    for n in range(1, 5):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    ok(admin.post(url + "/start", {"seats_per_table": 10}))
    for hand, number in enumerate(range(4, 1, -1), start=1):
        ok(
            admin.post(
                url + "/eliminations", {"hand": hand, "busts": [{"entry_number": number, "starting_stack": 100}]}
            )
        )
    desks = [staff(admin, "boss") for _ in range(RACERS)]
    replies = race(
        [
            lambda api=api, n=n: api.post(
                url + "/payouts", {"entry_number": 1}, headers={"Idempotency-Key": f"poker-pay-{n}"}
            )
            for n, api in enumerate(desks)
        ]
    )
    assert sorted(r.status_code for r in replies) == [201] + [409] * (RACERS - 1), [r.get_json() for r in replies]
    assert _count(session, select(func.count()).select_from(PrizePayment)) == 1
    assert _count(session, select(func.count()).select_from(PrintJob).where(PrintJob.kind == "poker_prize")) == 1


def test_sales_and_claims_at_once_never_deadlock(admin: Api, session: Session, clock: Clock) -> None:
    """Found by the load test on PostgreSQL: a sale holding the occasion row and waiting for the audit
    chain, and a claim holding the chain while its board event's foreign key checked the occasion
    row, deadlocked (98 claims and 14 sales answered 503 in 30 s). The occasion is now locked FOR NO
    KEY UPDATE, which a foreign key check does not wait on."""
    occ, hall, _, ids = shop(admin, session, till=False)
    open_till(admin, occ, "100.00")
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(admin.post(occ + "/games/1/start", {}))
    ok(admin.post(occ + "/games/1/calls", {"ball": 5}), 201)
    cashiers = [staff(admin, "boss") for _ in range(2)]
    verifiers = [staff(admin, f"verifier{hall.org.id}") for _ in range(2)]
    line = {"product_id": ids["non_gaming"], "quantity": 1, "unit_price": "1.50"}

    def selling(api: Api) -> list[int]:
        return [
            api.post(occ + "/sales", {"lines": [line], "buyer_is_adult": False, "tendered": "1.50"}).status_code
            for _ in range(12)
        ]

    def claiming(api: Api, first: int) -> list[int]:
        return [
            api.post(occ + "/games/1/claims", {"face_number": face}).status_code for face in range(first, first + 12)
        ]

    replies = race(
        [
            lambda: selling(cashiers[0]),
            lambda: selling(cashiers[1]),
            lambda: claiming(verifiers[0], 1),
            lambda: claiming(verifiers[1], 100),
        ]
    )
    assert [set(r) for r in replies] == [{201}] * 4, replies


def test_calls_sales_voids_and_claims_at_once_never_deadlock(admin: Api, session: Session, clock: Clock) -> None:
    """Issue 21: a call locks the occasion, the organization and the audit chain's head in its first
    statement (the occasion's first call posts the cookie-jar fees, which lock the organization), a sale
    the occasion, the till, the organization and the head, a void its till, the organization and the
    head, a claim the occasion and the head: one order, so none waits on another in a circle. On
    PostgreSQL a deadlock answers 503; here every request gets its own answer."""
    occ, hall, _, ids = shop(admin, session, till=False)
    open_till(admin, occ, "100.00")
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(admin.post(occ + "/games/1/start", {}))
    line = {"product_id": ids["non_gaming"], "quantity": 1, "unit_price": "1.50"}
    sale = {"lines": [line], "buyer_is_adult": False, "tendered": "1.50"}
    voidable = [ok(admin.post(occ + "/sales", sale), 201)["id"] for _ in range(8)]
    approval = {"reason": "rang twice", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    caller, cashier, voider = (staff(admin, name) for name in (f"caller{hall.org.id}", "boss", "boss"))
    verifier = staff(admin, f"verifier{hall.org.id}")

    def calling() -> list[int]:
        return [caller.post(occ + "/games/1/calls", {"ball": ball}).status_code for ball in range(1, 13)]

    def selling() -> list[int]:
        return [cashier.post(occ + "/sales", sale).status_code for _ in range(12)]

    def voiding() -> list[int]:
        return [voider.post(f"/api/v1/sales/{n}/void", approval).status_code for n in voidable]

    def claiming() -> list[int]:
        return [verifier.post(occ + "/games/1/claims", {"face_number": face}).status_code for face in range(1, 13)]

    calls, sales, voids, claims = race([calling, selling, voiding, claiming])
    # 409s are the rules' own: a claim before the first number, a call after a valid bingo
    assert set(calls) <= {201, 409} and calls[0] == 201 and set(claims) <= {201, 409}, (calls, claims)
    assert set(sales) == {201} and set(voids) == {200}, (sales, voids)
