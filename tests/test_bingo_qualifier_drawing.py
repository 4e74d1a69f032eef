"""The later drawing for a merchandise prize's other qualifiers (10 DE Admin Code 101-4.11): a real step,
held once by the member in charge, its winner drawn, its value counted toward the occasion's $3,000, a
money prize paid at the cashier and merchandise handed over."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from bingo.services.books import check_books
from tests.support.bingo_factories import make_hall, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import pay_every_winner, setup_occasion
from tests.support.replies import ok, refused

RULE = "10 DE Admin Code 101-4.11"
TURKEY = {"pattern": {"kind": "any_row"}, "prize": "80.00", "merchandise": "Turkey"}


def _turkey_won_by_three(admin: Api, session: Session, games: list[dict[str, Any]]) -> tuple[str, Any, Api]:
    """Game 1 (a turkey) closed with three winners on one call: one takes the turkey, two qualify."""
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, games)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(1, 76) if b not in script.calls)}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    ok(caller.post(occ + "/games/1/close"))
    return occ, hall, staff(admin, f"mic{hall.org.id}")


def test_4_11_the_later_drawing_draws_one_qualifier_and_its_money_prize_is_paid_and_counted(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    occ, hall, mic = _turkey_won_by_three(admin, session, [TURKEY])
    caller = staff(admin, f"caller{hall.org.id}")
    drawing = {"prize": "$50 cash", "value": "50.00", "merchandise": False}
    refused(caller.post(occ + "/games/1/qualifier-drawing", drawing), 403, "forbidden")
    held = ok(mic.post(occ + "/games/1/qualifier-drawing", drawing), 201)
    game = ok(mic.get(occ))["games"][0]
    qualified = {c["id"]: c["face_number"] for c in game["claims"] if c["qualified_for_later"]}
    assert held["entrants"] == 2 and held["winner_claim_id"] in qualified
    assert held["winner_face_number"] == qualified[held["winner_claim_id"]]
    assert game["qualifier_drawing"]["id"] == held["id"]
    assert f"$50 cash won by face {held['winner_face_number']}" in game["closing_announcement"]
    refused(mic.post(occ + "/games/1/qualifier-drawing", drawing), 409, "drawing_held", RULE)
    due = ok(mic.get(occ + "/prizes-due"))
    assert [(row["prize"], row["claim_id"], row["amount"]) for row in due] == [
        ("drawing", held["winner_claim_id"], "50.00")
    ]
    refused(mic.post(occ + "/close"), 409, "closeout_incomplete", "10 DE Admin Code 101-4.10")
    loser = next(c for c in qualified if c != held["winner_claim_id"])
    refused(
        mic.post(occ + "/payouts", {"game_number": 1, "prize": "drawing", "claim_id": loser}), 409, "nothing_to_pay"
    )
    pay_every_winner(mic, occ)
    assert ok(mic.get(occ + "/prizes-due")) == []
    assert ok(mic.post(occ + "/close"))["status"] == "closed"
    with mic.client.application.extensions["flashboard.db"].readers() as reader:
        assert check_books(reader, hall.org.id) == []


def test_4_11_the_drawings_value_counts_toward_the_3000_with_what_the_program_could_still_pay(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    rest = [{"pattern": {"kind": "any_row"}, "prize": "350.00"} for _ in range(8)]
    occ, _, mic = _turkey_won_by_three(admin, session, [TURKEY, *rest])
    drawing = {"prize": "A gift basket", "value": "120.01", "merchandise": True}
    refused(
        mic.post(occ + "/games/1/qualifier-drawing", drawing),
        409,
        "occasion_prizes_over_limit",
        "10 DE Admin Code 101-4.6",
    )
    held = ok(mic.post(occ + "/games/1/qualifier-drawing", {**drawing, "value": "120.00"}), 201)
    assert held["merchandise"] is True
    refused(
        mic.post(occ + "/payouts", {"game_number": 1, "prize": "drawing", "claim_id": held["winner_claim_id"]}),
        409,
        "merchandise_prize",
        RULE,
    )


def test_4_11_no_drawing_for_a_game_with_no_other_qualifiers(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    occ, _, mic = _turkey_won_by_three(admin, session, [TURKEY, {"pattern": {"kind": "any_row"}, "prize": "10.00"}])
    body = {"prize": "A pie", "value": "10.00", "merchandise": True}
    refused(mic.post(occ + "/games/2/qualifier-drawing", body), 409, "game_not_closed", RULE)
    refused(mic.post(occ + "/games/1/qualifier-drawing", {**body, "value": "350.01"}), 422, "drawing_value")
