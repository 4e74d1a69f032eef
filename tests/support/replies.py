"""The API's answers checked: a success with its status and body, or a refusal with its status, error
code and (when asked) the rule and the field it names."""

from __future__ import annotations

from typing import Any


def ok(reply: Any, status: int = 200) -> Any:
    """The reply's JSON body, once its status is the one expected."""
    body = reply.get_json()
    assert reply.status_code == status, body
    return body


def refused(reply: Any, status: int, code: str, rule: str | None = None, field: str | None = None) -> Any:
    """The refusal's body, once its status and error code are the ones expected, and its rule and
    field when asked."""
    body = reply.get_json()
    assert reply.status_code == status and body["error"] == code, body
    if rule is not None:
        assert body["rule"] == rule, body
    if field is not None:
        assert field in body["fields"], body
    return body
