"""A tournament's tables and buttons as the API shows them, now that they are rows (poker_tables): the
draw opens the tables with the lowest seat drawn on the button, the director moves buttons (a table
not in play included, as before), a broken table leaves play but keeps its last button, and the
final-table redraw leaves table 1 alone; the showdown helper reads the button of its table."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from poker.models import PokerTable
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.poker_factories import delaware_tournament
from tests.support.replies import ok

SHOWDOWN = {
    "board": "Ah Kh Qh 2c 3d",
    "stakes": [{"seat": 3, "chips": 101, "cards": "As Ks"}, {"seat": 5, "chips": 50, "cards": "Ad Kd"}],
}


def _out(admin: Api, url: str, hand: int, players: list[int], buttons: dict[str, int]) -> dict[str, Any]:
    busts = [{"entry_number": n, "starting_stack": 100 * n} for n in players]
    found: dict[str, Any] = ok(admin.post(url + "/eliminations", {"hand": hand, "busts": busts, "buttons": buttons}))
    return found


def test_tables_and_buttons_through_the_draw_a_broken_table_and_the_final_redraw(
    admin: Api, session: Session, clock: Clock, seeded: object
) -> None:
    _, url = delaware_tournament(admin, session)
    for n in range(1, 23):
        ok(admin.post(url + "/buys", {"kind": "entry", "player_name": f"Player {n}", "tendered": "100.00"}), 201)
    drawn = ok(admin.post(url + "/start", {"seats_per_table": 8}))
    assert drawn["tables"] == {"1": 8, "2": 8, "3": 8}
    assert drawn["buttons"] == {str(t): min(e["seat"] for e in drawn["entries"] if e["table"] == t) for t in (1, 2, 3)}

    moved = _out(admin, url, 1, [1, 2], {"1": 4, "2": 6, "3": 2})
    assert moved["tables"] == {"1": 8, "2": 8, "3": 8} and moved["buttons"] == {"1": 4, "2": 6, "3": 2}
    assert ok(admin.post(url + "/showdowns", {**SHOWDOWN, "table": 2}), 201)["button"] == 6
    assert _out(admin, url, 2, [3], {"7": 3})["buttons"] == {"1": 4, "2": 6, "3": 2, "7": 3}

    broken = _out(admin, url, 3, [4, 5, 6], {})
    assert broken["tables"] == {"1": 8, "2": 8} and broken["buttons"] == {"1": 4, "2": 6, "3": 2, "7": 3}
    assert {e["table"] for e in broken["entries"] if not e["eliminated"]} == {1, 2}
    rows = session.scalars(select(PokerTable).order_by(PokerTable.number)).all()
    assert [(r.number, r.seats, r.button_seat) for r in rows] == [(1, 8, 4), (2, 8, 6), (3, None, 2), (7, None, 3)]
    session.rollback()

    final = _out(admin, url, 4, list(range(7, 14)), {})
    left = [e for e in final["entries"] if not e["eliminated"]]
    assert final["tables"] == {"1": 9} and final["buttons"] == {"1": min(e["seat"] for e in left)}
    assert {e["table"] for e in left} == {1}
    assert [(r.number, r.seats) for r in session.scalars(select(PokerTable))] == [(1, 9)]
    session.rollback()
