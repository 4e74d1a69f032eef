"""What the bingo licence specifies (10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6) through the API: the
alternate prizes by calls, the prizes by attendance and the U Pick Em games of Addendum A are recorded on
each licence term, and an occasion offering what its day's term does not list is refused when it is
scheduled and again when its balls are verified. The measured failure: a licence held a number and dates,
and a program could use what the licence never listed."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import BallCheck, Occasion
from shared.hall.models import BingoLicense
from shared.hall.rules.addendum import LicenceContents, LicensedAlternate, LicensedAttendancePrize, LicensedUPickGame
from shared.platform.audit import AuditEntry
from shared.reports.csv_cells import BOM
from tests.support.bingo_factories import SERIES_SEED, SERIES_SIZE, Hall, make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count, make_org
from tests.support.occasions import setup_occasion
from tests.support.replies import ok, refused

ALTERNATE = {
    "pattern": {"kind": "blackout"},
    "prize": "150.00",
    "alternate_within_calls": 52,
    "alternate_prize": "350.00",
}
TIERED = {
    "pattern": {"kind": "any_row"},
    "prize": "100.00",
    "attendance_tiers": [{"min_attendance": 150, "prize": "250.00"}],
}
UPICK = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 8, "face_price": "1.00"}
LISTED = LicenceContents(
    alternates=(LicensedAlternate(52, 35_000),),
    attendance_prizes=(LicensedAttendancePrize(150, 25_000),),
    upick_games=(LicensedUPickGame(8, 10_000),),
)
NOTHING = {"alternates": [], "attendance_prizes": [], "upick_games": []}


def schedule(admin: Api, hall: Hall, games: list[dict[str, Any]]) -> Any:
    """The scheduling reply for an occasion on 2026-12-05 playing `games` (the program is saved first)."""
    org = hall.org.id
    series = ok(
        admin.post(
            f"/api/v1/organizations/{org}/series/generate", {"name": "Perm", "count": SERIES_SIZE, "seed": SERIES_SEED}
        ),
        201,
    )
    program = ok(admin.post(f"/api/v1/organizations/{org}/programs", {"name": "Night", "games": games}), 201)
    body = {
        "premises_id": hall.premises.id,
        "program_id": program["id"],
        "series_id": series["id"],
        "occasion_date": "2026-12-05",
        "start_time": "18:00",
        "member_in_charge_id": hall.mic.id,
    }
    return admin.post(f"/api/v1/organizations/{org}/occasions", body)


def term_id(session: Session, hall: Hall) -> int:
    with session.info["database"].readers() as reader:
        return int(reader.scalars(select(BingoLicense.id).where(BingoLicense.organization_id == hall.org.id)).one())


def occasions_of(session: Session, hall: Hall) -> int:
    with session.info["database"].readers() as reader:
        return len(list(reader.scalars(select(Occasion.id).where(Occasion.organization_id == hall.org.id))))


def test_4_15_an_alternate_prize_the_licence_does_not_specify_is_refused_at_scheduling(
    admin: Api, session: Session
) -> None:
    hall = make_hall(session, licensed=LicenceContents())
    body = refused(
        schedule(admin, hall, [ALTERNATE]),
        409,
        "alternate_not_licensed",
        "10 DE Admin Code 101-4.15",
        "games.1.alternate_prize",
    )
    assert f"licence B-{hall.org.id}" in body["message"] and "$350.00 within 52 calls" in body["message"]
    assert occasions_of(session, hall) == 0


def test_4_15_an_alternate_with_other_calls_or_another_amount_is_not_the_one_licensed(
    admin: Api, session: Session
) -> None:
    hall = make_hall(session, licensed=LISTED)
    for other in ({"alternate_within_calls": 50}, {"alternate_prize": "300.00"}):
        refused(
            schedule(admin, hall, [{**ALTERNATE, **other}]),
            409,
            "alternate_not_licensed",
            field="games.1.alternate_prize",
        )
    ok(schedule(admin, hall, [ALTERNATE]), 201)


def test_4_18_a_prize_by_attendance_the_licence_does_not_specify_is_refused_at_scheduling(
    admin: Api, session: Session
) -> None:
    hall = make_hall(session, licensed=LicenceContents(attendance_prizes=(LicensedAttendancePrize(150, 20_000),)))
    refused(
        schedule(admin, hall, [TIERED]),
        409,
        "attendance_prize_not_licensed",
        "10 DE Admin Code 101-4.18",
        "games.1.attendance_tiers.1",
    )
    assert occasions_of(session, hall) == 0


def test_4_30_1_6_a_u_pick_em_game_not_on_addendum_a_is_refused(admin: Api, session: Session) -> None:
    hall = make_hall(session, licensed=LISTED)
    rule = "10 DE Admin Code 101-4.30.1.6"
    refused(
        schedule(admin, hall, [{**UPICK, "pick_count": 6}]), 409, "upick_not_on_addendum_a", rule, "games.1.pick_count"
    )
    body = refused(
        schedule(admin, hall, [{**UPICK, "prize": "50.00"}]), 409, "upick_not_on_addendum_a", rule, "games.1.prize"
    )
    assert "pick 8, paying $100.00" in body["message"]
    ok(schedule(admin, hall, [ALTERNATE, TIERED, UPICK]), 201)


def test_4_30_1_6_a_licence_amended_after_scheduling_is_checked_again_at_the_ball_check(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session, licensed=LISTED)
    occasion = setup_occasion(admin, hall, [ALTERNATE, UPICK])
    url = f"/api/v1/organizations/{hall.org.id}/bingo-licenses/{term_id(session, hall)}/contents"
    ok(admin.put(url, {**NOTHING, "alternates": [{"within_calls": 52, "prize": "350.00"}]}))
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    refused(
        caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}),
        409,
        "upick_not_on_addendum_a",
        "10 DE Admin Code 101-4.30.1.6",
        "games.2.pick_count",
    )
    assert ok(admin.get(occ))["status"] == "scheduled"
    with session.info["database"].readers() as reader:
        assert reader.scalar(select(BallCheck.id).where(BallCheck.occasion_id == occasion["id"])) is None
    ok(
        admin.put(
            url,
            {
                **NOTHING,
                "alternates": [{"within_calls": 52, "prize": "350.00"}],
                "upick_games": [{"pick_count": 8, "payout": "100.00"}],
            },
        )
    )
    assert ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))["status"] == "running"


def test_4_15_4_18_4_30_1_6_a_licence_term_records_what_it_specifies(admin: Api, session: Session) -> None:
    org = make_org(session)
    url = f"/api/v1/organizations/{org.id}/bingo-licenses"
    term = {"number": "B-9", "valid_from": "2026-01-01", "valid_to": "2026-12-31"}
    lists = {
        "alternates": [{"within_calls": 52, "prize": "350.00"}, {"within_calls": 48, "prize": "300.00"}],
        "attendance_prizes": [{"min_attendance": 150, "prize": "250.00"}],
        "upick_games": [{"pick_count": 8, "payout": "100.00"}],
    }
    made = ok(admin.post(url, {**term, **lists}), 201)
    assert made["alternates"] == [{"within_calls": 48, "prize": "300.00"}, {"within_calls": 52, "prize": "350.00"}]
    assert made["attendance_prizes"] == lists["attendance_prizes"] and made["upick_games"] == lists["upick_games"]
    assert ok(admin.get(url))[0]["upick_games"] == [{"pick_count": 8, "payout": "100.00"}]
    before = audit_count(session)
    twice = {**NOTHING, "upick_games": [{"pick_count": 8, "payout": "100.00"}] * 2}
    refused(
        admin.put(f"{url}/{made['id']}/contents", twice),
        422,
        "listed_twice",
        "10 DE Admin Code 101-4.30.1.6",
        "upick_games.2",
    )
    refused(admin.put(f"{url}/{made['id']}/contents", {"alternates": []}), 422, "invalid_input", field="upick_games")
    refused(
        admin.put(f"{url}/{made['id']}/contents", {**NOTHING, "alternates": [{"within_calls": 76, "prize": "1.00"}]}),
        422,
        "invalid_input",
    )
    assert audit_count(session) == before
    amended = ok(
        admin.put(f"{url}/{made['id']}/contents", {**NOTHING, "upick_games": [{"pick_count": 4, "payout": "50.00"}]})
    )
    assert amended["alternates"] == [] and amended["upick_games"] == [{"pick_count": 4, "payout": "50.00"}]
    with session.info["database"].readers() as reader:
        entry = reader.scalars(select(AuditEntry).order_by(AuditEntry.id.desc()).limit(1)).one()
        assert entry.action == "bingo_license.contents" and "pick 8, paying $100.00" in entry.details


def test_4_15_another_organizations_licence_term_cannot_be_amended(admin: Api, session: Session) -> None:
    a, b = make_hall(session), make_hall(session)
    term = term_id(session, a)
    officer_b = staff(admin, f"officer{b.org.id}")
    refused(
        officer_b.put(f"/api/v1/organizations/{b.org.id}/bingo-licenses/{term}/contents", NOTHING),
        404,
        "not_found",
        field="license_id",
    )
    refused(
        officer_b.put(f"/api/v1/organizations/{a.org.id}/bingo-licenses/{term}/contents", NOTHING), 403, "forbidden"
    )
    with session.info["database"].readers() as reader:
        assert len(reader.scalars(select(BingoLicense).where(BingoLicense.id == term)).one().upick_games) == 8


def test_4_30_1_6_a_program_todays_licence_does_not_list_is_saved_with_a_warning(admin: Api, session: Session) -> None:
    """A program is not dated (it may be written for a licence not yet issued), so saving it is a warning
    against today's term; the occasion that plays it is what the licence refuses."""
    hall = make_hall(session, licensed=LISTED)
    url = f"/api/v1/organizations/{hall.org.id}/programs"
    saved = ok(admin.post(url, {"name": "Pick six", "games": [ALTERNATE, {**UPICK, "pick_count": 6}]}), 201)
    assert [(w["field"], w["rule"]) for w in saved["licence_warnings"]] == [
        ("games.2.pick_count", "10 DE Admin Code 101-4.30.1.6")
    ]
    listed = {p["name"]: p for p in ok(admin.get(url))}
    assert listed["Pick six"]["licence_warnings"] == saved["licence_warnings"]
    assert ok(admin.post(url, {"name": "Licensed", "games": [ALTERNATE, UPICK]}), 201)["licence_warnings"] == []
    page = admin.client.get(f"/bingo/office/organizations/{hall.org.id}/programs/{saved['id']}").get_data(as_text=True)
    assert "licence-warnings" in page and "pick 6, paying $100.00" in page


def test_4_30_1_6_the_licence_is_exported_with_what_each_term_specifies(admin: Api, session: Session) -> None:
    hall = make_hall(session, licensed=LISTED)
    base = f"/api/v1/organizations/{hall.org.id}"
    contents = admin.client.get(base + "/bingo-licence/contents.csv")
    assert contents.status_code == 200 and contents.mimetype == "text/csv"
    lines = contents.get_data(as_text=True).removeprefix(BOM).splitlines()
    assert lines[0] == "Licence,Valid from,Valid to,Kind,Condition,Amount,Rule"
    assert (
        f"B-{hall.org.id},2026-01-01,2026-12-31,U Pick Em (Addendum A),8 numbers picked,100.00,"
        "10 DE Admin Code 101-4.30.1.6" in lines
    )
    assert any("within 52 calls,350.00,10 DE Admin Code 101-4.15" in line for line in lines)
    assert any("150 or more present,250.00,10 DE Admin Code 101-4.18" in line for line in lines)
    terms = admin.client.get(base + "/bingo-licence/terms.csv").get_data(as_text=True).splitlines()
    assert terms[1] == f"B-{hall.org.id},2026-01-01,2026-12-31,1,1,1"
    paper = admin.client.get(base + "/bingo-licence.pdf")
    assert paper.status_code == 200 and paper.data.startswith(b"%PDF")
    refused(admin.get(base + "/bingo-licence/nothing.csv"), 404, "not_found", field="table")


def test_4_15_the_office_screen_adds_and_removes_what_a_term_specifies(admin: Api, session: Session) -> None:
    hall = make_hall(session, licensed=LicenceContents())
    term = term_id(session, hall)
    page = f"/office/organizations/{hall.org.id}/licenses"
    form = f"{page}/bingo-terms/{term}"
    shown = admin.client.get(page).get_data(as_text=True)
    assert f'id="term-{term}"' in shown and "U Pick Em games (Addendum A)" in shown
    added = admin.client.post(
        form + "/alternates", data={"within_calls": "52", "prize": "350.00", "term": term, "csrf_token": admin.token}
    )
    assert added.status_code == 302
    again = admin.client.post(
        form + "/alternates", data={"within_calls": "52", "prize": "350.00", "term": term, "csrf_token": admin.token}
    )
    assert again.status_code == 422 and "The licence already lists this." in again.get_data(as_text=True)
    bad = admin.client.post(
        form + "/upick_games",
        data={
            "pick_count": "30",
            "payout": "100.00",
            "term": term,
            "kind_list": "upick_games",
            "csrf_token": admin.token,
        },
    )
    assert bad.status_code == 422
    listed = ok(admin.get(f"/api/v1/organizations/{hall.org.id}/bingo-licenses"))[0]
    assert listed["alternates"] == [{"within_calls": 52, "prize": "350.00"}]
    with session.info["database"].readers() as reader:
        row = reader.scalars(select(BingoLicense).where(BingoLicense.id == term)).one().alternates[0].id
    gone = admin.client.post(f"{form}/alternates/{row}/remove", data={"csrf_token": admin.token})
    assert gone.status_code == 302
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/bingo-licenses"))[0]["alternates"] == []
    assert admin.client.post(f"{form}/alternates/{row}/remove", data={"csrf_token": admin.token}).status_code == 404
