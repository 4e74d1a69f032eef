"""The cashier's sales (issue: cashier station): products, checks on the buyer and the lines, tender
and change, sequential transaction numbers, idempotent double taps, gaming items created with the
sale, and receipts on a real ESC/POS emulator."""

from __future__ import annotations

import io
import threading
from pathlib import Path

import pytest
import zxingcpp
from flask import Flask
from PIL import Image
from sqlalchemy.orm import Session

from shared.printing import stations
from tests.support.books import open_till
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import audit_count
from tests.support.printer import Emulator, latest, seen
from tests.support.replies import ok, refused
from tests.support.shop import line, shop


def test_sale_gives_change_numbers_transactions_and_creates_the_gaming_items(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    sale = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [
                    line(ids, "admission", 2, "20.00"),
                    line(ids, "cookie_jar", 3, "2.00"),
                    line(ids, "upick_face", 2, "1.00", picks=[[1, 20, 40, 60]]),
                    line(ids, "non_gaming", 1, "1.50"),
                ],
                "buyer_is_adult": True,
                "tendered": "60.00",
            },
        ),
        201,
    )
    assert (sale["total"], sale["change"], sale["number"]) == ("49.50", "10.50", 1)
    assert sale["transaction_code"] == f"TX-{hall.org.id}-000001"
    assert (
        len(sale["tickets"]) == 2
        and sale["tickets"][0]["numbers"] == [1, 20, 40, 60]
        and sale["tickets"][1]["quick_pick"]
    )
    assert ok(admin.get(f"/api/v1/organizations/{hall.org.id}/cookie-jar"))["pending"] == "6.00"
    second = ok(
        cashier.post(
            occ + "/sales", {"lines": [line(ids, "non_gaming", 2, "1.50")], "buyer_is_adult": False, "tendered": "3.00"}
        ),
        201,
    )
    assert second["number"] == 2 and second["change"] == "0.00"


def test_double_tap_sells_once(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, cashier, ids = shop(admin, session)
    body = {"lines": [line(ids, "admission", 1, "20.00")], "buyer_is_adult": True, "tendered": "20.00"}
    key = {"Idempotency-Key": "till1-sale-000001"}
    first = ok(cashier.post(occ + "/sales", body, headers=key), 201)
    again = ok(cashier.post(occ + "/sales", body, headers=key), 201)
    assert first == again
    assert ok(cashier.post(occ + "/sales", body, headers={"Idempotency-Key": "till1-sale-000002"}), 201)["number"] == 2


def test_sale_refusals_name_the_field_and_rule_and_write_nothing(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    before = audit_count(session)
    base = {"buyer_is_adult": True, "tendered": "50.00"}
    refused(
        cashier.post(occ + "/sales", {**base, "lines": [line(ids, "admission", 0, "20.00")]}),
        422,
        "invalid_input",
        field="lines",
    )
    refused(
        cashier.post(occ + "/sales", {**base, "lines": [line(ids, "admission", -2, "20.00")]}), 422, "invalid_input"
    )
    refused(
        cashier.post(occ + "/sales", {**base, "lines": [line(ids, "admission", 1, "18.00")]}),
        409,
        "price_mismatch",
        field="lines.0.unit_price",
    )
    refused(
        cashier.post(occ + "/sales", {**base, "buyer_is_adult": False, "lines": [line(ids, "admission", 1, "20.00")]}),
        422,
        "age_not_confirmed",
        "10 DE Admin Code 101-4.3",
    )
    refused(
        cashier.post(
            occ + "/sales", {**base, "buyer_member_id": hall.caller.id, "lines": [line(ids, "admission", 1, "20.00")]}
        ),
        409,
        "worker_may_not_play",
        "10 DE Admin Code 101-4.1.1",
    )
    refused(
        cashier.post(occ + "/sales", {**base, "tender": "credit", "lines": [line(ids, "admission", 1, "20.00")]}),
        422,
        "no_credit",
    )
    refused(
        cashier.post(occ + "/sales", {**base, "tendered": "10.00", "lines": [line(ids, "admission", 1, "20.00")]}),
        422,
        "short_tender",
    )
    refused(
        cashier.post(
            occ + "/sales", {**base, "lines": [line(ids, "upick_face", 1, "1.00", picks=[[1, 2, 3, 4, 5, 6]])]}
        ),
        422,
        "too_many_in_column",
    )
    refused(
        cashier.post(occ + "/sales", {**base, "lines": [{"product_id": 99999, "quantity": 1, "unit_price": "1.00"}]}),
        404,
        "unknown_product",
    )
    assert audit_count(session) == before


def test_4_31_3_jar_entry_priced_as_a_bundle_is_refused_and_4_31_4_no_jar_sale_after_the_first_call(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, _, cashier, ids = shop(admin, session)
    refused(
        admin.post(occ + "/products", {"kind": "cookie_jar", "name": "Pack with jar", "price": "22.00"}),
        422,
        "jar_fee_bundled",
        "10 DE Admin Code 101-4.31.3",
    )
    ok(admin.post(occ + "/cookie-jar-number", {"ball": 70}))
    ok(admin.post(occ + "/games/1/start", {}))
    ok(admin.post(occ + "/games/1/calls", {"ball": 3}), 201)
    refused(
        cashier.post(
            occ + "/sales", {"lines": [line(ids, "cookie_jar", 1, "2.00")], "buyer_is_adult": True, "tendered": "2.00"}
        ),
        409,
        "jar_sales_closed",
        "10 DE Admin Code 101-4.31.4",
    )


def test_transaction_numbers_stay_sequential_under_concurrent_cashiers(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, _, _, ids = shop(admin, session)
    tills = [staff(admin, "boss") for _ in range(3)]
    numbers: list[int] = []
    lock = threading.Lock()

    def sell(api: Api) -> None:
        for _ in range(6):
            reply = api.post(
                occ + "/sales",
                {"lines": [line(ids, "non_gaming", 1, "1.50")], "buyer_is_adult": True, "tendered": "5.00"},
            )
            assert reply.status_code == 201, reply.get_json()
            with lock:
                numbers.append(reply.get_json()["number"])

    threads = [threading.Thread(target=sell, args=(t,)) for t in tills]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(numbers) == list(range(1, 19))


@pytest.mark.printer
def test_sale_receipt_and_ticket_receipt_reach_the_printer(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    occ, _, cashier, ids = shop(admin, session, till=False)
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    open_till(cashier, occ)
    before = seen(emulator)
    sale = ok(
        cashier.post(
            occ + "/sales",
            {
                "lines": [line(ids, "admission", 1, "20.00"), line(ids, "cookie_jar", 2, "2.00")],
                "buyer_is_adult": True,
                "tendered": "30.00",
            },
        ),
        201,
    )
    assert [j["status"] for j in sale["print_jobs"]] == ["printed"]
    receipt = latest(emulator, before)
    text = emulator.text(receipt)
    for expected in [
        "Transaction 1",
        "1 x Admission pack",
        "$20.00",
        "2 x Cookie jar entry",
        "Total",
        "$24.00",
        "Change",
        "$6.00",
        "Cookie jar now",
        "front",
        "Test User",
        "Bingo licence B-",
    ]:
        assert expected in text, expected
    decoded = [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(emulator.image(receipt))))]
    assert decoded == [sale["transaction_code"]]
