"""One door for every number drawn: a break-open posting passes every gate a call passes and posts the
cookie-jar fees when its numbers are the occasion's first (10 DE Admin Code 101-4.2, 4.10, 4.25, 4.29,
4.31.4, 4.31.6), and correcting the last call of a U Pick Em game undoes the winners it made
(4.30.1.8)."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.platform.audit import AuditEntry
from tests.support.bingo_factories import Hall, make_hall
from tests.support.books import sell, sell_jar_entries, sell_upick
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count
from tests.support.jars import jar_hall
from tests.support.occasions import pay_every_winner, setup_occasion
from tests.support.races import race
from tests.support.replies import ok, refused

REGULAR = {"pattern": {"kind": "four_corners"}, "prize": "20.00"}
BREAK_OPEN = {"kind": "break_open", "pattern": {"kind": "any_row"}, "prize": "50.00", "break_open_numbers": 30}
UPICK = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4, "face_price": "1.00"}
POSTED = list(range(1, 31))


def scheduled(admin: Api, hall: Hall, games: list[dict[str, Any]]) -> tuple[str, Api]:
    occasion = setup_occasion(admin, hall, games)
    return f"/api/v1/occasions/{occasion['id']}", staff(admin, f"caller{hall.org.id}")


def verified(caller: Api, hall: Hall, occ: str, jar_ball: int | None = 75) -> None:
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    if jar_ball is not None:
        ok(caller.post(occ + "/cookie-jar-number", {"ball": jar_ball}))


def post(caller: Api, occ: str, number: int = 1) -> Any:
    return caller.post(occ + f"/games/{number}/break-open/post", {"balls": POSTED})


def game(caller: Api, occ: str, number: int) -> dict[str, Any]:
    found: dict[str, Any] = next(g for g in ok(caller.get(occ))["games"] if g["number"] == number)
    return found


def test_4_31_4_break_open_first_on_the_program_posts_the_jar_fees_and_closes_jar_sales(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, caller = scheduled(admin, hall, [BREAK_OPEN, REGULAR])
    verified(caller, hall, occ)
    for _ in range(3):
        ok(sell_jar_entries(admin, occ, 1), 201)
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["pending"], jar["jar1"]) == ("6.00", "100.00")
    ok(post(caller, occ))
    jar = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))
    assert (jar["pending"], jar["jar1"]) == ("0.00", "106.00")
    assert ok(caller.get(occ))["jar_posted_at"] is not None
    refused(sell_jar_entries(admin, occ, 1), 409, "jar_sales_closed", "10 DE Admin Code 101-4.31.4")


def test_4_25_break_open_numbers_refused_before_the_balls_are_verified(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN])
    before = audit_count(session)
    refused(post(caller, occ), 409, "balls_not_verified", "10 DE Admin Code 101-4.25")
    assert audit_count(session) == before and game(caller, occ, 1)["calls"] == []


def test_4_31_6_break_open_numbers_refused_before_the_cookie_jar_number(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN])
    verified(caller, hall, occ, jar_ball=None)
    refused(post(caller, occ), 409, "jar_number_not_drawn", "10 DE Admin Code 101-4.31.6")


def test_4_2_break_open_numbers_refused_six_hours_after_the_start(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN])
    clock.advance(hours=-5)
    verified(caller, hall, occ)
    clock.advance(hours=6, minutes=1)
    refused(post(caller, occ), 409, "over_six_hours", "10 DE Admin Code 101-4.2")
    assert game(caller, occ, 1)["status"] == "pending"


def test_4_10_break_open_numbers_refused_past_midnight(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN])
    clock.advance(hours=2)
    verified(caller, hall, occ)
    clock.advance(hours=4, minutes=30)
    refused(post(caller, occ), 409, "past_midnight", "10 DE Admin Code 101-4.10")


def test_4_29_break_open_numbers_refused_while_another_game_is_in_play_or_out_of_order(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [REGULAR, BREAK_OPEN, REGULAR, BREAK_OPEN])
    verified(caller, hall, occ)
    refused(post(caller, occ, 2), 409, "out_of_order")
    ok(caller.post(occ + "/games/1/start", {}))
    refused(post(caller, occ, 2), 409, "game_in_play")
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    ok(caller.post(occ + "/games/1/close"))
    ok(post(caller, occ, 2))
    refused(post(caller, occ, 4), 409, "game_in_play")
    refused(caller.post(occ + "/games/3/start", {}), 409, "game_in_play")


def test_4_29_break_open_numbers_refused_after_the_occasion_closed(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [REGULAR, BREAK_OPEN])
    verified(caller, hall, occ)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    ok(caller.post(occ + "/games/1/close"))
    pay_every_winner(admin, occ)
    ok(admin.post(occ + "/close"))
    refused(post(caller, occ, 2), 409, "occasion_closed")
    assert game(caller, occ, 2)["calls"] == []


def test_4_29_1_posted_numbers_are_each_a_ball_once(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN])
    verified(caller, hall, occ)
    refused(
        caller.post(occ + "/games/1/break-open/post", {"balls": [1] * 30}),
        409,
        "already_called",
        "10 DE Admin Code 101-4.12",
    )
    assert game(caller, occ, 1)["status"] == "pending"


def test_4_30_1_8_correcting_the_last_call_takes_back_a_upick_winner_it_made(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [UPICK])
    verified(caller, hall, occ)
    ticket = ok(sell_upick(admin, occ, 1, [1, 20, 40, 60]), 201)["tickets"][0]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 20, 40):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    assert ok(caller.post(occ + "/games/1/calls", {"ball": 60}), 201)["upick_winners"] == [ticket["code"]]
    corrected = ok(caller.post(occ + "/games/1/calls/last/correction", {"ball": 61, "reason": "keyed 60, ball was 61"}))
    assert corrected["upick_winners"] == []
    assert ok(caller.get(f"/api/v1/upick-tickets/{ticket['code']}"))["completed_on_call"] is None
    ok(caller.post(occ + "/games/1/calls", {"ball": 2}), 201)
    closed = ok(caller.post(occ + "/games/1/close"))
    assert ok(caller.get(f"/api/v1/upick-tickets/{ticket['code']}"))["share"] in (None, "0.00")
    assert closed["closing_announcement"] == "Game 1: no winner."


def test_4_30_1_8_correcting_the_last_call_to_a_number_that_completes_a_ticket_finds_that_winner(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [UPICK])
    verified(caller, hall, occ)
    ticket = ok(sell_upick(admin, occ, 1, [1, 20, 40, 60]), 201)["tickets"][0]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 20, 40, 61):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    corrected = ok(caller.post(occ + "/games/1/calls/last/correction", {"ball": 60, "reason": "keyed 61, ball was 60"}))
    assert corrected["upick_winners"] == [ticket["code"]]
    refused(caller.post(occ + "/games/1/calls", {"ball": 2}), 409, "bingo_on_the_board")
    ok(caller.post(occ + "/games/1/close"))
    assert ok(caller.get(f"/api/v1/upick-tickets/{ticket['code']}"))["share"] == "100.00"


def test_4_29_2_break_open_sheets_sold_until_calling_resumes_after_the_posting(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [BREAK_OPEN, REGULAR])
    verified(caller, hall, occ)
    ok(post(caller, occ))
    ok(caller.post(occ + "/games/1/close"))
    ok(sell(admin, occ, "break_open", 1, game=1), 201)
    ok(caller.post(occ + "/games/2/start", {}))
    ok(caller.post(occ + "/games/2/calls", {"ball": 70}), 201)
    refused(sell(admin, occ, "break_open", 1, game=1), 409, "break_open_sales_closed", "10 DE Admin Code 101-4.29.2")


def test_4_12_stations_drawing_at_once_draw_different_balls_in_order(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The occasion row is locked before the game is read, so concurrent draws (PostgreSQL in CI) each
    see the calls before them: four draws are four different balls numbered 1 to 4, never a 500."""
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [{**REGULAR, "ball_mode": "electronic"}])
    verified(caller, hall, occ)
    ok(caller.post(occ + "/games/1/start", {}))
    stations = [staff(admin, f"caller{hall.org.id}") for _ in range(4)]
    replies = race(
        [
            lambda api=api, n=n: api.post(
                occ + "/games/1/calls", {"ball": None}, headers={"Idempotency-Key": f"draw-race-{n}"}
            )
            for n, api in enumerate(stations)
        ]
    )
    assert [r.status_code for r in replies] == [201] * 4, [r.get_json() for r in replies]
    calls = game(caller, occ, 1)["calls"]
    assert [c["seq"] for c in calls] == [1, 2, 3, 4] and len({c["ball"] for c in calls}) == 4


def test_4_12_stations_keying_one_ball_at_once_call_it_once(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [REGULAR])
    verified(caller, hall, occ)
    ok(caller.post(occ + "/games/1/start", {}))
    stations = [staff(admin, f"caller{hall.org.id}") for _ in range(4)]
    replies = race(
        [
            lambda api=api, n=n: api.post(
                occ + "/games/1/calls", {"ball": 33}, headers={"Idempotency-Key": f"key-race-{n}"}
            )
            for n, api in enumerate(stations)
        ]
    )
    codes = sorted(r.status_code for r in replies)
    assert codes == [201, 409, 409, 409], [r.get_json() for r in replies]
    assert {r.get_json()["error"] for r in replies if r.status_code == 409} == {"already_called"}
    assert [c["ball"] for c in game(caller, occ, 1)["calls"]] == [33]


def test_4_30_1_8_a_correction_records_the_upick_winners_it_leaves(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occ, caller = scheduled(admin, hall, [UPICK])
    verified(caller, hall, occ)
    ticket = ok(sell_upick(admin, occ, 1, [1, 20, 40, 60]), 201)["tickets"][0]
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in (1, 20, 40, 61):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(caller.post(occ + "/games/1/calls/last/correction", {"ball": 60, "reason": "keyed 61, ball was 60"}))
    with session.info["database"].readers() as reader:
        details = reader.scalars(select(AuditEntry.details).where(AuditEntry.action == "game.call_corrected")).one()
    assert json.loads(details)["upick_winners"] == [ticket["code"]]
