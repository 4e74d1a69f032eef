"""The tournament desk: each money event with the paper it owes, as one use case. The buy and the prize
go through their own doors in `tournaments` and commit; then, after the commit, the receipt, slip or seat
card goes to the station's printer through the print desk (DESIGN.md, "commit before printing"). A view
calls one of these and renders what it returns."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.services.receipts import transaction_code
from poker.models import Tournament, TournamentStatus
from poker.rules.printed_rules import as_receipt
from poker.rules.registration import Buy
from poker.schemas import BuyRequest
from poker.services import desk_receipts, tournaments
from shared.core.tills import Tender, W2GWinner
from shared.core.violations import refuse
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor
from shared.printing.documents import training_copy
from shared.printing.jobs import PrintDesk
from shared.printing.models import PrintJob


@dataclass(frozen=True)
class Bought:
    """A committed entry, re-buy or re-entry and the print jobs of its receipt (and, when the buy drew a
    seat at a running tournament, its seat card)."""

    result: tournaments.BuyResult
    jobs: list[PrintJob]


def _heading(session: Session, tournament: Tournament) -> desk_receipts.Heading:
    return desk_receipts.heading(session, tournament, get_organization(session, tournament.organization_id).name)


def buy(
    session: Session,
    actor: Actor,
    now: datetime,
    tournament_id: int,
    request: BuyRequest,
    rng: random.Random,
    tenders: Collection[Tender],
    desk: PrintDesk,
) -> Bought:
    """28 Del. C. §1804 B(2) and the jurisdiction's no-credit rule: the buy through its one door, then the
    buyer's receipt (the transaction, what was bought, the change, the seat once drawn) at the station's
    printer; a late entry or a re-entry seated at a running tournament gets its seat card too."""
    result = tournaments.buy(session, actor, now, tournament_id, request, rng, tenders)
    tournament = tournaments.get_tournament(session, tournament_id)
    head = _heading(session, tournament)
    entry, sale = result.entry, result.sale
    receipt = desk_receipts.buy_receipt(head, entry, Buy(result.buy.kind), result.buy.cents, sale, now)
    org = tournament.organization_id
    code = transaction_code(org, sale.number)
    jobs = [desk.print(session, now, "poker_buy", code, training_copy(receipt, tournament.training), org)]
    if result.seated:
        card = training_copy(desk_receipts.seat_card(head, entry, now), tournament.training)
        jobs.append(desk.print(session, now, "seat_card", f"T{tournament_id}-{entry.number}-seat", card, org))
    return Bought(result, jobs)


@dataclass(frozen=True)
class PrizeSlip:
    """A committed prize payment and the print job of its slip."""

    paid: tournaments.PrizePaid
    job: PrintJob


def pay_prize(
    session: Session,
    actor: Actor,
    now: datetime,
    tournament_id: int,
    entry_number: int,
    winner: W2GWinner,
    desk: PrintDesk,
    copies: int = 2,
) -> PrizeSlip:
    """28 Del. C. §1804 B(3)-(4) and IRS Form W-2G: the prize paid once (the winner's identification
    taken first where a W-2G is due), then the slip, in `copies` (FLASHBOARD_PAYOUT_SLIP_COPIES)."""
    paid = tournaments.pay_prize(session, actor, now, tournament_id, entry_number, winner)
    tournament = tournaments.get_tournament(session, tournament_id)
    slip = desk_receipts.prize_slip(_heading(session, tournament), paid.entry, paid.payment, paid.sale, copies)
    org = tournament.organization_id
    code = transaction_code(org, paid.sale.number)
    return PrizeSlip(paid, desk.print(session, now, "poker_prize", code, training_copy(slip, tournament.training), org))


def print_seat_cards(session: Session, now: datetime, tournament_id: int, desk: PrintDesk) -> list[PrintJob]:
    """28 Del. C. §1804 B(2): a seat card for every player seated now, in seat order, a print job each
    (tried in turn: a printer that stops leaves the rest waiting in the queue). Asked for at the desk
    once the draw is made, not printed by the draw itself (docs/decisions.md, seat cards)."""
    tournament = tournaments.get_tournament(session, tournament_id)
    if tournament.status != TournamentStatus.RUNNING:
        raise refuse("not_running", "Seat cards print once the seats are drawn.", None, "tournament_id", 409)
    head = _heading(session, tournament)
    seated = sorted(
        (e for e in tournament.entries if e.table_number and not e.eliminated),
        key=lambda e: (e.table_number or 0, e.seat or 0),
    )
    papers = [
        (f"T{tournament_id}-{e.number}-seat", training_copy(desk_receipts.seat_card(head, e, now), tournament.training))
        for e in seated
    ]
    return desk.print_each(session, now, "seat_card", papers, tournament.organization_id)


def print_rules(session: Session, now: datetime, tournament_id: int, desk: PrintDesk) -> PrintJob:
    """28 Del. C. ch. 18, posting ¶(1): the tournament's rules on paper, to hand to a player."""
    tournament = tournaments.get_tournament(session, tournament_id)
    receipt = training_copy(as_receipt(tournaments.rules(session, tournament)), tournament.training)
    return desk.print(session, now, "poker_rules", f"T{tournament_id}-rules", receipt, tournament.organization_id)
