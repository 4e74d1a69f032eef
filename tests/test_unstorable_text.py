"""Regression for schemathesis' find (issue 10): a vendor name holding a NUL character was a 500 on
PostgreSQL, which cannot store NUL in text. Text the databases cannot store (NUL, an unpaired
surrogate) is refused with 400 naming the field, from the JSON body, a form, the query string and
the URL alike, and nothing is written."""

from __future__ import annotations

from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from shared.hall.models import Vendor
from shared.platform.inputs import unstorable_field
from tests.support.client import Api
from tests.support.factories import make_org

LONE_SURROGATE = "\ud93b"


def refused_for(response: object, field: str) -> None:
    assert response.status_code == 400, response.get_data(as_text=True)  # type: ignore[attr-defined]
    body = response.get_json()  # type: ignore[attr-defined]
    assert body["error"] == "unstorable_text" and field in body["fields"], body


def test_issue_10_vendor_name_with_nul_refused_not_500(admin: Api, session: Session) -> None:
    reply = admin.post("/api/v1/vendors", {"name": "Acme\x00 Poker", "license_number": None, "licensed_until": None})
    refused_for(reply, "name")
    assert session.scalar(select(func.count()).select_from(Vendor)) == 0


def test_issue_10_unpaired_surrogate_in_nested_json_names_the_path(admin: Api, session: Session) -> None:
    org = make_org(session)
    raw = '{"name": "Member \\ud93b", "date_of_birth": "1970-01-01", "active_since": "2000-01-01", "is_officer": false}'
    reply = admin.client.post(
        f"/api/v1/organizations/{org.id}/members",
        data=raw,
        content_type="application/json",
        headers={"X-CSRF-Token": admin.token},
    )
    refused_for(reply, "name")


def test_issue_10_nul_in_query_string_refused(admin: Api, session: Session) -> None:
    org = make_org(session)
    refused_for(admin.get(f"/api/v1/organizations/{org.id}/roster?on=2026-01-01%00"), "on")


def test_issue_10_nul_in_board_token_refused(api: Api) -> None:
    response = api.client.get("/bingo/board/abc%00def/state")
    assert response.status_code == 400
    assert "NUL" in response.get_data(as_text=True)


def test_issue_10_nul_in_sign_in_form_refused(app: Flask, api: Api) -> None:
    response = api.client.post("/signin", data={"username": "admin\x00", "password": "x", "csrf_token": api.token})
    assert response.status_code == 400
    refused_for(api.sign_in("admin\x00", "x"), "username")


@given(
    st.recursive(
        st.text() | st.integers() | st.none(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
        max_leaves=12,
    )
)
def test_issue_10_unstorable_field_found_exactly_when_some_text_is_unstorable(payload: object) -> None:
    def texts(value: object) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [t for key, item in value.items() for t in [key, *texts(item)]]
        if isinstance(value, list):
            return [t for item in value for t in texts(item)]
        return []

    bad = any("\x00" in text or any("\ud800" <= ch <= "\udfff" for ch in text) for text in texts(payload))
    assert (unstorable_field(payload) is not None) == bad


def test_issue_10_unstorable_field_paths() -> None:
    assert unstorable_field({"prizes": [{"description": "ok"}, {"description": "x\x00"}]}) == "prizes.1.description"
    assert unstorable_field({"a" + LONE_SURROGATE: 1}) == "a" + LONE_SURROGATE
    assert unstorable_field("plain") is None
