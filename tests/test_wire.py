"""Issue 21: shared.platform.wire writes an answer as `Schema.dump` does, rule by rule (the suite also
compares every answer it receives, tests/conftest.py)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from enum import StrEnum
from types import SimpleNamespace
from typing import Any

import pytest
from marshmallow import Schema, fields, post_dump

from shared.platform import wire
from shared.platform.fields import Money


class Colour(StrEnum):
    RED = "red"


class PartOut(Schema):
    name = fields.String()
    count = fields.Integer()


class WholeOut(Schema):
    id = fields.Integer()
    label = fields.String(allow_none=True)
    valid = fields.Boolean()
    price_cents = Money(data_key="price", allow_none=True)
    at = fields.DateTime(allow_none=True)
    colour = fields.String()
    renamed = fields.Integer(attribute="source_id")
    deep = fields.String(attribute="inner.name")
    fallback = fields.Integer(dump_default=7)
    part = fields.Nested(PartOut, allow_none=True)
    parts = fields.List(fields.Nested(PartOut))
    many_parts = fields.Nested(PartOut, many=True)
    grid = fields.List(fields.List(fields.Integer()), allow_none=True)
    only_name = fields.Nested(PartOut, only=("name",))
    secret = fields.String(load_only=True)
    method = fields.Method("shout")

    def shout(self, obj: Any) -> str:
        return "hello"


class HookedOut(Schema):
    name = fields.String()

    @post_dump
    def upper(self, data: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        return {key: value.upper() for key, value in data.items()}


def whole(**changes: Any) -> dict[str, Any]:
    value: dict[str, Any] = {
        "id": 3,
        "label": "Game 1",
        "valid": True,
        "price_cents": 1250,
        "at": datetime(2026, 12, 5, 18, 30, tzinfo=UTC),
        "colour": Colour.RED,
        "source_id": 11,
        "inner": {"name": "within"},
        "part": {"name": "a", "count": 1, "extra": "not in the schema"},
        "parts": [{"name": "b", "count": 2}],
        "many_parts": [{"name": "c", "count": 3}],
        "grid": [[1, 2], [3, 4]],
        "only_name": {"name": "d", "count": 4},
        "secret": "never written",
    }
    value.update(changes)
    return value


def same(schema: Schema, data: Any) -> Any:
    written = wire.dump(schema, data)
    assert json.dumps(written, sort_keys=True, default=repr) == json.dumps(
        schema.dump(data), sort_keys=True, default=repr
    )
    return written


def test_issue_21_an_answer_is_written_as_marshmallow_writes_it() -> None:
    written = same(WholeOut(), whole())
    assert written["price"] == "12.50" and written["renamed"] == 11 and written["deep"] == "within"
    assert written["fallback"] == 7 and written["method"] == "hello" and written["only_name"] == {"name": "d"}
    assert "secret" not in written and "extra" not in written["part"] and written["colour"] == "red"


@pytest.mark.parametrize(
    "changes",
    [
        {"label": None, "price_cents": None, "at": None, "part": None, "grid": None},
        {"valid": 1, "id": True, "label": 5, "count": "x"},
        {"parts": [], "many_parts": []},
    ],
)
def test_issue_21_nones_and_loose_values_are_written_as_marshmallow_writes_them(changes: dict[str, Any]) -> None:
    same(WholeOut(), whole(**changes))


def test_issue_21_a_value_the_object_lacks_is_left_out_or_its_default() -> None:
    data = whole()
    del data["label"], data["parts"]
    written = same(WholeOut(), data)
    assert "label" not in written and "parts" not in written and written["fallback"] == 7


def test_issue_21_an_object_is_read_by_its_attributes() -> None:
    data = SimpleNamespace(**{**whole(), "inner": SimpleNamespace(name="within")})
    assert same(WholeOut(), data)["deep"] == "within"


def test_issue_21_many_and_hooks_are_as_marshmallow_writes_them() -> None:
    assert same(PartOut(many=True), [{"name": "a", "count": 1}, {"name": "b", "count": 2}])[1] == {
        "name": "b",
        "count": 2,
    }
    assert same(HookedOut(), {"name": "loud"}) == {"name": "LOUD"}
