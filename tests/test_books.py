"""The books (issue 15): every cent through one door, exactly once, on a till, and closed books stay
closed. Regression tests for each measured failure, a whole night reconciled to the cent, the books
check catching a tampered line, and a state machine over random nights that keeps every invariant
of `flashboard books check` after every step."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy import text
from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from bingo.services.books import check_books
from shared.core.money import parse_cents, wire_cents
from shared.core.roles import Role
from tests.support.bingo_factories import Hall, split_script
from tests.support.books import close_till, open_till, product, sell, sell_jar_entries, sell_upick, till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, make_member, make_user
from tests.support.jars import jar_hall, opened
from tests.support.occasions import setup_occasion
from tests.support.poker_factories import delaware_tournament, open_desk
from tests.support.replies import ok, refused

UPICK = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "50.00", "pick_count": 4, "face_price": "1.00"}
BREAK_OPEN = {"kind": "break_open", "pattern": {"kind": "any_row"}, "prize": "25.00", "break_open_numbers": 30}
SPECIAL = {"kind": "special", "pattern": {"kind": "four_corners"}, "prize": "20.00"}


def books(app: Flask, org_id: int | None = None) -> list[str]:
    with app.extensions["flashboard.db"].readers() as reader:
        return [str(d) for d in check_books(reader, org_id)]


def test_4_31_3_4_29_4_30_the_side_doors_are_gone(admin: Api, session: Session, clock: Clock) -> None:
    """The measured failure: jar entries, break-open sheets and U Pick Em tickets could be taken with no
    sale line: the jar ledger held $16 while the sales showed $14."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, _, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}, UPICK, BREAK_OPEN], 9)
    for path, body in [
        ("/cookie-jar/entries", {"quantity": 1}),
        ("/games/2/upick-tickets", {"quick_pick": True}),
        ("/games/3/break-open/sales", {"quantity": 1}),
    ]:
        assert admin.post(occ + path, body).status_code in (404, 405), path
    assert admin.post("/api/v1/upick-tickets/UP-AAAAAAAAAA/void", {"reason": "x"}).status_code in (404, 405)


def test_4_3_4_1_1_every_gaming_line_gets_the_buyer_checks(admin: Api, session: Session, clock: Clock) -> None:
    """The measured failure: none of the side doors asked for the 18+ confirmation or the 4.1.1 worker check."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, _, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}, UPICK, BREAK_OPEN], 9)
    till_open(admin, occ)
    for kind, game in [("cookie_jar", None), ("upick_face", 2), ("break_open", 3)]:
        item = product(admin, occ, kind, game)
        line = {"product_id": item["id"], "quantity": 1, "unit_price": item["price"]}
        refused(
            admin.post(occ + "/sales", {"lines": [line], "buyer_is_adult": False, "tendered": "5.00"}),
            422,
            "age_not_confirmed",
            "10 DE Admin Code 101-4.3",
            "buyer_is_adult",
        )
        refused(
            admin.post(
                occ + "/sales",
                {"lines": [line], "buyer_is_adult": True, "buyer_member_id": hall.caller.id, "tendered": "5.00"},
            ),
            409,
            "worker_may_not_play",
            "10 DE Admin Code 101-4.1.1",
        )
        ok(admin.post(occ + "/sales", {"lines": [line], "buyer_is_adult": True, "tendered": "5.00"}), 201)
    assert books(admin.client.application) == []


def test_4_31_3_jar_fee_has_one_source(admin: Api, session: Session, clock: Clock) -> None:
    """The measured failure: with the fee changed, two entries cost $4.00 at the till while the pending
    pot received $6.00."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    assert product(admin, occ, "cookie_jar")["price"] == "2.00"
    jar = f"/api/v1/organizations/{hall.org.id}/cookie-jar"
    ok(admin.put(jar, {"maximum": "1000.00", "fee": "3.00"}))
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 9}))
    refused(admin.put(jar, {"maximum": "1000.00", "fee": "2.00"}), 409, "occasion_running")
    item = product(admin, occ, "cookie_jar")
    assert item["price"] == "3.00"
    till_open(admin, occ)
    refused(
        admin.post(
            occ + "/sales",
            {
                "lines": [{"product_id": item["id"], "quantity": 2, "unit_price": "2.00"}],
                "buyer_is_adult": True,
                "tendered": "4.00",
            },
        ),
        409,
        "price_mismatch",
    )
    sale = ok(sell_jar_entries(admin, occ, 2), 201)
    assert sale["total"] == "6.00"
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))["pending"] == "6.00"
    assert books(admin.client.application) == []


def test_books_check_names_the_first_line_that_disagrees(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, _, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}], 9)
    sale = ok(sell(admin, occ, "non_gaming", 2), 201)
    runner = app.test_cli_runner()
    assert runner.invoke(args=["books", "check"]).exit_code == 0
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        conn.execute(text("UPDATE sales SET total_cents = total_cents - 100 WHERE id = :s"), {"s": sale["id"]})
        conn.commit()
    result = runner.invoke(args=["books", "check"])
    assert result.exit_code == 1 and result.output.splitlines()[0].startswith(f"transaction {sale['number']} "), (
        result.output
    )


def _cashier(admin: Api, session: Session, hall: Hall, station: str) -> Api:
    member = make_member(session, hall.org, name=f"Cashier at {station}")
    make_user(session, [Role.CASHIER], member=member, username=f"cash-{station}-{hall.org.id}")
    session.commit()
    api = staff(admin, f"cash-{station}-{hall.org.id}")
    with api.client.session_transaction() as sess:
        sess["station"] = station
    return api


def test_4_1_a_night_of_every_kind_reconciles_to_the_cent(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """Every product kind sold, every prize kind paid (a split share, a cookie-jar share, a U Pick Em
    share), one of each kind voided; the till, the sales report, the occasion report and the sworn
    statement agree to the cent, and the books check passes."""
    hall = jar_hall(admin, session, "200.00", "0.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    occ, caller, verifier = opened(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "100.00"},
            UPICK,
            BREAK_OPEN,
            {"kind": "special", "pattern": {"kind": "four_corners"}, "prize": "20.00"},
        ],
        script.calls[-1],
    )
    cashier = _cashier(admin, session, hall, "front")
    mic = staff(admin, f"mic{hall.org.id}")
    till = open_till(cashier, occ, "100.00")
    kinds = [
        ("admission", None, 3),
        ("special", 4, 2),
        ("cookie_jar", None, 4),
        ("upick_face", 2, 2),
        ("break_open", 3, 5),
        ("non_gaming", None, 2),
    ]
    ids = {kind: product(admin, occ, kind, game) for kind, game, _ in kinds}
    approval = {"approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    sold = 0
    voided = 0
    for kind, _, quantity in kinds:
        item = ids[kind]
        lines = [
            {
                "product_id": item["id"],
                "quantity": quantity,
                "unit_price": item["price"],
                **({"picks": [[1, 16, 31, 46], [2, 17, 32, 47]]} if kind == "upick_face" else {}),
            }
        ]
        cents = parse_cents(item["price"]) * quantity
        kept = ok(
            cashier.post(occ + "/sales", {"lines": lines, "buyer_is_adult": True, "tendered": wire_cents(cents)}), 201
        )
        assert kept["total"] == wire_cents(cents)
        spare = {
            "lines": [{**lines[0], "quantity": 1, **({"picks": None} if kind == "upick_face" else {})}],
            "buyer_is_adult": True,
            "tendered": item["price"],
        }
        undone = ok(cashier.post(occ + "/sales", spare), 201)
        ok(cashier.post(f"/api/v1/sales/{undone['id']}/void", {"reason": "rang twice", **approval}))
        sold += cents
        voided += parse_cents(item["price"])
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    ok(caller.post(occ + "/games/1/close"))
    awarded = ok(caller.post(occ + "/games/1/cookie-jar-award"))
    ok(caller.post(occ + "/games/2/start", {}))
    upick_calls = [1, 16, 31, 46]
    for ball in upick_calls:
        ok(caller.post(occ + "/games/2/calls", {"ball": ball}), 201)
    ok(caller.post(occ + "/games/2/close"))
    owed = [(1, "game", c["id"], c["share"]) for c in awarded["claims"] if c["valid"]] + [
        (1, "cookie_jar", c["id"], c["jar_share"]) for c in awarded["claims"] if c["valid"]
    ]
    prizes = sum(parse_cents(share) for *_, share in owed) + 5_000
    ok(
        mic.post(
            f"/api/v1/tills/{till['id']}/movements",
            {"kind": "paid_in", "amount": wire_cents(prizes), "note": "prize bank"},
        ),
        201,
    )
    for number, prize, claim_id, _ in owed:
        ok(cashier.post(occ + "/payouts", {"game_number": number, "prize": prize, "claim_id": claim_id}), 201)
    winning = next(
        code for code in _ticket_codes(admin, occ) if ok(admin.get(f"/api/v1/upick-tickets/{code}"))["share"] == "50.00"
    )
    ok(cashier.post(occ + "/payouts", {"game_number": 2, "ticket_code": winning}), 201)
    ok(
        mic.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "drop", "amount": "50.00", "note": "to the safe"}),
        201,
    )
    drawer = ok(cashier.get(f"/api/v1/tills/{till['id']}"))
    assert parse_cents(drawer["in_drawer"]) == 10_000 + sold + prizes - prizes - 5_000
    closed = close_till(cashier, till)
    assert closed["over_short"] == "0.00"
    ok(mic.post(occ + "/close"))
    sales_report = ok(admin.get(occ + "/sales-report"))["totals"]
    assert (sales_report["sales"], sales_report["voids"], sales_report["payouts"], sales_report["paid_ins"]) == (
        sold,
        voided,
        prizes,
        prizes,
    )
    report = ok(admin.get(occ + "/report"))["totals"]
    sworn = ok(admin.get(occ + "/sworn-statement"))["totals"]
    jar_cents = parse_cents(ids["cookie_jar"]["price"]) * 4
    non_gaming = parse_cents(ids["non_gaming"]["price"]) * 2
    assert sworn["gaming_receipts"] == sold - jar_cents - non_gaming, (sworn, sold)
    assert report["gaming_receipts"] == sworn["gaming_receipts"] and sworn["jar_receipts"] == jar_cents
    assert sworn["gross_receipts"] == sworn["gaming_receipts"] + jar_cents
    assert sworn["prizes"] == report["prizes"] + sworn["jar_prizes"]
    assert books(app) == []


def _ticket_codes(admin: Api, occ: str) -> list[str]:
    codes: list[str] = []
    for job in ok(admin.get("/api/v1/print-jobs")):
        if job["kind"] == "upick_ticket":
            codes.append(job["reference"])
    return codes


class NightMachine(RuleBasedStateMachine):
    """One occasion per run: two stations sell every kind, the member in charge voids, pays in and
    drops; game 1 is played and won (on the cookie-jar number), its shares and jar shares paid; tills
    open and close; the occasion closes. After every step every books-check invariant holds, and
    nothing answers 5xx."""

    admin: Api
    session: Session
    app: Flask

    def __init__(self) -> None:
        super().__init__()
        self.hall = jar_hall(self.admin, self.session, "50.00", "0.00")
        self.script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
        self.occ, self.caller, self.verifier = opened(
            self.admin,
            self.hall,
            [{"pattern": {"kind": "any_row"}, "prize": "100.00"}, UPICK, BREAK_OPEN, SPECIAL],
            self.script.calls[-1],
        )
        self.mic = staff(self.admin, f"mic{self.hall.org.id}")
        self.names = [f"front{self.hall.org.id}", f"back{self.hall.org.id}"]
        self.stations = [_cashier(self.admin, self.session, self.hall, name) for name in self.names]
        self.items = {
            kind: product(self.admin, self.occ, kind, game)
            for kind, game in [
                ("admission", None),
                ("cookie_jar", None),
                ("upick_face", 2),
                ("break_open", 3),
                ("special", 4),
                ("non_gaming", None),
            ]
        }
        occasion = ok(self.admin.get(self.occ))
        paper = ok(
            self.admin.post(
                f"/api/v1/organizations/{self.hall.org.id}/paper-sets",
                {
                    "series_id": occasion["series_id"],
                    "colour": "red",
                    "faces_per_sheet": 6,
                    "sheets_per_pack": 1,
                    "serial_from": 100,
                    "serial_to": 119,
                    "first_face": 1,
                },
            ),
            201,
        )
        for n, name in enumerate(self.names):
            ok(
                self.admin.post(
                    f"/api/v1/paper-sets/{paper['id']}/packs",
                    {
                        "action": "issue",
                        "serials": list(range(100 + 10 * n, 110 + 10 * n)),
                        "occasion_id": occasion["id"],
                        "station": name,
                    },
                )
            )
        self.items["pack"] = ok(
            self.admin.post(
                self.occ + "/products",
                {"kind": "admission", "name": "Red pack", "price": "10.00", "paper_set_id": paper["id"]},
            ),
            201,
        )
        self.sales: list[tuple[int, int]] = []
        self.owed: list[tuple[str, int]] = []
        self.played = False
        self.closed = False

    def answer(self, reply: Any, *allowed: int) -> Any:
        assert reply.status_code < 500, reply.get_json()
        if allowed:
            assert reply.status_code in allowed, reply.get_json()
        return reply.get_json()

    def till_of(self, station: int) -> dict[str, Any] | None:
        return next(
            (
                t
                for t in ok(self.mic.get(self.occ + "/tills"))
                if t["closed_at"] is None and t["station"] == self.names[station]
            ),
            None,
        )

    @precondition(lambda self: not self.closed)
    @rule(station=st.integers(0, 1), bank=st.sampled_from(["0.00", "50.00", "100.00"]))
    def open_till(self, station: int, bank: str) -> None:
        self.answer(self.stations[station].post(self.occ + "/tills", {"opening_bank": bank}), 201, 409)

    @precondition(lambda self: not self.closed)
    @rule(
        station=st.integers(0, 1),
        kind=st.sampled_from(["admission", "cookie_jar", "upick_face", "break_open", "special", "non_gaming"]),
        quantity=st.integers(1, 9),
        tender=st.sampled_from(["cash", "cash", "CASH", "IOU"]),
    )
    def sell(self, station: int, kind: str, quantity: int, tender: str) -> None:
        item = self.items[kind]
        total = parse_cents(item["price"]) * quantity
        reply = self.stations[station].post(
            self.occ + "/sales",
            {
                "lines": [{"product_id": item["id"], "quantity": quantity, "unit_price": item["price"]}],
                "buyer_is_adult": True,
                "tender": tender,
                "tendered": wire_cents(total + 500),
            },
        )
        body = self.answer(reply, 201, 409, 422)
        if tender != "cash":
            assert reply.status_code in (409, 422), "credit and misspelt cash are never taken"
        if reply.status_code == 201:
            self.sales.append((body["id"], station))

    @precondition(lambda self: not self.closed)
    @rule(station=st.integers(0, 1), serial=st.integers(100, 119))
    def sell_pack(self, station: int, serial: int) -> None:
        """A pack scanned at a station: sold if it is issued there and not sold yet, else refused."""
        item = self.items["pack"]
        reply = self.stations[station].post(
            self.occ + "/sales",
            {
                "lines": [
                    {"product_id": item["id"], "quantity": 1, "unit_price": item["price"], "pack_serials": [serial]}
                ],
                "buyer_is_adult": True,
                "tendered": item["price"],
            },
        )
        body = self.answer(reply, 201, 409)
        if reply.status_code == 201:
            self.sales.append((body["id"], station))

    @precondition(lambda self: not self.closed and self.sales)
    @rule(data=st.data(), elsewhere=st.booleans())
    def void(self, data: Any, elsewhere: bool) -> None:
        """The member in charge keys a PIN at the till that took the sale (elsewhere: at another)."""
        sale, station = data.draw(st.sampled_from(self.sales))
        at = self.mic if elsewhere else self.stations[station]
        reply = at.post(
            f"/api/v1/sales/{sale}/void",
            {"reason": "mis-rung", "approver_username": f"mic{self.hall.org.id}", "approver_pin": PIN},
        )
        body = self.answer(reply, 200, 409)
        if elsewhere and reply.status_code == 409:
            assert body["error"] in {
                "void_at_its_till",
                "not_voidable",
                "till_closed",
                "game_started",
                "jar_fees_posted",
            }, body

    @precondition(lambda self: not self.closed)
    @rule(
        station=st.integers(0, 1),
        kind=st.sampled_from(["paid_in", "drop"]),
        amount=st.sampled_from(["10.00", "100.00", "500.00"]),
    )
    def move_cash(self, station: int, kind: str, amount: str) -> None:
        till = self.till_of(station)
        if till is not None:
            self.answer(
                self.mic.post(f"/api/v1/tills/{till['id']}/movements", {"kind": kind, "amount": amount}), 201, 409
            )

    @precondition(lambda self: not self.closed and not self.played)
    @rule()
    def play_game_1(self) -> None:
        self.answer(self.caller.post(self.occ + "/games/1/start", {}), 200)
        for ball in self.script.calls:
            self.answer(self.caller.post(self.occ + "/games/1/calls", {"ball": ball}), 201)
        for face in self.script.winners:
            self.answer(self.verifier.post(self.occ + "/games/1/claims", {"face_number": face}), 201)
        closed = self.answer(self.caller.post(self.occ + "/games/1/close"), 200)
        valid = [c for c in closed["claims"] if c["valid"]]
        # A claim on a face no sold pack holds is invalid once the occasion sells tracked paper.
        reply = self.caller.post(self.occ + "/games/1/cookie-jar-award")
        game = self.answer(reply, 200 if valid else 409)
        self.owed = [
            (prize, c["id"])
            for c in (game["claims"] if valid else [])
            if c["valid"]
            for prize in ("game", "cookie_jar")
        ]
        self.played = True

    @precondition(lambda self: not self.closed and self.owed)
    @rule(station=st.integers(0, 1), data=st.data())
    def pay(self, station: int, data: Any) -> None:
        prize, claim = data.draw(st.sampled_from(self.owed))
        reply = self.stations[station].post(
            self.occ + "/payouts", {"game_number": 1, "prize": prize, "claim_id": claim}
        )
        body = self.answer(reply, 201, 409)
        if reply.status_code == 409:
            assert body["error"] in {"already_paid", "no_open_till", "drawer_short"}, body

    @precondition(lambda self: not self.closed)
    @rule(station=st.integers(0, 1), short=st.sampled_from([0, 0, 25, -100]))
    def close_till(self, station: int, short: int) -> None:
        till = self.till_of(station)
        if till is not None:
            short = min(short, parse_cents(till["in_drawer"]))
            closed = close_till(self.stations[station], till, short)
            assert closed["over_short"] == ("-" if short > 0 else "") + wire_cents(abs(short))

    @precondition(lambda self: not self.closed)
    @rule()
    def close_occasion(self) -> None:
        reply = self.mic.post(self.occ + "/close")
        self.answer(reply, 200, 409)
        self.closed = reply.status_code == 200

    @precondition(lambda self: self.closed)
    @rule(station=st.integers(0, 1))
    def after_close_nothing_posts(self, station: int) -> None:
        item = self.items["admission"]
        reply = self.stations[station].post(
            self.occ + "/sales",
            {
                "lines": [{"product_id": item["id"], "quantity": 1, "unit_price": item["price"]}],
                "buyer_is_adult": True,
                "tendered": item["price"],
            },
        )
        assert reply.status_code == 409 and reply.get_json()["error"] in {"occasion_closed"}, reply.get_json()
        if self.sales:
            refused(
                self.mic.post(
                    f"/api/v1/sales/{self.sales[0][0]}/void",
                    {"reason": "late", "approver_username": f"mic{self.hall.org.id}", "approver_pin": PIN},
                ),
                409,
                "occasion_closed",
            )

    @invariant()
    def the_books_agree(self) -> None:
        assert books(self.app, self.hall.org.id) == []


def test_books_state_machine_keeps_every_invariant_over_random_nights(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    NightMachine.admin, NightMachine.session, NightMachine.app = admin, session, app
    run_state_machine_as_test(
        NightMachine,
        settings=settings(
            max_examples=12, stateful_step_count=30, deadline=None, suppress_health_check=list(HealthCheck)
        ),
    )


def test_pari_1207_03_j_poker_desk_buys_and_prizes_go_through_the_desk_till_and_balance(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    """The poker desk's entries and re-buys are sales on the desk's till (none without one, never on
    credit), its prizes come out of it (a paid-in first when the drawer is short), and the till, the
    pool and the books agree."""
    _, url = delaware_tournament(
        admin,
        session,
        entry_fee="100.00",
        rebuy={"allowed": False},
        prizes=[{"place": 1, "description": "The pool", "percent_bp": 10000}],
    )
    refused(
        admin.post(url + "/buys", {"kind": "entry", "player_name": "Pat", "tender": "IOU", "tendered": "100.00"}),
        422,
        "no_credit",
    )
    desk = staff(admin, "boss")
    with desk.client.session_transaction() as sess:
        sess["station"] = "poker-desk"
    refused(
        desk.post(url + "/buys", {"kind": "entry", "player_name": "Pat", "tendered": "100.00"}), 409, "no_open_till"
    )
    till = open_desk(desk, url, "20.00")
    for n in range(1, 5):
        ok(desk.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "120.00"}), 201)
    tills = ok(desk.get(url + "/tills"))
    mine = next(t for t in tills if t["id"] == till["id"])
    assert (mine["cash_sales"], mine["in_drawer"]) == ("400.00", "420.00")
    ok(admin.post(url + "/start", {"seats_per_table": 10}))
    for hand, number in enumerate(range(4, 1, -1), start=1):
        ok(
            admin.post(
                url + "/eliminations", {"hand": hand, "busts": [{"entry_number": number, "starting_stack": 100}]}
            )
        )
    ok(admin.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "drop", "amount": "300.00"}), 201)
    refused(desk.post(url + "/payouts", {"entry_number": 1}), 409, "drawer_short")
    ok(admin.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "paid_in", "amount": "300.00"}), 201)
    ok(desk.post(url + "/payouts", {"entry_number": 1}), 201)
    closed = close_till(desk, till)
    assert (closed["expected"], closed["over_short"]) == ("20.00", "0.00")
    assert books(app) == []


def test_4_30_a_u_pick_em_share_is_paid_once_and_never_again_as_a_jar_share(
    admin: Api, session: Session, clock: Clock
) -> None:
    """Found in review: the ticket's share could be paid a second time by asking for the cookie-jar prize."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, caller, _ = opened(admin, hall, [UPICK], 75)
    ticket = ok(sell_upick(admin, occ, 1, [1, 16, 31, 46]), 201)["tickets"][0]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 16, 31, 46):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(caller.post(occ + "/games/1/close"))
    till = next(t for t in ok(admin.get(occ + "/tills")) if t["closed_at"] is None)
    ok(admin.post(f"/api/v1/tills/{till['id']}/movements", {"kind": "paid_in", "amount": "50.00"}), 201)
    refused(
        admin.post(occ + "/payouts", {"game_number": 1, "ticket_code": ticket["code"], "prize": "cookie_jar"}),
        409,
        "nothing_to_pay",
    )
    ok(admin.post(occ + "/payouts", {"game_number": 1, "ticket_code": ticket["code"]}), 201)
    refused(admin.post(occ + "/payouts", {"game_number": 1, "ticket_code": ticket["code"]}), 409, "already_paid")
    assert books(admin.client.application) == []


def test_a_void_is_keyed_at_the_till_that_took_the_sale(admin: Api, session: Session, clock: Clock) -> None:
    """Found in review: a void keyed at another station took its refund out of the first drawer."""
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, _, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}], 9)
    front = _cashier(admin, session, hall, "front")
    product(admin, occ, "non_gaming")
    open_till(front, occ, "0.00")
    sale = ok(sell(front, occ, "non_gaming", 2), 201)
    approval = {"reason": "rang twice", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    refused(admin.post(f"/api/v1/sales/{sale['id']}/void", approval), 409, "void_at_its_till", field="sale_id")
    assert ok(front.post(f"/api/v1/sales/{sale['id']}/void", approval))["status"] == "voided"
    assert books(admin.client.application) == []
