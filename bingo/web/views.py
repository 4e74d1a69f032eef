"""Bingo station home pages: where the member in charge, caller, cashier and verifier land after
signing in. The occasion screens grow here as the bingo issues land."""

from __future__ import annotations

import json

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    render_template,
    request,
    url_for,
)
from flask.typing import ResponseReturnValue

from bingo.rules.faces import ball_label
from bingo.rules.patterns import grid
from bingo.rules.posted_papers import shown_ways
from bingo.schemas import JarSettingsIn
from bingo.services import board, dashboard, hall_papers, occasions
from bingo.services import cash as cash_service
from bingo.services import jars as jar_service
from bingo.services import selling as sales_service
from bingo.services import series as series_service
from bingo.services import stock as stock_service
from shared.core.money import format_cents
from shared.core.roles import OFFICE_VIEW, Role
from shared.core.tills import Tender
from shared.hall.models import Member
from shared.hall.services import roster
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import account_name
from shared.platform.access import allow, public
from shared.platform.context import (
    actor,
    current_user,
    db_session,
    hall_now,
    hall_today,
    printers,
    settings,
    station_name,
)
from shared.platform.events import Channel, admit, screen_key
from shared.platform.forms import FormState, submit
from shared.platform.scope import check_org
from shared.platform.station import my_org_id, station_page

bp = Blueprint("bingo", __name__, url_prefix="/bingo")


@bp.get("/member-in-charge")
@allow(Role.MEMBER_IN_CHARGE, Role.ADMIN)
def member_in_charge_home() -> ResponseReturnValue:
    """10 DE Admin Code 101-4.1: the member in charge supervises the occasion and its workers; the
    dashboard shows the limits in use, the jar, tonight's voids, the alerts and today's roster."""
    org_id = my_org_id()
    today = hall_today()
    session = db_session()
    if org_id is None:
        return render_template("stations/member_in_charge.html", org_id=None, today=today)
    occasion = occasions.todays_occasion(session, org_id, today)
    return render_template(
        "stations/member_in_charge.html",
        org_id=org_id,
        today=today,
        occasion=occasion,
        view=dashboard.overview(session, org_id, occasion, today, hall_now()),
        drawings=dashboard.drawings_offered(occasion),
        zone=hall_now().tzinfo,
        assignments=roster.roster(session, org_id, today),
        stations=sorted(printers()),
        money=format_cents,
        ball=ball_label,
    )


@bp.get("/papers/<int:occasion_id>")
@allow(*Role)
def papers_page(occasion_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.13, 4.20 and 4.30.1.5: the occasion's printed program and house-rules sheet,
    as the caller will play them, to read here, download as PDF to post, or print for a player on this
    station's receipt printer."""
    session = db_session()
    occasion = occasions.get_occasion(session, occasion_id)
    check_org(occasion.organization_id)
    return render_template(
        "bingo/papers.html",
        occasion=occasion,
        papers=[
            ("program", hall_papers.program_paper(session, occasion)),
            ("house-rules", hall_papers.house_rules_paper(session, occasion, settings().tenders)),
        ],
        ways=shown_ways,
        grid=grid,
    )


@bp.get("/caller")
@allow(Role.CALLER, Role.MEMBER_IN_CHARGE, Role.ADMIN)
def caller_home() -> ResponseReturnValue:
    """The caller's console for today's occasion: ball check (101-4.25), the cookie-jar number
    (4.31.6), the program in order (4.12, 4.13), calls, claims, 4.16 verification and closing."""
    org_id = my_org_id()
    session = db_session()
    occasion = occasions.todays_occasion(session, org_id, hall_today()) if org_id is not None else None
    if occasion is None:
        return station_page("Caller", Role.CALLER, "No occasion is scheduled for today.")
    people = {
        a.member_id: a.person_name
        for a in roster.roster(session, occasion.organization_id, occasion.occasion_date)
        if a.member_id is not None
    }
    in_charge = session.get(Member, occasion.member_in_charge_id)
    people.setdefault(occasion.member_in_charge_id, in_charge.name if in_charge else "Member in charge")
    members = [
        {"id": member_id, "name": name, "in_charge": member_id == occasion.member_in_charge_id}
        for member_id, name in people.items()
    ]
    return render_template("stations/caller.html", occasion=occasion, members=members)


@bp.get("/cashier")
@allow(Role.CASHIER, Role.MEMBER_IN_CHARGE, Role.ADMIN)
def cashier_home() -> ResponseReturnValue:
    """The cashier's point of sale for today's occasion: product buttons and a cart (101-4.22), the
    U Pick Em picker (4.30), tender and change with no credit; the prizes to pay (4.10), the till's
    sales with voids approved by the member in charge's PIN (4.1), every receipt of the shift to
    reprint, the till and the printer."""
    org_id = my_org_id()
    session = db_session()
    occasion = occasions.todays_occasion(session, org_id, hall_today()) if org_id is not None else None
    if occasion is None:
        return station_page(
            "Cashier", Role.CASHIER, "No occasion is scheduled for today, so there is nothing to sell yet."
        )
    picks = {g.number: g.pick_count for g in occasion.games if g.pick_count}
    till = cash_service.till_at(session, station_name(), occasion_id=occasion.id)
    offers = sales_service.products(session, occasion.id)
    return render_template(
        "stations/cashier.html",
        occasion=occasion,
        products=offers,
        issued={
            p.paper_set_id: stock_service.issued_here(session, p.paper_set_id, occasion.id, station_name())
            for p in offers
            if p.paper_set_id
        },
        picks=picks,
        till=till,
        station=station_name(),
        money=format_cents,
        drawer=cash_service.drawer(session, till) if till else None,
        tenders=(Tender.CASH, *settings().tenders),
        in_charge=cash_service.in_charge(session, actor()),
        opened=till.opened_at.astimezone(hall_now().tzinfo).strftime("%H:%M") if till else None,
        till_cashier=account_name(session, till.cashier_user_id, till.cashier_name) if till else None,
        approvers=cash_service.void_approvers(session, occasion),
        has_printer=station_name() in printers(),
    )


@bp.get("/verifier")
@allow(Role.VERIFIER, Role.CALLER, Role.MEMBER_IN_CHARGE, Role.ADMIN)
def verifier_home() -> ResponseReturnValue:
    """10 DE Admin Code 101-4.27: the verifier's tablet for today's occasion. It follows the game in play
    live (the board's events), so a claim is checked against the game in play when Check is pressed, and
    waits while none is; a face number (keypad, numpad or scan) or a U Pick Em ticket id (typed or
    scanned). The claim is recorded, so the caller sees it in the claim queue."""
    org_id = my_org_id()
    session = db_session()
    occasion = occasions.todays_occasion(session, org_id, hall_today()) if org_id is not None else None
    if occasion is None:
        return station_page(
            "Verifier", Role.VERIFIER, "No occasion is scheduled for today, so there is nothing to verify."
        )
    faces = series_service.face_range(session, occasion.series_id)
    return render_template("stations/verifier.html", occasion=occasion, faces=faces)


def _jar_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = get_organization(session, check_org(org_id))
    found = jar_service.statement(session, org.id, None, None)
    return render_template(
        "bingo/cookie_jar.html",
        org=org,
        form=state or FormState(),
        jar=jar_service.summary(session, org.id),
        statement=found,
    )


@bp.get("/organizations/<int:org_id>/cookie-jar")
@allow(*OFFICE_VIEW)
def cookie_jar_page(org_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.31: the jar statement, every ledger line with its running balances."""
    return _jar_page(org_id)


@bp.post("/organizations/<int:org_id>/cookie-jar")
@allow(Role.ADMIN, Role.OFFICER)
def cookie_jar_settings(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        JarSettingsIn(),
        lambda d: jar_service.save_settings(
            db_session(), actor(), hall_now(), org_id, d["maximum_cents"], d["fee_cents"]
        ),
        "Cookie-jar settings saved.",
        url_for("bingo.cookie_jar_page", org_id=org_id),
        lambda s: _jar_page(org_id, s),
    )


def _occasion_id(token: str) -> int | None:
    occasion = board.by_token(db_session(), token[:40])
    return occasion.id if occasion is not None else None


def _board_occasion(token: str) -> int:
    occasion_id = _occasion_id(token)
    if occasion_id is None:
        abort(404)
    return occasion_id


@bp.get("/board/<token>")
@public
def board_page(token: str) -> ResponseReturnValue:
    """The TV flashboard: read-only, no sign-in, reached by the occasion's display URL."""
    occasion = occasions.get_occasion(db_session(), _board_occasion(token))
    return render_template("bingo/board.html", token=token, training=occasion.training)


@bp.get("/board/<token>/state")
@public
def board_state(token: str) -> ResponseReturnValue:
    """The newest board and its age in seconds by the hall clock, so a TV (re)loaded after a game closed
    takes up the stage the board has reached (the winners, the next game, an intermission)."""
    occasion_id = _board_occasion(token)
    event = board.latest(db_session(), occasion_id)
    state = (
        json.loads(event.board)
        if event
        else board.snapshot(db_session(), occasions.get_occasion(db_session(), occasion_id))
    )
    age = max(0.0, (hall_now() - event.created_at).total_seconds()) if event else 0.0
    return jsonify({"id": event.id if event else 0, "board": state, "age": age})


BOARD_EVENTS = Channel(
    "board",
    lambda session, key, after, limit: [
        (e.id, e.reason, e.board) for e in board.events_after(session, key, after, limit)
    ],
    board.recent,
    board.newest_id,
)
TV_SKIPS = frozenset({board.CLAIM})


@bp.get("/board/<token>/events")
@public
def board_events(token: str) -> Response:
    """The flashboard's Server-Sent Events (see shared/platform/events.py and live_screens.py)."""
    occasion_id = screen_key(BOARD_EVENTS, token[:40], _occasion_id)
    if occasion_id is None:
        abort(404)
    return admit(
        BOARD_EVENTS, occasion_id, frozenset() if request.args.get("claims") == "1" and _sees_claims() else TV_SKIPS
    )


def _sees_claims() -> bool:
    """Claim events (a face number being checked) go to the caller's console and the member in
    charge's dashboard only, never to an anonymous listener that adds ?claims=1 to a TV's link."""
    user = current_user()
    return user is not None and bool(
        {Role.ADMIN.value, Role.MEMBER_IN_CHARGE.value, Role.CALLER.value} & set(user.role_names)
    )
