"""Game-level rules through the API: attendance tiers (4.18), alternate prizes by calls (4.15),
merchandise (4.11), per-player splits, the six-hour limit (4.2), giveaways and inducements (4.6)."""

from __future__ import annotations

import random
from typing import Any

from sqlalchemy.orm import Session

from bingo.models import Occasion
from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import make_hall, series_faces, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import setup_occasion
from tests.support.replies import ok, refused


def play_until_winners(
    caller: Api, verifier: Api, occ: str, number: int, kind: PatternKind, calls: list[int]
) -> list[dict[str, Any]]:
    """Call the given balls until faces complete, then claim every face that completed on that call."""
    pattern = STANDARD[kind]
    faces = series_faces()
    called: list[int] = []
    for ball in calls:
        ok(caller.post(f"{occ}/games/{number}/calls", {"ball": ball}), 201)
        called.append(ball)
        fresh = [
            f.number
            for f in faces
            if pattern.is_complete(f.covered(called)) and not pattern.is_complete(f.covered(called[:-1]))
        ]
        if fresh:
            return [
                ok(verifier.post(f"{occ}/games/{number}/claims", {"face_number": n, "player": f"p{n}"}), 201)
                for n in fresh
            ]
    raise AssertionError("no winner")


def opened(admin: Api, session: Session, games: list[dict[str, Any]], **rules: Any) -> tuple[str, Api, Api, Any]:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, games)
    occ = f"/api/v1/occasions/{occasion['id']}"
    if rules:
        row = session.get(Occasion, occasion["id"])
        assert row is not None
        for key, value in rules.items():
            setattr(row, key, value)
        session.commit()
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 1}))
    return occ, caller, verifier, hall


def test_4_18_attendance_is_required_announced_and_sets_the_prize(admin: Api, session: Session, clock: Clock) -> None:
    occ, caller, verifier, _ = opened(
        admin,
        session,
        [
            {
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "attendance_tiers": [{"min_attendance": 150, "prize": "250.00"}],
            }
        ],
    )
    refused(
        caller.post(occ + "/games/1/start", {}), 422, "attendance_required", "10 DE Admin Code 101-4.18", "attendance"
    )
    game = ok(caller.post(occ + "/games/1/start", {"attendance": 160}))
    assert game["announced_prize"] == "250.00" and "160 players present" in game["announcement"]
    called = ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    assert called["varies_with_attendance"] and called["announced_prize"] == "250.00"


def test_4_15_alternate_prize_paid_when_bingo_within_the_calls(admin: Api, session: Session, clock: Clock) -> None:
    occ, caller, verifier, _ = opened(
        admin,
        session,
        [
            {
                "pattern": {"kind": "four_corners"},
                "prize": "50.00",
                "alternate_within_calls": 75,
                "alternate_prize": "200.00",
            }
        ],
    )
    game = ok(caller.post(occ + "/games/1/start", {}))
    assert "$200.00 if bingo comes within 75 calls" in game["announcement"]
    claims = play_until_winners(
        caller, verifier, occ, 1, PatternKind.FOUR_CORNERS, random.Random(4).sample(range(1, 76), 75)
    )
    closed = ok(caller.post(occ + "/games/1/close"))
    assert sum(int(c["share"].replace(".", "")) for c in closed["claims"] if c["valid"]) == 20_000
    assert len(claims) >= 1


def test_4_11_merchandise_goes_to_one_drawn_winner(admin: Api, session: Session, clock: Clock, seeded: object) -> None:
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    occ, caller, verifier, _ = opened(
        admin, session, [{"pattern": {"kind": "any_row"}, "prize": "80.00", "merchandise": "Turkey"}]
    )
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    closed = ok(caller.post(occ + "/games/1/close"))
    won = [c for c in closed["claims"] if c["merchandise_won"]]
    assert len(won) == 1 and sum(c["qualified_for_later"] for c in closed["claims"]) == 2
    assert "Turkey" in closed["closing_announcement"] and "qualify for a later game" in closed["closing_announcement"]


def test_4_11_merchandise_winner_is_not_paid_in_cash(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    occ, caller, verifier, hall = opened(
        admin, session, [{"pattern": {"kind": "any_row"}, "prize": "80.00", "merchandise": "Turkey"}]
    )
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    claim = ok(caller.post(occ + "/games/1/close"))["claims"][0]
    refused(
        admin.post(occ + "/payouts", {"game_number": 1, "claim_id": claim["id"]}),
        409,
        "merchandise_prize",
        "10 DE Admin Code 101-4.11",
    )
    assert ok(staff(admin, f"mic{hall.org.id}").post(occ + "/close"))["status"] == "closed"


def test_4_11_per_player_house_rule_pays_a_player_once(admin: Api, session: Session, clock: Clock) -> None:
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    occ, caller, verifier, _ = opened(
        admin, session, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}], split_per_player=True
    )
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    players = ["ann", "bob", "ann"]
    for face, player in zip(script.winners, players, strict=True):
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face, "player": player}), 201)
    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["closing_announcement"] == "Game 1: 2 winners: $50.00, $50.00"


def test_4_2_no_calls_after_six_hours(admin: Api, session: Session, clock: Clock) -> None:
    occ, caller, _, _ = opened(admin, session, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    ok(caller.post(occ + "/games/1/start", {}))
    clock.advance(hours=6, seconds=1)
    refused(caller.post(occ + "/games/1/calls", {"ball": 5}), 409, "over_six_hours", "10 DE Admin Code 101-4.2")


def test_4_16_officer_witnesses_when_the_member_in_charge_calls(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, _, hall = opened(admin, session, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    mic = staff(admin, f"mic{hall.org.id}")
    ok(mic.post(occ + "/games/1/start", {}))
    ok(mic.post(occ + "/games/1/calls", {"ball": 9}), 201)
    refused(
        mic.post(occ + "/games/1/verification-requests", {"witness_member_id": hall.mic.id}),
        409,
        "officer_witness_required",
        "10 DE Admin Code 101-4.16",
    )
    assert (
        ok(mic.post(occ + "/games/1/verification-requests", {"witness_member_id": hall.officer.id}), 201)[
            "witness_role"
        ]
        == "officer"
    )


def test_4_6_inducements_and_promotions_are_limited(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, _, _ = opened(admin, session, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    url = occ + "/giveaways"
    ok(admin.post(url, {"kind": "inducement", "description": "Free coffee", "value": "15.00"}), 201)
    refused(
        admin.post(url, {"kind": "inducement", "description": "Free dinner", "value": "0.01"}),
        409,
        "inducements_over_limit",
        "10 DE Admin Code 101-4.6",
    )
    refused(
        admin.post(url, {"kind": "promotion", "description": "Tote bags", "value": "50.00"}),
        422,
        "promotion_occasion_required",
    )
    refused(
        admin.post(
            url, {"kind": "promotion", "promotion_occasion": "holiday", "description": "Tote bags", "value": "50.00"}
        ),
        409,
        "not_holiday",
        "10 DE Admin Code 101-4.6",
    )
    refused(
        admin.post(
            url, {"kind": "promotion", "promotion_occasion": "anniversary", "description": "Mugs", "value": "50.00"}
        ),
        409,
        "no_anniversary",
    )
