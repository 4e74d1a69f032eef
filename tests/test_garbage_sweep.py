"""Bad input never reaches a 500: every API operation gets malformed bodies (bad JSON, wrong
types, missing fields, huge strings, lists for objects) and odd query strings, signed in as a role
that may use it, and must answer 4xx with the error shape or succeed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from marshmallow import fields
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.platform.api import OPERATIONS, Operation
from tests.support.client import Api
from tests.support.factories import PASSWORD, make_member, make_org, make_user

HUGE = "x" * 1_000_000
WRONG_VALUES: list[Any] = [
    None,
    0,
    -1,
    10**30,
    1.5,
    True,
    "",
    "   ",
    "not-a-date",
    HUGE,
    [],
    {},
    ["a"],
    {"nested": HUGE[:100]},
    "2026-02-30",
    "<script>alert(1)</script>",
    "'; DROP TABLE members; --",
    "١٢٣",
    "12.345",
    "-5.00",
]


EXAMPLES: dict[str, dict[str, Any]] = {
    "OrganizationIn": {"name": "Sweep Lodge", "kind": "fraternal"},
    "OrganizationPatch": {"name": "Sweep Lodge 2"},
    "PremisesIn": {"name": "Sweep Hall", "address": "1 Main St"},
    "MemberIn": {"name": "Sweep Member", "date_of_birth": "1970-01-01", "active_since": "2000-01-01"},
    "MemberPatch": {"name": "Sweep Member 2"},
    "BingoLicenseIn": {"number": "B-9", "valid_from": "2030-01-01", "valid_to": "2030-12-31"},
    "LicenceContentsIn": {
        "alternates": [{"within_calls": 52, "prize": "350.00"}],
        "attendance_prizes": [{"min_attendance": 150, "prize": "250.00"}],
        "upick_games": [{"pick_count": 8, "payout": "100.00"}],
    },
    "SuspensionIn": {"starts_on": "2030-02-01", "ends_on": "2030-02-10", "reason": "sweep"},
    "PokerOccasionLicenseIn": {
        "number": "P-9",
        "occasion_date": "2026-12-12",
        "sponsor_organization_ids": ["ORG"],
        "fee": "250.00",
    },
    "VendorIn": {"name": "Sweep Vendor", "license_number": "V-1", "licensed_until": "2030-01-01"},
    "VendorContractIn": {
        "vendor_id": 1,
        "starts_on": "2026-01-01",
        "ends_on": "2026-12-31",
        "compensation_basis": "flat_fee",
        "compensation": "100.00",
    },
    "PersonalLicenseIn": {
        "holder_name": "Sweep Dealer",
        "date_of_birth": "1980-01-01",
        "kind": "dealer",
        "number": "D-1",
        "issued_on": "2026-01-01",
        "fee": "15.00",
    },
    "LicenseStatusIn": {"status": "suspended", "reason": "sweep"},
    "AssignmentIn": {"work_date": "2026-11-30", "role": "caller", "member_id": 1},
    "UserIn": {
        "username": "sweeper",
        "display_name": "Sweeper",
        "password": "long enough password",
        "roles": ["caller"],
    },
    "RolesIn": {"roles": ["caller"]},
    "SecretsIn": {"pin": "8642"},
    "SeriesImportIn": {
        "name": "Sweep perm",
        "csv": "1,10,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73",
    },
    "SeriesGenerateIn": {"name": "Sweep series", "count": 5, "seed": 1},
    "PatternSpecIn": {
        "kind": "shape",
        "name": "Kite",
        "rows": ["XX...", "XX...", ".....", ".....", "....."],
        "anywhere": True,
    },
    "OddsIn": {"pattern": {"kind": "any_row"}, "calls": 30},
    "SimulateIn": {"pattern": {"kind": "four_corners"}, "faces": 2, "calls": 20, "trials": 10, "seed": 3},
    "ProgramIn": {"name": "Sweep program", "games": [{"pattern": {"kind": "any_row"}, "prize": "100.00"}]},
    "OccasionIn": {
        "premises_id": 1,
        "program_id": 1,
        "series_id": 1,
        "occasion_date": "2026-12-05",
        "start_time": "18:00",
        "member_in_charge_id": 1,
        "workers": [{"member_id": 2, "role": "caller"}],
    },
    "BallCheckIn": {"checked_by": [1]},
    "BallIn": {"ball": 7},
    "StartGameIn": {"attendance": 90},
    "CorrectionIn": {"ball": 8, "reason": "mis-key"},
    "ClaimIn": {"face_number": 1},
    "VerificationIn": {"witness_member_id": 1},
    "GiveawayIn": {"kind": "inducement", "description": "Coffee", "value": "20.00"},
    "DrawingIn": {"prize": "A gift basket", "value": "20.00", "merchandise": True},
    "ExpenseIn": {
        "payee_name": "Hall Supply Co.",
        "payee_address": "1 Main St",
        "description": "Paper",
        "amount": "20.00",
    },
    "SwornIn": {"net_profit_uses": "Fire apparatus fund"},
    "TournamentIn": {
        "name": "Sweep Classic",
        "jurisdiction": "nh",
        "starts_on": "2026-12-05",
        "entry_fee": "50.00",
        "starting_chips": 10000,
        "levels": [{"small_blind": 25, "big_blind": 50, "minutes": 20}],
        "prizes": [{"place": 1, "description": "Half the pool", "percent_bp": 5000}],
        "min_players": 4,
    },
    "BuyIn": {"kind": "entry", "player_name": "Pat Doe", "tendered": "50.00", "age_confirmed": True},
    "PermitIn": {"jurisdiction": "mt_large", "year": 2026, "number": "LS-1", "fee": "120.00"},
    "StartIn": {"seats_per_table": 9},
    "EliminationIn": {"hand": 1, "busts": [{"entry_number": 1, "starting_stack": 0}]},
    "UndoIn": {"entry_number": 1},
    "DeckIn": {"table": 1, "event": "new_set", "backs": ["red", "blue"]},
    "PrizePayIn": {"entry_number": 1},
    "ClockIn": {"action": "start"},
    "StaffIn": {"role": "dealer", "member_id": 1, "table": 1},
    "SeatMoveIn": {"entry_number": 1, "table": 1, "seat": 2},
    "ShowdownIn": {
        "table": 1,
        "board": "2h3h4s9cTc",
        "stakes": [{"seat": 1, "chips": 100, "cards": "AsAd"}, {"seat": 2, "chips": 100, "folded": True}],
    },
    "JarSettingsIn": {"maximum": "1000.00", "fee": "2.00"},
    "JarOpeningIn": {"jar1": "100.00", "jar2": "0.00"},
    "PostNumbersIn": {"balls": [1, 2, 3]},
    "ReprintIn": {"station": "front"},
    "ProductIn": {"kind": "non_gaming", "name": "Dauber", "price": "1.50"},
    "SaleIn": {
        "lines": [{"product_id": 1, "quantity": 1, "unit_price": "1.50"}],
        "buyer_is_adult": True,
        "tendered": "2.00",
    },
    "PayoutIn": {"game_number": 1, "claim_id": 1},
    "VoidSaleIn": {"reason": "sweep", "approver_username": "sweep_member_in_charge", "approver_pin": "2468"},
    "TillOpenIn": {"opening_bank": "100.00"},
    "TillCloseIn": {"counts": {"20.00": 5}},
    "TillMovementIn": {"kind": "paid_in", "amount": "100.00", "note": "prize bank"},
    "PaperSetIn": {
        "series_id": 1,
        "colour": "blue",
        "faces_per_sheet": 6,
        "sheets_per_pack": 1,
        "serial_from": 1,
        "serial_to": 5,
        "first_face": 1,
    },
    "PackMoveIn": {"action": "issue", "serials": [1, 2], "occasion_id": 1, "station": "front"},
}


def example(op: Operation, org_id: int) -> dict[str, Any]:
    assert op.body is not None
    body = EXAMPLES[op.body.__name__]
    return {k: ([org_id] if v == ["ORG"] else v) for k, v in body.items()}


def body_variants(op: Operation, org_id: int) -> list[tuple[str, Any]]:
    assert op.body is not None
    schema = op.body()
    valid = example(op, org_id)
    variants: list[tuple[str, Any]] = [
        ("raw:not json", b"{not json"),
        ("raw:empty", b""),
        ("list", [1, 2]),
        ("string", "hello"),
        ("number", 7),
        ("empty object", {}),
        ("unknown field", {"surprise": 1}),
    ]
    for name, spec in schema.fields.items():
        if spec.dump_only:
            continue
        key = spec.data_key or name
        for value in WRONG_VALUES:
            variants.append((f"{key}={str(value)[:20]!r}", {key: value}))
            variants.append((f"valid but {key}={str(value)[:20]!r}", {**valid, key: value}))
        if isinstance(spec, fields.List):
            variants.append((f"{key}=huge list", {key: list(range(10_000))}))
    return variants


def role_for(op: Operation) -> Role:
    if isinstance(op.access, str) or Role.ADMIN in op.access:
        return Role.ADMIN
    return op.access[0]


def url_for_op(op: Operation, org_id: int) -> str:
    path = op.path.replace("<int:org_id>", str(org_id))
    return re.sub(r"<int:[a-z_]+>", "1", path)


def check(reply: Any, where: str) -> None:
    assert reply.status_code < 500, f"{where}: {reply.status_code} {reply.get_data(as_text=True)[:300]}"
    if reply.status_code >= 400:
        body = reply.get_json()
        assert body is not None and {"error", "message", "fields", "rule"} <= set(body), where


@pytest.fixture
def signed_in(app: Flask, session: Session) -> tuple[dict[Role, Api], int]:
    org = make_org(session)
    clients = {}
    for role in Role:
        make_user(session, [role], member=make_member(session, org), username=f"sweep_{role.value}")
        api = Api(app.test_client())
        assert api.sign_in(f"sweep_{role.value}", PASSWORD).status_code == 200
        clients[role] = api
    return clients, org.id


def test_every_operation_survives_garbage_bodies(signed_in: tuple[dict[Role, Api], int]) -> None:
    clients, org_id = signed_in
    tried = 0
    for op in OPERATIONS:
        if op.body is None or op.path == "/api/v1/session":
            continue
        api = clients[role_for(op)]
        url = url_for_op(op, org_id)
        for label, body in [("valid example", example(op, org_id)), *body_variants(op, org_id)]:
            if isinstance(body, bytes):
                reply = api.client.open(
                    url,
                    method=op.method.upper(),
                    data=body,
                    content_type="application/json",
                    headers={"X-CSRF-Token": api.token},
                )
            else:
                reply = api.send(op.method.upper(), url, body)
            check(reply, f"{op.method.upper()} {url} {label}")
            tried += 1
    assert tried > 1500


def test_session_endpoint_survives_garbage(api: Api) -> None:
    for body in [{}, {"username": 5}, {"username": "a", "password": HUGE}, {"username": "a", "pin": ["1"]}, [], "x"]:
        check(api.post("/api/v1/session", body), f"session {str(body)[:30]}")


def test_every_operation_survives_garbage_query_and_path(signed_in: tuple[dict[Role, Api], int]) -> None:
    clients, org_id = signed_in
    for op in OPERATIONS:
        api = clients[role_for(op)]
        for query in [
            "on=2026-13-45",
            "today=yesterday",
            "role=king",
            "on=" + "9" * 5000,
            "role=dealer&on=0001-01-01",
            "x=%00",
        ]:
            url = url_for_op(op, org_id) + "?" + query
            check(api.send(op.method.upper(), url, {} if op.method != "get" else None), f"{op.method} {url[:80]}")
        big = url_for_op(op, 99_999_999_999_999_999)
        check(api.send(op.method.upper(), big, {} if op.method != "get" else None), f"{op.method} {big}")
