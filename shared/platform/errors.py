"""Error responses: never a 500 for bad input. The API answers
{"error", "message", "fields", "rule"} with 400/401/403/404/409/413/422; pages show the same message.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from flask import Flask, Response, jsonify, render_template, request
from marshmallow import ValidationError
from sqlalchemy.exc import OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException

from shared.core.violations import RuleViolation
from shared.platform.context import rollback_db_session

log = logging.getLogger(__name__)


def error_body(
    error: str, message: str, fields: Mapping[str, object] | None = None, rule: str | None = None
) -> dict[str, object]:
    return {"error": error, "message": message, "fields": dict(fields or {}), "rule": rule}


def validation_fields(exc: ValidationError) -> dict[str, object]:
    messages = exc.messages
    if isinstance(messages, dict):
        return dict(messages)
    return {"_schema": messages}


def _respond(status: int, body: dict[str, object]) -> Response | tuple[str, int]:
    if request.path.startswith("/api/") or request.path == "/healthz":
        response = jsonify(body)
        response.status_code = status
        return response
    return render_template("error.html", status=status, body=body), status


def register(app: Flask) -> None:
    @app.errorhandler(RuleViolation)
    def _rule(exc: RuleViolation) -> Response | tuple[str, int]:
        rollback_db_session()
        v = exc.violation
        fields = {v.field: [v.message]} if v.field else {}
        return _respond(v.status, error_body(v.code, v.message, fields, v.rule))

    @app.errorhandler(ValidationError)
    def _invalid(exc: ValidationError) -> Response | tuple[str, int]:
        rollback_db_session()
        return _respond(422, error_body("invalid_input", "Some fields are not valid.", validation_fields(exc)))

    @app.errorhandler(HTTPException)
    def _http(exc: HTTPException) -> Response | tuple[str, int]:
        rollback_db_session()
        status = exc.code or 500
        name = (exc.name or "error").lower().replace(" ", "_")
        return _respond(status, error_body(name, exc.description or exc.name or "Error"))

    @app.errorhandler(OperationalError)
    @app.errorhandler(PoolTimeout)
    def _database_unavailable(exc: OperationalError | PoolTimeout) -> Response | tuple[str, int]:
        """The database is down, or every pooled connection stayed busy past the pool's wait (issue
        10): 503, never a 500, and nothing saved."""
        rollback_db_session()
        log.warning("database unavailable on %s %s: %s", request.method, request.path, exc)
        return _respond(
            503,
            error_body(
                "database_unavailable", "The database is busy or unreachable; nothing was saved. Try again in a moment."
            ),
        )

    @app.errorhandler(Exception)
    def _crash(exc: Exception) -> Response | tuple[str, int]:
        rollback_db_session()
        log.exception("unhandled error on %s %s", request.method, request.path)
        return _respond(500, error_body("internal_error", "Something went wrong; nothing was saved. Try again."))
