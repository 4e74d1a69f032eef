"""The caller's "Bingo! hold" through the API (10 DE Admin Code 101-4.16): a held game refuses calls until
the caller resumes, a valid claim or the close ends the hold, the TVs' board says so, each hold and resume
is audited, and another organization's caller reaches no game of ours."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.audit_trail import actions
from tests.support.bingo_factories import make_hall, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import started
from tests.support.replies import ok, refused

RULE = "10 DE Admin Code 101-4.16"
BLACKOUT = [{"pattern": {"kind": "blackout"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "50.00"}]


def board_of(api: Api, occasion: dict[str, Any]) -> Any:
    return ok(api.get(f"/bingo/board/{occasion['display_token']}/state"))["board"]


def test_4_16_a_held_game_refuses_calls_until_the_caller_resumes(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occasion, occ, caller = started(admin, hall, BLACKOUT, 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    held = ok(caller.post(occ + "/games/1/hold", headers={"Idempotency-Key": "hold-game-1-a"}))
    assert held["held_at"] is not None and [c["ball"] for c in held["calls"]] == [7]
    assert ok(caller.post(occ + "/games/1/hold", headers={"Idempotency-Key": "hold-game-1-a"})) == held
    assert board_of(admin, occasion)["game"]["held"] is True
    refused(caller.post(occ + "/games/1/calls", {"ball": 8}), 409, "game_held", RULE, "ball")
    assert [c["ball"] for c in ok(caller.get(occ))["games"][0]["calls"]] == [7]

    resumed = ok(caller.post(occ + "/games/1/resume"))
    assert resumed["held_at"] is None and board_of(admin, occasion)["game"]["held"] is False
    assert [c["ball"] for c in ok(caller.post(occ + "/games/1/calls", {"ball": 8}), 201)["calls"]] == [7, 8]
    assert [a for a in actions(session) if a in {"game.hold", "game.resume"}] == ["game.hold", "game.resume"]


def test_4_16_hold_and_resume_refusals(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, BLACKOUT, 75)
    refused(caller.post(occ + "/games/1/hold"), 409, "no_calls", RULE, "game_number")
    refused(caller.post(occ + "/games/1/resume"), 409, "game_not_held", RULE, "game_number")
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    ok(caller.post(occ + "/games/1/hold"))
    refused(caller.post(occ + "/games/1/hold"), 409, "game_held", RULE, "game_number")
    refused(caller.post(occ + "/games/2/hold"), 409, "game_not_started", "10 DE Admin Code 101-4.13")
    refused(caller.post(occ + "/games/9/hold"), 404, "not_found", field="game_number")
    verifier = staff(admin, f"verifier{hall.org.id}")
    refused(verifier.post(occ + "/games/1/resume"), 403, "forbidden")
    ok(caller.post(occ + "/games/1/close"))
    refused(caller.post(occ + "/games/1/resume"), 409, "game_closed", field="game_number")


def test_4_16_a_valid_claim_ends_the_hold_an_invalid_one_does_not(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    jar = next(b for b in range(75, 0, -1) if b not in script.calls)
    occasion, occ, caller = started(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "80.00"}], jar)
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(caller.post(occ + "/games/1/hold"))
    verifier = staff(admin, f"verifier{hall.org.id}")
    assert ok(verifier.post(occ + "/games/1/claims", {"face_number": script.early[0]}), 201)["valid"] is False
    assert ok(caller.get(occ))["games"][0]["held_at"] is not None
    assert ok(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)["valid"] is True
    game = ok(caller.get(occ))["games"][0]
    assert game["held_at"] is None and board_of(admin, occasion)["game"]["held"] is False
    assert game["split_preview"] == [{"face_number": script.winners[0], "share": "80.00"}]


def test_4_16_closing_a_held_game_ends_the_hold(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occasion, occ, caller = started(admin, hall, BLACKOUT, 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    ok(caller.post(occ + "/games/1/hold"))
    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["status"] == "closed" and closed["held_at"] is None
    assert board_of(admin, occasion)["game"]["held"] is False


def test_4_16_another_organizations_caller_cannot_hold_or_resume_our_game(
    admin: Api, session: Session, clock: Clock
) -> None:
    ours, theirs = make_hall(session), make_hall(session)
    _, occ, caller = started(admin, ours, BLACKOUT, 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    stranger = staff(admin, f"caller{theirs.org.id}")
    refused(stranger.post(occ + "/games/1/hold"), 404, "not_found", field="occasion_id")
    ok(caller.post(occ + "/games/1/hold"))
    refused(stranger.post(occ + "/games/1/resume"), 404, "not_found", field="occasion_id")
    assert ok(caller.get(occ))["games"][0]["held_at"] is not None
