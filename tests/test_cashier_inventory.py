"""Paper inventory: sets, packs issued, sold with their faces, returned and missing; and the flag on
a claimed face that was not sold at the occasion."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.orm import Session

from bingo.rules.inventory import SetTerms, set_refusal
from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import split_script
from tests.support.books import open_till
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.replies import ok, refused
from tests.support.shop import shop


def test_pack_faces_follow_serial_order() -> None:
    terms = SetTerms(faces_per_sheet=6, sheets_per_pack=3, serial_from=1001, serial_to=1010, first_face=1)
    assert terms.faces_of(1001) == range(1, 19) and terms.faces_of(1002) == range(19, 37) and terms.last_face == 180
    assert set_refusal(terms, 179) is not None and set_refusal(terms, 180) is None
    assert set_refusal(SetTerms(6, 3, 10, 9, 1), 1000) is not None


@pytest.fixture
def paper(admin: Api, session: Session, clock: Clock) -> tuple[str, Api, dict[str, int], int, object]:
    occ, hall, cashier, ids = shop(admin, session)
    occasion = ok(admin.get(occ))
    paper = ok(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/paper-sets",
            {
                "series_id": occasion["series_id"],
                "colour": "blue",
                "faces_per_sheet": 6,
                "sheets_per_pack": 1,
                "serial_from": 500,
                "serial_to": 549,
                "first_face": 1,
            },
        ),
        201,
    )
    assert paper["packs"] == {"in_stock": 50} and paper["last_face"] == 300
    pack_product = ok(
        admin.post(
            occ + "/products", {"kind": "admission", "name": "Blue pack", "price": "10.00", "paper_set_id": paper["id"]}
        ),
        201,
    )
    ids["pack"] = pack_product["id"]
    moved = ok(
        admin.post(
            f"/api/v1/paper-sets/{paper['id']}/packs",
            {"action": "issue", "serials": list(range(500, 520)), "occasion_id": occasion["id"], "station": "front"},
        )
    )
    assert moved["packs"] == {"in_stock": 30, "issued": 20}
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    open_till(cashier, occ)
    return occ, cashier, ids, paper["id"], hall


def test_pack_sale_records_its_faces_and_returns_and_missing_are_counted(
    admin: Api, paper: tuple[str, Api, dict[str, int], int, object]
) -> None:
    occ, cashier, ids, set_id, _ = paper
    sale = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [
                    {"product_id": ids["pack"], "quantity": 2, "unit_price": "10.00", "pack_serials": [500, 501]}
                ],
                "buyer_is_adult": True,
                "tendered": "20.00",
            },
        ),
        201,
    )
    assert sale["lines"][0]["pack_serials"] == [500, 501]
    refused(
        cashier.post(
            occ + "/sales",
            {
                "lines": [{"product_id": ids["pack"], "quantity": 1, "unit_price": "10.00", "pack_serials": [500]}],
                "buyer_is_adult": True,
                "tendered": "10.00",
            },
        ),
        409,
        "pack_not_issued_here",
    )
    refused(
        cashier.post(
            occ + "/sales",
            {
                "lines": [{"product_id": ids["pack"], "quantity": 2, "unit_price": "10.00", "pack_serials": [502]}],
                "buyer_is_adult": True,
                "tendered": "20.00",
            },
        ),
        422,
        "pack_serials_required",
    )
    refused(
        cashier.post(
            occ + "/sales",
            {
                "lines": [{"product_id": ids["pack"], "quantity": 1, "unit_price": "10.00", "pack_serials": [530]}],
                "buyer_is_adult": True,
                "tendered": "10.00",
            },
        ),
        409,
        "pack_not_issued_here",
    )
    ok(admin.post(f"/api/v1/paper-sets/{set_id}/packs", {"action": "return", "serials": [510, 511]}))
    refused(
        admin.post(f"/api/v1/paper-sets/{set_id}/packs", {"action": "missing", "serials": [512]}),
        422,
        "reason_required",
    )
    counts = ok(
        admin.post(
            f"/api/v1/paper-sets/{set_id}/packs", {"action": "missing", "serials": [512], "note": "not found at close"}
        )
    )
    assert counts["packs"] == {"in_stock": 30, "issued": 15, "sold": 2, "returned": 2, "missing": 1}


def test_4_22_a_voided_pack_sale_puts_its_packs_back_in_the_stations_stock(
    admin: Api, paper: tuple[str, Api, dict[str, int], int, Any]
) -> None:
    """The measured failure: a voided sale's paper pack stayed sold."""
    occ, cashier, ids, set_id, hall = paper
    sale = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [
                    {"product_id": ids["pack"], "quantity": 2, "unit_price": "10.00", "pack_serials": [500, 501]}
                ],
                "buyer_is_adult": True,
                "tendered": "20.00",
            },
        ),
        201,
    )
    ok(
        cashier.post(
            f"/api/v1/sales/{sale['id']}/void",
            {"reason": "wrong colour", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN},
        )
    )
    assert ok(admin.get(f"/api/v1/paper-sets/{set_id}"))["packs"] == {"in_stock": 30, "issued": 20}
    again = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [{"product_id": ids["pack"], "quantity": 1, "unit_price": "10.00", "pack_serials": [500]}],
                "buyer_is_adult": True,
                "tendered": "10.00",
            },
        ),
        201,
    )
    assert again["lines"][0]["pack_serials"] == [500]
    assert admin.client.application.test_cli_runner().invoke(args=["books", "check"]).exit_code == 0


def test_claim_on_a_face_not_sold_this_occasion_is_flagged(
    admin: Api, paper: tuple[str, Api, dict[str, int], int, object]
) -> None:
    occ, cashier, ids, _, _ = paper
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    sold_serials = sorted({500 + (face - 1) // 6 for face in script.winners[:1]})
    ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [
                    {
                        "product_id": ids["pack"],
                        "quantity": len(sold_serials),
                        "unit_price": "10.00",
                        "pack_serials": sold_serials,
                    }
                ],
                "buyer_is_adult": True,
                "tendered": "50.00",
            },
        ),
        201,
    )
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 1}))
    ok(admin.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    sold = ok(admin.post(occ + "/games/1/claims", {"face_number": script.winners[0]}), 201)
    assert sold["verdict"] == "valid"
    unsold_face = next(f for f in script.winners if 500 + (f - 1) // 6 not in sold_serials)
    flagged = ok(admin.post(occ + "/games/1/claims", {"face_number": unsold_face}), 201)
    assert (
        flagged["verdict"] == "not_sold" and not flagged["valid"] and "not sold at this occasion" in flagged["reason"]
    )
