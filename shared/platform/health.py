"""/healthz for the hall's monitoring and the installer: 200 with the database reachable, 503 otherwise."""

from __future__ import annotations

from flask import Blueprint, Response, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from shared.platform.access import public
from shared.platform.context import database

bp = Blueprint("health", __name__)


@bp.get("/healthz")
@public
def healthz() -> Response:
    try:
        with database().engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError:
        reply = jsonify({"status": "unavailable", "database": "unreachable"})
        reply.status_code = 503
        return reply
    return jsonify({"status": "ok", "database": "ok"})
