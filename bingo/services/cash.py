"""Money out of and back into the drawer: prize payouts (each share once, from the cash in a till,
with the W-2G flag), voids approved by the member in charge while the sale's till is open, paid-ins
from the prize bank and drops to the safe, and tills opened with a bank and closed with a count by
denomination by their own cashier or the member in charge."""

from __future__ import annotations

import json
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, ScalarSelect, Select, SQLColumnExpression, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bingo.models import (
    BreakOpenSale,
    CashMove,
    Claim,
    Game,
    Occasion,
    PackStatus,
    Payout,
    Sale,
    SaleKind,
    SaleLine,
    SaleStatus,
    TicketStatus,
    Till,
    TillMovement,
    UPickTicket,
)
from bingo.rules import game_events, jar_sales, payouts, sworn_reports, upick_play
from bingo.rules.sales import ProductKind
from bingo.schemas import PayoutRequest
from bingo.services import jars as jar_service
from bingo.services import takings
from bingo.services.locks import lock_occasion
from bingo.services.occasions import get_occasion
from bingo.services.upick_tickets import find as find_ticket
from poker.models import Tournament
from shared.core import tills
from shared.core.money import MAX_CENTS, format_cents
from shared.core.roles import Role
from shared.core.tills import Tender
from shared.core.violations import refuse
from shared.hall.models import Organization, User
from shared.hall.services.authentication import Approval
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, found_or_refuse, get_or_refuse
from shared.printing.models import PrintJob

SALE, PAYOUT = SaleKind.SALE, SaleKind.PAYOUT
COMPLETED, VOIDED = SaleStatus.COMPLETED, SaleStatus.VOIDED
PAID_IN, DROP = CashMove.PAID_IN, CashMove.DROP


def books_open_refusal(occasion: Occasion) -> None:
    """28 Del. C. §1521: once the occasion is closed its books are closed; nothing posts to them. A
    correction is an adjustment by the member in charge, which un-swears the statement."""
    check(sworn_reports.books_open_refusal(occasion.status))


def in_charge(session: Session, actor: Actor) -> bool:
    """Whether the actor is the member in charge (or an admin)."""
    user = session.get(User, actor.user_id) if actor.user_id is not None else None
    return user is not None and bool({Role.MEMBER_IN_CHARGE.value, Role.ADMIN.value} & set(user.role_names))


def open_at(
    station: str | SQLColumnExpression[str],
    occasion_id: int | SQLColumnExpression[int] | None,
    tournament_id: int | None,
) -> list[ColumnElement[bool]]:
    """The till open at a station for an occasion (or a tournament's desk), as a condition."""
    return [
        Till.occasion_id.is_(None) if occasion_id is None else Till.occasion_id == occasion_id,
        Till.tournament_id.is_(None) if tournament_id is None else Till.tournament_id == tournament_id,
        Till.station == station,
        Till.closed_at.is_(None),
    ]


def _open_at(station: str, occasion_id: int | None, tournament_id: int | None) -> Select[Till]:
    return select(Till).where(*open_at(station, occasion_id, tournament_id))


def till_at(
    session: Session, station: str, occasion_id: int | None = None, tournament_id: int | None = None
) -> Till | None:
    """The till open at a station for an occasion (or a tournament's desk), if any: one at a time."""
    return session.scalar(_open_at(station, occasion_id, tournament_id))


def tills_of(session: Session, occasion_id: int | None = None, tournament_id: int | None = None) -> list[Till]:
    """Every till of an occasion or of a tournament's desk, open and closed."""
    where = Till.occasion_id == occasion_id if occasion_id is not None else Till.tournament_id == tournament_id
    return list(session.scalars(select(Till).where(where).order_by(Till.opened_at, Till.id)))


def open_till_for(
    session: Session, station: str, occasion_id: int | None = None, tournament_id: int | None = None
) -> Till:
    """Every cent in or out goes through the till open at the station: locked, so a close and a sale
    never interleave, and refused when there is none."""
    till = session.scalar(
        _open_at(station, occasion_id, tournament_id)
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    if till is None:
        raise refuse(
            "no_open_till", f"No till is open at station {station}: open the till first.", None, "station", 409
        )
    return till


def org_of_till(session: Session, till: Till) -> int:
    """The organization whose drawer this is, through its occasion or its tournament."""
    if till.occasion_id is not None:
        return get_occasion(session, till.occasion_id).organization_id
    return get_or_refuse(session, Tournament, till.tournament_id or 0, "till_id", "tournament").organization_id


@dataclass(frozen=True)
class Line:
    """A line to post: what it is, how many, at what unit price (the door's own rules priced it)."""

    product_id: int | None
    kind: str
    description: str
    quantity: int
    unit_cents: int


def post_sale(
    session: Session,
    actor: Actor,
    now: datetime,
    till: Till,
    org_id: int,
    lines: list[Line],
    tender: str,
    tendered_cents: int,
    enabled: Collection[Tender],
    credit_rule: str = tills.NO_CREDIT_RULE,
    numbering_locked: bool = False,
) -> Sale:
    """The one place money comes in, for bingo's sale door and the poker desk alike: the tender is
    one the hall takes and never credit, the sale is numbered in the organization's one sequence and
    posted with its lines on the open till. Inside the door's transaction (its audit entry follows);
    `numbering_locked` when the caller already holds the organization row (next_number)."""
    total = sum(line.quantity * line.unit_cents for line in lines)
    if total > MAX_CENTS:
        raise refuse(
            "total_too_large",
            f"This sale comes to {format_cents(total)}, more than one sale can be "
            f"({format_cents(MAX_CENTS)}); split it.",
            None,
            "lines",
            422,
        )
    check(tills.tender_refusal(tender, enabled, total, tendered_cents, credit_rule))
    if not numbering_locked:
        lock_numbering(session, org_id)
    sale = Sale(
        organization_id=org_id,
        number=next_number(org_id),
        occasion_id=till.occasion_id,
        tournament_id=till.tournament_id,
        kind=SALE,
        till_id=till.id,
        station=till.station,
        cashier_name=person_name(session, actor),
        created_at=now,
        total_cents=total,
        tender=Tender(tender).value,
        tendered_cents=tendered_cents,
        change_cents=tendered_cents - total,
        status=COMPLETED,
    )
    for line in lines:
        sale.lines.append(
            SaleLine(
                product_id=line.product_id,
                kind=line.kind,
                description=line.description,
                quantity=line.quantity,
                unit_cents=line.unit_cents,
                total_cents=line.quantity * line.unit_cents,
            )
        )
    session.add(sale)
    session.flush()
    return sale


def post_payout(session: Session, actor: Actor, now: datetime, till: Till, org_id: int, amount_cents: int) -> Sale:
    """The one place money goes out as a prize: from the cash in the open till, never more than it
    holds (a paid-in from the prize bank comes first). Inside the door's transaction."""
    check(tills.payout_refusal(drawer(session, till), amount_cents))
    lock_numbering(session, org_id)
    sale = Sale(
        organization_id=org_id,
        number=next_number(org_id),
        occasion_id=till.occasion_id,
        tournament_id=till.tournament_id,
        kind=PAYOUT,
        till_id=till.id,
        station=till.station,
        cashier_name=person_name(session, actor),
        created_at=now,
        total_cents=amount_cents,
        tender=Tender.CASH.value,
        tendered_cents=0,
        change_cents=0,
        status=COMPLETED,
    )
    session.add(sale)
    session.flush()
    return sale


def drawer(session: Session, till: Till) -> tills.Drawer:
    """What the drawer should hold, from its own lines: cash sales (voided ones are refunded, so they
    drop out), cash prizes paid, paid-ins and drops."""

    def total(*where: ColumnElement[bool]) -> int:
        query = select(func.coalesce(func.sum(Sale.total_cents), 0)).where(Sale.till_id == till.id, *where)
        return int(session.scalar(query) or 0)

    cash_sales = total(takings.completed_sale_clause(), Sale.tender == Tender.CASH.value)
    cash_payouts = total(Sale.kind == PAYOUT, Sale.status == COMPLETED)

    moved: dict[str, int] = {
        kind: int(cents)
        for kind, cents in session.execute(
            select(TillMovement.kind, func.sum(TillMovement.cents))
            .where(TillMovement.till_id == till.id)
            .group_by(TillMovement.kind)
        )
    }
    return tills.Drawer(till.opening_bank_cents, cash_sales, cash_payouts, moved.get(PAID_IN, 0), moved.get(DROP, 0))


def shares_of(session: Session, game: Game, payout: Payout) -> int:
    """10 DE Admin Code 101-4.11: how many winners shared the prize this payout pays a
    share of: the claims (or U Pick Em tickets) of the game holding a share of the same prize."""
    if payout.prize == payouts.Prize.DRAWING:
        return 1
    jar = payout.prize == payouts.Prize.COOKIE_JAR
    if payout.ticket_code:
        held = UPickTicket.jar_share_cents if jar else UPickTicket.share_cents
        found = select(func.count(UPickTicket.id)).where(
            UPickTicket.occasion_id == game.occasion_id,
            UPickTicket.game_number == game.number,
            held > 0,
            UPickTicket.status != TicketStatus.VOID,
        )
    else:
        share = Claim.jar_share_cents if jar else Claim.share_cents
        found = select(func.count(Claim.id)).where(Claim.game_id == game.id, share > 0)
        if not jar:
            found = found.where(Claim.merchandise_won.is_(False))
    return max(1, session.scalar(found) or 0)


def pay(session: Session, actor: Actor, now: datetime, occasion_id: int, request: PayoutRequest) -> tuple[Sale, Payout]:
    """A winner's prize, paid once from the cash in the station's till: a verified game share or
    cookie-jar share of a claim, or a winning U Pick Em ticket's share. The occasion is locked and
    the share key is unique, so two stations pressing Pay together pay once. The slip flags a W-2G
    when the amount reaches the threshold in force on the payment date."""
    occasion = lock_occasion(session, occasion_id)
    books_open_refusal(occasion)
    number = request.game_number
    game = next((g for g in occasion.games if g.number == number), None)
    check(payouts.game_closed_refusal(number, game.status if game is not None else None))
    assert game is not None  # refused above
    prize = request.prize
    claim_id, code = request.claim_id, request.ticket_code
    if code:
        ticket = find_ticket(session, code)
        if ticket.occasion_id != occasion.id or ticket.game_number != number:
            raise refuse("not_this_game", "That ticket is not for this game.", None, "ticket_code", 409)
        share = ticket.jar_share_cents if prize == payouts.Prize.COOKIE_JAR else ticket.share_cents
        amount, winner, code, claim_id = share or 0, f"U Pick Em ticket {ticket.code}", ticket.code, None
        verified_by = request.verifier_name or person_name(session, actor)
    elif claim_id is not None:
        claim = get_or_refuse(session, Claim, claim_id, "claim_id", "claim")
        if claim.game_id != game.id:
            raise refuse("not_this_game", "That claim is not for this game.", None, "claim_id", 409)
        if prize == payouts.Prize.DRAWING:
            drawing = next((d for d in occasion.qualifier_drawings if d.winner_claim_id == claim.id), None)
            merchandise = drawing.prize if drawing is not None and drawing.merchandise else None
            check(payouts.drawing_refusal(claim.face_number, drawing is not None, merchandise))
            assert drawing is not None  # refused above
            amount = drawing.value_cents
        else:
            check(payouts.merchandise_refusal(claim.face_number, game.merchandise, claim.merchandise_won, prize))
            amount = (claim.jar_share_cents if prize == payouts.Prize.COOKIE_JAR else claim.share_cents) or 0
        winner = f"face {claim.face_number}" + (f" ({claim.player})" if claim.player else "")
        verified_by = request.verifier_name or claim.verifier_name
    else:
        raise refuse("winner_required", "Name the winning claim or U Pick Em ticket.", None, "claim_id")
    if amount <= 0:
        raise refuse("nothing_to_pay", "This winner has no money share to pay for that prize.", None, "prize", 409)
    key = payouts.share_key(prize, claim_id, code)
    if session.scalar(select(Payout.id).where(Payout.share_key == key)) is not None:
        raise refuse("already_paid", "This prize was already paid to this winner.", None, "claim_id", 409)
    due = tills.needs_w2g(amount, now.date())
    winner_id = tills.W2GWinner(request.winner_name.strip(), request.winner_address.strip(), request.winner_id.strip())
    check(tills.w2g_identification_refusal(due, winner_id))
    till = open_till_for(session, actor.station, occasion_id=occasion.id)
    sale = post_payout(session, actor, now, till, occasion.organization_id, amount)
    payout = Payout(
        occasion_id=occasion.id,
        game_number=number,
        prize=prize,
        claim_id=claim_id,
        ticket_code=code,
        share_key=key,
        winner=winner,
        amount_cents=amount,
        verifier_name=verified_by,
        w2g_required=due,
        w2g_name=winner_id.name if due else None,
        w2g_address=winner_id.address if due else None,
        w2g_id_shown=winner_id.id_shown if due else None,
    )
    try:
        payout.sale_id = sale.id
        session.add(payout)
        session.flush()
    except IntegrityError:
        session.rollback()
        raise refuse("already_paid", "This prize was already paid to this winner.", None, "claim_id", 409) from None
    finish(
        session,
        actor,
        now,
        "payout.create",
        sale,
        "sale",
        {
            "number": sale.number,
            "game": number,
            "prize": prize,
            "till": till.id,
            "winner": winner,
            "amount_cents": amount,
            "w2g": payout.w2g_required,
        },
    )
    return sale, payout


def lock_numbering(session: Session, org_id: int) -> None:
    """Transaction numbers run 1, 2, 3… per organization and never repeat: the organization row is
    locked while the next one is taken (next_number)."""
    session.execute(select(Organization.id).where(Organization.id == org_id).with_for_update(key_share=True))


def next_number(org_id: int) -> ScalarSelect[int]:
    """The organization's next transaction number, taken by the sale's own INSERT (and read back with
    it): under the organization row lock its caller holds, that statement sees every number before it
    (issue 21: no statement of its own)."""
    return select(func.coalesce(func.max(Sale.number), 0) + 1).where(Sale.organization_id == org_id).scalar_subquery()


def void_approval(org_id: int) -> Approval:
    """10 DE Admin Code 101-4.1: the member in charge answers for the occasion, so a void needs the
    sale's own organization's member in charge (or an admin) to key their PIN at the till; the check
    is a sign-in (shared.hall.services.authentication), with its lockout and audit."""
    return Approval(
        roles=frozenset({Role.MEMBER_IN_CHARGE, Role.ADMIN}), organization_id=org_id, rule="10 DE Admin Code 101-4.1"
    )


def void(session: Session, actor: Actor, now: datetime, sale_id: int, reason: str, approved_by: User) -> Sale:
    """Undo a sale with the member in charge's approval and a reason, while the occasion and the
    sale's till are open (the refund comes out of that drawer): its U Pick Em tickets are voided
    (only before their game, 4.30.1.7), its cookie-jar fees refunded (only before the posting,
    4.31.4), its break-open sheets taken back (only before the numbers are posted, 4.29), its paper
    packs back in the station's stock."""
    sale = get_or_refuse(session, Sale, sale_id, "sale_id", "sale")
    if sale.occasion_id is None:
        raise refuse(
            "not_voidable",
            "A poker desk's buy is not voided: the player's spending and the pool count it.",
            None,
            "sale_id",
            409,
        )
    occasion = lock_occasion(session, sale.occasion_id)
    session.refresh(sale)
    books_open_refusal(occasion)
    if not takings.is_completed_sale(sale):
        raise refuse("not_voidable", "Only a completed sale can be voided.", None, "sale_id", 409)
    if not reason.strip():
        raise refuse("reason_required", "Say why the sale is voided.", None, "reason")
    till = session.scalar(
        select(Till)
        .where(Till.id == (sale.till_id or 0))
        .with_for_update(key_share=True)
        .execution_options(populate_existing=True)
    )
    if till is None or till.closed_at is not None:
        raise refuse(
            "till_closed", "This sale's till is closed: its refund could come from no drawer.", None, "sale_id", 409
        )
    if till.station != actor.station:
        raise refuse(
            "void_at_its_till",
            f"Void this sale at the till that took it (station {till.station}): the refund comes out of that drawer.",
            None,
            "sale_id",
            409,
        )
    if sale.tender == Tender.CASH:
        check(tills.payout_refusal(drawer(session, till), sale.total_cents))
    games = {g.number: g for g in occasion.games}
    returned: list[int] = []
    for line in sale.lines:
        for ticket in line.tickets:
            check(upick_play.ticket_void_refusal(ticket.code, ticket.game_number, games[ticket.game_number].status))
            ticket.status, ticket.void_reason, ticket.voided_at, ticket.voided_by = (
                TicketStatus.VOID,
                reason.strip(),
                now,
                approved_by.display_name,
            )
        for sheets in session.scalars(select(BreakOpenSale).where(BreakOpenSale.sale_line_id == line.id)):
            check(game_events.sheets_void_refusal(sheets.game_number, games[sheets.game_number].status))
            session.delete(sheets)
        if line.kind == ProductKind.COOKIE_JAR:
            check(jar_sales.sale_void_refusal(occasion.jar_posted_at is not None))
            jar_service.refund_entries(session, actor, now, occasion.id, line.total_cents, sale.id)
        for pack in list(line.packs):
            returned.append(pack.serial)
            pack.status, pack.sale_line_id = PackStatus.ISSUED, None
    sale.status, sale.void_reason, sale.voided_at, sale.approved_by = (
        VOIDED,
        reason.strip(),
        now,
        approved_by.display_name,
    )
    finish(
        session,
        actor,
        now,
        "sale.void",
        sale,
        "sale",
        {
            "number": sale.number,
            "reason": sale.void_reason,
            "till": till.id,
            "approved_by": approved_by.username,
            "packs_returned": returned,
        },
    )
    return sale


def open_till(
    session: Session,
    actor: Actor,
    now: datetime,
    opening_bank: int,
    occasion_id: int | None = None,
    tournament_id: int | None = None,
) -> Till:
    """A drawer opened at the actor's station with a bank, for an occasion whose books are open or
    for a tournament's desk; one open till a station at a time."""
    if occasion_id is not None:
        books_open_refusal(lock_occasion(session, occasion_id))
    if opening_bank < 0:
        raise refuse("bad_amount", "The opening bank is $0.00 or more.", None, "opening_bank", 422)
    if till_at(session, actor.station, occasion_id, tournament_id) is not None:
        raise refuse("till_open", f"A till is already open at {actor.station}.", None, "station", 409)
    till = Till(
        occasion_id=occasion_id,
        tournament_id=tournament_id,
        station=actor.station,
        cashier_name=person_name(session, actor),
        cashier_user_id=actor.user_id,
        opened_at=now,
        opening_bank_cents=opening_bank,
    )
    session.add(till)
    finish(
        session, actor, now, "till.open", till, "till", {"station": actor.station, "opening_bank_cents": opening_bank}
    )
    return till


def move_cash(
    session: Session, actor: Actor, now: datetime, till_id: int, kind: str, cents: int, note: str
) -> TillMovement:
    """The member in charge pays cash into a drawer from the prize bank (so a large prize is paid
    from cash that is there) or drops cash from it to the safe; both are lines of the till."""
    till = found_or_refuse(
        session,
        session.scalar(
            select(Till)
            .where(Till.id == till_id)
            .with_for_update(key_share=True)
            .execution_options(populate_existing=True)
        ),
        till_id,
        "till_id",
        "till",
    )
    if till.occasion_id is not None:
        books_open_refusal(get_occasion(session, till.occasion_id))
    if till.closed_at is not None:
        raise refuse("till_closed", "This till is closed: nothing posts to it.", None, "till_id", 409)
    if kind == DROP:
        check(tills.drop_refusal(drawer(session, till), cents))
    elif cents <= 0:
        raise refuse("bad_amount", "An amount is more than $0.00.", None, "amount", 422)
    row = TillMovement(
        till_id=till.id, kind=CashMove(kind), cents=cents, at=now, by_name=actor.name, note=note.strip()[:300]
    )
    session.add(row)
    finish(session, actor, now, f"till.{kind}", till, "till", {"cents": cents, "note": row.note})
    return row


@dataclass(frozen=True)
class ShiftSummary:
    first_number: int | None
    last_number: int | None
    sales_by_product: dict[str, int]
    voids: list[int]
    payouts_cents: int
    cash_sales_cents: int
    non_cash_cents: dict[str, int]
    paid_ins_cents: int = 0
    drops_cents: int = 0


def summary(session: Session, till: Till) -> ShiftSummary:
    """One till's shift: the transactions on it and the cash moved in and out of it."""
    rows = list(session.scalars(select(Sale).where(Sale.till_id == till.id).order_by(Sale.number)))
    cash = drawer(session, till)
    return _summarize(rows, takings.product_totals(session, till_id=till.id), cash.paid_ins, cash.drops)


def session_summary(session: Session, occasion_id: int) -> tuple[ShiftSummary, list[Till]]:
    """The whole occasion: every station's transactions and every till."""
    get_occasion(session, occasion_id)
    rows = list(session.scalars(select(Sale).where(Sale.occasion_id == occasion_id).order_by(Sale.number)))
    till_rows = list(session.scalars(select(Till).where(Till.occasion_id == occasion_id).order_by(Till.opened_at)))
    moved: dict[str, int] = {
        kind: int(cents)
        for kind, cents in session.execute(
            select(TillMovement.kind, func.sum(TillMovement.cents))
            .join(Till, TillMovement.till_id == Till.id)
            .where(Till.occasion_id == occasion_id)
            .group_by(TillMovement.kind)
        )
    }
    totals = takings.product_totals(session, occasion_id=occasion_id)
    return _summarize(rows, totals, moved.get(PAID_IN, 0), moved.get(DROP, 0)), till_rows


def _summarize(rows: list[Sale], totals: list[takings.ProductTotal], paid_ins: int, drops: int) -> ShiftSummary:
    sold = takings.completed_sales(rows)
    non_cash: dict[str, int] = {}
    for sale in sold:
        if sale.tender != Tender.CASH.value:
            non_cash[sale.tender] = non_cash.get(sale.tender, 0) + sale.total_cents
    return ShiftSummary(
        first_number=rows[0].number if rows else None,
        last_number=rows[-1].number if rows else None,
        sales_by_product={name: cents for name, (_, cents) in takings.by_description(totals).items()},
        voids=[s.number for s in rows if s.status == VOIDED],
        payouts_cents=sum(s.total_cents for s in rows if s.kind == PAYOUT and s.status == COMPLETED),
        cash_sales_cents=sum(s.total_cents for s in sold if s.tender == Tender.CASH.value),
        non_cash_cents=non_cash,
        paid_ins_cents=paid_ins,
        drops_cents=drops,
    )


def close_till(
    session: Session, actor: Actor, now: datetime, till_id: int, counts: dict[int, int]
) -> tuple[Till, ShiftSummary]:
    """Count the drawer by denomination; over/short is computed from the till's own lines (opening
    bank, cash sales, cash prizes, paid-ins, drops) and explained. Only the till's own cashier or the
    member in charge closes it; once closed, nothing posts to it."""
    till = found_or_refuse(
        session,
        session.scalar(
            select(Till)
            .where(Till.id == till_id)
            .with_for_update(key_share=True)
            .execution_options(populate_existing=True)
        ),
        till_id,
        "till_id",
        "till",
    )
    if till.closed_at is not None:
        raise refuse("till_closed", "This till is already closed.", None, "till_id", 409)
    if not in_charge(session, actor) and till.cashier_user_id != actor.user_id:
        raise refuse(
            "not_your_till",
            f"This till is {till.cashier_name}'s: only that cashier or the member in charge closes it.",
            None,
            "till_id",
            403,
        )
    check(tills.count_refusal(counts))
    shift = summary(session, till)
    result = tills.TillResult(drawer(session, till).expected_cents, tills.counted_total(counts))
    till.closed_at, till.counts = now, json.dumps({str(k): v for k, v in sorted(counts.items(), reverse=True)})
    till.counted_cents, till.expected_cents = result.counted_cents, result.expected_cents
    till.over_short_cents, till.explanation = result.over_short_cents, result.explanation()
    finish(
        session,
        actor,
        now,
        "till.close",
        till,
        "till",
        {
            "counted_cents": result.counted_cents,
            "expected_cents": result.expected_cents,
            "over_short_cents": result.over_short_cents,
        },
    )
    return till, shift


def get_sale(session: Session, sale_id: int) -> Sale:
    return get_or_refuse(session, Sale, sale_id, "sale_id", "sale")


def get_till(session: Session, till_id: int) -> Till:
    return get_or_refuse(session, Till, till_id, "till_id", "till")


@dataclass(frozen=True)
class ShiftSale:
    """A transaction on a till, with the prize it paid when it is a payout."""

    sale: Sale
    payout: Payout | None


def shift_sales(session: Session, till: Till) -> list[ShiftSale]:
    """Flashboard house rule (voids): the till's transactions newest first, so the cashier finds the
    sale to void at the till that took it, and sees what was voided and who approved it."""
    rows = list(session.scalars(select(Sale).where(Sale.till_id == till.id).order_by(Sale.number.desc()).limit(500)))
    payouts = {p.sale_id: p for p in session.scalars(select(Payout).where(Payout.sale_id.in_([s.id for s in rows])))}
    return [ShiftSale(sale, payouts.get(sale.id)) for sale in rows]


def shift_print_jobs(session: Session, till: Till) -> list[PrintJob]:
    """DESIGN.md, "commit before printing": every receipt, slip, notice and report printed at the till's
    station for its organization while the till was open, newest first, so any of them can be
    reprinted (not only the ones that failed)."""
    query = select(PrintJob).where(
        PrintJob.station == till.station,
        PrintJob.organization_id == org_of_till(session, till),
        PrintJob.created_at >= till.opened_at,
    )
    if till.closed_at is not None:
        query = query.where(PrintJob.created_at <= till.closed_at)
    return list(session.scalars(query.order_by(PrintJob.id.desc()).limit(500)))


def void_approvers(session: Session, occasion: Occasion) -> list[User]:
    """10 DE Admin Code 101-4.1: the accounts of the occasion's member in charge that can key a PIN at
    the till to approve a void (an admin types their own username)."""
    users = session.scalars(
        select(User).where(User.member_id == occasion.member_in_charge_id, User.is_active.is_(True)).order_by(User.id)
    )
    wanted = {Role.MEMBER_IN_CHARGE.value, Role.ADMIN.value}
    return [u for u in users if u.pin_hash is not None and wanted & set(u.role_names)]
