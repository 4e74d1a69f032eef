"""Cookie jar bingo through the API (10 DE Admin Code 101-4.31): sales until the first number, the
posting, the award on the cookie-jar number, the forced final blackout, statements and the ledger
check."""

from __future__ import annotations

import re
import threading
from typing import Any

from flask import Flask
from sqlalchemy import select, text
from sqlalchemy.orm import Session

from bingo.models import CookieJarLine
from bingo.rules.patterns import STANDARD, PatternKind
from shared.core.roles import Role
from tests.support.bingo_factories import make_hall, series_faces, split_script
from tests.support.books import product, sell_jar_entries, sell_upick, till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, make_member, make_user
from tests.support.jars import JAR_RULE, jar_hall, opened
from tests.support.occasions import pay_every_winner, setup_occasion
from tests.support.replies import ok, refused


def test_4_31_scenario_held_fees_award_on_the_jar_number_split_top_up_and_new_jar(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "1000.00", "990.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    occ, caller, verifier = opened(
        admin,
        hall,
        [{"pattern": {"kind": "any_row"}, "prize": "100.00"}, {"pattern": {"kind": "four_corners"}, "prize": "50.00"}],
        script.calls[-1],
    )
    for _ in range(10):
        ok(sell_jar_entries(admin, occ, 1), 201)
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["pending"], jar["jar1"], jar["jar2"]) == ("20.00", "1000.00", "990.00")
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
        if ball == script.calls[0]:
            refused(sell_jar_entries(admin, occ, 1), 409, "jar_sales_closed", JAR_RULE + ".4")
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["pending"], jar["jar1"], jar["jar2"], jar["held"]) == ("0.00", "1000.00", "990.00", "20.00")
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["jar_award_due"] is True
    refused(admin.post(occ + "/close"), 409, "jar_award_unpaid", JAR_RULE + ".6")
    awarded = ok(caller.post(occ + "/games/1/cookie-jar-award"))
    assert awarded["jar_announcement"] == "Cookie jar: 3 winners: $333.34, $333.33, $333.33"
    assert sorted(c["jar_share"] for c in awarded["claims"] if c["valid"]) == ["333.33", "333.33", "333.34"]
    refused(caller.post(occ + "/games/1/cookie-jar-award"), 409, "jar_already_awarded")
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["jar1"], jar["jar2"], jar["held"], jar["awarded"]) == ("1000.00", "10.00", "0.00", "1000.00")


def test_4_31_6_no_award_unless_won_on_the_cookie_jar_number(admin: Api, session: Session, clock: Clock) -> None:
    hall = jar_hall(admin, session, "500.00", "0.00")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    jar_ball = next(b for b in range(1, 76) if b not in script.calls)
    occ, caller, verifier = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}], jar_ball)
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    assert ok(caller.post(occ + "/games/1/close"))["jar_award_due"] is False
    refused(
        caller.post(occ + "/games/1/cookie-jar-award"), 409, "not_on_cookie_jar_number", JAR_RULE + ".6", "game_number"
    )
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))["jar1"] == "500.00"


def test_4_31_5_both_jars_full_forces_a_final_blackout(admin: Api, session: Session, clock: Clock) -> None:
    hall = jar_hall(admin, session, "1000.00", "1000.00")
    occ, caller, verifier = opened(admin, hall, [{"pattern": {"kind": "four_corners"}, "prize": "50.00"}], 75)
    ok(sell_jar_entries(admin, occ, 3), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    state = ok(admin.get(occ))
    assert state["jar_must_go"] is True
    closed = ok(caller.post(occ + "/games/1/close"))
    assert "final blackout" in closed["closing_announcement"]
    occasion = ok(admin.get(occ))
    final = occasion["games"][-1]
    assert (
        final["kind"] == "cookie_jar_final"
        and final["number"] == 2
        and final["pattern_name"] == "Cookie jar final blackout"
    )
    refused(staff(admin, f"mic{hall.org.id}").post(occ + "/close"), 409, "jar_must_go", JAR_RULE + ".5")
    started = ok(caller.post(occ + "/games/2/start", {}))
    assert "$1,000.00" in started["announcement"]
    blackout = STANDARD[PatternKind.BLACKOUT]
    face = series_faces()[0]
    numbers = [n for n in face.cells if n]
    for ball in numbers:
        ok(caller.post(occ + "/games/2/calls", {"ball": ball}), 201)
    winners = [f.number for f in series_faces() if blackout.is_complete(f.covered(numbers))]
    for number in winners:
        ok(verifier.post(occ + "/games/2/claims", {"face_number": number}), 201)
    assert ok(caller.post(occ + "/games/2/close"))["jar_award_due"] is True
    ok(caller.post(occ + "/games/2/cookie-jar-award"))
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["jar1"], jar["jar2"], jar["held"]) == ("1000.00", "6.00", "0.00")
    pay_every_winner(admin, occ)
    assert ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))["status"] == "closed"


def test_4_31_3_jar_entries_need_a_running_occasion_and_settings(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session, cookie_jar=False)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    refused(
        admin.post(occ + "/products", {"kind": "cookie_jar", "name": "Cookie jar entry"}),
        409,
        "jar_not_set_up",
        JAR_RULE + ".1",
    )
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    refused(sell_jar_entries(admin, occ, 1), 409, "occasion_not_running", "10 DE Admin Code 101-4.25")
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    refused(sell_jar_entries(admin, occ, 0), 422, "invalid_input", field="lines")
    assert ok(sell_jar_entries(admin, occ, 2), 201)["total"] == "4.00"


def test_jar_statement_and_csv_agree_with_the_ledger(admin: Api, session: Session, clock: Clock) -> None:
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, caller, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}], 9)
    ok(sell_jar_entries(admin, occ, 5), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 3}), 201)
    statement = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar/statement"))
    assert [line["kind"] for line in statement["lines"]] == ["opening_jar1", "fee", "post_jar1"]
    assert statement["closing"]["jar1"] == "110.00" and statement["opening"]["jar1"] == "0.00"
    csv_text = admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar/statement.csv").get_data(as_text=True)
    assert csv_text.splitlines()[-1].split(",")[8:10] == ["110.00", "0.00"]


def test_jar_check_fails_when_a_ledger_row_is_altered_in_sql(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "100.00", "0.00")
    runner = app.test_cli_runner()
    assert runner.invoke(args=["jar", "check"]).exit_code == 0
    with session.bind.connect() as conn:  # type: ignore[union-attr]
        if conn.dialect.name == "sqlite":
            conn.execute(text("DROP TRIGGER cookie_jar_lines_no_update"))
        else:
            conn.execute(text("SET LOCAL session_replication_role = replica"))
        conn.execute(
            text("UPDATE cookie_jar_lines SET cents = cents + 100 WHERE organization_id = :o"), {"o": hall.org.id}
        )
        conn.commit()
    result = runner.invoke(args=["jar", "check"])
    assert result.exit_code == 1 and "ledger line 1" in result.output


def test_4_31_4_concurrent_sales_and_first_call_lose_nothing(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """Two cashiers sell while the caller draws the first number: every sale either lands before the
    posting (and is posted) or is refused; nothing is lost or posted twice. Real concurrent sessions
    (PostgreSQL in CI's second run)."""
    hall = jar_hall(admin, session, "0.00", "0.00")
    occ, caller, _ = opened(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}], 9)
    ok(caller.post(occ + "/games/1/start", {}))
    cashiers = [staff(admin, "boss"), staff(admin, "boss")]
    product(admin, occ, "cookie_jar")
    till_open(admin, occ)
    sold: list[int] = []
    refusals: list[str] = []
    lock = threading.Lock()

    def sell(api: Api) -> None:
        for _ in range(15):
            reply = sell_jar_entries(api, occ, 1)
            with lock:
                if reply.status_code == 201:
                    sold.append(200)
                else:
                    refusals.append(reply.get_json()["error"])

    threads = [threading.Thread(target=sell, args=(c,)) for c in cashiers]
    for t in threads:
        t.start()
    ok(caller.post(occ + "/games/1/calls", {"ball": 3}), 201)
    for t in threads:
        t.join()
    assert set(refusals) <= {"jar_sales_closed"}
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert jar["collected"] == f"{sum(sold) / 100:.2f}"
    assert jar["pending"] == "0.00" and jar["jar1"] == jar["collected"]
    with session.info["database"].readers() as reader:
        posts = reader.scalars(select(CookieJarLine).where(CookieJarLine.kind == "post_jar1")).all()
        assert len(posts) <= 1
    assert app.test_cli_runner().invoke(args=["jar", "check"]).exit_code == 0


def test_jar_statement_page_shows_balances_and_saves_settings(client: Any, session: Session) -> None:
    hall = make_hall(session)
    make_user(session, [Role.OFFICER], member=make_member(session, hall.org), username="treasurer")
    page = client.get("/signin").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    client.post("/signin", data={"username": "treasurer", "password": PASSWORD, "csrf_token": token})
    url = f"/bingo/organizations/{hall.org.id}/cookie-jar"
    token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)  # type: ignore[union-attr]
    refused_page = client.post(url, data={"maximum": "1500.00", "fee": "2.00", "csrf_token": token})
    assert refused_page.status_code == 422 and "101-4.31.1" in refused_page.get_data(as_text=True)
    assert client.post(url, data={"maximum": "1000.00", "fee": "2.00", "csrf_token": token}).status_code == 302
    html = client.get(url).get_data(as_text=True)
    assert "Jar 1 (to be won)" in html and 'value="2.00"' in html and 'value="1000.00"' in html


def test_4_31_6_a_hall_with_no_cookie_jar_draws_no_jar_number_and_starts_game_1(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session, cookie_jar=False)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    assert ok(caller.get(occ))["runs_cookie_jar"] is False
    refused(caller.post(occ + "/cookie-jar-number", {"ball": 7}), 409, "no_cookie_jar", JAR_RULE + ".6")
    assert ok(caller.post(occ + "/games/1/start", {}))["status"] == "in_play"
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    assert ok(caller.get(occ))["cookie_jar_number"] is None


def test_4_31_6_a_hall_with_a_cookie_jar_still_draws_its_number_before_game_1(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    assert ok(caller.get(occ))["runs_cookie_jar"] is True
    refused(caller.post(occ + "/games/1/start", {}), 409, "jar_number_not_drawn", JAR_RULE + ".6")


def test_4_31_1_the_cookie_jar_is_set_up_between_occasions_not_while_one_runs(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session, cookie_jar=False)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    jar = f"/api/v1/organizations/{hall.org.id}/cookie-jar"
    refused(admin.put(jar, {"maximum": "1000.00", "fee": "2.00"}), 409, "occasion_running", JAR_RULE + ".1", "maximum")


def _blackout_won(caller: Api, verifier: Api, occ: str, number: int) -> None:
    """The final blackout called to the first face's 24 numbers and every face it completes claimed."""
    blackout = STANDARD[PatternKind.BLACKOUT]
    numbers = [n for n in series_faces()[0].cells if n]
    ok(caller.post(f"{occ}/games/{number}/start", {}))
    for ball in numbers:
        ok(caller.post(f"{occ}/games/{number}/calls", {"ball": ball}), 201)
    for face in [f.number for f in series_faces() if blackout.is_complete(f.covered(numbers))]:
        ok(verifier.post(f"{occ}/games/{number}/claims", {"face_number": face}), 201)
    assert ok(caller.post(f"{occ}/games/{number}/close"))["jar_award_due"] is True


def test_4_17_4_31_5_the_forced_final_takes_the_40th_game_and_the_last_program_game_is_withdrawn(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "1000.00", "1000.00")
    program = [{"pattern": {"kind": "four_corners"}, "prize": "10.00"} for _ in range(40)]
    occ, caller, verifier = opened(admin, hall, program, 75)
    ok(sell_jar_entries(admin, occ, 3), 201)
    for number in range(1, 40):
        ok(caller.post(f"{occ}/games/{number}/start", {}))
        ok(caller.post(f"{occ}/games/{number}/calls", {"ball": 5}), 201)
        closed = ok(caller.post(f"{occ}/games/{number}/close"))
    assert "game 40 will not be played" in closed["closing_announcement"]
    games = {g["number"]: g for g in ok(admin.get(occ))["games"]}
    assert (games[40]["status"], games[41]["kind"], games[41]["status"]) == ("withdrawn", "cookie_jar_final", "pending")
    refused(caller.post(occ + "/games/40/start", {}), 409, "game_withdrawn", "10 DE Admin Code 101-4.17")
    _blackout_won(caller, verifier, occ, 41)
    ok(caller.post(occ + "/games/41/cookie-jar-award"))
    pay_every_winner(admin, occ)
    closed_occasion = ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))
    assert closed_occasion["status"] == "closed"
    assert sum(1 for g in closed_occasion["games"] if g["status"] == "closed") == 40


def test_4_31_5_a_refill_that_leaves_both_jars_full_again_forces_another_final(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "1000.00", "1000.00")
    occ, caller, verifier = opened(admin, hall, [{"pattern": {"kind": "four_corners"}, "prize": "10.00"}], 75)
    ok(sell_jar_entries(admin, occ, 500), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["jar1"], jar["jar2"], jar["held"]) == ("1000.00", "1000.00", "1000.00")
    ok(caller.post(occ + "/games/1/close"))
    _blackout_won(caller, verifier, occ, 2)
    awarded = ok(caller.post(occ + "/games/2/cookie-jar-award"))
    assert "another final blackout is added" in awarded["jar_announcement"]
    occasion = ok(admin.get(occ))
    assert occasion["jar_must_go"] is True and occasion["games"][-1]["number"] == 3
    refused(staff(admin, f"mic{hall.org.id}").post(occ + "/close"), 409, "jar_must_go", JAR_RULE + ".5")
    _blackout_won(caller, verifier, occ, 3)
    ok(caller.post(occ + "/games/3/cookie-jar-award"))
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["jar1"], jar["jar2"], jar["held"]) == ("1000.00", "0.00", "0.00")
    assert ok(admin.get(occ))["jar_must_go"] is False
    pay_every_winner(admin, occ)
    assert ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))["status"] == "closed"


def test_4_31_6_a_u_pick_em_ticket_completed_on_the_cookie_jar_number_shares_the_jar(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "500.00", "0.00")
    upick = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4}
    occ, caller, _ = opened(admin, hall, [{**upick, "face_price": "1.00"}], 60)
    tickets = [ok(sell_upick(admin, occ, 1, picks), 201)["tickets"][0] for picks in ([1, 20, 40, 60], [60, 40, 20, 1])]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 20, 40, 60):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    assert ok(caller.post(occ + "/games/1/close"))["jar_award_due"] is True
    awarded = ok(caller.post(occ + "/games/1/cookie-jar-award"))
    assert awarded["jar_announcement"] == "Cookie jar: 2 winners: $250.00, $250.00"
    looked = [ok(admin.get(f"/api/v1/upick-tickets/{t['code']}")) for t in tickets]
    assert [(t["share"], t["jar_share"]) for t in looked] == [("50.00", "250.00")] * 2
    due = ok(admin.get(occ + "/prizes-due"))
    assert (
        sorted((row["prize"], row["amount"]) for row in due) == [("cookie_jar", "250.00")] * 2 + [("game", "50.00")] * 2
    )
    till_open(admin, occ)
    mine = next(t for t in ok(admin.get(occ + "/tills")) if t["closed_at"] is None)
    ok(admin.post(f"/api/v1/tills/{mine['id']}/movements", {"kind": "paid_in", "amount": "600.00", "note": "p"}), 201)
    for ticket in tickets:
        for prize in ("game", "cookie_jar"):
            body = {"game_number": 1, "prize": prize, "ticket_code": ticket["code"]}
            ok(admin.post(occ + "/payouts", body), 201)
        refused(admin.post(occ + "/payouts", body), 409, "already_paid")
    pay_every_winner(admin, occ)
    assert ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))["status"] == "closed"
