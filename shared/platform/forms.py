"""HTML forms go through the same marshmallow schemas and services as the API, so a page and an
API call can never disagree about a rule. A refusal re-renders the page with the message beside the
field and the rule cited."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

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


def submit(
    schema: Schema,
    action: Callable[[Any], object],
    success: str,
    done: str,
    redraw: Callable[[FormState], str],
) -> ResponseReturnValue:
    """Load the form, run the service, then redirect with a message, or redraw with the refusal."""
    state = FormState(values=request.form.to_dict())
    status = 422
    try:
        action(schema.load(form_data(schema)))
    except ValidationError as exc:
        state.errors = {k: v if isinstance(v, list) else [str(v)] for k, v in validation_fields(exc).items()}
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
