"""/api/v1 for poker tournaments: set up (checked against the jurisdiction), the printed rules, and
buy-ins at the cashier. Thin views: schema in, one service, schema out."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response, current_app

from bingo.schemas import TillOpenIn, TillOut
from bingo.services import cash
from bingo.web import presenters as bingo_presenters
from poker.rules.clock import ClockAction
from poker.rules.printed_rules import as_text
from poker.rules.setup import posted_tables
from poker.schemas import (
    BuyIn,
    BuyOut,
    BuyRequest,
    ClockIn,
    ClockOut,
    DeckIn,
    DeckOut,
    DeckRequest,
    DueOut,
    EliminationIn,
    EliminationRequest,
    PermitIn,
    PermitOut,
    PermitRequest,
    PrizePaidOut,
    PrizePayIn,
    SeatMoveIn,
    SeatMoveOut,
    SeatMoveRequest,
    ShowdownIn,
    ShowdownOut,
    ShowdownRequest,
    StaffIn,
    StaffOut,
    StaffRequest,
    StartIn,
    TournamentIn,
    TournamentOut,
    TournamentRequest,
    UndoIn,
)
from poker.services import disputes as showdowns
from poker.services import eliminations, live, registration_desk, staff, tables, tournament_permits, tournaments
from poker.web import presenters
from shared.core.roles import OFFICE_EDIT, OFFICE_VIEW, Role
from shared.core.tills import W2GWinner
from shared.platform import audit
from shared.platform.api import operation
from shared.platform.context import (
    actor,
    db_session,
    desk,
    hall_now,
    settings,
)
from shared.platform.scope import check_org
from shared.printing.schemas import PrintJobOut
from shared.reports.document import BulletList, Document, training_paper
from shared.reports.schemas import ReportOut

bp = Blueprint("poker_api", __name__, url_prefix="/api/v1")
ORG = "/organizations/<int:org_id>"
TOURNAMENT = "/tournaments/<int:tournament_id>"
DIRECTORS = (Role.ADMIN, Role.OFFICER, Role.TOURNAMENT_DIRECTOR)
CASH = (Role.ADMIN, Role.CASHIER, Role.TOURNAMENT_DIRECTOR, Role.MEMBER_IN_CHARGE)
ANYONE_ON_STAFF = tuple(Role)


def _shown(row: Any) -> dict[str, Any]:
    zone = settings().zone
    return {
        "id": row.id,
        "organization_id": row.organization_id,
        "license_id": row.license_id,
        "permit_id": row.permit_id,
        "jurisdiction": row.jurisdiction,
        "name": row.name,
        "starts_on": row.starts_on,
        "status": row.status,
        "pool_cents": tournaments.pool_cents(row),
        "entries": [presenters.entry(e, zone) for e in row.entries],
        "tables": {str(t): n for t, n in tables.tables_of(row).items()},
        "buttons": {str(t): seat for t, seat in tables.buttons_of(row).items()},
        "display_token": row.display_token,
        "training": row.training,
        "last_out": presenters.last_out(eliminations.last_out(db_session(), row)),
        "prize_tables": presenters.prize_tables(posted_tables(tournaments.setup_of(row)), len(row.entries)),
        "prize_table": tournaments.prize_table_of(row),
    }


def _mine(tournament_id: int) -> Any:
    row = tournaments.get_tournament(db_session(), tournament_id)
    check_org(row.organization_id)
    return row


@operation(
    bp,
    ORG + "/tournaments",
    "POST",
    summary="Set up a tournament, checked against its jurisdiction's rules",
    access=DIRECTORS,
    body=TournamentIn,
    response=TournamentOut,
    status=201,
)
def create_tournament(org_id: int, body: TournamentRequest) -> Any:
    return _shown(tournaments.create(db_session(), actor(), hall_now(), check_org(org_id), body))


@operation(
    bp,
    ORG + "/tournament-permits",
    "GET",
    summary="Montana tournament permits (MCA 23-5-317(1)(a)-(b), (2)(a)-(b)) with their notices",
    access=OFFICE_VIEW,
    response=PermitOut,
    many=True,
)
def list_tournament_permits(org_id: int) -> list[Any]:
    return tournament_permits.list_permits(db_session(), check_org(org_id))


@operation(
    bp,
    ORG + "/tournament-permits",
    "POST",
    summary="Record a Montana tournament permit for a year, at its whole annual fee",
    access=OFFICE_EDIT,
    body=PermitIn,
    response=PermitOut,
    status=201,
)
def record_tournament_permit(org_id: int, body: PermitRequest) -> Any:
    return tournament_permits.record_permit(db_session(), actor(), hall_now(), check_org(org_id), body)


@operation(
    bp,
    TOURNAMENT,
    "GET",
    summary="A tournament, its entries and its pool",
    access=ANYONE_ON_STAFF,
    response=TournamentOut,
)
def get_tournament(tournament_id: int) -> Any:
    return _shown(_mine(tournament_id))


@operation(
    bp,
    TOURNAMENT + "/rules.txt",
    "GET",
    summary="The printed rules (28 Del. C. ch. 18; MCA 23-5-317(3)) as text",
    access=ANYONE_ON_STAFF,
    produces="text/plain",
)
def printed_rules_text(tournament_id: int) -> Response:
    return Response(as_text(tournaments.rules(db_session(), _mine(tournament_id))), mimetype="text/plain")


@operation(
    bp,
    TOURNAMENT + "/rules.pdf",
    "GET",
    summary="The printed rules as PDF, to post and hand out",
    access=ANYONE_ON_STAFF,
    produces="application/pdf",
)
def printed_rules_pdf(tournament_id: int) -> Response:
    from shared.reports import pdf  # reportlab loads with the first PDF, not at start-up

    row = _mine(tournament_id)
    sections = tournaments.rules(db_session(), row)
    lists = tuple(BulletList(s.title, s.lines) for s in sections[1:])
    document = Document(sections[0].title, sections[0].lines[0], (), (), lists=lists)
    return Response(
        pdf.render(training_paper(document) if row.training else document, hall_now()), mimetype="application/pdf"
    )


@operation(
    bp,
    TOURNAMENT + "/rules/print",
    "POST",
    summary="Print the rules at this station's printer, to hand to a player",
    access=ANYONE_ON_STAFF,
    response=PrintJobOut,
    status=201,
)
def print_rules(tournament_id: int) -> Any:
    _mine(tournament_id)
    return registration_desk.print_rules(db_session(), hall_now(), tournament_id, desk())


@operation(
    bp,
    TOURNAMENT + "/seat-cards",
    "POST",
    summary="Print a seat card for every player seated now (28 Del. C. §1804 B(2)), a print job each, "
    "at this station's printer",
    access=CASH,
    response=PrintJobOut,
    many=True,
    status=201,
)
def print_seat_cards(tournament_id: int) -> Any:
    _mine(tournament_id)
    return registration_desk.print_seat_cards(db_session(), hall_now(), tournament_id, desk())


@operation(
    bp,
    TOURNAMENT + "/tills",
    "POST",
    summary="Open the desk's till at this station with a starting bank: every buy goes in "
    "it, every prize comes out of it",
    access=CASH,
    body=TillOpenIn,
    response=TillOut,
    status=201,
)
def open_desk_till(tournament_id: int, body: dict[str, Any]) -> Any:
    _mine(tournament_id)
    session = db_session()
    till = tournaments.open_desk_till(session, actor(), hall_now(), tournament_id, body["opening_bank_cents"])
    return {**bingo_presenters.till(till, cash.drawer(session, till)), "print_jobs": []}


@operation(
    bp,
    TOURNAMENT + "/tills",
    "GET",
    summary="The desk's tills, open and closed, with what each drawer should hold",
    access=CASH,
    response=TillOut,
    many=True,
)
def list_desk_tills(tournament_id: int) -> list[Any]:
    _mine(tournament_id)
    session = db_session()
    return [
        {**bingo_presenters.till(t, cash.drawer(session, t)), "print_jobs": []}
        for t in cash.tills_of(session, tournament_id=tournament_id)
    ]


@operation(
    bp,
    TOURNAMENT + "/buys",
    "POST",
    summary="Take an entry, re-buy or re-entry, within the caps and never on credit",
    access=CASH,
    body=BuyIn,
    response=BuyOut,
    status=201,
)
def take_buy(tournament_id: int, body: BuyRequest) -> Any:
    _mine(tournament_id)
    bought = registration_desk.buy(
        db_session(), actor(), hall_now(), tournament_id, body, rng(), settings().tenders, desk()
    )
    result = bought.result
    return {
        "entry": presenters.entry(result.entry, settings().zone),
        "kind": result.buy.kind,
        "price_cents": result.buy.cents,
        "change_cents": result.change_cents,
        "print_jobs": bought.jobs,
    }


def rng() -> random.Random:
    """secrets.SystemRandom in production; tests may put a seeded Random in its place."""
    chosen: random.Random = current_app.extensions["flashboard.rng"]
    return chosen


@operation(
    bp,
    TOURNAMENT + "/start",
    "POST",
    summary="Close registration, pick the prize table for the field and draw tables and seats at random "
    "(28 Del. C. §1804 B(2), printed rules ¶(5))",
    access=DIRECTORS,
    body=StartIn,
    response=TournamentOut,
)
def start_tournament(tournament_id: int, body: dict[str, Any]) -> Any:
    _mine(tournament_id)
    return _shown(
        tournaments.start(
            db_session(), actor(), hall_now(), tournament_id, body["seats_per_table"], rng(), body["prize_table"]
        )
    )


@operation(
    bp,
    TOURNAMENT + "/eliminations",
    "POST",
    summary="Players out on a hand: places, table breaks, balancing, the final table and, with one left, the prizes",
    access=DIRECTORS,
    body=EliminationIn,
    response=TournamentOut,
)
def eliminate(tournament_id: int, body: EliminationRequest) -> Any:
    _mine(tournament_id)
    return _shown(eliminations.eliminate(db_session(), actor(), hall_now(), tournament_id, body, rng()))


@operation(
    bp,
    TOURNAMENT + "/eliminations/undo",
    "POST",
    summary="Undo the last elimination, the one that put this player out, while nothing later depends on it "
    "(28 Del. C. §1827(2)): every seat it changed is put back",
    access=DIRECTORS,
    body=UndoIn,
    response=TournamentOut,
)
def undo_elimination(tournament_id: int, body: dict[str, Any]) -> Any:
    _mine(tournament_id)
    return _shown(eliminations.undo(db_session(), actor(), hall_now(), tournament_id, body["entry_number"]))


@operation(
    bp,
    TOURNAMENT + "/seat-moves",
    "GET",
    summary="Every seat given or changed, for the director's screen and the clock TV",
    access=ANYONE_ON_STAFF,
    response=SeatMoveOut,
    many=True,
)
def seat_moves(tournament_id: int) -> Any:
    _mine(tournament_id)
    return tournaments.seat_moves(db_session(), tournament_id)


@operation(
    bp,
    TOURNAMENT + "/deal",
    "POST",
    summary="A proposed deal: refused (28 Del. C. §1804 B(5))",
    access=DIRECTORS,
    response=TournamentOut,
)
def propose_deal(tournament_id: int) -> Any:
    _mine(tournament_id)
    tournaments.deal(db_session(), tournament_id)


@operation(
    bp,
    TOURNAMENT + "/report",
    "GET",
    summary="The tournament report: entries, re-buys, the pool, places and prizes, seat moves",
    access=DIRECTORS,
    response=ReportOut,
)
def tournament_report(tournament_id: int) -> Any:
    _mine(tournament_id)
    return _report(tournament_id).as_json()


def _report(tournament_id: int) -> Document:
    """The report carries the audit anchor of the moment it is made, as every closing paper does."""
    found = tournaments.report(db_session(), tournament_id, settings().zone)
    return replace(
        found,
        facts=(*found.facts, ("Audit anchor (flashboard audit verify --anchor)", str(audit.anchor(db_session())))),
    )


@operation(
    bp,
    TOURNAMENT + "/report.pdf",
    "GET",
    summary="The tournament report as PDF",
    access=DIRECTORS,
    produces="application/pdf",
)
def tournament_report_pdf(tournament_id: int) -> Response:
    _mine(tournament_id)
    from shared.reports import pdf  # reportlab loads with the first PDF, not at start-up

    return Response(pdf.render(_report(tournament_id), hall_now()), mimetype="application/pdf")


@operation(
    bp,
    TOURNAMENT + "/decks",
    "POST",
    summary="Log a new set of two decks, a count or a change (28 Del. C. §1804 B(6), B(8))",
    access=(*DIRECTORS, Role.DEALER),
    body=DeckIn,
    response=DeckOut,
    status=201,
)
def log_deck(tournament_id: int, body: DeckRequest) -> Any:
    _mine(tournament_id)
    return tournaments.log_deck(db_session(), actor(), hall_now(), tournament_id, body)


@operation(
    bp,
    TOURNAMENT + "/deck-reminders",
    "GET",
    summary="Counts and changes due now, for the director's screen",
    access=ANYONE_ON_STAFF,
    response=DueOut,
    many=True,
)
def deck_reminders(tournament_id: int) -> Any:
    _mine(tournament_id)
    return tournaments.deck_reminders(db_session(), tournament_id, hall_now())


@operation(
    bp,
    TOURNAMENT + "/payouts",
    "POST",
    summary="Pay a finishing player's prize once; where a W-2G is due the winner's name, address and ID "
    "come first (422 naming the field missing), and the slip carries them",
    access=CASH,
    body=PrizePayIn,
    response=PrizePaidOut,
    status=201,
)
def pay_prize(tournament_id: int, body: dict[str, Any]) -> Any:
    _mine(tournament_id)
    winner = W2GWinner(body["winner_name"], body["winner_address"], body["winner_id"])
    slip = registration_desk.pay_prize(
        db_session(),
        actor(),
        hall_now(),
        tournament_id,
        body["entry_number"],
        winner,
        desk(),
        settings().payout_slip_copies,
    )
    return {
        "entry": presenters.entry(slip.paid.entry, settings().zone),
        "w2g_required": slip.paid.w2g_required,
        "print_jobs": [slip.job],
    }


@operation(
    bp,
    TOURNAMENT + "/seat-moves",
    "POST",
    summary="Move a player to an open seat, never unbalancing the tables (TDA 11A)",
    access=DIRECTORS,
    body=SeatMoveIn,
    response=SeatMoveOut,
    status=201,
)
def move_seat(tournament_id: int, body: SeatMoveRequest) -> Any:
    _mine(tournament_id)
    return tournaments.move_seat(db_session(), actor(), hall_now(), tournament_id, body)


@operation(
    bp,
    TOURNAMENT + "/staff",
    "GET",
    summary="The tournament director and the dealers",
    access=ANYONE_ON_STAFF,
    response=StaffOut,
    many=True,
)
def list_staff(tournament_id: int) -> Any:
    _mine(tournament_id)
    return staff.staff_of(db_session(), tournament_id)


@operation(
    bp,
    TOURNAMENT + "/staff",
    "POST",
    summary="Appoint the director or a dealer: a personal licence in force on the day (28 Del. C. §1827(1), §1831(1))",
    access=DIRECTORS,
    body=StaffIn,
    response=StaffOut,
    status=201,
)
def assign_staff(tournament_id: int, body: StaffRequest) -> Any:
    _mine(tournament_id)
    return staff.assign(db_session(), actor(), hall_now(), tournament_id, body)


@operation(
    bp,
    TOURNAMENT + "/clock",
    "GET",
    summary="The clock and what the clock TV shows",
    access=ANYONE_ON_STAFF,
    response=ClockOut,
)
def get_clock(tournament_id: int) -> Any:
    return live.snapshot(db_session(), _mine(tournament_id), hall_now())


@operation(
    bp,
    TOURNAMENT + "/clock",
    "POST",
    summary="Start, pause or resume the clock, or change level",
    access=DIRECTORS,
    body=ClockIn,
    response=ClockOut,
)
def control_clock(tournament_id: int, body: dict[str, Any]) -> Any:
    _mine(tournament_id)
    session = db_session()
    row = live.control(session, actor(), hall_now(), tournament_id, ClockAction(body["action"]))
    return live.snapshot(session, row, hall_now())


@operation(
    bp,
    TOURNAMENT + "/showdowns",
    "POST",
    summary="Settle a showdown: the order of showing (§1816), the hands ranked and the pots split (pokerkit)",
    access=(*DIRECTORS, Role.DEALER),
    body=ShowdownIn,
    response=ShowdownOut,
    status=201,
)
def showdown(tournament_id: int, body: ShowdownRequest) -> Any:
    _mine(tournament_id)
    ruling = showdowns.rule(db_session(), actor(), hall_now(), tournament_id, body)
    returned = ruling.settlement.returned
    return {
        "table": ruling.table,
        "button": ruling.button,
        "show_order": ruling.order,
        "ranking": ruling.ranking,
        "pots": [
            {"amount": p.amount, "eligible": list(p.eligible), "won": [{"seat": s, "chips": c} for s, c in p.won]}
            for p in ruling.settlement.pots
        ],
        "returned": {"seat": returned[0], "chips": returned[1]} if returned else None,
    }
