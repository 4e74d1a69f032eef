"""The director's undo of a bust keyed in error (28 Del. C. §1827(2), §1804 B(3)): the last elimination
is undone with every seat it changed put back (its balancing, its broken table, its final-table redraw),
audited, while nothing recorded after it depends on it; a prize is paid once (printed rules ¶(5)) and
the clock stops at the winner (§1804 B(4))."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from tests.support.audit_trail import actions
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import audit_count
from tests.support.poker_factories import bust, delaware_tournament, seat_players, seating
from tests.support.replies import ok, refused

UNDO_RULE = "28 Del. C. §1827(2); Flashboard house rule (undo the last bust)"


def undo(api: Api, url: str, entry_number: int) -> Any:
    return api.post(url + "/eliminations/undo", {"entry_number": entry_number})


def test_1827_2_undoing_a_bust_that_broke_a_table_puts_every_seat_table_and_button_back(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    before = seat_players(admin, url, 22, seats_per_table=8)
    assert before["tables"] == {"1": 8, "2": 8, "3": 8} and before["last_out"] is None
    out = [n for n, (table, _) in seating(before).items() if table == 1][:3] + [
        n for n, (table, _) in seating(before).items() if table == 2
    ][:3]
    broken = bust(admin, url, 1, *out)
    assert broken["tables"] == {"1": 8, "2": 8}
    moves = [m for m in ok(admin.get(url + "/seat-moves")) if m["reason"] != "initial draw"]
    assert moves and any(m["reason"] == "table 3 broken" for m in moves)
    last = broken["last_out"]
    assert last["undoable"] and last["hand"] == 1 and {p["number"] for p in last["players"]} == set(out)
    assert {p["place"] for p in last["players"]} == {17} and last["label"].endswith("out, tied 17th")

    undone = ok(undo(admin, url, out[0]))
    assert seating(undone) == seating(before)
    assert undone["tables"] == before["tables"] and undone["buttons"] == before["buttons"]
    assert all(not e["eliminated"] and e["place"] is None for e in undone["entries"])
    assert undone["last_out"] is None
    back = [m for m in ok(admin.get(url + "/seat-moves")) if m["reason"] == "bust undone"]
    assert len(back) == len(moves) + len(out)
    tv = ok(admin.get(url + "/clock"))
    assert [m["reason"] for m in tv["moves"] if m["latest"]] == ["bust undone"] * len(back)
    assert actions(session)[-1] == "tournament.elimination_undone"

    again = bust(admin, url, 2, *out)
    assert again["tables"] == {"1": 8, "2": 8}, "the table breaks again when the players go out again"


def test_1827_2_only_the_last_bust_is_undone_and_a_later_seat_move_refuses_it(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    seated = seating(seat_players(admin, url, 12))
    at_one = [n for n, (table, _) in seated.items() if table == 1]
    bust(admin, url, 1, at_one[0])
    bust(admin, url, 2, at_one[1])
    count = audit_count(session)
    refused(undo(admin, url, at_one[0]), 409, "later_elimination", UNDO_RULE, "entry_number")
    refused(undo(admin, url, 99), 404, "not_found")
    refused(undo(admin, url, at_one[2]), 409, "not_out", UNDO_RULE)
    assert audit_count(session) == count, "a refused undo writes nothing"

    ok(undo(admin, url, at_one[1]))
    after = ok(undo(admin, url, at_one[0]))
    assert seating(after) == seated

    state = bust(admin, url, 3, at_one[0])
    mover = next(n for n, (table, _) in seating(state).items() if table == 2)
    taken = {seat for table, seat in seating(state).values() if table == 1}
    open_seat = next(s for s in range(1, 10) if s not in taken)
    ok(admin.post(url + "/seat-moves", {"entry_number": mover, "table": 1, "seat": open_seat}), 201)
    shown = ok(admin.get(url))["last_out"]
    assert shown["undoable"] is False and "seat move" in shown["why_not"] and shown["rule"] == UNDO_RULE
    refused(undo(admin, url, at_one[0]), 409, "later_seat_move", UNDO_RULE)


def test_1827_2_an_undone_final_table_redraw_is_drawn_again_on_the_next_bust(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    before = seat_players(admin, url, 12)
    out = sorted(seating(before))[:3]
    final = bust(admin, url, 1, *out)
    assert final["tables"] == {"1": 9}
    undone = ok(undo(admin, url, out[1]))
    assert seating(undone) == seating(before) and undone["tables"] == before["tables"]
    again = bust(admin, url, 2, *out)
    assert again["tables"] == {"1": 9} and {t for t, _ in seating(again).values()} == {1}
    redraws = [m for m in ok(admin.get(url + "/seat-moves")) if m["reason"] == "final table redraw"]
    assert len(redraws) == 18


def test_1804_b4_the_clock_stops_at_the_winner_and_the_finishing_bust_is_undone_until_a_prize_is_paid(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    seat_players(admin, url, 10, seats_per_table=10)
    ok(admin.post(url + "/clock", {"action": "start"}))
    for hand, number in enumerate(range(10, 1, -1), start=1):
        clock.advance(minutes=2)
        state = bust(admin, url, hand, number)
    assert state["status"] == "finished"
    assert state["last_out"]["label"] == "Player 2 out in 2nd" and state["last_out"]["undoable"]
    tv = ok(admin.get(url + "/clock"))
    assert tv["clock"]["stopped"] and tv["clock"]["paused"] and tv["winner"] == "Player 1"
    assert [(p["place"], p["prize"]) for p in tv["payouts"]] == [(1, "$500.00"), (2, "$300.00"), (3, "$200.00")]
    clock.advance(minutes=30)
    assert ok(admin.get(url + "/clock"))["clock"]["seconds_left"] == tv["clock"]["seconds_left"]
    refused(admin.post(url + "/clock", {"action": "resume"}), 409, "tournament_finished", "28 Del. C. §1804 B(3)-(4)")

    resumed = ok(undo(admin, url, 2))
    assert resumed["status"] == "running" and all(e["prize"] is None for e in resumed["entries"])
    assert resumed["last_out"]["label"] == "Player 3 out in 3rd"
    assert ok(admin.get(url + "/clock"))["clock"]["paused"], "the director resumes the clock"
    ok(admin.post(url + "/clock", {"action": "resume"}))
    bust(admin, url, 10, 2)
    ok(admin.post(url + "/payouts", {"entry_number": 3}), 201)
    refused(undo(admin, url, 2), 409, "prize_paid", UNDO_RULE)


def test_printed_rules_5_a_second_payment_is_refused_and_a_replayed_tap_says_it_is_a_replay(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    seat_players(admin, url, 10, seats_per_table=10)
    for hand, number in enumerate(range(10, 1, -1), start=1):
        bust(admin, url, hand, number)
    clock.advance(hours=3, minutes=14)
    key = {"Idempotency-Key": "pay-place-2-of-this-tournament"}
    first = admin.post(url + "/payouts", {"entry_number": 2}, headers=key)
    paid = ok(first, 201)["entry"]["paid"]
    assert paid == {
        "place": 2,
        "amount": "300.00",
        "at": "21:14",
        "by": "Test User",
        "text": "Paid $300.00 at 21:14 by Test User",
    }
    assert "Idempotent-Replayed" not in first.headers
    replay = admin.post(url + "/payouts", {"entry_number": 2}, headers=key)
    assert replay.status_code == 201 and replay.headers["Idempotent-Replayed"] == "true"
    assert replay.get_json() == first.get_json()
    clock.advance(minutes=5)
    second = refused(
        admin.post(url + "/payouts", {"entry_number": 2}), 409, "already_paid", "28 Del. C. ch. 18, printed rules ¶(5)"
    )
    assert second["message"] == "Place 2 was already paid: $300.00 at 21:14 by Test User. A prize is paid once."
    shown = {e["number"]: e["paid"] for e in ok(admin.get(url))["entries"]}
    assert shown[2]["text"] == "Paid $300.00 at 21:14 by Test User" and shown[1] is None
