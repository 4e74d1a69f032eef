"""Tournaments through the API: a Delaware setup needs the organization's occasion licence for the day
(28 Del. C. ch. 18, general provisions ¶(1), (3)); the setup is checked against the profile, each
refusal citing its rule and writing nothing; the printed rules carry the helpline; buy-ins at the
cashier stop at New Hampshire's $150 (Pari 1207.03(d)(3)) and never go on credit."""

from __future__ import annotations

import json
import random

import pypdfium2 as pdfium
from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform.audit import AuditEntry
from shared.printing.documents import Receipt
from shared.printing.models import PrintJob
from tests.support.bingo_factories import make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_member, make_org, make_user
from tests.support.occasions import setup_occasion
from tests.support.poker_factories import DE_SETUP, delaware_tournament, licensed, open_desk
from tests.support.replies import ok, refused


def test_ch18_delaware_tournament_needs_its_occasion_licence_and_one_setup_rule_at_a_time(
    admin: Api, session: Session, clock: Clock
) -> None:
    org_id, licence_id = licensed(admin, session)
    url = f"/api/v1/organizations/{org_id}/tournaments"
    before = audit_count(session)
    refused(
        admin.post(url, DE_SETUP),
        422,
        "occasion_license_required",
        "28 Del. C. ch. 18, general provisions ¶(3)",
        "license_id",
    )
    refused(admin.post(url, {**DE_SETUP, "license_id": licence_id, "starts_on": "2026-12-06"}), 422, "license_date")
    unequal = {
        **DE_SETUP,
        "license_id": licence_id,
        "rebuy": {**DE_SETUP["rebuy"], "chips": 5000},
        "deals_allowed": True,
    }
    body = refused(admin.post(url, unequal), 422, "unequal_chips", "28 Del. C. §1804 B(1)", "rebuy.chips")
    assert "28 Del. C. §1804 B(5)" in body["message"]
    assert audit_count(session) == before
    tournament = ok(admin.post(url, {**DE_SETUP, "license_id": licence_id}), 201)
    assert tournament["status"] == "registering" and tournament["pool"] == "0.00"
    text = admin.client.get(f"/api/v1/tournaments/{tournament['id']}/rules.txt").get_data(as_text=True)
    for item in [
        "The entry fee is $100.00 for 10,000 chips.",
        "Re-buys are permitted: $100.00 for 10,000 chips; until the end of level 3.",
        "When 9 players remain",
        "3 prizes will be awarded:",
        "888-850-8888",
        "(28 Del. C. §1804 B(5))",
    ]:
        assert item in text, item
    rules_pdf = admin.client.get(f"/api/v1/tournaments/{tournament['id']}/rules.pdf").data
    page_text = " ".join(pdfium.PdfDocument(rules_pdf)[0].get_textpage().get_text_range().split())
    assert "Winter Classic" in page_text and "Standard rules of play" in page_text
    every_page = " ".join(
        " ".join(page.get_textpage().get_text_range().split()) for page in pdfium.PdfDocument(rules_pdf)
    )
    assert "turn to act. (28 Del. C. §1804 B(15))" in every_page and "§1804 B(13))" in every_page


def test_pari_1207_03_d3_j_buys_stop_at_150_and_never_on_credit(admin: Api, session: Session, clock: Clock) -> None:
    org = make_org(session)
    nh = {
        **DE_SETUP,
        "jurisdiction": "nh",
        "entry_fee": "50.00",
        "rebuy": {"allowed": True, "cost": "50.00", "chips": 10000, "reentry": True},
        "min_players": 10,
        "prizes": [
            {"place": 1, "description": "$300", "fixed": "300.00"},
            {"place": 2, "description": "$100", "fixed": "100.00"},
        ],
    }
    tournament = ok(admin.post(f"/api/v1/organizations/{org.id}/tournaments", nh), 201)
    open_desk(admin, f"/api/v1/tournaments/{tournament['id']}")
    buys = f"/api/v1/tournaments/{tournament['id']}/buys"
    entry = ok(
        admin.post(buys, {"kind": "entry", "player_name": "Pat Doe", "tendered": "60.00", "age_confirmed": True}), 201
    )
    assert (entry["entry"]["number"], entry["change"], entry["entry"]["spent"]) == (1, "10.00", "50.00")
    refused(
        admin.post(buys, {"kind": "rebuy", "entry_number": 1, "tender": "credit", "tendered": "0.00"}),
        422,
        "no_credit",
        "N.H. Admin. Code Pari 1207.03(j)",
    )
    refused(admin.post(buys, {"kind": "rebuy", "entry_number": 1, "tendered": "40.00"}), 422, "short_tender")
    ok(admin.post(buys, {"kind": "rebuy", "entry_number": 1, "tendered": "50.00"}), 201)
    ok(admin.post(buys, {"kind": "rebuy", "entry_number": 1, "tendered": "50.00"}), 201)
    refused(
        admin.post(buys, {"kind": "rebuy", "entry_number": 1, "tendered": "50.00"}),
        409,
        "spend_cap",
        "N.H. Admin. Code Pari 1207.03(d)(3)",
    )
    state = ok(admin.get(f"/api/v1/tournaments/{tournament['id']}"))
    assert state["pool"] == "150.00" and state["entries"][0]["rebuys"] == 2 and state["entries"][0]["spent"] == "150.00"
    refused(
        admin.post(buys, {"kind": "entry", "tendered": "50.00", "age_confirmed": True}), 422, "player_name_required"
    )
    refused(admin.post(buys, {"kind": "reentry", "entry_number": 9, "tendered": "50.00"}), 404, "not_found")


def test_1804_30_player_delaware_tournament_from_registration_to_one_winner(
    admin: Api, session: Session, clock: Clock, seeded: random.Random
) -> None:
    """Registration with re-buys, the random draw at three tables of ten, eliminations with two table
    breaks and the final-table redraw, a deal refused (§1804 B(5)), and the prizes from the pool."""
    _, url = delaware_tournament(admin, session)
    for n in range(1, 31):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    for n in (3, 7, 11, 19, 23):
        ok(admin.post(url + "/buys", {"kind": "rebuy", "entry_number": n, "chips": 0, "tendered": "100.00"}), 201)
    started = ok(admin.post(url + "/start", {"seats_per_table": 10}))
    seats = [(e["table"], e["seat"]) for e in started["entries"]]
    assert len(set(seats)) == 30 and sorted({t for t, _ in seats}) == [1, 2, 3]
    refused(admin.post(url + "/deal"), 409, "deal_refused", "28 Del. C. §1804 B(5)")
    refused(
        admin.post(url + "/eliminations", {"hand": 1, "busts": [{"entry_number": 99, "starting_stack": 0}]}),
        409,
        "not_in_play",
    )

    rng = random.Random(30)
    hand = 0
    while True:
        state = ok(admin.get(url))
        alive = [e for e in state["entries"] if not e["eliminated"]]
        if len(alive) == 1:
            break
        hand += 1
        tables = {e["table"] for e in alive}
        out = rng.sample(alive, 2 if len(alive) > 12 and len(tables) > 1 and hand % 5 == 0 else 1)
        if len(out) == 2 and out[0]["table"] == out[1]["table"]:
            out = out[:1]
        ok(
            admin.post(
                url + "/eliminations",
                {
                    "hand": hand,
                    "busts": [{"entry_number": e["number"], "starting_stack": 1000 + e["number"]} for e in out],
                },
            )
        )
        after = ok(admin.get(url))
        seated = [(e["table"], e["seat"]) for e in after["entries"] if not e["eliminated"]]
        assert len(set(seated)) == len(seated), "no seat double-booked"
        counts: dict[int, int] = {}
        for table, _ in seated:
            counts[table] = counts.get(table, 0) + 1
        assert max(counts.values()) - min(counts.values()) <= 1, counts

    final = ok(admin.get(url))
    assert final["status"] == "finished" and final["pool"] == "3500.00"
    places = sorted((e["place"], e["prize"]) for e in final["entries"] if e["prize"])
    assert [p for p, _ in places][:1] == [1]
    assert sum(int(prize.replace(".", "")) for _, prize in places) == 350000
    moves = ok(admin.get(url + "/seat-moves"))
    reasons = [m["reason"] for m in moves]
    assert reasons.count("initial draw") == 30
    assert {r for r in reasons if r.startswith("table ")} == {"table 3 broken", "table 2 broken"}
    assert reasons.count("final table redraw") == 9
    refused(
        admin.post(url + "/buys", {"kind": "entry", "player_name": "Late", "tendered": "100.00"}),
        409,
        "tournament_finished",
    )


def test_tournament_report_accounts_for_the_pool_every_prize_the_deck_log_and_the_staff(
    admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(admin, session)
    for n in range(1, 11):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    ok(admin.post(url + "/decks", {"table": 1, "event": "new_set", "backs": ["red", "blue"]}), 201)
    ok(admin.post(url + "/decks", {"table": 1, "event": "count", "complete": False}), 201)
    for hand, number in enumerate(range(10, 1, -1), start=1):
        ok(
            admin.post(
                url + "/eliminations", {"hand": hand, "busts": [{"entry_number": number, "starting_stack": 500}]}
            )
        )
    clock.advance(hours=3, minutes=14)
    ok(admin.post(url + "/payouts", {"entry_number": 1}), 201)
    report = ok(admin.get(url + "/report"))
    assert report["totals"] == {"pool": 100000, "prizes": 100000, "entry_fees": 100000}
    places = next(t for t in report["tables"] if t["name"] == "places")["rows"]
    assert places[:4] == [
        ["1", "1", "Player 1", "$500.00", "$500.00 at 21:14 by Test User"],
        ["2", "2", "Player 2", "$300.00", "NOT PAID"],
        ["3", "3", "Player 3", "$200.00", "NOT PAID"],
        ["4", "4", "Player 4", "", ""],
    ]
    text = " ".join(
        pdfium.PdfDocument(admin.client.get(url + "/report.pdf").data)[0].get_textpage().get_text_range().split()
    )
    assert "Prize pool $1,000.00" in text and "Winter Classic" in text
    decks = next(t for t in report["tables"] if t["name"] == "deck_log")["rows"]
    assert [row[:4] for row in decks] == [["1", "new set", "red, blue", "yes"], ["1", "count", "", "NO"]]
    people = next(t for t in report["tables"] if t["name"] == "staff")["rows"]
    assert [(row[0], row[2].startswith("NLH-")) for row in people] == [("tournament director", True)]


def test_1804_b6_b8_deck_log_refuses_matching_backs_and_reminds_counts_and_changes(
    admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(admin, session)
    for n in range(1, 5):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    ok(admin.post(url + "/start", {"seats_per_table": 9}))
    assert [d["what"] for d in ok(admin.get(url + "/deck-reminders"))] == ["no decks logged"]
    refused(
        admin.post(url + "/decks", {"table": 1, "event": "new_set", "backs": ["red", "Red"]}),
        422,
        "decks_must_differ",
        "28 Del. C. §1804 B(6)",
        "backs",
    )
    refused(admin.post(url + "/decks", {"table": 4, "event": "count"}), 409, "not_a_table")
    ok(admin.post(url + "/decks", {"table": 1, "event": "new_set", "backs": ["red", "blue"]}), 201)
    assert ok(admin.get(url + "/deck-reminders")) == []
    clock.advance(minutes=60)
    due = ok(admin.get(url + "/deck-reminders"))
    assert [(d["what"], d["rule"]) for d in due] == [("count the deck", "28 Del. C. §1804 B(8)")]
    ok(admin.post(url + "/decks", {"table": 1, "event": "count"}), 201)
    clock.advance(minutes=60)
    assert [d["what"] for d in ok(admin.get(url + "/deck-reminders"))] == ["count the deck", "change the deck"]


def printed(session: Session, job_id: int) -> Receipt:
    with session.info["database"].readers() as reader:
        job = reader.get(PrintJob, job_id)
        assert job is not None
        return Receipt.from_json(json.loads(job.document))


def test_prizes_paid_once_after_the_end_with_slips_and_the_poker_w2g_rule(
    admin: Api, session: Session, clock: Clock
) -> None:
    _, url = delaware_tournament(
        admin,
        session,
        entry_fee="1000.00",
        rebuy={"allowed": False},
        prizes=[
            {"place": 1, "description": "70% of the pool", "percent_bp": 7000},
            {"place": 2, "description": "30% of the pool", "percent_bp": 3000},
        ],
    )
    first = ok(admin.post(url + "/buys", {"kind": "entry", "player_name": "Player 1", "tendered": "1000.00"}), 201)
    assert ("Seat drawn at the start", "") in printed(session, first["print_jobs"][0]["id"]).lines
    for n in range(2, 11):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "1000.00"}), 201)
    ok(admin.post(url + "/start", {"seats_per_table": 10}))
    refused(
        admin.post(url + "/payouts", {"entry_number": 1}), 409, "tournament_not_finished", "28 Del. C. §1804 B(3)-(4)"
    )
    for hand, number in enumerate(range(10, 1, -1), start=1):
        ok(
            admin.post(
                url + "/eliminations", {"hand": hand, "busts": [{"entry_number": number, "starting_stack": 100}]}
            )
        )
    refused(admin.post(url + "/payouts", {"entry_number": 1}), 422, "w2g_identification_required", "IRS Form W-2G")
    identified = {"winner_name": "Ann Lee", "winner_address": "1 Main St, Dover DE", "winner_id": "DE licence 4567"}
    winner = ok(admin.post(url + "/payouts", {"entry_number": 1, **identified}), 201)
    assert winner["entry"]["prize"] == "7000.00" and winner["w2g_required"] is True
    slip = printed(session, winner["print_jobs"][0]["id"])
    assert ("Prize", "$7,000.00") in slip.totals and any("W-2G" in line for line in slip.footer)
    second = ok(admin.post(url + "/payouts", {"entry_number": 2}), 201)
    assert second["entry"]["prize"] == "3000.00" and second["w2g_required"] is False
    refused(admin.post(url + "/payouts", {"entry_number": 1}), 409, "already_paid")
    refused(admin.post(url + "/payouts", {"entry_number": 7}), 409, "no_prize")


def test_pari_1207_03_d4_a_second_250_game_the_same_day_is_refused(admin: Api, session: Session, clock: Clock) -> None:
    org = make_org(session)
    special = {
        **DE_SETUP,
        "jurisdiction": "nh",
        "entry_fee": "50.00",
        "special_game": True,
        "rebuy": {"allowed": False},
        "prizes": [{"place": 1, "description": "$100", "fixed": "100.00"}],
    }
    url = f"/api/v1/organizations/{org.id}/tournaments"
    ok(admin.post(url, special), 201)
    refused(
        admin.post(url, {**special, "name": "Late game"}),
        422,
        "one_special_game",
        "N.H. Admin. Code Pari 1207.03(d)(4)",
    )
    ok(admin.post(url, {**special, "name": "Tomorrow", "starts_on": "2026-12-06"}), 201)


def test_1804_the_tournament_director_works_the_desk_till_but_never_a_bingo_till(
    admin: Api, session: Session, clock: Clock
) -> None:
    """The director opens the desk's till (poker's API), reads it and closes it (the tills' API); a bingo
    cashier's till of the same organization is refused to the director (403)."""
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    bingo_till = ok(admin.post(f"/api/v1/occasions/{occasion['id']}/tills", {"opening_bank": "50.00"}), 201)
    licence = ok(
        admin.post(
            "/api/v1/poker-occasion-licenses",
            {
                "number": "P-td",
                "occasion_date": "2026-12-05",
                "fee": "250.00",
                "sponsor_organization_ids": [hall.org.id],
            },
        ),
        201,
    )
    licence_id = licence["id"]
    tournament = ok(
        admin.post(f"/api/v1/organizations/{hall.org.id}/tournaments", {**DE_SETUP, "license_id": licence_id}), 201
    )
    make_user(session, [Role.TOURNAMENT_DIRECTOR], member=make_member(session, hall.org, name="Dana Td"), username="td")
    director = staff(admin, "td")
    till = open_desk(director, f"/api/v1/tournaments/{tournament['id']}")
    assert ok(director.get(f"/api/v1/tills/{till['id']}"))["in_drawer"] == "200.00"
    closed = ok(director.post(f"/api/v1/tills/{till['id']}/close", {"counts": {"100.00": 2}}))
    assert closed["over_short"] == "0.00"
    refused(director.get(f"/api/v1/tills/{bingo_till['id']}"), 403, "forbidden", field="till_id")
    refused(director.post(f"/api/v1/tills/{bingo_till['id']}/close", {"counts": {}}), 403, "forbidden")


def test_1801_32_1801_8_delaware_blinds_refused_naming_the_level_field(
    admin: Api, session: Session, clock: Clock
) -> None:
    org_id, licence_id = licensed(admin, session)
    url = f"/api/v1/organizations/{org_id}/tournaments"
    levels = DE_SETUP["levels"]
    before = audit_count(session)
    uneven = {
        **DE_SETUP,
        "license_id": licence_id,
        "levels": [*levels, {"small_blind": 150, "big_blind": 400, "minutes": 20}],
    }
    refused(admin.post(url, uneven), 422, "small_blind_not_half", "28 Del. C. §1801(32)", "levels.4.small_blind")
    ante = {
        **DE_SETUP,
        "license_id": licence_id,
        "levels": [*levels, {"small_blind": 200, "big_blind": 400, "ante": 500, "minutes": 20}],
    }
    refused(admin.post(url, ante), 422, "ante_over_big_blind", "28 Del. C. §1801(8)", "levels.4.ante")
    assert audit_count(session) == before


def test_pari_1207_03_b_an_nh_entry_needs_the_desks_18_or_older_confirmation(
    admin: Api, session: Session, clock: Clock
) -> None:
    org = make_org(session)
    nh = {**DE_SETUP, "jurisdiction": "nh", "entry_fee": "50.00", "rebuy": {"allowed": False}, "min_players": 10}
    nh["prizes"] = [{"place": 1, "description": "$300", "fixed": "300.00"}]
    tournament = ok(admin.post(f"/api/v1/organizations/{org.id}/tournaments", nh), 201)
    url = f"/api/v1/tournaments/{tournament['id']}"
    open_desk(admin, url)
    before = audit_count(session)
    body = {"kind": "entry", "player_name": "Sam Young", "tendered": "50.00"}
    refused(
        admin.post(url + "/buys", body), 422, "age_not_confirmed", "N.H. Admin. Code Pari 1207.03(b)", "age_confirmed"
    )
    refused(admin.post(url + "/buys", {**body, "age_confirmed": False}), 422, "age_not_confirmed")
    assert audit_count(session) == before and ok(admin.get(url))["entries"] == []
    entry = ok(admin.post(url + "/buys", {**body, "age_confirmed": True}), 201)["entry"]
    assert entry["age_confirmed_by"]
    session.rollback()
    logged = session.scalars(select(AuditEntry.details).where(AuditEntry.action == "tournament.entry")).all()
    assert json.loads(logged[-1])["age_confirmed_by"] == entry["age_confirmed_by"]


def test_pari_1207_03_b_no_age_confirmation_is_asked_in_delaware(admin: Api, session: Session, clock: Clock) -> None:
    _, url = delaware_tournament(admin, session)
    entry = ok(admin.post(url + "/buys", {"kind": "entry", "player_name": "Pat Doe", "tendered": "100.00"}), 201)
    assert entry["entry"]["age_confirmed_by"] is None
