"""HTML forms go through the same marshmallow schemas and services as the API, so a page and an
API call can never disagree about a rule. A refusal re-renders the page with the message beside the
field and the rule cited."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from flask import flash, redirect, request
from flask.typing import ResponseReturnValue
from marshmallow import Schema, ValidationError, fields

from shared.core.violations import RuleViolation
from shared.platform.errors import validation_fields


@dataclass
class FormState:
    """What a template needs to redraw a refused form: the values typed, errors by field, the rule."""

    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, list[str]] = field(default_factory=dict)
    message: str | None = None
    rule: str | None = None

    def error(self, name: str) -> str | None:
        found = self.errors.get(name)
        return " ".join(str(m) for m in found) if found else None


def form_data(schema: Schema) -> dict[str, Any]:
    """Read request.form as the schema expects: lists from repeated fields, booleans from
    checkboxes, and blank optional fields left out."""
    data: dict[str, Any] = {}
    for name, spec in schema.fields.items():
        key = spec.data_key or name
        if spec.dump_only:
            continue
        if isinstance(spec, fields.List):
            items = request.form.getlist(key)
            whole = isinstance(spec.inner, fields.Integer)
            data[key] = [int(i) if whole and i.isascii() and i.isdigit() else i for i in items]
        elif isinstance(spec, fields.Boolean):
            data[key] = key in request.form
        else:
            value = request.form.get(key, "").strip()
            if value != "":
                data[key] = (
                    int(value) if isinstance(spec, fields.Integer) and value.isascii() and value.isdigit() else value
                )
            elif spec.allow_none and not spec.required:
                data[key] = None
    return data


def field_errors(messages: Mapping[Any, Any], prefix: str = "") -> dict[str, list[str]]:
    """Marshmallow's messages by form field name: a nested field's as "games.2.prize", its rows counted
    from 1 as the screens and the rules number them (game 2 is games.2)."""
    found: dict[str, list[str]] = {}
    for key, value in messages.items():
        name = prefix + (str(key + 1) if isinstance(key, int) else str(key))
        if isinstance(value, Mapping):
            found.update(field_errors(value, name + "."))
        else:
            found[name] = [str(m) for m in value] if isinstance(value, list) else [str(value)]
    return found


def submit(
    schema: Schema,
    action: Callable[[Any], object],
    success: str,
    done: str,
    redraw: Callable[[FormState], str],
    data: Mapping[str, Any] | None = None,
) -> ResponseReturnValue:
    """Load the form (or `data`, what a page built from its fields: a nested list, a file's text), run the
    service, then redirect with a message, or redraw with the refusal."""
    state = FormState(values=request.form.to_dict())
    status = 422
    try:
        action(schema.load(form_data(schema) if data is None else data))
    except ValidationError as exc:
        state.errors = field_errors(validation_fields(exc))
        state.message = "Some fields need attention."
    except RuleViolation as exc:
        v = exc.violation
        state.errors = {v.field or "_form": [v.message]}
        state.message, state.rule = v.message, v.rule
        status = v.status
    else:
        flash(success)
        return redirect(done)
    return redraw(state), status
