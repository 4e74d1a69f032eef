"""Helpers for the books: a till opened at the test client's station and closed with the exact count
its lines expect, so tests that sell or pay do it the way a cashier does, on an open till."""

from __future__ import annotations

from typing import Any

from shared.core.money import parse_cents, wire_cents
from shared.core.tills import DENOMINATIONS_CENTS
from tests.support.client import Api


def ok(reply: Any, status: int = 200) -> Any:
    assert reply.status_code == status, reply.get_data(as_text=True)
    return reply.get_json()


def open_till(api: Api, occ: str, bank: str = "500.00") -> dict[str, Any]:
    """The till at the client's station (tests share one station, the loopback address)."""
    found: dict[str, Any] = ok(api.post(occ + "/tills", {"opening_bank": bank}), 201)
    return found


def count_of(cents: int) -> dict[str, int]:
    """A count by denomination that adds up to exactly this much."""
    counts: dict[str, int] = {}
    for denomination in DENOMINATIONS_CENTS:
        number, cents = divmod(cents, denomination)
        if number:
            counts[wire_cents(denomination)] = number
    return counts


def close_till(api: Api, till: dict[str, Any], short_cents: int = 0) -> dict[str, Any]:
    """Close the till with the count its own lines expect (less any shortage)."""
    drawer = ok(api.get(f"/api/v1/tills/{till['id']}"))
    expected = parse_cents(drawer["in_drawer"])
    found: dict[str, Any] = ok(
        api.post(f"/api/v1/tills/{till['id']}/close", {"counts": count_of(expected - short_cents)})
    )
    return found


def product(api: Api, occ: str, kind: str, game: int | None = None, price: str | None = None) -> dict[str, Any]:
    """The occasion's product of this kind (for this game), added when it is not on sale yet."""
    for found in ok(api.get(occ + "/products")):
        if found["kind"] == kind and found["game_number"] == game:
            return dict(found)
    if price is None and kind == "upick_face":
        price = next(g for g in ok(api.get(occ))["games"] if g["number"] == game)["face_price"]
    made: dict[str, Any] = ok(
        api.post(
            occ + "/products",
            {
                "kind": kind,
                "name": kind.replace("_", " ").title(),
                "game_number": game,
                "price": price or ("1.00" if kind != "cookie_jar" else None),
            },
        ),
        201,
    )
    return made


def till_open(api: Api, occ: str) -> None:
    """Open a till at the client's station unless one is open there."""
    reply = api.post(occ + "/tills", {"opening_bank": "100.00"})
    assert reply.status_code == 201 or reply.get_json()["error"] == "till_open", reply.get_json()


def sell(api: Api, occ: str, kind: str, quantity: int = 1, game: int | None = None, **line: Any) -> Any:
    """One sale of one product line through the one sale door, on an open till; the raw reply."""
    item = product(api, occ, kind, game)
    till_open(api, occ)
    total = parse_cents(item["price"]) * quantity
    return api.post(
        occ + "/sales",
        {
            "lines": [{"product_id": item["id"], "quantity": quantity, "unit_price": item["price"], **line}],
            "buyer_is_adult": True,
            "tendered": wire_cents(total),
        },
    )


def sell_jar_entries(api: Api, occ: str, quantity: int) -> Any:
    return sell(api, occ, "cookie_jar", quantity)


def sell_upick(api: Api, occ: str, game: int, numbers: list[int] | None = None) -> Any:
    """One U Pick Em face: the player's numbers, or a quick pick."""
    return sell(api, occ, "upick_face", 1, game, picks=[numbers] if numbers else None)
