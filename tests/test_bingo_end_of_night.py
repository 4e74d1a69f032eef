"""The end of the night (10 DE Admin Code 101-4.2 against 4.10 and 4.11): when the six hours or the
calendar day run out, no number is called and no game starts, but the game in play is finished: its
bingos are verified, it closes and splits, its winners are paid, and the occasion closes."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import make_hall, split_script
from tests.support.books import sell_jar_entries
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.jars import jar_hall, opened
from tests.support.occasions import pay_every_winner, started
from tests.support.replies import ok, refused

GAMES = [{"pattern": {"kind": "any_row"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "50.00"}]
SIX_HOURS = "10 DE Admin Code 101-4.2"
MIDNIGHT = "10 DE Admin Code 101-4.10"


def _played_to_the_limit(admin: Api, session: Session, clock: Clock, start_hour: int) -> tuple[str, Any, list[int]]:
    """An occasion started at `start_hour`, game 1 called to two winners, the first verified one second
    before the limit (six hours or midnight, whichever is first); the clock then one second past it."""
    clock.advance(hours=start_hour - 18)
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    jar_ball = next(b for b in range(1, 76) if b not in script.calls)
    _, occ, caller = started(admin, hall, GAMES, jar_ball)
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    verifier = staff(admin, f"verifier{hall.org.id}")
    limit_seconds = min(6 * 3600, (24 - start_hour) * 3600)
    clock.advance(seconds=limit_seconds - 1)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    clock.advance(seconds=2)
    return occ, hall, script.winners


def _finished_after_the_limit(admin: Api, occ: str, hall: Any, winners: list[int], code: str, rule: str) -> None:
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    mic = staff(admin, f"mic{hall.org.id}")
    refused(caller.post(occ + "/games/1/calls", {"ball": 75}), 409, code, rule)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": winners[1]}), 201)
    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["closing_announcement"] == "Game 1: 2 winners: $50.00, $50.00"
    refused(caller.post(occ + "/games/2/start", {}), 409, code, rule)
    pay_every_winner(mic, occ)
    assert ok(mic.post(occ + "/close"))["status"] == "closed"


def test_4_2_the_game_in_play_at_six_hours_is_verified_closed_and_paid_and_the_occasion_closes(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, winners = _played_to_the_limit(admin, session, clock, start_hour=13)
    _finished_after_the_limit(admin, occ, hall, winners, "over_six_hours", SIX_HOURS)


def test_4_10_the_game_in_play_at_midnight_is_verified_closed_and_paid_and_the_occasion_closes(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, winners = _played_to_the_limit(admin, session, clock, start_hour=19)
    _finished_after_the_limit(admin, occ, hall, winners, "past_midnight", MIDNIGHT)


def test_4_2_a_held_game_is_not_resumed_after_six_hours_but_closes_with_no_winner(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, GAMES, 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    ok(caller.post(occ + "/games/1/hold"))
    clock.advance(hours=6, seconds=1)
    refused(caller.post(occ + "/games/1/resume"), 409, "over_six_hours", SIX_HOURS)
    assert ok(caller.post(occ + "/games/1/close"))["status"] == "closed"
    assert ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))["status"] == "closed"


def test_4_2_4_31_5_an_occasion_out_of_hours_closes_with_jar_1_still_owed_and_says_so(
    admin: Api, session: Session, clock: Clock
) -> None:
    clock.advance(hours=-5)
    hall = jar_hall(admin, session, "1000.00", "1000.00")
    occ, caller, _ = opened(admin, hall, GAMES[:1], 75)
    ok(sell_jar_entries(admin, occ, 3), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    assert ok(admin.get(occ))["jar_must_go"] is True
    clock.advance(hours=6, seconds=1)
    ok(caller.post(occ + "/games/1/close"))
    refused(caller.post(occ + "/games/2/start", {}), 409, "over_six_hours", SIX_HOURS)
    mic = staff(admin, f"mic{hall.org.id}")
    pay_every_winner(mic, occ)
    closed = ok(mic.post(occ + "/close"))
    assert (closed["status"], closed["jar_must_go"]) == ("closed", True)
    facts = {f["label"]: f["value"] for f in ok(mic.get(occ + "/report"))["facts"]}
    assert "the next occasion owes it (101-4.31.5)" in facts["Cookie jar 1 still owed"]
