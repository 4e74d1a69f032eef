"""A whole occasion played through the API, from ball verification to close (10 DE Admin Code
101-4.0), with the refusals the rules require on the way."""

from __future__ import annotations

from sqlalchemy.orm import Session

from bingo.rules.faces import export_series
from bingo.rules.patterns import STANDARD, PatternKind
from shared.hall.rules.people import MemberStatus
from tests.support.bingo_factories import SERIES_SIZE, make_hall, series_faces, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_member
from tests.support.occasions import pay_every_winner, setup_occasion, started
from tests.support.replies import ok, refused


def test_4_0_whole_occasion_from_ball_check_to_close(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    any_row = STANDARD[PatternKind.ANY_ROW]
    script = split_script(any_row, winners=3)
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "350.00"},
            {"pattern": {"kind": "four_corners"}, "prize": "100.00", "ball_mode": "electronic"},
            {
                "pattern": {"kind": "blackout"},
                "prize": "150.00",
                "alternate_within_calls": 52,
                "alternate_prize": "350.00",
            },
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")

    refused(caller.post(occ + "/games/1/start", {}), 409, "balls_not_verified", "10 DE Admin Code 101-4.25")
    clock.now = clock.now.replace(hour=11, minute=30)
    refused(
        caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}),
        409,
        "before_noon",
        "10 DE Admin Code 101-4.2",
    )
    clock.now = clock.now.replace(hour=18, minute=0)
    started = ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id, hall.mic.id]}))
    assert started["status"] == "running"
    refused(caller.post(occ + "/games/1/start", {}), 409, "jar_number_not_drawn", "10 DE Admin Code 101-4.31.6")
    jar = ok(caller.post(occ + "/cookie-jar-number", {"ball": 44}))
    assert jar["cookie_jar_label"] == "N-44"
    refused(caller.post(occ + "/cookie-jar-number", {"ball": 45}), 409, "jar_number_drawn")
    refused(caller.post(occ + "/games/2/start", {}), 409, "out_of_order")

    game = ok(caller.post(occ + "/games/1/start", {}))
    assert game["status"] == "in_play" and "Any row" in game["announcement"] and "$350.00" in game["announcement"]

    mis_keyed_at = 3
    for position, ball in enumerate(script.calls, start=1):
        clock.advance(seconds=20)
        if position == mis_keyed_at:
            wrong = next(b for b in range(1, 76) if b not in script.calls)
            ok(caller.post(occ + "/games/1/calls", {"ball": wrong}), 201)
            refused(
                caller.post(occ + "/games/1/calls/last/correction", {"ball": ball, "reason": " "}),
                422,
                "reason_required",
            )
            fixed = ok(caller.post(occ + "/games/1/calls/last/correction", {"ball": ball, "reason": "keyed 7 for 1"}))
            assert fixed["calls"][-1]["ball"] == ball
            continue
        if position == 2:
            refused(
                caller.post(occ + "/games/1/calls", {"ball": script.calls[0]}),
                409,
                "already_called",
                "10 DE Admin Code 101-4.12",
            )
            refused(caller.post(occ + "/games/1/calls", {"ball": 76}), 422, "no_such_ball", "10 DE Admin Code 101-4.12")
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)

    witnessed = ok(caller.post(occ + "/games/1/verification-requests", {"witness_member_id": hall.mic.id}), 201)
    assert witnessed["witness_role"] == "member_in_charge" and len(witnessed["drawn"]) == script.on_call
    assert len(witnessed["remaining"]) == 75 - script.on_call
    refused(
        caller.post(occ + "/games/1/verification-requests", {"witness_member_id": hall.officer.id}),
        409,
        "member_in_charge_witness_required",
        "10 DE Admin Code 101-4.16",
    )

    sleeper = ok(verifier.post(occ + "/games/1/claims", {"face_number": script.early[0]}), 201)
    assert sleeper["verdict"] == "sleeper" and not sleeper["valid"] and sleeper["completed_on_call"] < script.on_call
    before = audit_count(session)
    refused(
        verifier.post(occ + "/games/1/claims", {"face_number": SERIES_SIZE + 1}),
        404,
        "face_not_in_series",
        "10 DE Admin Code 101-4.27",
        "face_number",
    )
    refused(verifier.post(occ + "/games/1/claims", {"face_number": "12"}), 422, "invalid_input", field="face_number")
    assert audit_count(session) == before
    for face in script.winners:
        claim = ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
        assert claim["valid"] and claim["completed_on_call"] == script.on_call
        assert sum(square["winning"] for row in claim["grid"] for square in row) >= 5
    refused(
        caller.post(occ + "/games/1/calls", {"ball": next(b for b in range(1, 76) if b not in script.calls)}),
        409,
        "bingo_on_the_board",
    )
    refused(caller.post(occ + "/games/1/calls/last/correction", {"ball": 1, "reason": "late"}), 409, "claims_verified")

    closed = ok(caller.post(occ + "/games/1/close"))
    assert closed["closing_announcement"] == "Game 1: 3 winners: $116.67, $116.67, $116.66"
    assert sorted(c["share"] for c in closed["claims"] if c["valid"]) == ["116.66", "116.67", "116.67"]
    refused(verifier.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 409, "game_closed")

    ok(caller.post(occ + "/games/2/start", {}))
    refused(caller.post(occ + "/games/2/calls", {"ball": 5}), 422, "electronic_game")
    faces = {f.number: f for f in series_faces()}
    corners = STANDARD[PatternKind.FOUR_CORNERS]
    winner = None
    while winner is None:
        clock.advance(seconds=15)
        calls = [c["ball"] for c in ok(caller.post(occ + "/games/2/calls", {}), 201)["calls"]]
        done = [
            n
            for n, f in faces.items()
            if corners.is_complete(f.covered(calls)) and not corners.is_complete(f.covered(calls[:-1]))
        ]
        winner = done[0] if done else None
    ok(verifier.post(occ + "/games/2/claims", {"face_number": winner}), 201)
    assert ok(caller.post(occ + "/games/2/close"))["closing_announcement"].startswith("Game 2: 1 winner: $100.00")

    mic = staff(admin, f"mic{hall.org.id}")
    refusal = refused(mic.post(occ + "/close"), 409, "closeout_incomplete", "10 DE Admin Code 101-4.10")
    assert refusal["message"].count("unpaid:") == 4 and f"game 2, face {winner}: $100.00" in refusal["message"]
    pay_every_winner(admin, occ)
    final = ok(mic.post(occ + "/close"))
    assert final["status"] == "closed" and [g["status"] for g in final["games"]] == ["closed", "closed", "pending"]
    refused(caller.post(occ + "/games/3/start", {}), 409, "occasion_closed")


def test_4_6_over_limit_program_is_refused(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    url = f"/api/v1/organizations/{hall.org.id}/programs"
    games = [{"pattern": {"kind": "any_row"}, "prize": "300.00"} for _ in range(11)]
    refused(
        admin.post(url, {"name": "Too rich", "games": games}),
        422,
        "occasion_prizes_over_limit",
        "10 DE Admin Code 101-4.6",
    )
    refused(
        admin.post(
            url,
            {
                "name": "Big",
                "games": [
                    {
                        "pattern": {"kind": "blackout"},
                        "prize": "150.00",
                        "alternate_within_calls": 50,
                        "alternate_prize": "400.00",
                    }
                ],
            },
        ),
        422,
        "game_prize_over_limit",
        "10 DE Admin Code 101-4.6",
    )
    refused(
        admin.post(url, {"name": "Long", "games": [{"pattern": {"kind": "any_row"}, "prize": "10.00"}] * 41}),
        422,
        "too_many_games",
        "10 DE Admin Code 101-4.17",
    )
    refused(
        admin.post(
            url,
            {
                "name": "Odd",
                "games": [{"pattern": {"kind": "arrangement", "name": "One", "lines": ["row1"]}, "prize": "10.00"}],
            },
        ),
        422,
        "pattern_not_permitted",
        "10 DE Admin Code 101-4.14",
    )
    refused(
        admin.post(
            url,
            {"name": "Jar", "games": [{"kind": "cookie_jar_final", "pattern": {"kind": "blackout"}, "prize": "1.00"}]},
        ),
        422,
        "jar_game_not_designated",
        "10 DE Admin Code 101-4.31.6",
    )
    assert ok(admin.get(url)) == []


def test_4_7_second_organization_at_the_same_premises_on_the_same_day_is_refused(admin: Api, session: Session) -> None:
    first, second = make_hall(session), make_hall(session)
    setup_occasion(admin, first, [{"pattern": {"kind": "any_row"}, "prize": "50.00"}])
    org = second.org.id
    series = ok(admin.post(f"/api/v1/organizations/{org}/series/generate", {"name": "s", "count": 10, "seed": 1}), 201)
    program = ok(
        admin.post(
            f"/api/v1/organizations/{org}/programs",
            {"name": "p", "games": [{"pattern": {"kind": "any_row"}, "prize": "50.00"}]},
        ),
        201,
    )
    body = {
        "premises_id": first.premises.id,
        "program_id": program["id"],
        "series_id": series["id"],
        "occasion_date": "2026-12-05",
        "start_time": "18:00",
        "member_in_charge_id": second.mic.id,
    }
    refused(
        admin.post(f"/api/v1/organizations/{org}/occasions", body),
        409,
        "premises_taken",
        "10 DE Admin Code 101-4.7",
        "premises_id",
    )
    ok(admin.post(f"/api/v1/organizations/{org}/occasions", {**body, "premises_id": second.premises.id}), 201)


def test_4_4_occasion_needs_a_licence_in_force(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    org = hall.org.id
    series = ok(admin.post(f"/api/v1/organizations/{org}/series/generate", {"name": "s", "count": 10, "seed": 1}), 201)
    program = ok(
        admin.post(
            f"/api/v1/organizations/{org}/programs",
            {"name": "p", "games": [{"pattern": {"kind": "any_row"}, "prize": "50.00"}]},
        ),
        201,
    )
    refused(
        admin.post(
            f"/api/v1/organizations/{org}/occasions",
            {
                "premises_id": hall.premises.id,
                "program_id": program["id"],
                "series_id": series["id"],
                "occasion_date": "2027-01-09",
                "start_time": "18:00",
                "member_in_charge_id": hall.mic.id,
            },
        ),
        409,
        "no_license",
        "10 DE Admin Code 101-4.4",
    )


def test_4_23_occasion_refuses_an_unqualified_worker(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    lapsed = make_member(session, hall.org, status=MemberStatus.INACTIVE)
    org = hall.org.id
    series = ok(admin.post(f"/api/v1/organizations/{org}/series/generate", {"name": "s", "count": 10, "seed": 1}), 201)
    program = ok(
        admin.post(
            f"/api/v1/organizations/{org}/programs",
            {"name": "p", "games": [{"pattern": {"kind": "any_row"}, "prize": "50.00"}]},
        ),
        201,
    )
    refused(
        admin.post(
            f"/api/v1/organizations/{org}/occasions",
            {
                "premises_id": hall.premises.id,
                "program_id": program["id"],
                "series_id": series["id"],
                "occasion_date": "2026-12-05",
                "start_time": "18:00",
                "member_in_charge_id": hall.mic.id,
                "workers": [{"member_id": lapsed.id, "role": "caller"}],
            },
        ),
        422,
        "not_active_member",
        "10 DE Admin Code 101-4.23",
    )


def test_series_import_reports_bad_lines_and_export_round_trips(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    url = f"/api/v1/organizations/{hall.org.id}/series/import"
    good = export_series(series_faces()[:20])
    bad = good + "99,16,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73\n"
    body = refused(
        admin.post(url, {"name": "Bad perm", "csv": bad}), 422, "bad_series_file", "10 DE Admin Code 101-4.12", "csv"
    )
    assert "line 22: 16 is outside column B (1-15)" in body["message"]
    created = ok(admin.post(url, {"name": "Good perm", "csv": good}), 201)
    assert created["face_count"] == 20
    exported = admin.get(f"/api/v1/series/{created['id']}/export.csv")
    assert exported.status_code == 200 and exported.get_data(as_text=True) == good
    face = ok(admin.get(f"/api/v1/series/{created['id']}/faces/7"))
    assert face["columns"][2][2] is None
    refused(admin.get(f"/api/v1/series/{created['id']}/faces/21"), 404, "face_not_in_series")


def test_4_15_odds_advisor_through_the_api(admin: Api) -> None:
    body = ok(admin.post("/api/v1/odds", {"pattern": {"kind": "blackout"}, "calls": 52}))
    assert body["chance_exact"] != "0" and len(body["by_calls"]) == 76 and round(body["expected_calls"], 2) == 72.96
    estimate = ok(
        admin.post(
            "/api/v1/odds/simulate",
            {"pattern": {"kind": "any_row"}, "faces": 50, "calls": 10, "trials": 100, "seed": 1},
        )
    )
    assert 0 <= estimate["chance"] <= 1 and "Monte Carlo" in estimate["method"]
    preview = ok(
        admin.post(
            "/api/v1/patterns/preview",
            {"kind": "shape", "name": "Stamp", "rows": ["XX...", "XX...", ".....", ".....", "....."], "anywhere": True},
        )
    )
    assert preview["alternatives"] == 16 and preview["rule"] == "10 DE Admin Code 101-4.14.9"
    assert len(ok(admin.get("/api/v1/patterns"))) == len(STANDARD)


def test_double_tap_on_draw_calls_one_ball(admin: Api, session: Session, clock: Clock, seeded: object) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(
        admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00", "ball_mode": "electronic"}]
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {}))
    ok(caller.post(occ + "/games/1/start", {}))
    tap = {"Idempotency-Key": "draw-tap-0001"}
    first = ok(caller.post(occ + "/games/1/calls", {}, headers=tap), 201)
    again = ok(caller.post(occ + "/games/1/calls", {}, headers=tap), 201)
    assert first == again and len(again["calls"]) == 1
    assert (
        len(ok(caller.post(occ + "/games/1/calls", {}, headers={"Idempotency-Key": "draw-tap-0002"}), 201)["calls"])
        == 2
    )
    refused(caller.post(occ + "/games/1/close", headers=tap), 409, "idempotency_key_reused")
    refused(caller.post(occ + "/games/1/calls", {}, headers={"Idempotency-Key": "x"}), 400, "bad_idempotency_key")


def test_refused_request_leaves_its_key_free_for_the_retry(admin: Api, session: Session, clock: Clock) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    key = {"Idempotency-Key": "ball-check-01"}
    clock.now = clock.now.replace(hour=11)
    refused(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}, headers=key), 409, "before_noon")
    clock.now = clock.now.replace(hour=12)
    assert ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}, headers=key))["status"] == "running"


def test_busy_night_call_lists_valid_and_latest_claims_not_every_claim(
    admin: Api, session: Session, clock: Clock
) -> None:
    """Regression (issue 10's load test): with hundreds of claims verified, each call answered with
    every claim and its grid, and the caller slowed as the night went on. The game now lists every
    valid claim and the latest fifty others, with the total; the winners are still all there."""
    hall = make_hall(session)
    occasion, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "150.00"}], 75)
    for ball in (3, 17, 33, 48, 62):
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    for face in range(1, 121):
        ok(caller.post(occ + "/games/1/claims", {"face_number": face}), 201)
    game = ok(caller.post(occ + "/games/1/calls", {"ball": 70}), 201)
    assert game["claims_total"] == 120 and len(game["claims"]) == 50
    assert [c["face_number"] for c in game["claims"]] == list(range(71, 121))
    assert ok(caller.get(occ))["games"][0]["claims_total"] == 120
