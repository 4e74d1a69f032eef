"""An occasion whose program has a game of every kind the printed program shows (10 DE Admin Code
101-4.13, 4.15, 4.18, 4.29, 4.30.1.5, 4.31): patterns one way and many ways, an alternate prize,
attendance tiers, a merchandise special, U Pick Em, a break-open game; the cookie jar set and opened;
admission, the special and the U Pick Em face on sale."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from tests.support.bingo_factories import Hall
from tests.support.books import product
from tests.support.client import Api
from tests.support.jars import jar_hall
from tests.support.occasions import setup_occasion

PAPERS_PROGRAM: list[dict[str, Any]] = [
    {"pattern": {"kind": "four_corners"}, "prize": "75.00"},
    {
        "pattern": {"kind": "any_row"},
        "prize": "100.00",
        "attendance_tiers": [{"min_attendance": 100, "prize": "150.00"}, {"min_attendance": 150, "prize": "200.00"}],
    },
    {"kind": "special", "pattern": {"kind": "letter_x"}, "prize": "50.00", "merchandise": "A handmade quilt"},
    {
        "pattern": {
            "kind": "shape",
            "name": "Postage stamp",
            "rows": ["XX...", "XX...", ".....", ".....", "....."],
            "anywhere": True,
        },
        "prize": "125.00",
    },
    {"pattern": {"kind": "blackout"}, "prize": "150.00", "alternate_within_calls": 52, "alternate_prize": "350.00"},
    {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 8, "face_price": "1.00"},
    {"kind": "break_open", "pattern": {"kind": "any_row"}, "prize": "40.00", "break_open_numbers": 30},
]


def papers_night(admin: Api, session: Session) -> tuple[Hall, str]:
    """The hall (its jars at $640.00 and nothing, a $2.00 fee) and the occasion's API URL, with its
    admission, special and U Pick Em face on sale."""
    hall = jar_hall(admin, session, "640.00", "0.00")
    occasion = setup_occasion(admin, hall, PAPERS_PROGRAM)
    occ = f"/api/v1/occasions/{occasion['id']}"
    product(admin, occ, "admission", price="10.00")
    product(admin, occ, "special", game=3, price="3.00")
    product(admin, occ, "upick_face", game=6)
    return hall, occ
