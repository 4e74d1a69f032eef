"""The cashier's counter: each money event with the paper it owes, as one use case. The event's own door
(`selling.sell`, `cash.pay`, `cash.void`, `cash.close_till`) writes and commits; then, after the commit,
its receipt, slip, notice or report goes to the station's printer through the print desk (DESIGN.md,
"commit before printing": a jammed printer leaves a job to reprint, never a lost sale). A view calls one
of these and renders what it returns."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Occasion, Payout, Sale, Till, UPickTicket
from bingo.rules.faces import ball_label
from bingo.rules.limits import KIND_TITLES, GameKind
from bingo.schemas import PayoutRequest, SaleRequest
from bingo.services import cash, occasions, receipts, selling, upick_tickets
from shared.core import tills
from shared.core.lockout import LockoutPolicy
from shared.core.tills import Tender
from shared.hall.services.authentication import Attempt, authenticate
from shared.hall.services.licenses import bingo_license_status
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import person_name
from shared.platform import audit
from shared.platform.audit import Actor
from shared.printing.documents import Receipt, training_copy
from shared.printing.jobs import PrintDesk
from shared.printing.models import PrintJob


def paper_for(occasion: Occasion | None, receipt: Receipt) -> Receipt:
    """Flashboard house rule (training mode): every paper of a training occasion says TRAINING."""
    return training_copy(receipt, occasion is not None and occasion.training)


def _occasion_of(session: Session, occasion_id: int | None) -> Occasion | None:
    return occasions.get_occasion(session, occasion_id) if occasion_id is not None else None


def _licence(session: Session, org_id: int, occasion: Occasion | None) -> str | None:
    """The bingo licence in force on the occasion's day, for the paper's header."""
    return bingo_license_status(session, org_id, occasion.occasion_date).current_number if occasion else None


@dataclass(frozen=True)
class Sold:
    """A committed sale, its U Pick Em tickets, and the print jobs of its receipt and tickets."""

    sale: Sale
    tickets: list[UPickTicket]
    jobs: list[PrintJob]


def sell(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion_id: int,
    request: SaleRequest,
    rng: random.Random,
    tenders: Collection[Tender],
    desk: PrintDesk,
) -> Sold:
    """10 DE Admin Code 101-4.30.1.3 and 4.31.3: the sale through the one door for money in, then its
    receipt and a ticket for each U Pick Em face (its id, numbers and barcode) at the station's printer."""
    result = selling.sell(session, actor, now, occasion_id, request, rng, tenders)
    sale, occasion, licence = result.sale, result.occasion, result.licence
    org_id = sale.organization_id
    day = occasion.occasion_date.isoformat()
    receipt = selling.receipt_for(result, now)
    code = receipts.transaction_code(org_id, sale.number)
    jobs = [desk.print(session, now, "sale", code, paper_for(occasion, receipt), org_id)]
    for ticket in result.tickets:
        face = receipts.upick_ticket(
            result.org_name,
            licence,
            day,
            ticket.game_number,
            ticket.code,
            upick_tickets.numbers_of(ticket),
            ticket.price_cents,
            desk.station,
            ticket.cashier_name,
            now,
            sale.number,
        )
        jobs.append(desk.print(session, now, "upick_ticket", ticket.code, paper_for(occasion, face), org_id))
    return Sold(sale, list(result.tickets), jobs)


@dataclass(frozen=True)
class Paid:
    """A committed prize payment and the print job of its slip."""

    sale: Sale
    payout: Payout
    job: PrintJob


def pay(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion_id: int,
    request: PayoutRequest,
    desk: PrintDesk,
    copies: int = 2,
) -> Paid:
    """10 DE Admin Code 101-4.10 and IRS Form W-2G: the prize is paid once from the station's till, then
    the slip prints (in `copies`, FLASHBOARD_PAYOUT_SLIP_COPIES), flagging a W-2G at the threshold in
    force on the day with the winner's identification."""
    sale, payout = cash.pay(session, actor, now, occasion_id, request)
    occasion = occasions.get_occasion(session, occasion_id)
    game = next(g for g in occasion.games if g.number == payout.game_number)
    org_name = get_organization(session, sale.organization_id).name
    licence = bingo_license_status(session, sale.organization_id, occasion.occasion_date).current_number
    threshold = tills.w2g_threshold(now.date())
    day = occasion.occasion_date.isoformat()
    title = f"Game {game.number} ({KIND_TITLES[GameKind(game.kind)].lower()}): {game.label}"
    jar = ball_label(occasion.cookie_jar_number) if occasion.cookie_jar_number else None
    prize = receipts.PrizeSlip(title, cash.shares_of(session, game, payout), jar)
    slip = receipts.payout_slip(org_name, licence, day, sale, payout, prize, now, threshold, copies)
    code = receipts.transaction_code(sale.organization_id, sale.number)
    return Paid(sale, payout, desk.print(session, now, "payout", code, paper_for(occasion, slip), sale.organization_id))


def void(
    session: Session,
    actor: Actor,
    now: datetime,
    sale_id: int,
    reason: str,
    approver: Attempt,
    wall_now: datetime,
    policy: LockoutPolicy,
    desk: PrintDesk,
) -> tuple[Sale, PrintJob]:
    """Flashboard house rule (voids): the member in charge approves with their PIN, checked as a sign-in
    (a wrong PIN counts toward the lockout), the sale is voided with its reason, then the notice prints."""
    sale = cash.get_sale(session, sale_id)
    approved_by = authenticate(session, approver, wall_now, policy, cash.void_approval(sale.organization_id))
    sale = cash.void(session, actor, now, sale_id, reason, approved_by)
    occasion = _occasion_of(session, sale.occasion_id)
    licence = _licence(session, sale.organization_id, occasion)
    by = person_name(session, actor)
    notice = receipts.void_notice(get_organization(session, sale.organization_id).name, licence, sale, now, by)
    code = receipts.transaction_code(sale.organization_id, sale.number)
    notice = paper_for(occasion, notice)
    return sale, desk.print(session, now, "void", code, notice, sale.organization_id)


def close_till(
    session: Session, actor: Actor, now: datetime, till_id: int, counts: dict[int, int], desk: PrintDesk
) -> tuple[Till, PrintJob]:
    """Flashboard house rule (tills): the drawer is counted by denomination and closed with its over or
    short, then the end-of-shift report prints, carrying the audit chain's anchor."""
    till = cash.get_till(session, till_id)
    org_id = cash.org_of_till(session, till)
    till, shift = cash.close_till(session, actor, now, till_id, counts)
    org_name = get_organization(session, org_id).name
    occasion = _occasion_of(session, till.occasion_id)
    licence = _licence(session, org_id, occasion)
    report = receipts.shift_report(org_name, licence, till, shift, now, str(audit.anchor(session)))
    report = paper_for(occasion, report)
    return till, desk.print(session, now, "shift_report", f"till-{till.id}", report, org_id)


def print_session_report(session: Session, now: datetime, occasion_id: int, desk: PrintDesk) -> PrintJob:
    """10 DE Admin Code 101-4.1: the end-of-session summary the member in charge keeps (transactions,
    sales, voids, payouts, tills), with the audit chain's anchor, at the station's printer."""
    occasion = occasions.get_occasion(session, occasion_id)
    shift, till_rows = cash.session_summary(session, occasion_id)
    org_name = get_organization(session, occasion.organization_id).name
    day = occasion.occasion_date.isoformat()
    licence = _licence(session, occasion.organization_id, occasion)
    anchor = str(audit.anchor(session))
    report = receipts.session_report(org_name, licence, occasion_id, day, shift, till_rows, now, anchor)
    report = paper_for(occasion, report)
    return desk.print(session, now, "session_report", f"occasion-{occasion_id}", report, occasion.organization_id)
