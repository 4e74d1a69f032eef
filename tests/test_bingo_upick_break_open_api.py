"""U Pick Em (10 DE Admin Code 101-4.30) and break-open (101-4.29) through the API."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import make_hall, series_faces
from tests.support.books import product, sell, sell_upick, till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, audit_count
from tests.support.occasions import setup_occasion
from tests.support.replies import ok, refused

UPICK = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4, "face_price": "1.00"}
BREAK_OPEN = {"kind": "break_open", "pattern": {"kind": "any_row"}, "prize": "50.00", "break_open_numbers": 30}


def opened(admin: Api, session: Session, games: list[dict[str, Any]]) -> tuple[str, Api, Api, Api, Any]:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, games)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier, mic = (staff(admin, f"{who}{hall.org.id}") for who in ("caller", "verifier", "mic"))
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75}))
    return occ, caller, verifier, mic, hall


def test_4_30_sell_play_and_find_the_winner_without_a_claim(admin: Api, session: Session, clock: Clock) -> None:
    occ, caller, verifier, mic, hall = opened(admin, session, [UPICK])

    sale_ids: list[int] = []

    def face(numbers: list[int] | None) -> dict[str, Any]:
        sale = ok(sell_upick(admin, occ, 1, numbers), 201)
        sale_ids.append(sale["id"])
        ticket: dict[str, Any] = sale["tickets"][0]
        return ticket

    first = face([1, 20, 40, 60])
    assert (
        first["columns"] == [[1], [20], [40], [60], []] and first["price"] == "1.00" and first["code"].startswith("UP-")
    )
    assert first["layout"].splitlines()[0].split() == ["B", "I", "N", "G", "O"]
    second = face([60, 40, 20, 1])
    face([2, 21, 41, 61])
    quick_sale = ok(sell_upick(admin, occ, 1), 201)
    quick = quick_sale["tickets"][0]
    assert len(quick["numbers"]) == 4 and quick["quick_pick"]
    approval = {"approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    ok(admin.post(f"/api/v1/sales/{quick_sale['id']}/void", {"reason": "printer jammed; resold", **approval}))
    assert ok(verifier.get(f"/api/v1/upick-tickets/{quick['code']}"))["status"] == "void"
    ok(caller.post(occ + "/games/1/start", {}))
    refused(sell_upick(admin, occ, 1, [3, 22, 42, 62]), 409, "game_started", "10 DE Admin Code 101-4.30.1.7")
    refused(
        admin.post(f"/api/v1/sales/{sale_ids[0]}/void", {"reason": "late", **approval}),
        409,
        "game_started",
        "10 DE Admin Code 101-4.30.1.7",
    )
    for ball in (1, 20, 2, 40):
        assert ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)["upick_winners"] == []
    game = ok(caller.post(occ + "/games/1/calls", {"ball": 60}), 201)
    assert sorted(game["upick_winners"]) == sorted([first["code"], second["code"]])
    refused(caller.post(occ + "/games/1/calls", {"ball": 61}), 409, "bingo_on_the_board")
    refused(verifier.post(occ + "/games/1/claims", {"face_number": 1}), 409, "upick_found_automatically")
    looked = ok(verifier.get(f"/api/v1/upick-tickets/{first['code'].lower()}"))
    assert looked["daubed"] == [1, 20, 40, 60] and looked["completed_on_call"] == 5
    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["closing_announcement"] == "Game 1: 2 winners: $50.00, $50.00"
    assert ok(verifier.get(f"/api/v1/upick-tickets/{second['code']}"))["share"] == "50.00"


def test_4_30_1_picks_are_refused_with_the_rule_and_nothing_written(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, _, _, _ = opened(admin, session, [{**UPICK, "pick_count": 6}])
    product(admin, occ, "upick_face", 1)
    till_open(admin, occ)
    before = audit_count(session)
    refused(
        sell_upick(admin, occ, 1, [1, 2, 3, 4, 5, 6]),
        422,
        "too_many_in_column",
        "10 DE Admin Code 101-4.30.1.1",
        "numbers",
    )
    refused(sell_upick(admin, occ, 1, [0, 2, 3, 4, 5, 16]), 422, "number_out_of_range", "10 DE Admin Code 101-4.30.1.1")
    refused(sell_upick(admin, occ, 1, [1, 1, 3, 4, 5, 16]), 422, "duplicate_number", "10 DE Admin Code 101-4.30.1.2")
    refused(sell_upick(admin, occ, 1, [1, 2, 3]), 422, "wrong_count", "10 DE Admin Code 101-4.30.1.5")
    assert audit_count(session) == before


def test_4_30_1_5_program_needs_pick_count_and_price(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    url = f"/api/v1/organizations/{hall.org.id}/programs"
    refused(
        admin.post(url, {"name": "p", "games": [{**UPICK, "pick_count": None}]}),
        422,
        "upick_terms_required",
        "10 DE Admin Code 101-4.30.1.5",
    )
    refused(admin.post(url, {"name": "p", "games": [{**UPICK, "pick_count": 26}]}), 422, "pick_count_out_of_range")
    refused(
        admin.post(url, {"name": "p", "games": [{**BREAK_OPEN, "break_open_numbers": None}]}),
        422,
        "break_open_count_required",
        "10 DE Admin Code 101-4.29.1",
    )


def test_4_29_break_open_sales_window_posting_and_sheet_verification(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, caller, verifier, _, _ = opened(
        admin,
        session,
        [
            {"pattern": {"kind": "four_corners"}, "prize": "20.00"},
            BREAK_OPEN,
            {"pattern": {"kind": "four_corners"}, "prize": "20.00"},
        ],
    )
    ok(sell(admin, occ, "break_open", 10, game=2), 201)
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    ok(caller.post(occ + "/games/1/close"))
    refused(caller.post(occ + "/games/2/start", {}), 409, "break_open_posts_numbers", "10 DE Admin Code 101-4.29.1")
    refused(caller.post(occ + "/games/2/break-open/post", {"balls": [1, 2]}), 422, "wrong_quantity")
    posted = ok(caller.post(occ + "/games/2/break-open/post", {}))
    numbers = [c["ball"] for c in posted["calls"]]
    assert len(numbers) == 30 and len(set(numbers)) == 30 and "Posted numbers" in posted["announcement"]
    refused(
        caller.post(occ + "/games/2/calls", {"ball": next(b for b in range(1, 76) if b not in numbers)}),
        409,
        "break_open_posted",
    )
    ok(sell(admin, occ, "break_open", 2, game=2), 201)
    any_row = STANDARD[PatternKind.ANY_ROW]
    winners = [f.number for f in series_faces() if any_row.is_complete(f.covered(numbers))]
    losers = [f.number for f in series_faces() if not any_row.is_complete(f.covered(numbers))]
    assert ok(verifier.post(occ + "/games/2/claims", {"face_number": losers[0]}), 201)["verdict"] == "incomplete"
    if winners:
        assert ok(verifier.post(occ + "/games/2/claims", {"face_number": winners[0]}), 201)["valid"]
    ok(caller.post(occ + "/games/2/close"))
    ok(sell(admin, occ, "break_open", 1, game=2), 201)
    ok(caller.post(occ + "/games/3/start", {}))
    ok(caller.post(occ + "/games/3/calls", {"ball": 7}), 201)
    refused(sell(admin, occ, "break_open", 1, game=2), 409, "break_open_sales_closed", "10 DE Admin Code 101-4.29.2")
