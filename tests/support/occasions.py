"""Bingo occasions built through the API for the tests to start from: set up for a hall, started with
game 1 announced, game 1 played to a close, and every winner paid so the occasion can close."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from bingo.rules.patterns import STANDARD, PatternKind
from shared.core.money import parse_cents, wire_cents
from tests.support.bingo_factories import SERIES_SEED, SERIES_SIZE, Hall, make_hall, split_script
from tests.support.books import close_till, till_open
from tests.support.client import Api, staff
from tests.support.replies import ok


def setup_occasion(admin: Api, hall: Hall, games: list[dict[str, Any]], day: str = "2026-12-05") -> dict[str, Any]:
    """An occasion on `day` at the hall: the test series, a program of `games`, the member in charge, a
    caller and a verifier; the occasion as the API answers it."""
    org = hall.org.id
    series = ok(
        admin.post(
            f"/api/v1/organizations/{org}/series/generate",
            {"name": "Test perm", "count": SERIES_SIZE, "seed": SERIES_SEED},
        ),
        201,
    )
    program = ok(admin.post(f"/api/v1/organizations/{org}/programs", {"name": "Saturday night", "games": games}), 201)
    occasion: dict[str, Any] = ok(
        admin.post(
            f"/api/v1/organizations/{org}/occasions",
            {
                "premises_id": hall.premises.id,
                "program_id": program["id"],
                "series_id": series["id"],
                "occasion_date": day,
                "start_time": "18:00",
                "member_in_charge_id": hall.mic.id,
                "workers": [
                    {"member_id": hall.caller.id, "role": "caller"},
                    {"member_id": hall.verifier.id, "role": "verifier"},
                ],
            },
        ),
        201,
    )
    return occasion


def started(admin: Api, hall: Hall, games: list[dict[str, Any]], jar_ball: int) -> tuple[dict[str, Any], str, Api]:
    """An occasion with its balls verified, the cookie-jar number posted and game 1 announced; the
    caller's API client to go on with."""
    occasion = setup_occasion(admin, hall, games)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": jar_ball}))
    ok(caller.post(occ + "/games/1/start", {}))
    return occasion, occ, caller


def pay_every_winner(api: Api, occ: str) -> None:
    """The cashier pays every prize due (game shares, cookie-jar shares, U Pick Em shares and drawings) from
    a till the member in charge pays in to from the prize bank, then every till is counted, so the occasion
    can close. `api` is the member in charge or an admin."""
    owed = ok(api.get(occ + "/prizes-due"))
    till_open(api, occ)
    mine = next(t for t in ok(api.get(occ + "/tills")) if t["closed_at"] is None and t["station"] == "127.0.0.1")
    total = sum(parse_cents(row["amount"]) for row in owed)
    if total:
        ok(
            api.post(
                f"/api/v1/tills/{mine['id']}/movements",
                {"kind": "paid_in", "amount": wire_cents(total), "note": "prizes"},
            ),
            201,
        )
    for row in owed:
        body = {"game_number": row["game_number"], "prize": row["prize"]}
        body.update({"ticket_code": row["ticket_code"]} if row["ticket_code"] else {"claim_id": row["claim_id"]})
        ok(api.post(occ + "/payouts", body), 201)
    for till in ok(api.get(occ + "/tills")):
        if till["closed_at"] is None:
            close_till(api, till)


def closed_game(admin: Api, occ: str, winners: int = 3) -> list[dict[str, Any]]:
    """Game 1 played to a close with `winners` valid claims; the claims."""
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=winners)
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 75 if 75 not in script.calls else 74}))
    ok(admin.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    claims = [ok(admin.post(occ + "/games/1/claims", {"face_number": f}), 201) for f in script.winners]
    ok(admin.post(occ + "/games/1/close"))
    return claims


def board_in_play(admin: Api, session: Session) -> tuple[str, str, Api]:
    """An occasion whose first game is in play (any row, the jar number drawn): its API path, its
    display token and the caller."""
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    occasion = setup_occasion(
        admin,
        hall,
        [{"pattern": {"kind": "any_row"}, "prize": "250.00"}, {"pattern": {"kind": "blackout"}, "prize": "150.00"}],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 44}))
    ok(caller.post(occ + "/games/1/start", {}))
    return occ, occasion["display_token"], caller
