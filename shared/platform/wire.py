"""Issue 21: the API's answers written from their marshmallow schemas in one pass per schema, planned once.

The schemas stay the contract and the source of the OpenAPI document; only the way an answer is written
changes. `Schema.dump` asks each value through four layers of calls (the field's serialize, its get_value,
the schema's accessor, the lookup helper) before the field formats it: about 1.5 µs a value, and a call's
answer (its calls, and the fifty claims the console lists) has about a thousand values, written inside the
call's row locks. The plan made here reads each value straight from the presenter's dict and writes the
common kinds (integers, text, booleans, nested schemas and lists of them) itself; every other field is
formatted by its own `_serialize`, exactly as marshmallow does after it has found the value. A schema with
dump hooks, or its own way of reading values, is left to marshmallow whole. The suite checks every answer
it receives against `Schema.dump` (tests/conftest.py), and tests/test_wire.py each rule below."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from marshmallow import Schema, fields, missing
from marshmallow.decorators import POST_DUMP, PRE_DUMP
from marshmallow.utils import get_value

Format = Callable[[Any, str, Any], Any]
Writer = Callable[[Any], Any]


def dump(schema: Schema, data: Any) -> Any:
    """What `schema.dump(data)` returns."""
    return writer(schema)(data)


@cache
def writer(schema: Schema) -> Writer:
    """The writer for `schema` (one instance per schema is kept by the API, so one plan each)."""
    if not _plannable(schema):
        return schema.dump
    one = _object_writer(schema)
    if not schema.many:
        return one
    return lambda data: one(data) if data is None else [one(item) for item in data]


def _plannable(schema: Schema) -> bool:
    """Whether `schema` dumps by its fields alone: no dump hooks, and values read the standard way."""
    hooked = schema._hooks[PRE_DUMP] or schema._hooks[POST_DUMP]
    return not hooked and type(schema).get_attribute is Schema.get_attribute


def _object_writer(schema: Schema) -> Writer:
    """One object's writer: each dumped field's key, where its value is read, and how it is written.
    A value the object lacks is asked of the field itself (its dump_default, or left out), as marshmallow
    does; so is any value read through a dotted attribute."""
    plan = [
        (
            field.data_key if field.data_key is not None else name,
            name,
            field.attribute if field.attribute is not None else name,
            field,
            _format(field),
        )
        for name, field in schema.dump_fields.items()
    ]
    asked = schema.get_attribute

    def write(obj: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        plain = type(obj) is dict
        for key, name, source, field, format_value in plan:
            if not field._CHECK_ATTRIBUTE:
                value = field._serialize(None, name, obj)
            else:
                value = obj.get(source, missing) if plain else get_value(obj, source, missing)
                if value is missing:
                    value = field.serialize(name, obj, accessor=asked)
                else:
                    value = format_value(value, name, obj)
            if value is not missing:
                out[key] = value
        return out

    return write


def _format(field: fields.Field[Any]) -> Format:
    """How `field` writes a value it was given: its own `_serialize`, or the same rule written inline."""
    kind = type(field)
    if kind is fields.Integer and not field.as_string:  # type: ignore[attr-defined]
        return lambda value, name, obj: value if type(value) is int or value is None else int(value)
    if kind is fields.String:
        own = field._serialize
        return lambda value, name, obj: value if type(value) is str or value is None else own(value, name, obj)
    if kind is fields.Boolean:
        own = field._serialize
        return lambda value, name, obj: (
            value if value is True or value is False or value is None else own(value, name, obj)
        )
    if kind is fields.List:
        inner = _format(field.inner)  # type: ignore[attr-defined]
        return lambda value, name, obj: None if value is None else [inner(each, name, obj) for each in value]
    if kind is fields.Nested:
        return _nested(field)  # type: ignore[arg-type]
    return field._serialize


def _nested(field: fields.Nested) -> Format:
    """A nested schema's value: None, one object, or (the schema's or the field's `many`) a list of them."""
    schema = field.schema
    if not _plannable(schema):
        return field._serialize
    one = _object_writer(schema)
    if schema.many or field.many:
        return lambda value, name, obj: None if value is None else [one(item) for item in value]
    return lambda value, name, obj: None if value is None else one(value)
