"""Per-request state for views: the database session, the signed-in user, the hall's clock and the
audit actor. Services never import this; views pass these values in."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime, timezone

from flask import current_app, g, request, session
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from shared.hall.models import User
from shared.platform.audit import Actor
from shared.platform.config import Settings
from shared.platform.db import Database
from shared.printing.jobs import PrintDesk
from shared.printing.stations import StationPrinter


def database() -> Database:
    db: Database = current_app.extensions["flashboard.db"]
    return db


def settings() -> Settings:
    value: Settings = current_app.extensions["flashboard.settings"]
    return value


READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""The methods that only read: their session is read-only, and they carry no CSRF token and no Idempotency-Key."""


def db_session() -> Session:
    """One plain session per request, closed at teardown; GET requests get a read-only one that
    never takes SQLite's write lock and never writes (db.reading)."""
    if "db_session" not in g:
        db = database()
        g.db_session = db.readers() if request.method in READ_METHODS else db.sessions()
    sess: Session = g.db_session
    return sess


@contextmanager
def writing_session() -> Iterator[Session]:
    """The session a write this request must make goes through: the request's own, or in a GET, whose own
    session only reads, a writing session of its own for that write (the one a GET makes: a station's
    idle lock ends its session on the server). The write commits in it."""
    if request.method not in READ_METHODS:
        yield db_session()
        return
    with database().sessions() as writer:
        yield writer


def rollback_db_session() -> None:
    """Drop whatever a refused request had started to write; the session stays open so the error
    page can still show who is signed in (teardown closes it)."""
    sess = g.get("db_session")
    if sess is None:
        return
    try:
        sess.rollback()
    except SQLAlchemyError:
        g.pop("db_session", None)
        sess.close()


def close_db_session(_exc: BaseException | None = None) -> None:
    sess = g.pop("db_session", None)
    if sess is not None:
        sess.close()


def wall_now() -> datetime:
    """The server's own clock, for how long a staff session lives: a session's age is real time,
    whatever hall clock a test installs."""
    return datetime.now(timezone.utc)


def utc_now() -> datetime:
    """The clock is passed in: production's reads the system time; tests install their own."""
    clock: Callable[[], datetime] = current_app.extensions["flashboard.clock"]
    return clock().astimezone(timezone.utc)


def hall_now() -> datetime:
    """The hall's local time (FLASHBOARD_TIMEZONE), aware."""
    return utc_now().astimezone(settings().zone)


def hall_today() -> date:
    return hall_now().date()


def current_user() -> User | None:
    user: User | None = g.get("user")
    return user


def station_name() -> str:
    """The station this browser was signed in at, or its address."""
    name = session.get("station")
    return str(name) if name else (request.remote_addr or "unknown")


def actor() -> Actor:
    user = current_user()
    if user is None:
        return Actor(user_id=None, name="anonymous", station=station_name())
    return Actor(user_id=user.id, name=user.username, station=station_name())


def printers() -> dict[str, StationPrinter]:
    """The stations' printers, loaded and checked at start-up."""
    loaded: dict[str, StationPrinter] = current_app.extensions["flashboard.printers"]
    return loaded


def desk() -> PrintDesk:
    """Where this request's paper goes: the hall's printers and this station."""
    return PrintDesk(printers(), station_name())
