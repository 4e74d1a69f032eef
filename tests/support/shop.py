"""The cashier's shop through the API: an occasion with its balls verified, its products on sale and
a till open, and the sale lines a test sends to it."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from tests.support.bingo_factories import Hall, make_hall
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.occasions import setup_occasion
from tests.support.replies import ok

GAMES: list[dict[str, Any]] = [
    {"pattern": {"kind": "any_row"}, "prize": "100.00"},
    {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": 4, "face_price": "1.00"},
]


def shop(admin: Api, session: Session, till: bool = True) -> tuple[str, Hall, Api, dict[str, int]]:
    """An occasion with its balls verified, the products on sale and (unless asked not to) the till
    open at the test clients' station."""
    hall = make_hall(session)
    ok(admin.put(f"/api/v1/organizations/{hall.org.id}/cookie-jar", {"maximum": "1000.00", "fee": "2.00"}))
    occasion = setup_occasion(admin, hall, GAMES)
    occ = f"/api/v1/occasions/{occasion['id']}"
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ids = {}
    for kind, name, price, game in [
        ("admission", "Admission pack", "20.00", None),
        ("cookie_jar", "Cookie jar entry", None, None),
        ("upick_face", "U Pick Em face", "1.00", 2),
        ("non_gaming", "Dauber", "1.50", None),
    ]:
        ids[kind] = ok(
            admin.post(occ + "/products", {"kind": kind, "name": name, "price": price, "game_number": game}), 201
        )["id"]
    cashier = staff(admin, "boss")
    if till:
        open_till(cashier, occ)
    return occ, hall, cashier, ids


def line(ids: dict[str, int], kind: str, quantity: int, price: str, **extra: Any) -> dict[str, Any]:
    """A sale line for the shop's product of this kind."""
    return {"product_id": ids[kind], "quantity": quantity, "unit_price": price, **extra}
