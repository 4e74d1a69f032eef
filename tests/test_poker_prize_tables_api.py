"""Prize tables by field size through the API: the director picks, at the draw, the posted table for the
number of entrants (28 Del. C. ch. 18, printed rules ¶(5)); a field no table is for cannot start (NH Pari
1207.03(d)(6)); and a tournament whose field is smaller than its places is never stuck at heads-up: the
last elimination is accepted and the places beyond the field are not awarded (§1804 B(4), NH (h)(1))."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from poker.models import Tournament
from shared.platform.audit import AuditEntry
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import make_org
from tests.support.poker_factories import DE_SETUP, bust, delaware_tournament, open_desk
from tests.support.replies import ok, refused

NH_RULE = "N.H. Admin. Code Pari 1207.03(d)(6)"
THREE = [
    {"place": 1, "description": "40% of the pool", "percent_bp": 4000},
    {"place": 2, "description": "25% of the pool", "percent_bp": 2500},
    {"place": 3, "description": "15% of the pool", "percent_bp": 1500},
]
TABLES = [
    {"min_entrants": 2, "max_entrants": 9, "prizes": [{"place": 1, "description": "The pool", "percent_bp": 10000}]},
    {
        "min_entrants": 8,
        "max_entrants": 19,
        "prizes": [
            {"place": 1, "description": "60% of the pool", "percent_bp": 6000},
            {"place": 2, "description": "40% of the pool", "percent_bp": 4000},
        ],
    },
    {"min_entrants": 20, "prizes": THREE},
]


def nh_tournament(admin: Api, session: Session, **changes: Any) -> str:
    org = make_org(session)
    setup = {**DE_SETUP, "jurisdiction": "nh", "entry_fee": "50.00", "rebuy": {"allowed": False}, **changes}
    tournament = ok(admin.post(f"/api/v1/organizations/{org.id}/tournaments", setup), 201)
    url = f"/api/v1/tournaments/{tournament['id']}"
    open_desk(admin, url)
    return url


def enter(api: Api, url: str, players: int, tendered: str = "50.00") -> None:
    for n in range(1, players + 1):
        ok(
            api.post(
                url + "/buys",
                {"kind": "entry", "player_name": f"Player {n}", "tendered": tendered, "age_confirmed": True},
            ),
            201,
        )


def audit_details(session: Session, action: str) -> dict[str, Any]:
    session.rollback()
    found = session.scalars(select(AuditEntry.details).where(AuditEntry.action == action).order_by(AuditEntry.seq))
    details: dict[str, Any] = json.loads(list(found)[-1])
    session.rollback()
    return details


def test_nh_d6_start_refused_when_field_too_small_for_any_table(admin: Api, session: Session, clock: Clock) -> None:
    """Three places posted for six or more: four entrants could be paid at most two places, so the draw
    is refused, naming the table, instead of starting a tournament that cannot finish."""
    url = nh_tournament(admin, session, min_players=6, prizes=THREE)
    enter(admin, url, 4)
    state = ok(admin.get(url))
    assert state["prize_table"] is None and [t["fits"] for t in state["prize_tables"]] == [False]
    refused(admin.post(url + "/start", {"seats_per_table": 9}), 409, "no_prize_table", NH_RULE, "prize_tables")
    assert ok(admin.get(url))["status"] == "registering"
    enter(admin, url, 2)
    started = ok(admin.post(url + "/start", {"seats_per_table": 9}))
    assert started["status"] == "running" and started["prize_table"] == 1


def test_nh_h1_1804_b4_last_elimination_accepted_with_fewer_entrants_than_places(
    admin: Api, session: Session, clock: Clock
) -> None:
    """A tournament drawn before the field was checked against its table (three places posted for six
    or more, four entrants): the heads-up bust finishes it; the third place is not awarded, which the
    audit records, and the prizes stay within (d)(6)-(7)."""
    url = nh_tournament(admin, session, min_players=6, prizes=THREE)
    enter(admin, url, 4)
    row = session.get(Tournament, int(url.rsplit("/", 1)[1]))
    assert row is not None
    stored = row.setup
    row.setup = json.dumps({**json.loads(stored), "min_players": 2})
    session.commit()
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    session.refresh(row)
    row.setup, row.prize_table = stored, None
    session.commit()
    bust(admin, url, 1, 4)
    bust(admin, url, 2, 3)
    final = bust(admin, url, 3, 2)
    assert final["status"] == "finished"
    prizes = sorted((e["place"], e["prize"]) for e in final["entries"] if e["prize"])
    assert prizes == [(1, "80.00"), (2, "50.00")]
    assert audit_details(session, "tournament.eliminations")["places_not_awarded"] == [3]


def test_printed_rules_5_director_picks_the_table_for_the_field_at_the_draw(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session, prizes=[], prize_tables=TABLES, min_players=2)
    enter(admin, url, 8, tendered="100.00")
    state = ok(admin.get(url))
    assert [(t["number"], t["label"], t["fits"]) for t in state["prize_tables"]] == [
        (1, "2-9 entrants", True),
        (2, "8-19 entrants", True),
        (3, "20 or more entrants", False),
    ]
    assert state["prize_table"] == 1
    assert state["prize_tables"][1]["prizes"][0] == {
        "place": 1,
        "place_label": "1st",
        "description": "60% of the pool",
        "amount": "60% of the prize pool",
    }
    refused(
        admin.post(url + "/start", {"seats_per_table": 9, "prize_table": 3}),
        409,
        "prize_table_not_for_field",
        "28 Del. C. ch. 18, printed rules ¶(5)",
        "prize_table",
    )
    started = ok(admin.post(url + "/start", {"seats_per_table": 9, "prize_table": 2}))
    assert started["prize_table"] == 2
    start_audit = audit_details(session, "tournament.start")
    assert (start_audit["prize_table"], start_audit["prize_table_for"], start_audit["places"]) == (
        2,
        "8-19 entrants",
        2,
    )
    clock_state = ok(admin.get(url + "/clock"))
    assert clock_state["prize_table"] == "Prize table 2, 8-19 entrants"
    assert [(p["place_label"], p["prize"]) for p in clock_state["prizes"]] == [("1st", "$480.00"), ("2nd", "$320.00")]
    rules = admin.client.get(url + "/rules.txt").get_data(as_text=True)
    assert "Prize table 1, for 2-9 entrants: 1 prize will be awarded:" in rules
    assert "Prize table 3, for 20 or more entrants: 3 prizes will be awarded:" in rules
    for hand, number in enumerate(range(8, 1, -1), start=1):
        bust(admin, url, hand, number)
    final = ok(admin.get(url))
    assert sorted((e["place"], e["prize"]) for e in final["entries"] if e["prize"]) == [(1, "480.00"), (2, "320.00")]


def test_printed_rules_5_a_setup_with_prizes_and_prize_tables_is_refused(admin: Api, session: Session) -> None:
    org = make_org(session)
    refused(
        admin.post(
            f"/api/v1/organizations/{org.id}/tournaments", {**DE_SETUP, "jurisdiction": "nh", "prize_tables": TABLES}
        ),
        422,
        "prizes_or_prize_tables",
        "Flashboard tournament setup",
        "prize_tables",
    )
