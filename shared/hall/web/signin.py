"""Sign-in: a password form for the back office, a PIN pad for stations, sign-out, and the landing
page that sends each role to its own home."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import (
    Blueprint,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue

from shared.core.lockout import LockoutPolicy
from shared.core.roles import Role
from shared.core.violations import RuleViolation
from shared.hall.models import User
from shared.hall.services import staff, staff_sessions
from shared.hall.services.authentication import Attempt, authenticate
from shared.hall.services.staff import KdfCost
from shared.platform.access import SESSION_KEY, any_signed_in, csrf_token, public
from shared.platform.context import (
    actor,
    current_user,
    db_session,
    hall_now,
    settings,
    station_name,
    utc_now,
    wall_now,
)

bp = Blueprint("auth", __name__)

ROLE_HOMES: list[tuple[Role, str]] = [
    (Role.ADMIN, "office.index"),
    (Role.OFFICER, "office.index"),
    (Role.MEMBER_IN_CHARGE, "bingo.member_in_charge_home"),
    (Role.CALLER, "bingo.caller_home"),
    (Role.CASHIER, "bingo.cashier_home"),
    (Role.VERIFIER, "bingo.verifier_home"),
    (Role.TOURNAMENT_DIRECTOR, "poker.director_home"),
    (Role.DEALER, "poker.dealer_home"),
]


def home_endpoint_for(user: User | None) -> str | None:
    """The first of the user's roles in ROLE_HOMES order decides where they land."""
    if user is None:
        return None
    held = set(user.role_names)
    for role, endpoint in ROLE_HOMES:
        if role.value in held:
            return url_for(endpoint)
    return None


def kdf_cost() -> KdfCost:
    return KdfCost(n=current_app.config.get("FLASHBOARD_KDF_N", KdfCost().n))


def lockout_policy() -> LockoutPolicy:
    s = settings()
    return LockoutPolicy(attempts=s.lockout_attempts, minutes=s.lockout_minutes, kdf_n=kdf_cost().n)


def attempt(username: str, secret: str, by_pin: bool, station: str | None = None) -> Attempt:
    """A secret check from this request: the station it names and the address it came from."""
    return Attempt(
        username=username,
        secret=secret,
        by_pin=by_pin,
        station=station or station_name(),
        address=request.remote_addr or "unknown",
    )


def establish_session(user: User, station: str | None) -> None:
    """A fresh session on every sign-in (no fixation): old contents dropped, a new server-side
    session and CSRF token. The station's name stays with the browser."""
    previous_station = station or session.get("station")
    staff_sessions.end_session(db_session(), session.get(SESSION_KEY), wall_now(), "replaced")
    session.clear()
    session.permanent = True
    session[SESSION_KEY] = staff_sessions.start_session(
        db_session(), user, previous_station, request.remote_addr or "unknown", wall_now()
    )
    if previous_station:
        session["station"] = str(previous_station)[:100]
    csrf_token()


def _safe_next(target: str | None) -> str | None:
    """Only same-site paths, so a crafted link cannot bounce a volunteer to another host."""
    if not target:
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//"):
        return None
    return target


def _signin(template: str, by_pin: bool) -> ResponseReturnValue:
    """A station device is named once, by opening /pin?station=NAME (its bookmark); the name chooses
    its receipt printer and stays with the browser across sign-ins and idle locks. A link cannot
    rename a station while someone is signed in at it (its till and printer would move under them)."""
    error = None
    username = request.form.get("username", "")[:64] or str(session.get("locked_username", ""))[:64]
    named = (request.args.get("station") or "").strip()[:100]
    if named and current_user() is None:
        session["station"] = named
    if request.method == "POST":
        secret = request.form.get("pin" if by_pin else "password", "")[:200]
        station = (request.form.get("station") or "").strip()[:100] or None
        try:
            user = authenticate(db_session(), attempt(username, secret, by_pin, station), utc_now(), lockout_policy())
        except RuleViolation as exc:
            error = exc.violation.message
        else:
            establish_session(user, station)
            return redirect(_safe_next(request.args.get("next")) or home_endpoint_for(user) or url_for("auth.no_role"))
    return render_template(template, error=error, username=username, station=session.get("station", "")), (
        401 if error else 200
    )


@bp.route("/signin", methods=["GET", "POST"])
@public
def signin() -> ResponseReturnValue:
    return _signin("signin.html", by_pin=False)


@bp.route("/pin", methods=["GET", "POST"])
@public
def pin() -> ResponseReturnValue:
    return _signin("pin.html", by_pin=True)


@bp.post("/signout")
@public
def signout() -> ResponseReturnValue:
    if current_user() is not None:
        staff.record_sign_out(db_session(), actor(), hall_now(), session.get(SESSION_KEY))
    station = session.get("station")
    session.clear()
    if station:
        session["station"] = station
    return redirect(url_for("auth.pin" if station else "auth.signin"))


@bp.get("/")
@public
def landing() -> ResponseReturnValue:
    user = current_user()
    if user is None:
        return redirect(url_for("auth.signin"))
    return redirect(home_endpoint_for(user) or url_for("auth.no_role"))


@bp.get("/no-role")
@any_signed_in
def no_role() -> ResponseReturnValue:
    return render_template("no_role.html")
