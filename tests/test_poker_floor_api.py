"""Running the floor through the API: a licensed director before the draw and licensed dealers only
(28 Del. C. §1827(1), §1831(1)), the director's own seat moves kept within one player (TDA 11A), the
clock stored and controlled with re-buys ending by its level, and the showdown helper (§1815-1816,
§1804 A(7), A(9)) with its ruling in the audit trail."""

from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy.orm import Session

from shared.hall.models import Organization
from shared.hall.rules.licensing import PersonalLicenseKind, PersonalLicenseStatus
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_license, make_member
from tests.support.poker_factories import DE_SETUP, appoint_director, delaware_tournament, licensed, open_desk
from tests.support.replies import ok, refused


def seated(admin: Api, url: str, players: int, seats_per_table: int = 9) -> dict[str, Any]:
    for n in range(1, players + 1):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    started: dict[str, Any] = ok(admin.post(url + "/start", {"seats_per_table": seats_per_table}))
    return started


def test_1827_1_no_draw_before_a_licensed_director_and_one_director_only(
    admin: Api, session: Session, clock: Clock
) -> None:
    org_id, licence_id = licensed(admin, session)
    tournament = ok(
        admin.post(f"/api/v1/organizations/{org_id}/tournaments", {**DE_SETUP, "license_id": licence_id}), 201
    )
    open_desk(admin, f"/api/v1/tournaments/{tournament['id']}")
    url = f"/api/v1/tournaments/{tournament['id']}"
    for n in range(1, 4):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    refused(admin.post(url + "/start", {"seats_per_table": 9}), 409, "director_required", "28 Del. C. §1827(1)")
    director = appoint_director(admin, session, org_id, tournament["id"])
    assert director["role"] == "tournament_director" and director["table"] is None
    org = session.get(Organization, org_id)
    assert org is not None
    other = make_member(session, org, name="Second Director")
    make_license(session, org, holder_name=other.name, member_id=other.id, kind=PersonalLicenseKind.TOURNAMENT_DIRECTOR)
    refused(
        admin.post(url + "/staff", {"role": "tournament_director", "member_id": other.id}),
        409,
        "director_appointed",
        "28 Del. C. §1827(1)",
    )
    ok(admin.post(url + "/start", {"seats_per_table": 9}))


def test_1831_1_unlicensed_or_expired_dealers_are_refused_and_nothing_written(
    admin: Api, session: Session, clock: Clock
) -> None:
    org_id, url = delaware_tournament(admin, session)
    org = session.get(Organization, org_id)
    assert org is not None
    plain = make_member(session, org, name="No Licence")
    lapsed = make_member(session, org, name="Lapsed Dealer")
    make_license(
        session,
        org,
        holder_name=lapsed.name,
        member_id=lapsed.id,
        issued_on=date(2022, 1, 1),
        status=PersonalLicenseStatus.ACTIVE,
    )
    suspended = make_license(session, org, holder_name="Suspended Dealer", status=PersonalLicenseStatus.SUSPENDED)
    before = audit_count(session)
    refused(
        admin.post(url + "/staff", {"role": "dealer", "member_id": plain.id, "table": 1}),
        409,
        "unlicensed",
        "28 Del. C. §1831(1)",
        "personal_license_id",
    )
    refused(admin.post(url + "/staff", {"role": "dealer", "member_id": lapsed.id, "table": 1}), 409, "unlicensed")
    refused(
        admin.post(url + "/staff", {"role": "dealer", "personal_license_id": suspended.id, "table": 1}),
        409,
        "unlicensed",
    )
    refused(admin.post(url + "/staff", {"role": "dealer", "table": 1}), 422, "person_required")
    assert audit_count(session) == before
    dealer = make_license(session, org, holder_name="Good Dealer")
    assert (
        ok(admin.post(url + "/staff", {"role": "dealer", "personal_license_id": dealer.id, "table": 1}), 201)["table"]
        == 1
    )
    refused(
        admin.post(url + "/staff", {"role": "dealer", "personal_license_id": dealer.id, "table": 2}), 409, "duplicate"
    )
    assert [(s["role"], s["person_name"]) for s in ok(admin.get(url + "/staff"))] == [
        ("tournament_director", f"Director {url.rsplit('/', 1)[1]}"),
        ("dealer", "Good Dealer"),
    ]


def test_tda_11a_director_seat_move_within_one_player_else_refused(admin: Api, session: Session, clock: Clock) -> None:
    _, url = delaware_tournament(admin, session)
    state = seated(admin, url, 12, seats_per_table=9)
    at = {(e["table"], e["seat"]): e["number"] for e in state["entries"]}
    on_one = [n for (t, _), n in at.items() if t == 1]
    open_at_two = next(s for s in range(1, 10) if (2, s) not in at)
    open_at_one = next(s for s in range(1, 10) if (1, s) not in at)
    before = audit_count(session)
    refused(
        admin.post(url + "/seat-moves", {"entry_number": on_one[0], "table": 2, "seat": open_at_two}),
        409,
        "out_of_balance",
        "TDA rule 11A (tables kept within one player)",
        "table",
    )
    taken = next(s for (t, s) in at if t == 1 and at[(t, s)] != on_one[0])
    refused(admin.post(url + "/seat-moves", {"entry_number": on_one[0], "table": 1, "seat": taken}), 409, "seat_taken")
    refused(admin.post(url + "/seat-moves", {"entry_number": on_one[0], "table": 3, "seat": 1}), 409, "not_a_table")
    assert audit_count(session) == before
    moved = ok(
        admin.post(
            url + "/seat-moves", {"entry_number": on_one[0], "table": 1, "seat": open_at_one, "reason": "asked to move"}
        ),
        201,
    )
    assert (moved["to_table"], moved["to_seat"], moved["reason"]) == (1, open_at_one, "asked to move")
    tv = ok(admin.get(url + "/clock"))
    assert tv["moves"][0]["to"] == f"1-{open_at_one}" and tv["moves"][0]["reason"] == "asked to move"


def test_printed_rules_3_clock_runs_pauses_and_changes_level_and_rebuys_end_with_level_3(
    admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(admin, session)
    seated(admin, url, 10)
    before = ok(admin.get(url + "/clock"))
    assert before["clock"]["started"] is False and before["players_left"] == 10 and before["average_stack"] == 10000
    refused(admin.post(url + "/clock", {"action": "pause"}), 409, "clock_not_started")
    started = ok(admin.post(url + "/clock", {"action": "start"}))
    assert (started["clock"]["level"], started["clock"]["seconds_left"], started["clock"]["current"]["big_blind"]) == (
        1,
        1200,
        50,
    )
    clock.advance(minutes=5)
    ok(admin.post(url + "/clock", {"action": "pause"}))
    clock.advance(minutes=30)
    held = ok(admin.get(url + "/clock"))
    assert held["clock"]["paused"] is True and held["clock"]["seconds_left"] == 900
    refused(admin.post(url + "/clock", {"action": "next_level"}), 409, "clock_paused")
    ok(admin.post(url + "/clock", {"action": "resume"}))
    nxt = ok(admin.post(url + "/clock", {"action": "next_level"}))
    assert (nxt["clock"]["level"], nxt["clock"]["seconds_left"], nxt["clock"]["next"]["is_break"]) == (2, 1200, True)
    ok(admin.post(url + "/buys", {"kind": "rebuy", "entry_number": 1, "chips": 0, "tendered": "100.00"}), 201)
    assert ok(admin.get(url + "/clock"))["average_stack"] == 11000
    clock.advance(minutes=20 + 10 + 20)
    refused(
        admin.post(url + "/buys", {"kind": "rebuy", "entry_number": 2, "chips": 0, "tendered": "100.00"}),
        409,
        "rebuy_period_over",
        "Flashboard tournament setup",
        "kind",
    )


def test_1816_1804_a9_showdown_helper_orders_ranks_splits_and_is_audited(
    admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(admin, session)
    state = seated(admin, url, 10, seats_per_table=10)
    button = min(e["seat"] for e in state["entries"])
    before = audit_count(session)
    body = {
        "table": 1,
        "board": "Ah Kh Qh 2c 3d",
        "last_aggressor": None,
        "stakes": [
            {"seat": 3, "chips": 101, "cards": "As Ks"},
            {"seat": 5, "chips": 50, "cards": "Ad Kd"},
            {"seat": 7, "chips": 101, "cards": "6s 7s"},
            {"seat": 8, "chips": 40, "folded": True},
        ],
    }
    ruling = ok(admin.post(url + "/showdowns", body), 201)
    assert ruling["button"] == button
    assert [r["seat"] for r in ruling["ranking"]] == [3, 5, 7] and ruling["ranking"][1]["place"] == 1
    assert ruling["show_order"][0] == min((s for s in (3, 5, 7) if s > button), default=3)
    main, side = ruling["pots"]
    assert main["amount"] == 190 and sorted(w["seat"] for w in main["won"]) == [3, 5]
    assert side == {
        "amount": 102,
        "eligible": sorted(side["eligible"], key=lambda s: (s - button - 1) % 10),
        "won": [{"seat": 3, "chips": 102}],
    }
    assert ruling["returned"] is None
    assert audit_count(session) == before + 1
    refused(
        admin.post(url + "/showdowns", {**body, "board": "Ah Kh Qh 2c"}),
        422,
        "bad_cards",
        "28 Del. C. §1815(1)",
        "board",
    )
    refused(
        admin.post(
            url + "/showdowns",
            {
                **body,
                "stakes": [{"seat": 3, "chips": 10, "cards": "As Ks"}, {"seat": 5, "chips": 10, "cards": "As Kd"}],
            },
        ),
        422,
        "card_twice",
    )
    refused(
        admin.post(
            url + "/showdowns",
            {**body, "stakes": [{"seat": 3, "chips": 10, "cards": "As Ks"}, {"seat": 5, "chips": 10}]},
        ),
        422,
        "cards_required",
        "28 Del. C. §1815(1)",
        "stakes.1.cards",
    )
    refused(admin.post(url + "/showdowns", {**body, "table": 2}), 409, "not_a_table")
    assert audit_count(session) == before + 1
