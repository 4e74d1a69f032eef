"""Poker test data through the API: a Delaware setup, the organization's occasion licence for the day
and a licensed tournament director appointed, as a hall would have them before the draw."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from shared.hall.models import Organization
from shared.hall.rules.licensing import PersonalLicenseKind
from tests.support.client import Api
from tests.support.factories import make_license, make_member, make_org
from tests.support.replies import ok

DE_SETUP: dict[str, Any] = {
    "name": "Winter Classic",
    "jurisdiction": "de",
    "starts_on": "2026-12-05",
    "entry_fee": "100.00",
    "starting_chips": 10000,
    "rebuy": {"allowed": True, "cost": "100.00", "chips": 10000, "until_level": 3},
    "levels": [
        {"small_blind": 25, "big_blind": 50, "minutes": 20},
        {"small_blind": 50, "big_blind": 100, "minutes": 20},
        {"minutes": 10, "is_break": True},
        {"small_blind": 100, "big_blind": 200, "ante": 25, "minutes": 20},
    ],
    "prizes": [
        {"place": 1, "description": "50% of the pool", "percent_bp": 5000},
        {"place": 2, "description": "30% of the pool", "percent_bp": 3000},
        {"place": 3, "description": "20% of the pool", "percent_bp": 2000},
    ],
    "final_table_size": 9,
    "min_players": 3,
}


def licensed(admin: Api, session: Session) -> tuple[int, int]:
    org = make_org(session)
    licence = ok(
        admin.post(
            "/api/v1/poker-occasion-licenses",
            {
                "number": f"P-{org.id}",
                "occasion_date": "2026-12-05",
                "fee": "250.00",
                "sponsor_organization_ids": [org.id],
            },
        ),
        201,
    )
    return org.id, licence["id"]


def appoint_director(admin: Api, session: Session, org_id: int, tournament_id: int) -> dict[str, Any]:
    """28 Del. C. §1827(1): a member holding a tournament director's licence in force on the day."""
    org = session.get(Organization, org_id)
    assert org is not None
    member = make_member(session, org, name=f"Director {tournament_id}")
    make_license(
        session, org, holder_name=member.name, member_id=member.id, kind=PersonalLicenseKind.TOURNAMENT_DIRECTOR
    )
    appointed: dict[str, Any] = ok(
        admin.post(
            f"/api/v1/tournaments/{tournament_id}/staff", {"role": "tournament_director", "member_id": member.id}
        ),
        201,
    )
    return appointed


def delaware_tournament(admin: Api, session: Session, **changes: Any) -> tuple[int, str]:
    """A licensed Delaware tournament with its director appointed: (organization id, its API URL)."""
    org_id, licence_id = licensed(admin, session)
    tournament = ok(
        admin.post(f"/api/v1/organizations/{org_id}/tournaments", {**DE_SETUP, "license_id": licence_id, **changes}),
        201,
    )
    appoint_director(admin, session, org_id, tournament["id"])
    url = f"/api/v1/tournaments/{tournament['id']}"
    open_desk(admin, url)
    return org_id, url


def open_desk(api: Api, url: str, bank: str = "200.00") -> dict[str, Any]:
    """The desk's till at the client's station: every buy goes in it, every prize comes out of it."""
    found: dict[str, Any] = ok(api.post(url + "/tills", {"opening_bank": bank}), 201)
    return found


def seat_players(api: Api, url: str, players: int, seats_per_table: int = 9, name: str = "Player") -> dict[str, Any]:
    """Players entered at the desk and the seats drawn: the tournament as the draw leaves it."""
    for n in range(1, players + 1):
        ok(api.post(url + "/buys", {"kind": "entry", "player_name": f"{name} {n}", "tendered": "100.00"}), 201)
    started: dict[str, Any] = ok(api.post(url + "/start", {"seats_per_table": seats_per_table}))
    return started


def seating(state: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """Player number: (table, seat), for every player in play."""
    return {e["number"]: (e["table"], e["seat"]) for e in state["entries"] if not e["eliminated"]}


def bust(api: Api, url: str, hand: int, *players: int) -> dict[str, Any]:
    """Players out on one hand (each with a different starting stack, so their places are ordered)."""
    busts = [{"entry_number": n, "starting_stack": 100 + n} for n in players]
    found: dict[str, Any] = ok(api.post(url + "/eliminations", {"hand": hand, "busts": busts}))
    return found
