"""Money out of and back into the drawer: prize payouts (with the W-2G flag), voids approved by the
member in charge, and tills opened with a bank and closed with a count by denomination."""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Claim, Payout, Sale, Till, UPickTicket
from bingo.services import cookie_jar as jar_service
from bingo.services.occasions import get_occasion
from bingo.services.sales import next_transaction_number
from bingo.services.upick import find as find_ticket
from shared import passwords, tills
from shared.audit import Actor
from shared.models import User
from shared.roles import Role
from shared.services.common import check, finish, get_or_refuse
from shared.services.staff import find_user
from shared.violations import refuse


def pay(session: Session, actor: Actor, now: datetime, occasion_id: int, data: dict[str, Any]) -> tuple[Sale, Payout]:
    """A winner's prize, paid once: a verified game share or cookie-jar share of a claim, or a
    winning U Pick Em ticket's share. The slip flags a W-2G when the amount reaches the threshold in
    force on the payment date."""
    occasion = get_occasion(session, occasion_id)
    number: int = data["game_number"]
    game = next((g for g in occasion.games if g.number == number), None)
    if game is None or game.status != "closed":
        raise refuse("game_not_closed", f"Game {number} must be closed, with its split announced, before paying.", "10 DE Admin Code 101-4.6",
                     "game_number", 409)
    prize: str = data["prize"]
    claim_id, code = data.get("claim_id"), data.get("ticket_code")
    if code:
        ticket = find_ticket(session, code)
        if ticket.occasion_id != occasion.id or ticket.game_number != number:
            raise refuse("not_this_game", "That ticket is not for this game.", None, "ticket_code", 409)
        amount, winner = ticket.share_cents or 0, f"U Pick Em ticket {ticket.code}"
        already = select(Payout.id).where(Payout.ticket_code == ticket.code, Payout.prize == prize)
    elif claim_id is not None:
        claim = get_or_refuse(session, Claim, claim_id, "claim_id", "claim")
        if claim.game_id != game.id:
            raise refuse("not_this_game", "That claim is not for this game.", None, "claim_id", 409)
        if claim.merchandise_won and prize == "game":
            raise refuse("merchandise_prize", f"Face {claim.face_number} won {game.merchandise}: hand over the merchandise; it is "
                         "not paid in cash.", "10 DE Admin Code 101-4.11", "claim_id", 409)
        amount = (claim.jar_share_cents if prize == "cookie_jar" else claim.share_cents) or 0
        winner = f"face {claim.face_number}" + (f" ({claim.player})" if claim.player else "")
        already = select(Payout.id).where(Payout.claim_id == claim.id, Payout.prize == prize)
    else:
        raise refuse("winner_required", "Name the winning claim or U Pick Em ticket.", None, "claim_id")
    if amount <= 0:
        raise refuse("nothing_to_pay", "This winner has no money share to pay for that prize.", None, "prize", 409)
    if session.scalar(already) is not None:
        raise refuse("already_paid", "This prize was already paid to this winner.", None, "claim_id", 409)
    sale = Sale(organization_id=occasion.organization_id, number=next_transaction_number(session, occasion.organization_id), occasion_id=occasion.id,
                kind="payout", station=actor.station, cashier_name=actor.name, created_at=now, total_cents=amount, tender="cash",
                tendered_cents=0, change_cents=0, status="completed")
    session.add(sale)
    session.flush()
    payout = Payout(sale_id=sale.id, occasion_id=occasion.id, game_number=number, prize=prize, claim_id=claim_id,
                    ticket_code=code.upper() if code else None, winner=winner, amount_cents=amount,
                    verifier_name=data.get("verifier_name") or actor.name, w2g_required=tills.needs_w2g(amount, now.date()))
    session.add(payout)
    finish(session, actor, now, "payout.create", sale, "sale", {"number": sale.number, "game": number, "prize": prize,
                                                                "winner": winner, "amount_cents": amount, "w2g": payout.w2g_required})
    return sale, payout


def approver(session: Session, username: str, pin: str) -> User:
    """A void needs the member in charge (or an admin) to key their PIN at the till."""
    user = find_user(session, username)
    if user is None or not user.is_active or user.pin_hash is None or not passwords.verify_secret(pin, user.pin_hash):
        raise refuse("approval_refused", "The approver's username and PIN do not match.", None, "approver_pin", 403)
    if not {Role.MEMBER_IN_CHARGE.value, Role.ADMIN.value} & set(user.role_names):
        raise refuse("approval_refused", "Only the member in charge can approve a void.", "10 DE Admin Code 101-4.1", "approver_username", 403)
    return user


def void(session: Session, actor: Actor, now: datetime, sale_id: int, reason: str, approved_by: User) -> Sale:
    """Undo a sale with the member in charge's approval and a reason: its U Pick Em tickets are voided
    (only before their game), its cookie-jar fees refunded (only before the posting)."""
    sale = get_or_refuse(session, Sale, sale_id, "sale_id", "sale")
    if sale.kind != "sale" or sale.status != "completed":
        raise refuse("not_voidable", "Only a completed sale can be voided.", None, "sale_id", 409)
    if not reason.strip():
        raise refuse("reason_required", "Say why the sale is voided.", None, "reason")
    occasion = get_occasion(session, sale.occasion_id)
    for line in sale.lines:
        if line.kind == "upick_face" and line.reference:
            for code in line.reference.split(","):
                ticket = session.scalar(select(UPickTicket).where(UPickTicket.code == code))
                game = next((g for g in occasion.games if ticket is not None and g.number == ticket.game_number), None)
                if ticket is None or game is None or game.status != "pending":
                    raise refuse("game_started", "A U Pick Em ticket in this sale is for a game that has started.",
                                 "10 DE Admin Code 101-4.30.1.7", "sale_id", 409)
                ticket.status, ticket.void_reason, ticket.voided_at, ticket.voided_by = "void", reason.strip(), now, approved_by.username
        if line.kind == "cookie_jar":
            if occasion.jar_posted_at is not None:
                raise refuse("jar_fees_posted", "The cookie-jar fees in this sale are already in the jars.", "10 DE Admin Code 101-4.31.4",
                             "sale_id", 409)
            jar_service.refund_entries(session, actor, now, occasion.id, line.total_cents)
    sale.status, sale.void_reason, sale.voided_at, sale.approved_by = "voided", reason.strip(), now, approved_by.username
    finish(session, actor, now, "sale.void", sale, "sale", {"number": sale.number, "reason": sale.void_reason,
                                                            "approved_by": approved_by.username})
    return sale


def till_at(session: Session, occasion_id: int, station: str) -> Till | None:
    """The till open at a station, if any: one per station at a time."""
    return session.scalar(select(Till).where(Till.occasion_id == occasion_id, Till.station == station, Till.closed_at.is_(None)))


def open_till(session: Session, actor: Actor, now: datetime, occasion_id: int, opening_bank: int) -> Till:
    occasion = get_occasion(session, occasion_id)
    if till_at(session, occasion.id, actor.station) is not None:
        raise refuse("till_open", f"A till is already open at {actor.station}.", None, "station", 409)
    till = Till(occasion_id=occasion.id, station=actor.station, cashier_name=actor.name, opened_at=now, opening_bank_cents=opening_bank)
    session.add(till)
    finish(session, actor, now, "till.open", till, "till", {"station": actor.station, "opening_bank_cents": opening_bank})
    return till


@dataclass(frozen=True)
class ShiftSummary:
    first_number: int | None
    last_number: int | None
    sales_by_product: dict[str, int]
    voids: list[int]
    payouts_cents: int
    cash_sales_cents: int


def summary(session: Session, till: Till, until: datetime) -> ShiftSummary:
    """One till's shift: the station's transactions since the till opened."""
    return _summarize(list(session.scalars(select(Sale).where(
        Sale.occasion_id == till.occasion_id, Sale.station == till.station, Sale.created_at >= till.opened_at,
        Sale.created_at <= until).order_by(Sale.number))))


def session_summary(session: Session, occasion_id: int) -> tuple[ShiftSummary, list[Till]]:
    """The whole occasion: every station's transactions and every till."""
    get_occasion(session, occasion_id)
    rows = list(session.scalars(select(Sale).where(Sale.occasion_id == occasion_id).order_by(Sale.number)))
    till_rows = list(session.scalars(select(Till).where(Till.occasion_id == occasion_id).order_by(Till.opened_at)))
    return _summarize(rows), till_rows


def _summarize(rows: list[Sale]) -> ShiftSummary:
    by_product: dict[str, int] = {}
    for sale in rows:
        if sale.kind == "sale" and sale.status == "completed":
            for line in sale.lines:
                by_product[line.description] = by_product.get(line.description, 0) + line.total_cents
    return ShiftSummary(
        first_number=rows[0].number if rows else None, last_number=rows[-1].number if rows else None, sales_by_product=by_product,
        voids=[s.number for s in rows if s.status == "voided"],
        payouts_cents=sum(s.total_cents for s in rows if s.kind == "payout"),
        cash_sales_cents=sum(s.total_cents for s in rows if s.kind == "sale" and s.status == "completed" and s.tender == "cash"))


def close_till(session: Session, actor: Actor, now: datetime, till_id: int, counts: dict[int, int]) -> tuple[Till, ShiftSummary]:
    """Count the drawer by denomination; over/short is computed against the opening bank plus cash
    sales less cash payouts, and explained."""
    till = get_or_refuse(session, Till, till_id, "till_id", "till")
    if till.closed_at is not None:
        raise refuse("till_closed", "This till is already closed.", None, "till_id", 409)
    check(tills.count_refusal(counts))
    shift = summary(session, till, now)
    result = tills.TillResult(tills.expected_cash(till.opening_bank_cents, shift.cash_sales_cents, shift.payouts_cents, 0),
                              tills.counted_total(counts))
    till.closed_at, till.counts = now, json.dumps({str(k): v for k, v in sorted(counts.items(), reverse=True)})
    till.counted_cents, till.expected_cents = result.counted_cents, result.expected_cents
    till.over_short_cents, till.explanation = result.over_short_cents, result.explanation()
    finish(session, actor, now, "till.close", till, "till", {"counted_cents": result.counted_cents, "expected_cents": result.expected_cents,
                                                             "over_short_cents": result.over_short_cents})
    return till, shift



def get_sale(session: Session, sale_id: int) -> Sale:
    return get_or_refuse(session, Sale, sale_id, "sale_id", "sale")


def get_till(session: Session, till_id: int) -> Till:
    return get_or_refuse(session, Till, till_id, "till_id", "till")
