"""/api/v1 for bingo: series, patterns, odds, programs and the occasion from ball check to close.
Thin views: schema in, one service, schema out."""

from __future__ import annotations

import random
import threading
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app

from bingo.models import Till
from bingo.rules import odds as odds_rules
from bingo.rules.patterns import STANDARD, PatternError, from_spec
from bingo.schemas import (
    BallCheckIn,
    BallIn,
    ClaimIn,
    ClaimOut,
    CorrectionIn,
    DrawingIn,
    DrawingOut,
    DrawingRequest,
    ExpenseIn,
    ExpenseOut,
    ExpenseRequest,
    FaceOut,
    GameOut,
    GiveawayIn,
    GiveawayOut,
    GiveawayRequest,
    JarOpeningIn,
    JarOut,
    JarSettingsIn,
    OccasionIn,
    OccasionOut,
    OccasionRequest,
    OddsIn,
    OddsOut,
    PackMoveIn,
    PackMoveRequest,
    PaperSetIn,
    PaperSetOut,
    PaperSetRequest,
    PatternOut,
    PatternSpecIn,
    PayoutIn,
    PayoutOut,
    PayoutRequest,
    PostNumbersIn,
    PrizeDueOut,
    ProductIn,
    ProductOut,
    ProductRequest,
    ProgramIn,
    ProgramOut,
    ProgramRequest,
    SaleIn,
    SaleOut,
    SaleRequest,
    SeriesGenerateIn,
    SeriesImportIn,
    SeriesOut,
    ShiftPrintJobOut,
    ShiftSaleOut,
    SimulateIn,
    SimulateOut,
    StartGameIn,
    StatementOut,
    StatementQuery,
    SwornIn,
    SwornStatementOut,
    TillCloseIn,
    TillMovementIn,
    TillOpenIn,
    TillOut,
    UPickTicketOut,
    VerificationIn,
    VerificationOut,
    VoidSaleIn,
    YearQuery,
)
from bingo.services import break_open as break_open_service
from bingo.services import cash as cash_service
from bingo.services import (
    closeout,
    counter,
    game_views,
    hall_papers,
    holds,
    later_drawings,
    licence_check,
    occasions,
    paper_report,
    programs,
    receipts,
    reports,
)
from bingo.services import jars as jar_service
from bingo.services import selling as sales_service
from bingo.services import series as series_service
from bingo.services import stock as inventory_service
from bingo.services import upick_tickets as upick_service
from bingo.web import presenters
from shared.core.money import MoneyFormatError, parse_cents
from shared.core.roles import OFFICE_VIEW, Role
from shared.core.violations import refuse
from shared.hall.services.organizations import get_organization
from shared.hall.web.signin import attempt, lockout_policy
from shared.platform import audit
from shared.platform.api import operation
from shared.platform.context import (
    actor,
    current_user,
    db_session,
    desk,
    hall_now,
    hall_today,
    settings,
    utc_now,
)
from shared.platform.scope import check_org
from shared.printing.schemas import PrintJobOut
from shared.reports.document import Document
from shared.reports.schemas import ReportOut

bp = Blueprint("bingo_api", __name__, url_prefix="/api/v1")
ORG = "/organizations/<int:org_id>"
OCC = "/occasions/<int:occasion_id>"
GAME = OCC + "/games/<int:number>"
PLANNERS = (Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE)
FLOOR = (Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.CALLER)
CLAIMS = (Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.CALLER, Role.VERIFIER)
ANYONE_ON_STAFF = tuple(Role)


def rng() -> random.Random:
    """secrets.SystemRandom in production; tests may put a seeded Random in its place."""
    chosen: random.Random = current_app.extensions["flashboard.rng"]
    return chosen


def plain_spec(spec: dict[str, Any]) -> dict[str, Any]:
    return {**spec, "kind": spec["kind"].value}


def pattern_from(spec: dict[str, Any], field: str = "pattern") -> Any:
    try:
        return from_spec(plain_spec(spec))
    except (PatternError, ValueError) as exc:
        raise refuse("pattern_not_permitted", str(exc), "10 DE Admin Code 101-4.14", field) from None


def _occasion_org(occasion_id: int) -> int:
    return check_org(occasions.get_occasion(db_session(), occasion_id).organization_id)


@operation(
    bp,
    ORG + "/series/import",
    "POST",
    summary="Import a series file (every bad line reported)",
    access=PLANNERS,
    body=SeriesImportIn,
    response=SeriesOut,
    status=201,
)
def import_series(org_id: int, body: dict[str, Any]) -> Any:
    try:
        return series_service.import_series(
            db_session(), actor(), hall_now(), check_org(org_id), body["name"], body["csv"]
        )
    except series_service.SeriesRefused as exc:
        raise refuse(
            exc.violation.code, exc.violation.message + " " + "; ".join(exc.problems[:50]), exc.violation.rule, "csv"
        ) from None


@operation(
    bp,
    ORG + "/series/generate",
    "POST",
    summary="Generate a series from a seed",
    access=PLANNERS,
    body=SeriesGenerateIn,
    response=SeriesOut,
    status=201,
)
def generate_series(org_id: int, body: dict[str, Any]) -> Any:
    return series_service.generate(
        db_session(), actor(), hall_now(), check_org(org_id), body["name"], body["count"], body["seed"]
    )


@operation(
    bp,
    "/series/<int:series_id>/export.csv",
    "GET",
    summary="Export a series in the documented CSV format",
    access=PLANNERS,
    produces="text/csv",
)
def export_series(series_id: int) -> Response:
    """The series in the same CSV format import takes."""
    row = series_service.get_series(db_session(), series_id)
    check_org(row.organization_id)
    text = series_service.export(db_session(), series_id)
    return Response(
        text, mimetype="text/csv", headers={"Content-Disposition": f"attachment; filename=series-{series_id}.csv"}
    )


@operation(
    bp,
    "/series/<int:series_id>/faces/<int:face_number>",
    "GET",
    summary="Look up one face by its number",
    access=ANYONE_ON_STAFF,
    response=FaceOut,
)
def get_face(series_id: int, face_number: int) -> Any:
    check_org(series_service.get_series(db_session(), series_id).organization_id)
    return presenters.face(series_service.face(db_session(), series_id, face_number))


@operation(
    bp,
    "/patterns",
    "GET",
    summary="The standard patterns 101-4.14 permits",
    access=ANYONE_ON_STAFF,
    response=PatternOut,
    many=True,
)
def list_patterns() -> list[Any]:
    return [presenters.pattern(p) for p in STANDARD.values()]


@operation(
    bp,
    "/patterns/preview",
    "POST",
    summary="Check and draw a pattern before putting it on a program",
    access=ANYONE_ON_STAFF,
    body=PatternSpecIn,
    response=PatternOut,
)
def preview_pattern(body: dict[str, Any]) -> Any:
    return presenters.pattern(pattern_from(body, "kind"))


@operation(
    bp,
    "/odds",
    "POST",
    summary="Exact odds for one face (for 101-4.15 thresholds)",
    access=ANYONE_ON_STAFF,
    body=OddsIn,
    response=OddsOut,
)
def exact_odds(body: dict[str, Any]) -> Any:
    pattern = pattern_from(body["pattern"])
    try:
        result = odds_rules.odds(pattern)
    except odds_rules.TooComplex as exc:
        raise refuse("too_complex", f"{exc}.", None, "pattern", 422) from None
    calls = body["calls"]
    return {
        "pattern": pattern.name,
        "calls": calls,
        "chance": float(result.by_calls[calls]) if calls is not None else None,
        "chance_exact": str(result.by_calls[calls]) if calls is not None else None,
        "expected_calls": float(result.expected_calls),
        "by_calls": [float(p) for p in result.by_calls],
        "method": "Exact: inclusion-exclusion over the pattern's alternatives; one face's 24 numbers are all "
        "covered within n calls with probability C(n,k)/C(75,k).",
    }


SIMULATION_BUDGET = 50_000
"""Faces × games one simulation may deal: about two seconds of one core (the measured failure: one
simulation at the old limits ran 326 s, and any role could send it)."""
_SIMULATING = threading.BoundedSemaphore(1)


@operation(
    bp,
    "/odds/simulate",
    "POST",
    summary="Estimated odds for K faces in play, by simulation (planners; one at a time)",
    access=PLANNERS,
    body=SimulateIn,
    response=SimulateOut,
)
def simulate_odds(body: dict[str, Any]) -> Any:
    """Bounded work: at most SIMULATION_BUDGET faces × games, one simulation at a time per server
    process, for the roles that build programs (4.15's thresholds are theirs to check)."""
    if body["faces"] * body["trials"] > SIMULATION_BUDGET:
        raise refuse(
            "too_much_work",
            f"{body['faces']} faces × {body['trials']} games is more than one simulation deals "
            f"({SIMULATION_BUDGET:,}); ask for fewer games.",
            None,
            "trials",
            422,
        )
    if not _SIMULATING.acquire(blocking=False):
        raise refuse("busy", "Another odds simulation is running; try again in a few seconds.", None, "_body", 429)
    try:
        generator = random.Random(body["seed"]) if body["seed"] is not None else rng()
        return odds_rules.simulate(
            pattern_from(body["pattern"]), body["faces"], body["calls"], body["trials"], generator
        )
    finally:
        _SIMULATING.release()


@operation(bp, ORG + "/programs", "GET", summary="Programs", access=OFFICE_VIEW, response=ProgramOut, many=True)
def list_programs(org_id: int) -> list[Any]:
    session, today = db_session(), hall_today()
    return [
        presenters.program(p, licence_check.licence_findings(session, p.organization_id, today, p.games))
        for p in programs.list_programs(session, check_org(org_id))
    ]


@operation(
    bp,
    ORG + "/programs",
    "POST",
    summary="Save a program (patterns and limits checked; what today's licence does not specify is warned of)",
    access=PLANNERS,
    body=ProgramIn,
    response=ProgramOut,
    status=201,
)
def create_program(org_id: int, body: ProgramRequest) -> Any:
    games = [replace(g, pattern=plain_spec(g.pattern)) for g in body.games]
    session = db_session()
    row = programs.create_program(session, actor(), hall_now(), check_org(org_id), replace(body, games=games))
    return presenters.program(
        row, licence_check.licence_findings(session, row.organization_id, hall_today(), row.games)
    )


@operation(
    bp,
    ORG + "/occasions",
    "POST",
    summary="Schedule an occasion (licence, frequency and premises checked)",
    access=PLANNERS,
    body=OccasionIn,
    response=OccasionOut,
    status=201,
)
def schedule_occasion(org_id: int, body: OccasionRequest) -> Any:
    return presenters.occasion(
        game_views.occasion_view(
            db_session(), occasions.schedule(db_session(), actor(), hall_now(), check_org(org_id), body), hall_now()
        )
    )


@operation(
    bp, OCC, "GET", summary="The occasion, its games, calls and claims", access=ANYONE_ON_STAFF, response=OccasionOut
)
def get_occasion(occasion_id: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.occasion(
        game_views.occasion_view(db_session(), occasions.get_occasion(db_session(), occasion_id), hall_now())
    )


@operation(
    bp,
    OCC + "/ball-check",
    "POST",
    summary="Verify the 75 balls: the occasion starts (101-4.25)",
    access=FLOOR,
    body=BallCheckIn,
    response=OccasionOut,
)
def ball_check(occasion_id: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    return presenters.occasion(
        game_views.occasion_view(
            db_session(),
            occasions.verify_balls(db_session(), actor(), hall_now(), occasion_id, body["checked_by"]),
            hall_now(),
        )
    )


@operation(
    bp,
    OCC + "/cookie-jar-number",
    "POST",
    summary="Draw and post the cookie-jar number (101-4.31.6)",
    access=FLOOR,
    body=BallIn,
    response=OccasionOut,
)
def cookie_jar_number(occasion_id: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    return presenters.occasion(
        game_views.occasion_view(
            db_session(),
            occasions.draw_cookie_jar_number(db_session(), actor(), hall_now(), occasion_id, body["ball"], rng()),
            hall_now(),
        )
    )


@operation(
    bp,
    GAME + "/start",
    "POST",
    summary="Announce and start a game (101-4.13)",
    access=FLOOR,
    body=StartGameIn,
    response=GameOut,
)
def start_game(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(
            db_session(),
            occasions.start_game(db_session(), actor(), hall_now(), occasion_id, number, body["attendance"]),
        )
    )


@operation(
    bp,
    GAME + "/calls",
    "POST",
    summary="Call a ball: keyed from the blower, or drawn",
    access=FLOOR,
    body=BallIn,
    response=GameOut,
    status=201,
)
def call_ball(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    # The call reads its occasion under the lock, refusing another organization's as not found.
    called = occasions.call_ball(db_session(), actor(), hall_now(), occasion_id, number, body["ball"], rng())
    return presenters.game(game_views.called_view(db_session(), called))


@operation(
    bp,
    GAME + "/hold",
    "POST",
    summary="Hold the game while a bingo is checked: no call until it is verified or resumed (101-4.16)",
    access=FLOOR,
    response=GameOut,
)
def hold_game(occasion_id: int, number: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(db_session(), holds.hold(db_session(), actor(), hall_now(), occasion_id, number))
    )


@operation(
    bp,
    GAME + "/resume",
    "POST",
    summary="Resume calling in a held game (101-4.16)",
    access=FLOOR,
    response=GameOut,
)
def resume_game(occasion_id: int, number: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(db_session(), holds.resume(db_session(), actor(), hall_now(), occasion_id, number))
    )


@operation(
    bp,
    GAME + "/calls/last/correction",
    "POST",
    summary="Correct a mis-keyed last call, with a reason",
    access=FLOOR,
    body=CorrectionIn,
    response=GameOut,
)
def correct_call(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    occasions.correct_last_call(db_session(), actor(), hall_now(), occasion_id, number, body["ball"], body["reason"])
    return presenters.game(game_views.game_of(db_session(), occasion_id, number))


@operation(
    bp,
    GAME + "/claims",
    "POST",
    summary="Verify a claimed face by its number",
    access=CLAIMS,
    body=ClaimIn,
    response=ClaimOut,
    status=201,
)
def verify_claim(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    result = occasions.verify_claim(
        db_session(), actor(), hall_now(), occasion_id, number, body["face_number"], body["player"]
    )
    return presenters.claim(result.claim, result.face_cells)


@operation(
    bp,
    GAME + "/verification-requests",
    "POST",
    summary="Verify numbers drawn and balls left, witnessed (101-4.16)",
    access=FLOOR,
    body=VerificationIn,
    response=VerificationOut,
    status=201,
)
def verification_request(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    row = occasions.request_verification(
        db_session(), actor(), hall_now(), occasion_id, number, body["witness_member_id"]
    )
    return {
        "id": row.id,
        "requested_at": row.requested_at,
        "drawn": [int(b) for b in row.drawn.split(",") if b],
        "remaining": [int(b) for b in row.remaining.split(",") if b],
        "witness_member_id": row.witness_member_id,
        "witness_role": row.witness_role,
    }


@operation(
    bp,
    GAME + "/close",
    "POST",
    summary="Close a game: split the prize and announce it (101-4.6, 4.11)",
    access=FLOOR,
    response=GameOut,
)
def close_game(occasion_id: int, number: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(
            db_session(), occasions.close_game(db_session(), actor(), hall_now(), occasion_id, number, rng())
        )
    )


@operation(
    bp,
    OCC + "/close",
    "POST",
    summary="Close the occasion",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE),
    response=OccasionOut,
)
def close_occasion(occasion_id: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.occasion(
        game_views.occasion_view(
            db_session(), occasions.close_occasion(db_session(), actor(), hall_now(), occasion_id), hall_now()
        )
    )


@operation(
    bp,
    OCC + "/giveaways",
    "POST",
    summary="Record a promotional giveaway or an inducement (101-4.6)",
    access=(Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE),
    body=GiveawayIn,
    response=GiveawayOut,
    status=201,
)
def record_giveaway(occasion_id: int, body: GiveawayRequest) -> Any:
    _occasion_org(occasion_id)
    return occasions.record_giveaway(db_session(), actor(), hall_now(), occasion_id, body)


@operation(
    bp,
    ORG + "/cookie-jar",
    "GET",
    summary="Cookie-jar settings and the amounts in the jars",
    access=ANYONE_ON_STAFF,
    response=JarOut,
)
def get_cookie_jar(org_id: int) -> Any:
    return jar_service.summary(db_session(), check_org(org_id))


@operation(
    bp,
    ORG + "/cookie-jar",
    "PUT",
    summary="Set the jar maximum (up to $1,000, 101-4.31.1) and the entry fee",
    access=(Role.ADMIN, Role.OFFICER),
    body=JarSettingsIn,
    response=JarOut,
)
def set_cookie_jar(org_id: int, body: dict[str, Any]) -> Any:
    jar_service.save_settings(
        db_session(), actor(), hall_now(), check_org(org_id), body["maximum_cents"], body["fee_cents"]
    )
    return jar_service.summary(db_session(), org_id)


@operation(
    bp,
    ORG + "/cookie-jar/opening",
    "POST",
    summary="Carry over opening jar balances from the paper ledger",
    access=(Role.ADMIN, Role.OFFICER),
    body=JarOpeningIn,
    response=JarOut,
    status=201,
)
def open_cookie_jar(org_id: int, body: dict[str, Any]) -> Any:
    jar_service.record_opening(
        db_session(), actor(), hall_now(), check_org(org_id), body["jar1"], body["jar2"], body["held"]
    )
    return jar_service.summary(db_session(), org_id)


@operation(
    bp,
    GAME + "/cookie-jar-award",
    "POST",
    summary="Award cookie jar 1 to a game won on the cookie-jar number (101-4.31.6)",
    access=FLOOR,
    response=GameOut,
)
def award_cookie_jar(occasion_id: int, number: int) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(db_session(), jar_service.award(db_session(), actor(), hall_now(), occasion_id, number))
    )


@operation(
    bp,
    GAME + "/qualifier-drawing",
    "POST",
    summary="Hold the later drawing among a merchandise game's other qualifiers; its value counts (101-4.11)",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE),
    body=DrawingIn,
    response=DrawingOut,
    status=201,
)
def hold_qualifier_drawing(occasion_id: int, number: int, body: DrawingRequest) -> Any:
    _occasion_org(occasion_id)
    held = later_drawings.hold(db_session(), actor(), hall_now(), occasion_id, number, body, rng())
    return presenters.drawing(held)


@operation(
    bp,
    ORG + "/cookie-jar/statement",
    "GET",
    summary="Every cookie-jar ledger line, with opening and closing balances",
    access=OFFICE_VIEW,
    query=StatementQuery,
    response=StatementOut,
)
def jar_statement(org_id: int, query: dict[str, Any]) -> Any:
    return jar_service.statement(db_session(), check_org(org_id), query["start"], query["end"])


@operation(
    bp,
    ORG + "/cookie-jar/statement.csv",
    "GET",
    summary="The cookie-jar statement as CSV",
    access=OFFICE_VIEW,
    query=StatementQuery,
    produces="text/csv",
)
def jar_statement_csv(org_id: int, query: dict[str, Any]) -> Response:
    found = jar_service.statement(db_session(), check_org(org_id), query["start"], query["end"])
    return Response(
        jar_service.statement_csv(found, settings().zone),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename=cookie-jar-{org_id}.csv"},
    )


@operation(
    bp,
    "/upick-tickets/<code>",
    "GET",
    summary="Look up a U Pick Em ticket by its id, daubed",
    access=ANYONE_ON_STAFF,
    response=UPickTicketOut,
)
def get_upick(code: str) -> Any:
    row = upick_service.find(db_session(), code[:20])
    check_org(occasions.get_occasion(db_session(), row.occasion_id).organization_id)
    return presenters.ticket(upick_service.view(db_session(), row))


@operation(
    bp,
    GAME + "/break-open/post",
    "POST",
    summary="Draw and post a break-open game's numbers (101-4.29.1)",
    access=FLOOR,
    body=PostNumbersIn,
    response=GameOut,
)
def post_break_open(occasion_id: int, number: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    return presenters.game(
        game_views.game_view(
            db_session(),
            break_open_service.post_numbers(
                db_session(), actor(), hall_now(), occasion_id, number, body["balls"], rng()
            ),
        )
    )


@operation(
    bp,
    OCC + "/products",
    "GET",
    summary="What the cashier sells at this occasion",
    access=ANYONE_ON_STAFF,
    response=ProductOut,
    many=True,
)
def list_products(occasion_id: int) -> list[Any]:
    _occasion_org(occasion_id)
    return sales_service.products(db_session(), occasion_id)


@operation(
    bp,
    OCC + "/products",
    "POST",
    summary="Add a product at the organization's price (101-4.22, 4.31.3)",
    access=PLANNERS,
    body=ProductIn,
    response=ProductOut,
    status=201,
)
def add_product(occasion_id: int, body: ProductRequest) -> Any:
    _occasion_org(occasion_id)
    return sales_service.add_product(db_session(), actor(), hall_now(), occasion_id, body)


@operation(
    bp,
    OCC + "/sales",
    "POST",
    summary="Sell: lines, buyer check (101-4.3, 4.1.1), tender and change; then the receipt",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.CASHIER),
    body=SaleIn,
    response=SaleOut,
    status=201,
)
def create_sale(occasion_id: int, body: SaleRequest) -> Any:
    session = db_session()
    sold = counter.sell(session, actor(), hall_now(), occasion_id, body, rng(), settings().tenders, desk())
    return presenters.sale(
        sold.sale, [presenters.ticket(upick_service.view(session, t)) for t in sold.tickets], sold.jobs
    )


CASH = (Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.CASHIER)
TILLS = (*CASH, Role.TOURNAMENT_DIRECTOR)


def _till(till_id: int) -> Till:
    """A till of the signed-in account's organization. A tournament director runs the poker desk and may
    open its till there (poker's API), so reads and closes it here too; a bingo cashier's till stays
    with the bingo roles."""
    session = db_session()
    till = cash_service.get_till(session, till_id)
    check_org(cash_service.org_of_till(session, till))
    user = current_user()
    bingo_roles = {r.value for r in CASH}
    if till.tournament_id is None and (user is None or bingo_roles.isdisjoint(user.role_names)):
        raise refuse(
            "forbidden", "Only a cashier, the member in charge or an admin works a bingo till.", None, "till_id", 403
        )
    return till


def _org_name(org_id: int) -> str:
    return get_organization(db_session(), org_id).name


@operation(
    bp,
    OCC + "/payouts",
    "POST",
    summary="Pay a verified winner; the slip flags a W-2G at the threshold in force",
    access=CASH,
    body=PayoutIn,
    response=PayoutOut,
    status=201,
)
def pay_winner(occasion_id: int, body: PayoutRequest) -> Any:
    _occasion_org(occasion_id)
    paid = counter.pay(db_session(), actor(), hall_now(), occasion_id, body, desk(), settings().payout_slip_copies)
    return {
        "number": paid.sale.number,
        "transaction_code": receipts.transaction_code(paid.sale.organization_id, paid.sale.number),
        "amount_cents": paid.payout.amount_cents,
        "winner": paid.payout.winner,
        "w2g_required": paid.payout.w2g_required,
        "print_jobs": [paid.job],
    }


@operation(
    bp,
    "/sales/<int:sale_id>/void",
    "POST",
    summary="Void a sale with the member in charge's PIN and a reason",
    access=CASH,
    body=VoidSaleIn,
    response=SaleOut,
)
def void_sale(sale_id: int, body: dict[str, Any]) -> Any:
    session = db_session()
    check_org(cash_service.get_sale(session, sale_id).organization_id)
    approver = attempt(body["approver_username"], body["approver_pin"], by_pin=True)
    sale, job = counter.void(
        session, actor(), hall_now(), sale_id, body["reason"], approver, utc_now(), lockout_policy(), desk()
    )
    return presenters.sale(sale, [], [job])


@operation(
    bp,
    OCC + "/tills",
    "GET",
    summary="Every till of the occasion, open and closed, with what each drawer should hold",
    access=CASH,
    response=TillOut,
    many=True,
)
def list_tills(occasion_id: int) -> list[Any]:
    _occasion_org(occasion_id)
    session = db_session()
    return [
        {**presenters.till(t, cash_service.drawer(session, t)), "print_jobs": []}
        for t in cash_service.tills_of(session, occasion_id=occasion_id)
    ]


@operation(
    bp,
    OCC + "/tills",
    "POST",
    summary="Open a till at this station with a starting bank",
    access=CASH,
    body=TillOpenIn,
    response=TillOut,
    status=201,
)
def open_till(occasion_id: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    till = cash_service.open_till(
        db_session(), actor(), hall_now(), body["opening_bank_cents"], occasion_id=occasion_id
    )
    return {**presenters.till(till, cash_service.drawer(db_session(), till)), "print_jobs": []}


@operation(
    bp,
    "/tills/<int:till_id>",
    "GET",
    summary="A till: its bank, cash sales, prizes paid, paid-ins, drops and the cash it should hold",
    access=TILLS,
    response=TillOut,
)
def get_till(till_id: int) -> Any:
    session = db_session()
    till = _till(till_id)
    return {**presenters.till(till, cash_service.drawer(session, till)), "print_jobs": []}


@operation(
    bp,
    "/tills/<int:till_id>/close",
    "POST",
    summary="Close a till: count by denomination, over/short, end-of-shift report",
    access=TILLS,
    body=TillCloseIn,
    response=TillOut,
)
def close_till(till_id: int, body: dict[str, Any]) -> Any:
    session = db_session()
    _till(till_id)
    counts: dict[int, int] = {}
    for text, number in body["counts"].items():
        try:
            counts[parse_cents(text)] = number
        except MoneyFormatError:
            raise refuse(
                "unknown_denomination", f"{text!r} is not a note or coin such as 20.00 or 0.25.", None, "counts"
            ) from None
    till, job = counter.close_till(session, actor(), hall_now(), till_id, counts, desk())
    return {**presenters.till(till, cash_service.drawer(session, till)), "print_jobs": [job]}


@operation(
    bp,
    "/tills/<int:till_id>/movements",
    "POST",
    summary="Pay cash into a till from the prize bank, or drop cash to the safe",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE),
    body=TillMovementIn,
    response=TillOut,
    status=201,
)
def move_till_cash(till_id: int, body: dict[str, Any]) -> Any:
    session = db_session()
    till = cash_service.get_till(session, till_id)
    check_org(cash_service.org_of_till(session, till))
    cash_service.move_cash(session, actor(), hall_now(), till_id, body["kind"], body["cents"], body["note"])
    return {**presenters.till(till, cash_service.drawer(session, till)), "print_jobs": []}


@operation(
    bp,
    OCC + "/prizes-due",
    "GET",
    summary="Prizes to pay: every verified share not yet paid (101-4.10), each flagged when its slip needs a W-2G",
    access=CASH,
    response=PrizeDueOut,
    many=True,
)
def prizes_due(occasion_id: int) -> list[Any]:
    session = db_session()
    occasion = occasions.get_occasion(session, occasion_id)
    check_org(occasion.organization_id)
    return [presenters.prize_due(row, hall_today()) for row in closeout.prizes_due(session, occasion)]


@operation(
    bp,
    "/tills/<int:till_id>/sales",
    "GET",
    summary="A till's transactions, newest first: its sales (voidable while completed) and the prizes it paid",
    access=CASH,
    response=ShiftSaleOut,
    many=True,
)
def list_till_sales(till_id: int) -> list[Any]:
    session = db_session()
    till = cash_service.get_till(session, till_id)
    check_org(cash_service.org_of_till(session, till))
    zone = settings().zone
    return [presenters.shift_sale(row, zone) for row in cash_service.shift_sales(session, till)]


@operation(
    bp,
    "/tills/<int:till_id>/print-jobs",
    "GET",
    summary="Every receipt printed at a till's station during its shift, newest first, each one reprintable",
    access=CASH,
    response=ShiftPrintJobOut,
    many=True,
)
def list_till_print_jobs(till_id: int) -> list[Any]:
    session = db_session()
    till = cash_service.get_till(session, till_id)
    check_org(cash_service.org_of_till(session, till))
    zone = settings().zone
    return [presenters.shift_print_job(row, zone) for row in cash_service.shift_print_jobs(session, till)]


@operation(
    bp,
    ORG + "/paper-sets",
    "POST",
    summary="Receive a set of paper: series, colour, on, up, serial and face ranges",
    access=PLANNERS,
    body=PaperSetIn,
    response=PaperSetOut,
    status=201,
)
def receive_paper(org_id: int, body: PaperSetRequest) -> Any:
    row = inventory_service.receive(db_session(), actor(), hall_now(), check_org(org_id), body)
    return presenters.paper_set(row, inventory_service.counts(db_session(), row.id))


@operation(
    bp,
    "/paper-sets/<int:set_id>",
    "GET",
    summary="A paper set and its packs by status",
    access=ANYONE_ON_STAFF,
    response=PaperSetOut,
)
def get_paper(set_id: int) -> Any:
    row = inventory_service.get_set(db_session(), set_id)
    check_org(row.organization_id)
    return presenters.paper_set(row, inventory_service.counts(db_session(), row.id))


@operation(
    bp,
    "/paper-sets/<int:set_id>/packs",
    "POST",
    summary="Issue packs to a station, take them back, or record them missing",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE, Role.OFFICER),
    body=PackMoveIn,
    response=PaperSetOut,
)
def move_packs(set_id: int, body: PackMoveRequest) -> Any:
    row = inventory_service.get_set(db_session(), set_id)
    check_org(row.organization_id)
    inventory_service.move(db_session(), actor(), hall_now(), set_id, body)
    return presenters.paper_set(row, inventory_service.counts(db_session(), row.id))


@operation(
    bp,
    OCC + "/session-report",
    "POST",
    summary="Print the end-of-session summary: transactions, sales, voids, payouts, tills",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE),
    response=PrintJobOut,
)
def session_report(occasion_id: int) -> Any:
    _occasion_org(occasion_id)
    return counter.print_session_report(db_session(), hall_now(), occasion_id, desk())


REPORTERS = (Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE)


@operation(
    bp,
    OCC + "/expenses",
    "POST",
    summary="Record an expense with its payee's name and address (101-4.24, 28 Del. C. §1521)",
    access=REPORTERS,
    body=ExpenseIn,
    response=ExpenseOut,
    status=201,
)
def add_expense(occasion_id: int, body: ExpenseRequest) -> Any:
    _occasion_org(occasion_id)
    return reports.add_expense(db_session(), actor(), hall_now(), occasion_id, body)


def _document(occasion_id: int, kind: str) -> Document:
    """Every closing paper carries the audit anchor of the moment it is made."""
    _occasion_org(occasion_id)
    if kind == "report":
        found = reports.occasion_report(db_session(), occasion_id, settings().zone)
    elif kind == "sales":
        found = reports.sales_report(db_session(), occasion_id, settings().zone)
    elif kind == "paper":
        found = paper_report.occasion_paper(db_session(), occasion_id, hall_now())
    else:
        found = reports.sworn_statement(db_session(), occasion_id, settings().zone, hall_today())
    return _anchored(found)


def _anchored(found: Document) -> Document:
    return replace(
        found,
        facts=(*found.facts, ("Audit anchor (flashboard audit verify --anchor)", str(audit.anchor(db_session())))),
    )


def _pdf(document: Document, name: str) -> Response:
    from shared.reports import pdf  # reportlab loads with the first PDF, not at start-up

    return Response(
        pdf.render(document, hall_now()),
        mimetype="application/pdf",
        headers={"Content-Disposition": f"inline; filename={name}.pdf"},
    )


def _csv(document: Document, table: str, name: str) -> Response:
    found = document.table(table[:40])
    if found is None:
        raise refuse(
            "not_found",
            f"This report has no table {table[:40]!r}; it has " + ", ".join(t.name for t in document.tables) + ".",
            None,
            "table",
            404,
        )
    return Response(
        found.csv(document.training),
        mimetype="text/csv",
        headers={"Content-Disposition": f"attachment; filename={name}-{found.name}.csv"},
    )


@operation(
    bp,
    OCC + "/report",
    "GET",
    summary="The occasion report (101-4.1, 4.6), as data",
    access=REPORTERS,
    response=ReportOut,
)
def occasion_report(occasion_id: int) -> Any:
    return _document(occasion_id, "report").as_json()


@operation(
    bp, OCC + "/report.pdf", "GET", summary="The occasion report as PDF", access=REPORTERS, produces="application/pdf"
)
def occasion_report_pdf(occasion_id: int) -> Response:
    return _pdf(_document(occasion_id, "report"), f"occasion-{occasion_id}-report")


@operation(
    bp,
    OCC + "/report/<table>.csv",
    "GET",
    summary="One table of the occasion report as CSV",
    access=REPORTERS,
    produces="text/csv",
)
def occasion_report_csv(occasion_id: int, table: str) -> Response:
    return _csv(_document(occasion_id, "report"), table, f"occasion-{occasion_id}")


@operation(
    bp,
    OCC + "/sworn-statement",
    "GET",
    summary="The sworn statement (28 Del. C. §1521), as data, with its due date; a DRAFT until sworn",
    access=REPORTERS,
    response=SwornStatementOut,
)
def sworn_statement(occasion_id: int) -> Any:
    return _document(occasion_id, "sworn").as_json()


@operation(
    bp,
    OCC + "/sworn-statement.pdf",
    "GET",
    summary="The sworn statement as PDF",
    access=REPORTERS,
    produces="application/pdf",
)
def sworn_statement_pdf(occasion_id: int) -> Response:
    return _pdf(_document(occasion_id, "sworn"), f"occasion-{occasion_id}-sworn-statement")


@operation(
    bp,
    OCC + "/sworn-statement/<table>.csv",
    "GET",
    summary="One table of the sworn statement as CSV",
    access=REPORTERS,
    produces="text/csv",
)
def sworn_statement_csv(occasion_id: int, table: str) -> Response:
    return _csv(_document(occasion_id, "sworn"), table, f"occasion-{occasion_id}-sworn")


@operation(
    bp,
    OCC + "/sworn-statement",
    "POST",
    summary="State the uses of the net profit and swear the statement (28 Del. C. §1521)",
    access=(Role.ADMIN, Role.MEMBER_IN_CHARGE),
    body=SwornIn,
    response=SwornStatementOut,
)
def swear(occasion_id: int, body: dict[str, Any]) -> Any:
    _occasion_org(occasion_id)
    reports.swear_statement(db_session(), actor(), hall_now(), occasion_id, body["net_profit_uses"], body["title"])
    return _document(occasion_id, "sworn").as_json()


def _annual(org_id: int, year: int | None) -> Document:
    return reports.annual_view(db_session(), check_org(org_id), year or hall_today().year, hall_today())


@operation(
    bp,
    ORG + "/compliance",
    "GET",
    summary="The year against 101-4.4, 4.6 and 4.7, and licences expiring",
    access=REPORTERS,
    query=YearQuery,
    response=ReportOut,
)
def annual_compliance(org_id: int, query: dict[str, Any]) -> Any:
    return _annual(org_id, query["year"]).as_json()


@operation(
    bp,
    ORG + "/compliance.pdf",
    "GET",
    summary="The annual compliance view as PDF",
    access=REPORTERS,
    query=YearQuery,
    produces="application/pdf",
)
def annual_compliance_pdf(org_id: int, query: dict[str, Any]) -> Response:
    return _pdf(_annual(org_id, query["year"]), f"compliance-{org_id}")


@operation(
    bp,
    ORG + "/compliance/<table>.csv",
    "GET",
    summary="One table of the annual compliance view as CSV",
    access=REPORTERS,
    query=YearQuery,
    produces="text/csv",
)
def annual_compliance_csv(org_id: int, table: str, query: dict[str, Any]) -> Response:
    return _csv(_annual(org_id, query["year"]), table, f"compliance-{org_id}")


@operation(
    bp,
    OCC + "/sales-report",
    "GET",
    summary="Sales by station, cashier and product, voids, payouts and tills",
    access=REPORTERS,
    response=ReportOut,
)
def sales_report(occasion_id: int) -> Any:
    return _document(occasion_id, "sales").as_json()


@operation(
    bp,
    OCC + "/sales-report.pdf",
    "GET",
    summary="The sales and till report as PDF",
    access=REPORTERS,
    produces="application/pdf",
)
def sales_report_pdf(occasion_id: int) -> Response:
    return _pdf(_document(occasion_id, "sales"), f"occasion-{occasion_id}-sales")


@operation(
    bp,
    OCC + "/sales-report/<table>.csv",
    "GET",
    summary="One table of the sales and till report as CSV",
    access=REPORTERS,
    produces="text/csv",
)
def sales_report_csv(occasion_id: int, table: str) -> Response:
    return _csv(_document(occasion_id, "sales"), table, f"occasion-{occasion_id}-sales")


@operation(
    bp,
    OCC + "/paper-accounts",
    "GET",
    summary="Paper accountability for the occasion: every set used, packs issued to each station, sold, "
    "returned, voided, missing or unaccounted, with serial ranges",
    access=REPORTERS,
    response=ReportOut,
)
def occasion_paper_accounts(occasion_id: int) -> Any:
    return _document(occasion_id, "paper").as_json()


@operation(
    bp,
    OCC + "/paper-accounts.pdf",
    "GET",
    summary="The occasion's paper accountability as PDF",
    access=REPORTERS,
    produces="application/pdf",
)
def occasion_paper_accounts_pdf(occasion_id: int) -> Response:
    return _pdf(_document(occasion_id, "paper"), f"occasion-{occasion_id}-paper-accounts")


@operation(
    bp,
    OCC + "/paper-accounts/<table>.csv",
    "GET",
    summary="One table of the occasion's paper accountability as CSV",
    access=REPORTERS,
    produces="text/csv",
)
def occasion_paper_accounts_csv(occasion_id: int, table: str) -> Response:
    return _csv(_document(occasion_id, "paper"), table, f"occasion-{occasion_id}-paper-accounts")


def _series_paper(series_id: int) -> Document:
    check_org(series_service.get_series(db_session(), series_id).organization_id)
    return _anchored(paper_report.series_paper(db_session(), series_id, hall_now()))


@operation(
    bp,
    "/series/<int:series_id>/paper-accounts",
    "GET",
    summary="Paper accountability for a series: every set printed from it, across its occasions, from the "
    "packs received to the packs missing, with serial ranges",
    access=REPORTERS,
    response=ReportOut,
)
def series_paper_accounts(series_id: int) -> Any:
    return _series_paper(series_id).as_json()


@operation(
    bp,
    "/series/<int:series_id>/paper-accounts.pdf",
    "GET",
    summary="The series' paper accountability as PDF",
    access=REPORTERS,
    produces="application/pdf",
)
def series_paper_accounts_pdf(series_id: int) -> Response:
    return _pdf(_series_paper(series_id), f"series-{series_id}-paper-accounts")


@operation(
    bp,
    "/series/<int:series_id>/paper-accounts/<table>.csv",
    "GET",
    summary="One table of the series' paper accountability as CSV",
    access=REPORTERS,
    produces="text/csv",
)
def series_paper_accounts_csv(series_id: int, table: str) -> Response:
    return _csv(_series_paper(series_id), table, f"series-{series_id}-paper-accounts")


@operation(
    bp,
    ORG + "/cookie-jar/statement.pdf",
    "GET",
    summary="The cookie-jar statement as PDF",
    access=OFFICE_VIEW,
    query=StatementQuery,
    produces="application/pdf",
)
def cookie_jar_statement_pdf(org_id: int, query: dict[str, Any]) -> Response:
    found = jar_service.statement(db_session(), check_org(org_id), query["start"], query["end"])
    return _pdf(
        reports.jar_statement(_org_name(org_id), found, query["start"], query["end"], settings().zone),
        f"cookie-jar-{org_id}",
    )


# ---- papers to post: the printed program and the house rules (101-4.13, 4.20, 4.30.1.5) ---------------


@operation(
    bp,
    OCC + "/program.pdf",
    "GET",
    summary="The printed program (101-4.13, 4.15, 4.18, 4.30.1.5, 4.31.1) as PDF: games in order with their "
    "patterns drawn, prizes, alternates and tiers, U Pick Em counts and prices, the cookie jar, the helpline",
    access=ANYONE_ON_STAFF,
    produces="application/pdf",
)
def printed_program_pdf(occasion_id: int) -> Response:
    _occasion_org(occasion_id)
    return _pdf(hall_papers.program_document(db_session(), occasion_id), f"occasion-{occasion_id}-program")


@operation(
    bp,
    OCC + "/program/print",
    "POST",
    summary="Print the program on this station's receipt printer, to hand to a player",
    access=ANYONE_ON_STAFF,
    response=PrintJobOut,
    status=201,
)
def print_program(occasion_id: int) -> Any:
    _occasion_org(occasion_id)
    return hall_papers.print_program(db_session(), hall_now(), occasion_id, desk())


@operation(
    bp,
    OCC + "/house-rules.pdf",
    "GET",
    summary="The house-rules sheet (101-4.20) as PDF, to post in four places: the occasion's house rules "
    "and the rules every player must know, each with its section",
    access=ANYONE_ON_STAFF,
    produces="application/pdf",
)
def house_rules_pdf(occasion_id: int) -> Response:
    _occasion_org(occasion_id)
    document = hall_papers.house_rules_document(db_session(), occasion_id, settings().tenders)
    return _pdf(document, f"occasion-{occasion_id}-house-rules")


@operation(
    bp,
    OCC + "/house-rules/print",
    "POST",
    summary="Print the house-rules sheet on this station's receipt printer",
    access=ANYONE_ON_STAFF,
    response=PrintJobOut,
    status=201,
)
def print_house_rules(occasion_id: int) -> Any:
    _occasion_org(occasion_id)
    return hall_papers.print_house_rules(db_session(), hall_now(), occasion_id, desk(), settings().tenders)
