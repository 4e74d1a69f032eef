"""The JSON API's conventions in one place: each operation declares its roles, its input and output
schemas and its status, and the same declaration feeds /api/v1/openapi.json.

A view function receives the loaded `body` and `query` and returns plain objects; this wrapper
dumps them with the response schema. Bad JSON, a non-object body or a wrong type never reaches
the view.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, wraps
from typing import Any, Callable

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, Response, jsonify, request
from marshmallow import Schema
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from shared.core.roles import Role
from shared.core.violations import RuleViolation, refuse
from shared.platform import wire
from shared.platform.access import allow, public
from shared.platform.context import current_user, db_session, utc_now
from shared.platform.fields import ErrorSchema, Money
from shared.platform.idempotency import IDEMPOTENCY_HEADER, IdempotencyRecord, amend_answer, answered, store_answer
from shared.platform.inputs import json_body
from shared.platform.service_kit import (
    AFTER_COMMIT,
    DEFER_COMMIT,
    reachable,
    run_after_commit,
)

API_PREFIX = "/api/v1"
PUBLIC_ACCESS = "public"
REPLAYED_HEADER = "Idempotent-Replayed"
SESSION_COOKIE = "flashboard_session"
IDEMPOTENCY_KEY = re.compile(r"^[A-Za-z0-9_.:-]{8,100}$")


def idempotent(key: str, endpoint: str, act: Callable[[], Any], render: Callable[[Any], Response]) -> Response:
    """DESIGN.md "Nothing lost, nothing doubled": a touchscreen POST carries an Idempotency-Key. The
    change, its audit entry, its print jobs and the answer under the key are written in ONE
    transaction, so a double tap, a race or a retry after a crash at any instant gets the first answer
    back and never acts twice. The key's answer is read with the sign-in (access.py) and written once,
    with the answer (issue 21); a tap racing the first one acts, finds the key taken as it commits (or
    a refusal, because the first one acted), rolls back and answers as the first one did. Printing
    runs after that commit; the client then gets the answer again with the printers' outcome."""
    if not IDEMPOTENCY_KEY.match(key):
        raise refuse(
            "bad_idempotency_key",
            "An Idempotency-Key is 8-100 letters, digits, dots, dashes, colons or underscores.",
            None,
            field=IDEMPOTENCY_HEADER,
            status=400,
        )
    user = current_user()
    user_id = user.id if user is not None else 0
    session = db_session()
    existing = answered(session, user_id, key)
    if existing is not None:
        return _replay(existing, endpoint)
    session.info.pop(AFTER_COMMIT, None)
    session.info[DEFER_COMMIT] = True
    try:
        result = act()
        reply = render(result)
        store_answer(session, user_id, key, endpoint, reply.status_code, reply.get_data(as_text=True), utc_now())
        session.commit()
    except (IntegrityError, RuleViolation):
        session.rollback()
        session.info.pop(AFTER_COMMIT, None)
        first = session.get(IdempotencyRecord, (user_id, key))
        if first is None:
            raise
        return _replay(first, endpoint)
    finally:
        session.info.pop(DEFER_COMMIT, None)
    work: list[Callable[[], object]] = session.info.pop(AFTER_COMMIT, [])
    if not work:
        return reply
    run_after_commit(session, work)
    final = render(result)
    try:
        amend_answer(session, user_id, key, final.get_data(as_text=True))
        session.commit()
    except SQLAlchemyError:
        session.rollback()
    return final


def _replay(record: IdempotencyRecord, endpoint: str) -> Response:
    if record.endpoint != endpoint:
        raise refuse(
            "idempotency_key_reused",
            "This Idempotency-Key was already used for a different action.",
            None,
            field=IDEMPOTENCY_HEADER,
            status=409,
        )
    if record.status is None or record.body is None:
        raise refuse(
            "request_already_received",
            "This request was already received; reload the screen to see its result.",
            None,
            field=IDEMPOTENCY_HEADER,
            status=409,
        )
    # Said in a header, since the body is the first answer word for word: a screen or client can tell a
    # repeated tap from a new act (the desk must not announce a prize paid twice as new).
    return Response(record.body, status=record.status, mimetype="application/json", headers={REPLAYED_HEADER: "true"})


@dataclass(frozen=True)
class Operation:
    endpoint: str
    path: str
    method: str
    summary: str
    tag: str
    access: tuple[Role, ...] | str
    body: type[Schema] | None
    query: type[Schema] | None
    response: type[Schema] | None
    many: bool
    status: int
    produces: str


OPERATIONS: list[Operation] = []


def _json_object() -> dict[str, Any]:
    payload = json_body()
    if payload is None:
        raise refuse("bad_json", "The request body must be a JSON object.", None, field="_body", status=400)
    if not isinstance(payload, dict):
        raise refuse(
            "bad_json",
            "The request body must be a JSON object, not a list or a value.",
            None,
            field="_body",
            status=400,
        )
    return payload


@cache
def schema_of(cls: type[Schema], many: bool = False) -> Schema:
    """One instance of each schema (and `many`) for every request: marshmallow 4's load and dump keep
    nothing on the instance, and building one deep-copies every declared field, nested ones too (issue
    21: 4-7% of a verify's or a call's own work)."""
    return cls(many=many)


def operation(
    bp: Blueprint,
    rule: str,
    method: str,
    *,
    summary: str,
    access: tuple[Role, ...] | str,
    body: type[Schema] | None = None,
    query: type[Schema] | None = None,
    response: type[Schema] | None = None,
    many: bool = False,
    status: int = 200,
    produces: str = "application/json",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Register an API view on `bp` with its declared contract. A view that `produces` something
    other than JSON (a CSV export) returns its own Response."""

    def register(fn: Callable[..., Any]) -> Callable[..., Any]:
        endpoint = f"{bp.name}.{fn.__name__}"

        def act(**kwargs: Any) -> Any:
            if "org_id" in kwargs and not reachable(db_session(), kwargs["org_id"]):
                raise refuse("forbidden", "You may only see your own organization's records.", None, status=403)
            if body is not None:
                kwargs["body"] = schema_of(body).load(_json_object())
            if query is not None:
                kwargs["query"] = schema_of(query).load(request.args.to_dict())
            return fn(**kwargs)

        def render(result: Any) -> Response:
            if isinstance(result, Response):
                return result
            reply = jsonify(wire.dump(schema_of(response, many), result) if response is not None else {})
            reply.status_code = status
            return reply

        @wraps(fn)
        def view(**kwargs: Any) -> Response:
            key = request.headers.get(IDEMPOTENCY_HEADER)
            if key is None or method == "GET" or access == PUBLIC_ACCESS:
                return render(act(**kwargs))
            return idempotent(key, endpoint, lambda: act(**kwargs), render)

        guarded = allow(*access)(view) if isinstance(access, tuple) else public(view)
        bp.add_url_rule(rule, endpoint=fn.__name__, view_func=guarded, methods=[method])
        OPERATIONS.append(
            Operation(
                endpoint=f"{bp.name}.{fn.__name__}",
                path=(bp.url_prefix or "") + rule,
                method=method.lower(),
                summary=summary,
                tag=bp.name,
                access=access,
                body=body,
                query=query,
                response=response,
                many=many,
                status=status,
                produces=produces,
            )
        )
        return guarded

    return register


_PATH_PARAM = re.compile(r"<(?:(?P<conv>[a-z]+):)?(?P<name>[a-z_]+)>")


def openapi_document(title: str, version: str) -> dict[str, Any]:
    """OpenAPI 3 built from the registered operations and their marshmallow schemas."""
    plugin = MarshmallowPlugin()
    spec = APISpec(title=title, version=version, openapi_version="3.0.3", plugins=[plugin])
    plugin.map_to_openapi_type(Money, "string", None)  # type: ignore[no-untyped-call]
    spec.components.schema("Error", schema=ErrorSchema)
    spec.components.security_scheme("session", {"type": "apiKey", "in": "cookie", "name": SESSION_COOKIE})
    paths: dict[str, dict[str, Any]] = {}
    for op in sorted(OPERATIONS, key=lambda o: (o.path, o.method)):
        path = _PATH_PARAM.sub(lambda m: "{" + m.group("name") + "}", op.path)
        parameters: list[dict[str, Any]] = [
            {
                "in": "path",
                "name": m.group("name"),
                "required": True,
                "schema": {"type": "integer" if m.group("conv") == "int" else "string"},
            }
            for m in _PATH_PARAM.finditer(op.path)
        ]
        if op.query is not None:
            parameters.append({"in": "query", "schema": op.query})
        if op.method not in {"get", "head"}:
            parameters.append({"in": "header", "name": "X-CSRF-Token", "required": True, "schema": {"type": "string"}})
            if isinstance(op.access, tuple):
                parameters.append(
                    {
                        "in": "header",
                        "name": IDEMPOTENCY_HEADER,
                        "required": False,
                        "schema": {"type": "string", "pattern": IDEMPOTENCY_KEY.pattern},
                        "description": "Repeat the same key to get the first answer back instead of acting twice.",
                    }
                )
        success: dict[str, Any] = {"description": op.summary}
        if op.response is not None:
            schema: Any = {"type": "array", "items": op.response} if op.many else op.response
            success["content"] = {"application/json": {"schema": schema}}
        elif op.produces != "application/json":
            success["content"] = {op.produces: {"schema": {"type": "string"}}}
        error = {
            "description": "Refused, with the field and the rule",
            "content": {"application/json": {"schema": "Error"}},
        }
        spec_op: dict[str, Any] = {
            "operationId": op.endpoint.replace(".", "_"),
            "summary": op.summary,
            "tags": [op.tag],
            "parameters": parameters,
            "responses": {
                str(op.status): success,
                "4XX": error,
                "500": {
                    "description": "A fault of the server; nothing was saved (never expected: the tests and "
                    "schemathesis look for it)",
                    "content": {"application/json": {"schema": "Error"}},
                },
                "503": {
                    "description": "The database is busy or unreachable; nothing was saved, try again",
                    "content": {"application/json": {"schema": "Error"}},
                },
            },
        }
        if isinstance(op.access, tuple):
            spec_op["security"] = [{"session": []}]
            spec_op["x-roles"] = [r.value for r in op.access]
        if op.body is not None:
            spec_op["requestBody"] = {"required": True, "content": {"application/json": {"schema": op.body}}}
        paths.setdefault(path, {})[op.method] = spec_op
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    return spec.to_dict()
