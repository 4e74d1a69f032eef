"""Poker screens: the tournament director's console, the tournament desk (buy-ins, re-buys,
re-entries and prizes at the cashier), the dealer's table screen with the showdown helper, and the
clock TV. Server-rendered shells; every action goes through the same /api/v1 operations."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    redirect,
    render_template,
    url_for,
)
from flask.typing import ResponseReturnValue

from bingo.services import cash
from poker.models import Tournament
from poker.rules.profiles import MONTANA_LARGE, MONTANA_SMALL
from poker.schemas import PermitIn
from poker.services import live, tournament_permits, tournaments
from shared.core.money import format_cents, wire_cents
from shared.core.roles import OFFICE_EDIT, OFFICE_VIEW, Role
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import account_name
from shared.platform.access import allow, public
from shared.platform.context import (
    actor,
    db_session,
    hall_now,
    hall_today,
    station_name,
)
from shared.platform.events import Channel, admit, screen_key
from shared.platform.forms import FormState, submit
from shared.platform.scope import check_org
from shared.platform.station import my_org_id, station_page

bp = Blueprint("poker", __name__, url_prefix="/poker")
SCREENS = {"director": "Tournament director", "desk": "Tournament desk", "dealer": "Dealer"}


def _choose(screen: str, role: Role) -> ResponseReturnValue:
    """One open tournament: straight to it; several: a list to choose from; none: the station page."""
    found = tournaments.open_tournaments(db_session(), my_org_id(), hall_today())
    if not found:
        return station_page(SCREENS[screen], role, "No tournament is open today.")
    if len(found) == 1:
        return redirect(url_for(f"poker.{screen}_console", tournament_id=found[0].id))
    return render_template("poker/choose.html", title=SCREENS[screen], screen=screen, tournaments=found)


def _tournament(tournament_id: int) -> Tournament:
    row = tournaments.get_tournament(db_session(), tournament_id)
    check_org(row.organization_id)
    return row


def _page(template: str, tournament_id: int) -> str:
    row = _tournament(tournament_id)
    setup = tournaments.setup_of(row)
    return render_template(
        template, tournament=row, setup=setup, money=format_cents, profile=tournaments.profile_of(row)
    )


def _permits_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = get_organization(session, check_org(org_id))
    kinds = [(p.jurisdiction.value, p.name, p.permit_fee_cents) for p in (MONTANA_LARGE, MONTANA_SMALL)]
    return render_template(
        "poker/permits.html",
        org=org,
        form=state or FormState(),
        permits=tournament_permits.list_permits(session, org.id),
        kinds=[(value, f"{name}: {format_cents(fee.value)} a year" if fee else name) for value, name, fee in kinds],
        year=hall_today().year,
        fees={value: wire_cents(fee.value) for value, _, fee in kinds if fee},
    )


@bp.get("/organizations/<int:org_id>/permits")
@allow(*OFFICE_VIEW)
def permits_page(org_id: int) -> ResponseReturnValue:
    """MCA 23-5-317(1)(a)-(b), (d), (f), (2)(a)-(b): the organization's Montana tournament permits, each
    with its notices to the department and the tournaments counted toward the 16."""
    return _permits_page(org_id)


@bp.post("/organizations/<int:org_id>/permits")
@allow(*OFFICE_EDIT)
def permit_create(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        PermitIn(),
        lambda d: tournament_permits.record_permit(db_session(), actor(), hall_now(), org_id, d),
        "Tournament permit recorded.",
        url_for("poker.permits_page", org_id=org_id),
        lambda s: _permits_page(org_id, s),
    )


@bp.get("/director")
@allow(Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def director_home() -> ResponseReturnValue:
    """28 Del. C. §1827(1): the tournament director runs the tournament and settles disputes."""
    return _choose("director", Role.TOURNAMENT_DIRECTOR)


@bp.get("/director/<int:tournament_id>")
@allow(Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def director_console(tournament_id: int) -> ResponseReturnValue:
    """The clock, the tables with every seat, busts, seat moves, deck reminders and staff."""
    return _page("poker/director.html", tournament_id)


@bp.get("/desk")
@allow(Role.CASHIER, Role.TOURNAMENT_DIRECTOR, Role.MEMBER_IN_CHARGE, Role.ADMIN)
def desk_home() -> ResponseReturnValue:
    return _choose("desk", Role.CASHIER)


@bp.get("/desk/<int:tournament_id>")
@allow(Role.CASHIER, Role.TOURNAMENT_DIRECTOR, Role.MEMBER_IN_CHARGE, Role.ADMIN)
def desk_console(tournament_id: int) -> ResponseReturnValue:
    """Buy-ins, re-buys and re-entries within the caps and never on credit, each with a receipt
    showing the table and seat, into the desk's till; prizes paid from it once the tournament ends."""
    row = _tournament(tournament_id)
    session = db_session()
    till = cash.till_at(session, station_name(), tournament_id=row.id)
    return render_template(
        "poker/desk.html",
        tournament=row,
        setup=tournaments.setup_of(row),
        money=format_cents,
        profile=tournaments.profile_of(row),
        till=till,
        drawer=cash.drawer(session, till) if till else None,
        in_charge=cash.in_charge(session, actor()),
        station=station_name(),
        opened=till.opened_at.astimezone(hall_now().tzinfo).strftime("%H:%M") if till else None,
        till_cashier=account_name(session, till.cashier_user_id, till.cashier_name) if till else None,
    )


@bp.get("/dealer")
@allow(Role.DEALER, Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def dealer_home() -> ResponseReturnValue:
    return _choose("dealer", Role.DEALER)


@bp.get("/dealer/<int:tournament_id>")
@allow(Role.DEALER, Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def dealer_console(tournament_id: int) -> ResponseReturnValue:
    """A table's seats, its deck log (§1804 B(6), B(8)) and the showdown helper (§1815-1816)."""
    return _page("poker/dealer.html", tournament_id)


@bp.get("/rules/<int:tournament_id>")
@allow(*Role)
def rules_page(tournament_id: int) -> ResponseReturnValue:
    """28 Del. C. ch. 18, printed rules ¶(1)-(5), posting ¶(1): the rules as generated from the setup,
    to read at the desk, post as PDF or print on the desk's printer for a player."""
    row = _tournament(tournament_id)
    return render_template("poker/rules.html", tournament=row, sections=tournaments.rules(db_session(), row))


def _tournament_id(token: str) -> int | None:
    row = live.by_token(db_session(), token[:40])
    return row.id if row is not None else None


def _by_token(token: str) -> Tournament:
    row = live.by_token(db_session(), token[:40])
    if row is None:
        abort(404)
    return row


@bp.get("/clock/<token>")
@public
def clock_page(token: str) -> ResponseReturnValue:
    """The clock TV: read-only, no sign-in, reached by the tournament's display URL."""
    return render_template("poker/clock.html", token=token, training=_by_token(token).training)


@bp.get("/clock/<token>/state")
@public
def clock_state(token: str) -> ResponseReturnValue:
    """The clock as of now, and the id of the latest event (the stream resumes after it)."""
    session = db_session()
    row = _by_token(token)
    return jsonify({"id": live.latest_id(session, row.id), "state": live.snapshot(session, row, hall_now())})


CLOCK_EVENTS = Channel(
    "clock",
    lambda session, key, after, limit: [
        (e.id, e.reason, e.state) for e in live.events_after(session, key, after, limit)
    ],
    live.recent,
    live.newest_id,
)


@bp.get("/clock/<token>/events")
@public
def clock_events(token: str) -> Response:
    """The clock's Server-Sent Events (see shared/platform/events.py and live_screens.py)."""
    tournament_id = screen_key(CLOCK_EVENTS, token[:40], _tournament_id)
    if tournament_id is None:
        abort(404)
    return admit(CLOCK_EVENTS, tournament_id)
