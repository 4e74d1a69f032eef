"""The app factory: one Flask app serves every station, wired to one database."""

from __future__ import annotations

import secrets
import threading
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from typing import Any, Callable

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Map, Rule

from shared.core.money import format_cents, wire_cents
from shared.hall.services.staff_sessions import LONGEST_SESSION
from shared.platform import access, errors, inputs
from shared.platform.api import SESSION_COOKIE
from shared.platform.audit_key import Keyring
from shared.platform.config import PROJECT_ROOT, Settings, load_settings
from shared.platform.context import close_db_session, current_user, db_session, hall_today, station_name
from shared.platform.db import Database
from shared.printing import stations as printer_stations


class RowId(IntegerConverter):
    """Path ids fit a 32-bit column; a longer number is a 404, not a database overflow."""

    def __init__(
        self,
        url_map: Map,
        fixed_digits: int = 0,
        min: int | None = None,
        max: int | None = 2**31 - 1,
        signed: bool = False,
    ) -> None:
        super().__init__(url_map, fixed_digits=fixed_digits, min=min, max=max, signed=signed)


class BuiltOnFirstUseRule(Rule):
    """Issue 21 (cold start under 0.6 s): Werkzeug compiles two URL builders per route, from a syntax tree,
    as the route is added; for the hall's 228 routes that is about 45 ms of every start, for routes most of
    which a process never builds a link to. Each builder is compiled the first time `url_for` asks for it,
    then kept, and builds exactly what Werkzeug's would (it is Werkzeug's, compiled later). Two threads
    asking at once may both compile it; either result is the same function."""

    def _compile_builder(self, append_unknown: bool = True) -> Callable[..., tuple[str, str]]:
        compile_now = super()._compile_builder
        compiled: Callable[..., tuple[str, str]] | None = None

        def build(rule: Rule, /, **values: Any) -> tuple[str, str]:
            nonlocal compiled
            if compiled is None:
                compiled = compile_now(append_unknown).__get__(rule, None)
            return compiled(**values)

        return build


def _version() -> str:
    try:
        return version("flashboard")
    except PackageNotFoundError:
        return "0.0.0"


def _in_training() -> bool:
    """Flashboard house rule (training mode): TRAINING stands in every signed-in page's top bar while the
    organization's occasion of the day is a training one; a page about an occasion (the caller's, the
    TV's) also shows it from that occasion."""
    from bingo.services.occasions import in_training
    from shared.platform.station import my_org_id

    org_id = my_org_id()
    return org_id is not None and in_training(db_session(), org_id, hall_today())


def create_app(settings: Settings | None = None, overrides: dict[str, Any] | None = None) -> Flask:
    """Build the app; tests pass their own Settings, production reads FLASHBOARD_* variables."""
    settings = settings or load_settings()
    app = Flask(
        "flashboard",
        root_path=str(PROJECT_ROOT),
        template_folder="templates",
        static_folder="static",
        instance_path=str(settings.instance_path),
    )
    app.config.update(
        SECRET_KEY=settings.secret_key,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_SECURE=settings.cookie_secure,
        SESSION_COOKIE_NAME=SESSION_COOKIE,
        PERMANENT_SESSION_LIFETIME=LONGEST_SESSION,
        # The cookie is sent when its contents change (sign-in, a touch noted: access.ACTIVE_GRAIN_SECONDS), not
        # on every request: the one written at sign-in already outlives the server-side session it names.
        SESSION_REFRESH_EACH_REQUEST=False,
        MAX_CONTENT_LENGTH=4 * 1024 * 1024,
        FLASHBOARD_VERSION=_version(),
        JSON_SORT_KEYS=False,
    )
    app.config.update(overrides or {})
    app.url_map.converters["int"] = RowId
    app.url_rule_class = BuiltOnFirstUseRule
    app.extensions["flashboard.settings"] = settings
    app.extensions["flashboard.db"] = Database.connect(settings.database_url, Keyring(settings.audit_key_file))
    app.extensions["flashboard.rng"] = secrets.SystemRandom()
    app.extensions["flashboard.clock"] = lambda: datetime.now(timezone.utc)
    app.extensions["flashboard.printers"] = printer_stations.load(settings.printers_path)
    app.extensions["flashboard.stopping"] = threading.Event()
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies)  # type: ignore[method-assign]

    app.before_request(access.enforce)
    app.before_request(inputs.refuse_unstorable_text)
    app.teardown_appcontext(close_db_session)
    errors.register(app)

    @app.after_request
    def _headers(response: Any) -> Any:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "same-origin")
        response.headers.setdefault(
            "Content-Security-Policy",
            "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; frame-ancestors 'none'",
        )
        return response

    app.jinja_env.filters["money"] = format_cents
    app.jinja_env.filters["dollars"] = wire_cents
    app.jinja_env.globals["csrf_token"] = access.csrf_token
    app.jinja_env.globals["station_name"] = station_name
    app.context_processor(
        lambda: {
            "me": current_user(),
            "idle_seconds": app.extensions["flashboard.settings"].idle_lock_minutes * 60,
            "training": _in_training(),
        }
    )

    from bingo.web.api import bp as bingo_api_bp
    from bingo.web.back_office import bp as bingo_office_bp
    from bingo.web.report_views import bp as reports_bp
    from bingo.web.views import bp as bingo_bp
    from poker.web.api import bp as poker_api_bp
    from poker.web.views import bp as poker_bp
    from shared.hall.web.api import bp as api_bp
    from shared.hall.web.office import bp as office_bp
    from shared.hall.web.signin import bp as auth_bp
    from shared.platform.health import bp as health_bp

    for blueprint in (
        auth_bp,
        health_bp,
        api_bp,
        bingo_api_bp,
        office_bp,
        bingo_bp,
        bingo_office_bp,
        reports_bp,
        poker_bp,
        poker_api_bp,
    ):
        app.register_blueprint(blueprint)

    from bingo.services.warming import warm_hot_statements
    from bingo.web.cli import register as register_bingo_commands
    from shared.platform import warm_up
    from shared.platform.cli import register_commands

    warm_up.register(app, warm_hot_statements)

    register_commands(app)
    register_bingo_commands(app)
    return app
