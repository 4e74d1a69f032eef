"""Calling a ball in a bounded number of statements (issue 21: a call ≤ 8 with one commit), on SQLite and
on PostgreSQL: the call's gates, the cookie-jar posting at the first number, its audit entry and the board
event the TVs read all stay, and a U Pick Em call finds its winners among the tickets holding the ball.

The bounds count the call's own statements: every request first loads its signed-in user and their scope
(shared/platform/access.py: the staff session with the user, the roles and the member, in one statement);
with that one a plain call is seven, and the console's call with its Idempotency-Key eight (the key's earlier
answer is read in the sign-in's statement, the new one kept in the call's commit)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from flask import Flask
from sqlalchemy import event, select
from sqlalchemy.orm import Session

from bingo.models import BoardEvent, Game, UPickTicket
from shared.platform.app import create_app
from shared.platform.config import Settings
from tests.support.bingo_factories import Hall, make_hall
from tests.support.books import sell_upick
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import TEST_KDF_N
from tests.support.occasions import started
from tests.support.replies import ok
from tests.support.statements import Counted, counting

REGULAR = {"pattern": {"kind": "four_corners"}, "prize": "20.00"}
UPICK = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4, "face_price": "1.00"}
SIGN_IN = ("SELECT staff_sessions.", "SELECT users.", "SELECT user_roles.", "SELECT members.")
CALL_OWN = 6  # lock occasion, organization and chain head; the game's calls; the call; the event; the entry


def own(counted: Counted) -> list[str]:
    """The statements of the call itself: all but those loading the signed-in user for the request."""
    return [s for s in counted.statements if not s.startswith(SIGN_IN)]


def call(app: Flask, caller: Api, occ: str, ball: int, number: int = 1) -> tuple[Any, Counted]:
    with counting(app.extensions["flashboard.db"].engine) as counted:
        game = ok(caller.post(occ + f"/games/{number}/calls", {"ball": ball}), 201)
    return game, counted


def test_issue_21_a_call_sends_at_most_eight_statements_and_commits_once(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR, REGULAR], 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 1}), 201)
    game, counted = call(app, caller, occ, 2)
    assert [c["ball"] for c in game["calls"]] == [1, 2] and game["claims"] == [] and game["claims_total"] == 0
    assert len(own(counted)) <= CALL_OWN and counted.commits == 1, str(counted)
    assert len(own(counted)) + 1 <= 7, "with the signed-in user in one statement (issue 21), seven in all"
    board = latest_board(app)
    assert board["game"]["calls"] == [1, 2] and board["game"]["last"] == "B-2"


def test_issue_21_a_call_from_the_console_with_its_idempotency_key_sends_eight_statements_in_all(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """The caller's console sends an Idempotency-Key with every call: the signed-in user and the key's
    earlier answer in one statement, the call's six, and the answer kept under the key in the same
    commit; the same key again is answered from that one statement."""
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR, REGULAR], 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 1}), 201)
    keyed = {"headers": {"Idempotency-Key": "console-call-0002"}}
    with counting(app.extensions["flashboard.db"].engine) as counted:
        first = ok(caller.post(occ + "/games/1/calls", {"ball": 2}, **keyed), 201)
    assert [c["ball"] for c in first["calls"]] == [1, 2]
    assert len(counted.statements) <= 8 and counted.commits == 1, str(counted)
    with counting(app.extensions["flashboard.db"].engine) as replayed:
        again = caller.post(occ + "/games/1/calls", {"ball": 2}, **keyed)
    assert again.status_code == 201 and again.get_json() == first and again.headers["Idempotent-Replayed"] == "true"
    assert len(replayed.statements) == 1 and replayed.commits == 0, str(replayed)


def test_issue_21_a_call_in_a_game_with_claims_adds_one_statement_for_the_claims_it_lists(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR, REGULAR], 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 1}), 201)
    verifier = staff(admin, f"verifier{hall.org.id}")
    claimed = [ok(verifier.post(occ + "/games/1/claims", {"face_number": f}), 201) for f in (1, 2)]
    assert {c["verdict"] for c in claimed} != {"valid"}
    game, counted = call(app, caller, occ, 2)
    assert game["claims_total"] == 2 and [c["face_number"] for c in game["claims"]] == [1, 2]
    assert len(own(counted)) <= CALL_OWN + 1 and counted.commits == 1, str(counted)


def test_issue_21_the_occasions_first_number_adds_the_cookie_jar_posting(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """10 DE Admin Code 101-4.31.4: the first number posts the jar fees: the occasion marked posted, the
    organization's ledger locked, its last line read (for the posting and again by the ledger's append; no
    line is appended while the entries are empty), and the jars read again for the TVs: five more, once a
    night."""
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR, REGULAR], 75)
    game, counted = call(app, caller, occ, 1)
    assert ok(caller.get(occ))["jar_posted_at"] is not None
    assert len(own(counted)) <= CALL_OWN + 5 and counted.commits == 1, str(counted)


def played_to(caller: Api, occ: str, number: int) -> None:
    """Each game before game `number` called once and closed, and game `number` started."""
    for before in range(1, number):
        ok(caller.post(occ + f"/games/{before}/calls", {"ball": before}), 201)
        ok(caller.post(occ + f"/games/{before}/close"))
        ok(caller.post(occ + f"/games/{before + 1}/start", {}))


@contextmanager
def games_loaded() -> Iterator[list[int]]:
    """The numbers of the games read from the database (made into objects) while the block runs."""
    numbers: list[int] = []

    def loaded(game: Game, _context: object) -> None:
        numbers.append(game.number)

    event.listen(Game, "load", loaded)
    try:
        yield numbers
    finally:
        event.remove(Game, "load", loaded)


def test_issue_21_a_call_reads_the_game_called_not_the_whole_program(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """10 DE Admin Code 101-4.13: the TVs show the game in play and the next game on the program; a call
    reads the game called, and of the next only what the board says of it, so its work does not grow with
    the program (a hall's program runs to twenty games and more)."""
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR] * 3 + [{**REGULAR, "prize": "75.00"}] + [REGULAR] * 8, 75)
    played_to(caller, occ, 3)
    with games_loaded() as numbers:
        game, counted = call(app, caller, occ, 9, 3)
    assert numbers == [3] and len(own(counted)) <= CALL_OWN, (numbers, str(counted))
    assert [c["ball"] for c in game["calls"]] == [9]
    board = latest_board(app)
    assert board["game"]["number"] == 3 and board["game"]["last"] == "B-9"
    assert board["next_game"]["number"] == 4 and board["next_game"]["prize"] == "$75.00"


def test_4_13_a_call_in_the_last_game_shows_no_next_game(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [REGULAR, REGULAR], 75)
    played_to(caller, occ, 2)
    with games_loaded() as numbers:
        call(app, caller, occ, 30, 2)
    assert numbers == [2]
    board = latest_board(app)
    assert board["game"]["number"] == 2 and board["next_game"] is None


def upick_night(admin: Api, session: Session, tickets: list[list[int]]) -> tuple[Hall, str, Api, list[str]]:
    hall = make_hall(session)
    occasion, _, _ = started(admin, hall, [REGULAR, UPICK], 75)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    codes = [ok(sell_upick(admin, occ, 2, numbers), 201)["tickets"][0]["code"] for numbers in tickets]
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)  # the occasion's first number posts the jar
    ok(caller.post(occ + "/games/1/close"))
    ok(caller.post(occ + "/games/2/start", {}))
    return hall, occ, caller, codes


def test_issue_21_a_u_pick_em_call_adds_one_update_only_when_it_completes_tickets(
    admin: Api, session: Session, clock: Clock, app: Flask
) -> None:
    """10 DE Admin Code 101-4.30.1.7-8: the call finds its winners among the tickets holding its ball, from
    the index the game's start built, and marks them with the call in one UPDATE that returns them."""
    _, occ, caller, codes = upick_night(admin, session, [[1, 20, 40, 60], [60, 40, 20, 1], [2, 21, 41, 61]])
    for ball in (1, 20, 2):
        game, counted = call(app, caller, occ, ball, 2)
        assert game["upick_winners"] == [] and len(own(counted)) <= CALL_OWN, str(counted)
    game, counted = call(app, caller, occ, 40, 2)
    assert game["upick_winners"] == [] and len(own(counted)) <= CALL_OWN, str(counted)
    game, counted = call(app, caller, occ, 60, 2)
    assert sorted(game["upick_winners"]) == sorted(codes[:2])
    assert len(own(counted)) <= CALL_OWN + 1 and counted.commits == 1, str(counted)
    board = latest_board(app)["game"]
    assert board["winners_total"] == 2 and sorted(w["ticket"] for w in board["winners"]) == sorted(codes[:2])


def test_4_30_1_8_a_restarted_server_finds_the_same_u_pick_em_winners_from_the_database(
    admin: Api, session: Session, clock: Clock, app: Flask, settings: Settings
) -> None:
    """Issue 21: the index is a copy each process builds from the tickets and calls in the database; a
    server started after the game began (or another process) builds it on its first call there, with one
    statement more, and finds the same winners; a corrected last call undoes them."""
    hall, occ, caller, codes = upick_night(admin, session, [[1, 20, 40, 60], [60, 40, 20, 1], [2, 21, 41, 61]])
    for ball in (1, 20, 40):
        call(app, caller, occ, ball, 2)
    restarted = create_app(settings, {"TESTING": True, "FLASHBOARD_KDF_N": TEST_KDF_N})
    restarted.extensions["flashboard.clock"] = clock
    try:
        again = staff(Api(restarted.test_client()), f"caller{hall.org.id}")
        game, counted = call(restarted, again, occ, 60, 2)
        assert sorted(game["upick_winners"]) == sorted(codes[:2])
        assert len(own(counted)) <= CALL_OWN + 2, str(counted)
        fixed = ok(again.post(occ + "/games/2/calls/last/correction", {"ball": 61, "reason": "misread"}))
        assert fixed["upick_winners"] == []
    finally:
        restarted.extensions["flashboard.db"].engine.dispose()
    game, _ = call(app, caller, occ, 2, 2)
    assert game["upick_winners"] == []
    game, _ = call(app, caller, occ, 21, 2)
    assert game["upick_winners"] == []
    game, _ = call(app, caller, occ, 41, 2)
    assert game["upick_winners"] == [codes[2]]
    with app.extensions["flashboard.db"].readers() as s:
        marked = dict(s.execute(select(UPickTicket.code, UPickTicket.completed_on_call)).all())
    assert marked == {codes[0]: None, codes[1]: None, codes[2]: 7}


def latest_board(app: Flask) -> Any:
    """The board the TVs were last sent: the newest board event's snapshot."""
    with app.extensions["flashboard.db"].readers() as s:
        event = s.scalar(select(BoardEvent).order_by(BoardEvent.id.desc()).limit(1))
    assert event is not None
    return json.loads(event.board)
