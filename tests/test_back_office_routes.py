"""The bingo back office's pages as routes: only the planners (admin, officer, member in charge) reach
them, a cashier gets 403; another organization's program, occasion or paper answers 404 like a missing
one and nothing is written; the forms go through the API's services, so their refusals name the field
and the rule (101-4.17 for a 41st game, 101-4.4 for a second occasion in a post-444 week, 101-4.12 for
a bad series line) and save nothing."""

from __future__ import annotations

import io
import re
from datetime import time
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import BingoSeries, Occasion, Pack, Product, Program
from bingo.rules.faces import export_series, generate_series
from bingo.rules.scheduling import play_window
from shared.core.roles import Role
from tests.support.bingo_factories import Hall, make_hall
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import make_user
from tests.support.occasions import setup_occasion
from tests.support.replies import ok

GAMES = [{"pattern": {"kind": "any_row"}, "prize": "100.00"}]


def count(session: Session, model: Any) -> int:
    with session.info["database"].readers() as reader:
        return reader.scalar(select(func.count()).select_from(model)) or 0


def form(api: Api, path: str, data: dict[str, Any], **kwargs: Any) -> Any:
    return api.client.post(path, data={**data, "csrf_token": api.token}, **kwargs)


def page(reply: Any) -> str:
    text: str = reply.get_data(as_text=True)
    return re.sub(r"\s+", " ", text)


def rows_shown(text: str) -> int:
    """The builder's game rows (the row template for "Add a game" is numbered __N__)."""
    return len(re.findall(r'name="games\.\d+\.kind"', text))


def game_fields(games: int, prize: str = "50.00") -> dict[str, str]:
    fields = {}
    for n in range(1, games + 1):
        fields |= {f"games.{n}.kind": "regular", f"games.{n}.pattern": "any_row", f"games.{n}.prize": prize}
    return fields


def test_back_office_pages_refuse_a_cashier(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, GAMES)
    make_user(session, [Role.CASHIER], username="till1")
    session.commit()
    cashier = staff(admin, "till1")
    org = f"/bingo/office/organizations/{hall.org.id}"
    for path in [org, org + "/programs", org + "/programs/new", org + "/occasions", org + "/series", org + "/paper"]:
        assert cashier.get(path).status_code == 403, path
    assert cashier.get(f"/bingo/office/occasions/{occasion['id']}").status_code == 403
    before = count(session, Program)
    assert form(cashier, org + "/programs/new", {"name": "Mine", **game_fields(1)}).status_code == 403
    assert count(session, Program) == before
    mic = staff(admin, f"mic{hall.org.id}")
    assert mic.get(org + "/programs/new").status_code == 200
    assert mic.get(f"/bingo/office/occasions/{occasion['id']}").status_code == 200


def test_another_organizations_program_occasion_and_paper_answer_404_and_nothing_is_written(
    admin: Api, session: Session
) -> None:
    a, b = make_hall(session), make_hall(session)
    occasion = setup_occasion(admin, a, GAMES)
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{a.org.id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "Blue",
                "faces_per_sheet": 6,
                "sheets_per_pack": 1,
                "serial_from": 1,
                "serial_to": 10,
                "first_face": 1,
            },
        ),
        201,
    )
    officer_b = staff(admin, f"officer{b.org.id}")
    mine = f"/bingo/office/organizations/{b.org.id}"
    assert officer_b.get(f"{mine}/programs/{occasion['program_id']}").status_code == 404
    assert officer_b.get(f"/bingo/office/occasions/{occasion['id']}").status_code == 404
    assert officer_b.get(f"/bingo/office/paper/{paper['id']}").status_code == 404
    assert officer_b.get(f"/bingo/office/organizations/{a.org.id}/programs").status_code == 403
    products = count(session, Product)
    sent = form(
        officer_b,
        f"/bingo/office/occasions/{occasion['id']}/products",
        {"kind": "admission", "name": "Theirs", "price": "5.00"},
    )
    assert sent.status_code == 404 and count(session, Product) == products
    moved = form(
        officer_b, f"/bingo/office/paper/{paper['id']}/packs", {"action": "missing", "serial_from": "1", "note": "x"}
    )
    assert moved.status_code == 404
    with session.info["database"].readers() as reader:
        assert reader.scalar(select(func.count()).select_from(Pack).where(Pack.status == "missing")) == 0


def test_4_17_a_program_of_41_games_is_refused_naming_the_field_and_rule_and_saves_nothing(
    admin: Api, session: Session
) -> None:
    hall = make_hall(session)
    mic = staff(admin, f"mic{hall.org.id}")
    path = f"/bingo/office/organizations/{hall.org.id}/programs/new"
    before = count(session, Program)
    reply = form(mic, path, {"name": "Too long", **game_fields(41, "10.00")})
    text = page(reply)
    assert reply.status_code == 422
    assert "The program has 41 games; an occasion may have at most 40." in text
    assert "Rule: 10 DE Admin Code 101-4.17" in text and 'id="games-error"' in text
    assert rows_shown(text) == 41 and count(session, Program) == before
    saved = form(mic, path, {"name": "Forty", **game_fields(40, "10.00")})
    assert saved.status_code == 302 and count(session, Program) == before + 1


def test_4_14_a_drawn_shape_without_a_name_is_refused_on_its_game(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    mic = staff(admin, f"mic{hall.org.id}")
    fields = {**game_fields(2), "games.2.pattern": "shape", "games.2.cell": ["0", "4", "20", "24"]}
    reply = form(mic, f"/bingo/office/organizations/{hall.org.id}/programs/new", {"name": "Shapes", **fields})
    text = page(reply)
    assert reply.status_code == 422 and "Game 2: a custom pattern needs a name the caller can announce." in text
    assert "Rule: 10 DE Admin Code 101-4.14" in text and count(session, Program) == 0
    assert text.count("checked>") >= 4, "the squares drawn are kept"


def test_adding_a_game_without_scripts_adds_a_row_and_saves_nothing(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    mic = staff(admin, f"mic{hall.org.id}")
    reply = form(
        mic,
        f"/bingo/office/organizations/{hall.org.id}/programs/new",
        {"name": "Growing", **game_fields(2), "step": "add"},
    )
    assert reply.status_code == 200 and rows_shown(page(reply)) == 3 and count(session, Program) == 0


def test_4_2_4_10_play_runs_six_hours_or_until_midnight_whichever_comes_first() -> None:
    assert [(w.minutes, w.ends, w.rule) for w in (play_window(time(12, 0)), play_window(time(18, 0)))] == [
        (360, "18:00", "10 DE Admin Code 101-4.2"),
        (360, "midnight", "10 DE Admin Code 101-4.2"),
    ]
    late = play_window(time(21, 15))
    assert (late.minutes, late.ends, late.rule) == (165, "midnight", "10 DE Admin Code 101-4.10")


def schedule_fields(hall: Hall, occasion: dict[str, Any], day: str) -> dict[str, str]:
    return {
        "occasion_date": day,
        "start_time": "18:00",
        "premises_id": str(hall.premises.id),
        "program_id": str(occasion["program_id"]),
        "series_id": str(occasion["series_id"]),
        "member_in_charge_id": str(hall.mic.id),
        "last_call_only": "on",
    }


def test_4_4_a_second_occasion_in_a_post_444_week_is_shown_then_refused(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, GAMES, day="2026-12-05")
    mic = staff(admin, f"mic{hall.org.id}")
    org = f"/bingo/office/organizations/{hall.org.id}"
    shown = page(mic.get(f"{org}/occasions/outlook?occasion_date=2026-12-03&premises_id={hall.premises.id}"))
    assert "one occasion a week; 1 booked Sunday 2026-11-29 to Saturday 2026-12-05" in shown
    assert "Not allowed:" in shown and "10 DE Admin Code 101-4.4" in shown
    late = page(mic.get(f"{org}/occasions/outlook?occasion_date=2026-12-12&start_time=19:30"))
    assert "play may run until midnight (4 h 30 min)" in late and "10 DE Admin Code 101-4.10" in late
    early = page(mic.get(f"{org}/occasions/outlook?occasion_date=2026-12-12&start_time=11:00"))
    assert "may not begin before 12:00 p.m." in early
    before = count(session, Occasion)
    reply = form(mic, f"{org}/occasions", schedule_fields(hall, occasion, "2026-12-03"))
    assert reply.status_code == 409 and "Rule: 10 DE Admin Code 101-4.4" in page(reply)
    assert count(session, Occasion) == before
    reply = form(
        mic,
        f"{org}/occasions",
        {**schedule_fields(hall, occasion, "2026-12-12"), "caller_member_id": str(hall.caller.id)},
    )
    assert reply.status_code == 302 and count(session, Occasion) == before + 1


def test_4_12_a_series_file_with_a_bad_line_names_it_and_imports_nothing(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    mic = staff(admin, f"mic{hall.org.id}")
    path = f"/bingo/office/organizations/{hall.org.id}/series/import"
    text = export_series(generate_series(5, seed=3))
    bad = text.replace(text.splitlines()[2], "3,1,2,3")
    reply = form(
        mic,
        path,
        {"form": "import", "name": "Bad perm", "file": (io.BytesIO(bad.encode()), "perm.csv")},
        content_type="multipart/form-data",
    )
    assert reply.status_code == 422 and "line 3: expected 25 values" in page(reply)
    assert count(session, BingoSeries) == 0
    good = form(
        mic,
        path,
        {"form": "import", "name": "Good perm", "file": (io.BytesIO(text.encode()), "perm.csv")},
        content_type="multipart/form-data",
    )
    assert good.status_code == 302 and count(session, BingoSeries) == 1


def test_a_pack_range_over_a_thousand_is_refused_on_its_last_serial(admin: Api, session: Session) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(admin, hall, GAMES)
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "Red",
                "faces_per_sheet": 6,
                "sheets_per_pack": 1,
                "serial_from": 1,
                "serial_to": 60,
                "first_face": 1,
            },
        ),
        201,
    )
    mic = staff(admin, f"mic{hall.org.id}")
    reply = form(
        mic,
        f"/bingo/office/paper/{paper['id']}/packs",
        {
            "form": "issue",
            "action": "issue",
            "occasion_id": occasion["id"],
            "station": "front",
            "serial_from": "1",
            "serial_to": "2000",
        },
    )
    assert reply.status_code == 422 and "A range is at most 1,000 packs" in page(reply)
    issued = form(
        mic,
        f"/bingo/office/paper/{paper['id']}/packs",
        {
            "form": "issue",
            "action": "issue",
            "occasion_id": occasion["id"],
            "station": "front",
            "serial_from": "1",
            "serial_to": "10",
        },
    )
    assert issued.status_code == 302
    assert ok(admin.get(f"/api/v1/paper-sets/{paper['id']}"))["packs"] == {"in_stock": 50, "issued": 10}
