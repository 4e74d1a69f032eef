"""Issue 21: a serving process sends the statements of the night's busiest requests once before it takes
the first of them, so the first ball of the night reaches the TVs as quickly as the rest.

In a fresh process the first ball call took 25 ms where the next took 9, and the first claim 14 ms where
the next took 6: most of the difference is SQLAlchemy compiling each statement for the process's engine,
once. Under the load, those first requests of each server process were the slowest calls of the run, and
a single slow call is the whole p99 of call → display (each call is a thousand deliveries). Each statement
is sent with values that match no row, in a read-only session: nothing is read, locked or written. The
domains register their statements (`register`); the sign-in's are here. Warming is an optimization: a
database that cannot answer yet is left for the first request to report.

On PostgreSQL each of the pool's connections is warmed, each statement sent until psycopg has prepared it
there (it prepares a statement the sixth time a connection sends it): a fresh connection's first calls
took 7-10 ms in-process where a warm one's took 4.5-5, because the server planned the call's statements
afresh each time, and under the load a request that opened a connection paid for that too."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import ExitStack

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from shared.platform.access import sign_in_statement
from shared.platform.db import Database

LOG = logging.getLogger(__name__)
WARM_UPS = "flashboard.warm_ups"
Warming = Callable[[Session], None]


def register(app: Flask, *steps: Warming) -> None:
    """Add statements (a function that sends them on the session given) to what `warm` sends."""
    app.extensions.setdefault(WARM_UPS, []).extend(steps)


def warm_sign_in(session: Session) -> None:
    """The sign-in lookup every request sends, with and without an Idempotency-Key's earlier answer."""
    session.execute(sign_in_statement(False), {"token_hash": ""}).unique().all()
    session.execute(sign_in_statement(True), {"token_hash": "", "idempotency_key": ""}).unique().all()


def sends_needed(session: Session) -> int:
    """How many times a statement is sent on the session's connection before the driver prepares it:
    psycopg's threshold and one more; once where the driver prepares nothing (SQLite)."""
    driver = session.connection().connection.dbapi_connection
    threshold: int | None = getattr(driver, "prepare_threshold", None)
    return 1 if threshold is None else threshold + 1


def warm(app: Flask) -> None:
    """Send every registered statement on each of the pool's connections (one on SQLite), each on its own
    read-only session held open meanwhile, so that each has a connection of its own."""
    database: Database = app.extensions["flashboard.db"]
    steps = [warm_sign_in, *app.extensions.get(WARM_UPS, [])]
    connections = 1 if database.is_sqlite else database.engine.pool.size()  # type: ignore[attr-defined]
    try:
        with ExitStack() as held:
            for _ in range(connections):
                session = held.enter_context(database.readers())
                for _ in range(sends_needed(session)):
                    for step in steps:
                        step(session)
    except SQLAlchemyError as error:
        LOG.warning("warming the busiest requests' statements failed; the first requests will compile them: %s", error)
