"""Issue 21: the Board's reports read the occasion in a fixed number of statements, however many sales
the night rang up. Each report is asked for (as data, PDF and CSV) after a few sales and again after
three times as many: the statements its requests send must not grow with the sales. The member in
charge's reports page ("page") shows the sworn statement too."""

from __future__ import annotations

from flask import Flask
from sqlalchemy.orm import Session

from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.replies import ok
from tests.support.shop import line, shop
from tests.support.statements import counting

FEW = 5
MANY = 3 * FEW


def _ring_up(cashier: Api, occ: str, ids: dict[str, int], approver: str, sales: int) -> None:
    """`sales` sales of every kind in turn, each fifth one voided by the approver, so the reports see
    sales, voids, U Pick Em tickets and cookie-jar entries grow together."""
    kinds = [
        [line(ids, "admission", 2, "20.00")],
        [line(ids, "upick_face", 1, "1.00")],
        [line(ids, "cookie_jar", 2, "2.00")],
        [line(ids, "non_gaming", 1, "1.50")],
        [line(ids, "admission", 1, "20.00"), line(ids, "non_gaming", 2, "1.50")],
    ]
    for n in range(sales):
        sold = ok(
            cashier.post(
                occ + "/sales", {"lines": kinds[n % len(kinds)], "buyer_is_adult": True, "tendered": "100.00"}
            ),
            201,
        )
        if n % 5 == 4:
            ok(
                cashier.post(
                    f"/api/v1/sales/{sold['id']}/void",
                    {"reason": "rang twice", "approver_username": approver, "approver_pin": PIN},
                )
            )


def _statements(app: Flask, admin: Api, paths: list[str]) -> list[int]:
    engine = app.extensions["flashboard.db"].engine
    found = []
    for path in paths:
        with counting(engine) as counted:
            reply = admin.get(path)
        assert reply.status_code == 200, reply.get_data(as_text=True)
        found.append(len(counted.statements))
    return found


def _do_not_grow(app: Flask, admin: Api, session: Session, paths: list[str]) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    approver = f"mic{hall.org.id}"
    page = occ.replace("/api/v1/occasions/", "/bingo/reports/occasions/")
    urls = [page if path == "page" else occ + path for path in paths]
    _ring_up(cashier, occ, ids, approver, FEW)
    few = _statements(app, admin, urls)
    _ring_up(cashier, occ, ids, approver, MANY - FEW)
    many = _statements(app, admin, urls)
    assert many == few, dict(zip(paths, zip(few, many, strict=True), strict=True))


def test_issue_21_occasion_report_statements_do_not_grow_with_sales(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _do_not_grow(app, admin, session, ["/report", "/report.pdf", "/report/games.csv", "/report/receipts.csv"])


def test_issue_21_sales_report_statements_do_not_grow_with_sales(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _do_not_grow(
        app,
        admin,
        session,
        ["/sales-report", "/sales-report.pdf", "/sales-report/voids.csv", "/sales-report/tills.csv"],
    )


def test_issue_21_sworn_statement_statements_do_not_grow_with_sales(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    _do_not_grow(
        app, admin, session, ["/sworn-statement", "/sworn-statement.pdf", "/sworn-statement/per_game.csv", "page"]
    )
