"""The books check (`flashboard books check`): every cent recomputed from the lines it came from, the
way the Board's auditor would. It only reads, and reports each disagreement it finds, the first one
first: a sale on no till or on another station's, a till whose arithmetic does not follow from its
lines, a cookie-jar ledger that differs from the jar sale lines, packs, U Pick Em tickets or
break-open sheets that do not match the lines that sold them, a prize share paid twice or for a
different amount, and report totals that are not the sum of their lines."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import (
    BreakOpenSale,
    Claim,
    CookieJarLine,
    Game,
    Occasion,
    OccasionStatus,
    Pack,
    PaperSet,
    Payout,
    QualifierDrawing,
    Sale,
    SaleLine,
    TicketStatus,
    Till,
    UPickTicket,
)
from bingo.rules.payouts import Prize, share_key
from bingo.rules.sales import ProductKind
from bingo.services import reports, takings
from bingo.services.cash import COMPLETED, PAYOUT, SALE, VOIDED, drawer
from bingo.services.jars import check_ledger
from bingo.services.stock import SOLD
from poker.models import Buy as BuyRow
from poker.models import Entry, PrizePayment, Tournament
from shared.core.money import format_cents
from shared.core.tills import counted_total

UTC = ZoneInfo("UTC")


@dataclass(frozen=True)
class Disagreement:
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


def _occasions(org_id: int | None) -> Any:
    query = select(Occasion.id)
    return query if org_id is None else query.where(Occasion.organization_id == org_id)


def _tournaments(org_id: int | None) -> Any:
    query = select(Tournament.id)
    return query if org_id is None else query.where(Tournament.organization_id == org_id)


def _till_rows(org_id: int | None) -> Any:
    """The tills of an organization's occasions and tournament desks (or of all)."""
    return select(Till).where(Till.occasion_id.in_(_occasions(org_id)) | Till.tournament_id.in_(_tournaments(org_id)))


def _sales(session: Session, org_id: int | None) -> list[Disagreement]:
    found = []
    tills = {t.id: t for t in session.scalars(_till_rows(org_id))}
    query = select(Sale) if org_id is None else select(Sale).where(Sale.organization_id == org_id)
    for sale in session.scalars(query.order_by(Sale.organization_id, Sale.number)):
        where = f"transaction {sale.number} (organization {sale.organization_id})"
        till = tills.get(sale.till_id) if sale.till_id is not None else None
        if till is None:
            found.append(Disagreement(where, "is on no till"))
            continue
        if (till.occasion_id, till.tournament_id, till.station) != (sale.occasion_id, sale.tournament_id, sale.station):
            found.append(
                Disagreement(where, f"is on till {till.id}, which is another station's, occasion's or tournament's")
            )
        if sale.kind == SALE:
            lines = sum(line.total_cents for line in sale.lines)
            if lines != sale.total_cents or any(
                line.total_cents != line.quantity * line.unit_cents for line in sale.lines
            ):
                found.append(
                    Disagreement(
                        where,
                        f"total {format_cents(sale.total_cents)} is not the sum of its lines, {format_cents(lines)}",
                    )
                )
            if sale.change_cents != sale.tendered_cents - sale.total_cents:
                found.append(Disagreement(where, "change is not tendered less total"))
    return found


def _tills(session: Session, org_id: int | None) -> list[Disagreement]:
    """A closed till's expected cash is what its lines give now (so anything posted to it after the
    close shows), its count adds up, and a closed occasion has no open till."""
    found = []
    for station, occasion_id in session.execute(
        select(Till.station, Till.occasion_id)
        .join(Occasion, Till.occasion_id == Occasion.id)
        .where(Occasion.status == OccasionStatus.CLOSED, Till.closed_at.is_(None), Occasion.id.in_(_occasions(org_id)))
    ):
        found.append(Disagreement(f"till at {station}", f"is still open although occasion {occasion_id} is closed"))
    for till in session.scalars(_till_rows(org_id).where(Till.closed_at.is_not(None)).order_by(Till.id)):
        where = f"till {till.id} ({till.station})"
        expected = drawer(session, till).expected_cents
        counts = {int(k): v for k, v in json.loads(till.counts or "{}").items()}
        if till.expected_cents != expected:
            found.append(
                Disagreement(
                    where,
                    f"expected {format_cents(till.expected_cents or 0)} at close, but its lines give "
                    f"{format_cents(expected)}",
                )
            )
        if till.counted_cents != counted_total(counts):
            found.append(Disagreement(where, "the counted total is not the sum of its count by denomination"))
        if till.over_short_cents != (till.counted_cents or 0) - (till.expected_cents or 0):
            found.append(Disagreement(where, "over/short is not counted less expected"))
    return found


def _jar(session: Session, org_id: int | None) -> list[Disagreement]:
    found = [
        Disagreement(f"cookie-jar ledger of organization {p.organization_id}, line {p.seq}", p.message)
        for p in check_ledger(session, org_id)
    ]
    for occasion in session.scalars(select(Occasion).where(Occasion.id.in_(_occasions(org_id))).order_by(Occasion.id)):
        lines = list(session.scalars(select(CookieJarLine).where(CookieJarLine.occasion_id == occasion.id)))
        fees = sum(line.cents for line in lines if line.kind == "fee")
        refunds = sum(line.cents for line in lines if line.kind == "refund")
        sold = list(
            session.execute(
                select(SaleLine.total_cents, Sale.status)
                .join(Sale, SaleLine.sale_id == Sale.id)
                .where(Sale.occasion_id == occasion.id, SaleLine.kind == ProductKind.COOKIE_JAR.value)
            )
        )
        sold_cents = sum(cents for cents, _ in sold)
        voided_cents = sum(cents for cents, status in sold if status == VOIDED)
        if fees != sold_cents:
            found.append(
                Disagreement(
                    f"occasion {occasion.id} cookie jar",
                    f"the ledger took {format_cents(fees)} in fees, the sale lines {format_cents(sold_cents)}",
                )
            )
        if refunds != voided_cents:
            found.append(
                Disagreement(
                    f"occasion {occasion.id} cookie jar",
                    f"the ledger refunded {format_cents(refunds)}, the voided "
                    f"jar lines hold {format_cents(voided_cents)}",
                )
            )
        posted = [line.seq for line in lines if line.kind.startswith("post_")]
        late = [line.seq for line in lines if line.kind == "fee" and posted and line.seq > min(posted)]
        if late:
            found.append(
                Disagreement(
                    f"occasion {occasion.id} cookie jar",
                    f"ledger line {late[0]} took a fee after the posting (10 DE Admin Code 101-4.31.4)",
                )
            )
    return found


def _items(session: Session, org_id: int | None) -> list[Disagreement]:
    """Packs, U Pick Em tickets and break-open sheets against the lines that sold them."""
    found = []
    mine = select(Sale.id).where(Sale.occasion_id.in_(_occasions(org_id)))
    statuses = {s.id: s.status for s in session.scalars(select(Sale).where(Sale.id.in_(mine)))}
    for line in session.scalars(select(SaleLine).where(SaleLine.sale_id.in_(mine)).order_by(SaleLine.id)):
        where = f"sale line {line.id} ({line.description})"
        live = statuses.get(line.sale_id) == COMPLETED
        if line.kind == ProductKind.UPICK_FACE.value:
            if len(line.tickets) != line.quantity:
                found.append(
                    Disagreement(where, f"sold {line.quantity} U Pick Em faces but holds {len(line.tickets)} tickets")
                )
            wrong = [t.code for t in line.tickets if (t.status == TicketStatus.VOID) == live]
            if wrong:
                found.append(
                    Disagreement(
                        where,
                        f"ticket {wrong[0]} is {'void' if live else 'sold'} while its sale is "
                        f"{'completed' if live else 'voided'}",
                    )
                )
        if line.kind == ProductKind.BREAK_OPEN.value:
            sheets = sum(
                b.quantity for b in session.scalars(select(BreakOpenSale).where(BreakOpenSale.sale_line_id == line.id))
            )
            if sheets != (line.quantity if live else 0):
                found.append(
                    Disagreement(
                        where,
                        f"sold {line.quantity} break-open sheets on a {statuses.get(line.sale_id)} sale; "
                        f"{sheets} are recorded",
                    )
                )
        if line.packs and (len(line.packs) != line.quantity or not live):
            found.append(
                Disagreement(
                    where,
                    f"holds {len(line.packs)} packs for a quantity of {line.quantity} on a "
                    f"{statuses.get(line.sale_id)} sale",
                )
            )
    sets = select(PaperSet.id) if org_id is None else select(PaperSet.id).where(PaperSet.organization_id == org_id)
    for pack in session.scalars(
        select(Pack).where(Pack.set_id.in_(sets), (Pack.status == SOLD) != Pack.sale_line_id.is_not(None))
    ):
        found.append(
            Disagreement(
                f"pack {pack.serial} of set {pack.set_id}",
                f"is {pack.status} {'without' if pack.status == SOLD else 'with'} a sale line",
            )
        )
    orphans = session.scalar(
        select(UPickTicket.code)
        .where(UPickTicket.sale_line_id.is_(None), UPickTicket.occasion_id.in_(_occasions(org_id)))
        .limit(1)
    )
    if orphans is not None:
        found.append(Disagreement(f"U Pick Em ticket {orphans}", "was issued on no sale line"))
    loose = session.scalar(
        select(BreakOpenSale.id)
        .where(BreakOpenSale.sale_line_id.is_(None), BreakOpenSale.occasion_id.in_(_occasions(org_id)))
        .limit(1)
    )
    if loose is not None:
        found.append(Disagreement(f"break-open sale {loose}", "was recorded on no sale line"))
    return found


def _prizes(session: Session, org_id: int | None) -> list[Disagreement]:
    """Each prize share paid at most once, for the amount the share holds, on a payout transaction."""
    found = []
    payouts = list(
        session.scalars(select(Payout).where(Payout.occasion_id.in_(_occasions(org_id))).order_by(Payout.id))
    )
    for key, times in Counter(share_key(p.prize, p.claim_id, p.ticket_code) for p in payouts).items():
        if times > 1:
            found.append(Disagreement(f"prize share {key}", f"was paid {times} times"))
    claims = {
        c.id: c for c in session.scalars(select(Claim).where(Claim.id.in_([p.claim_id for p in payouts if p.claim_id])))
    }
    tickets = {
        t.code: t
        for t in session.scalars(
            select(UPickTicket).where(UPickTicket.code.in_([p.ticket_code for p in payouts if p.ticket_code]))
        )
    }
    drawings = {
        d.winner_claim_id: d.value_cents
        for d in session.scalars(
            select(QualifierDrawing).where(
                QualifierDrawing.occasion_id.in_(_occasions(org_id)), QualifierDrawing.merchandise.is_(False)
            )
        )
    }
    prizes = {p.sale_id for p in payouts} | set(
        session.scalars(select(PrizePayment.sale_id).where(PrizePayment.sale_id.is_not(None)))
    )
    query = select(Sale).where(Sale.kind == PAYOUT)
    for paid_out in session.scalars(query if org_id is None else query.where(Sale.organization_id == org_id)):
        if paid_out.id not in prizes:
            found.append(
                Disagreement(
                    f"transaction {paid_out.number} (organization {paid_out.organization_id})",
                    f"paid out {format_cents(paid_out.total_cents)} for no prize",
                )
            )
    for payout in payouts:
        where = f"payout {payout.id} ({payout.winner})"
        sale = session.get(Sale, payout.sale_id)
        if sale is None or sale.kind != PAYOUT or sale.total_cents != payout.amount_cents:
            found.append(Disagreement(where, "is not the amount of its payout transaction"))
        if payout.ticket_code:
            ticket = tickets.get(payout.ticket_code)
            owed = (
                None
                if ticket is None
                else (ticket.jar_share_cents if payout.prize == Prize.COOKIE_JAR else ticket.share_cents)
            )
        elif payout.prize == Prize.DRAWING:
            owed = drawings.get(payout.claim_id or 0)
        else:
            claim = claims.get(payout.claim_id or 0)
            owed = (
                None
                if claim is None
                else (claim.jar_share_cents if payout.prize == Prize.COOKIE_JAR else claim.share_cents)
            )
        if owed != payout.amount_cents:
            found.append(
                Disagreement(
                    where, f"paid {format_cents(payout.amount_cents)} for a share of {format_cents(owed or 0)}"
                )
            )
    entries = select(Entry.id).where(Entry.tournament_id.in_(_tournaments(org_id)))
    payments = list(
        session.scalars(select(PrizePayment).where(PrizePayment.entry_id.in_(entries)).order_by(PrizePayment.id))
    )
    for entry_id, times in Counter(p.entry_id for p in payments).items():
        if times > 1:
            found.append(Disagreement(f"poker entry {entry_id}", f"was paid its prize {times} times"))
    for payment in payments:
        entry = session.get(Entry, payment.entry_id)
        if entry is None or entry.prize_cents != payment.cents:
            found.append(Disagreement(f"poker prize payment {payment.id}", "is not the entry's prize"))
        paid = session.get(Sale, payment.sale_id) if payment.sale_id is not None else None
        if paid is None or paid.kind != PAYOUT or paid.total_cents != payment.cents:
            found.append(
                Disagreement(f"poker prize payment {payment.id}", "is not the amount of a payout transaction on a till")
            )
    return found


def _desk(session: Session, org_id: int | None) -> list[Disagreement]:
    """Every poker buy is the line of a sale on the desk's till, for the same amount, and every poker
    sale line is a buy: the prize pool and the drawers count the same money."""
    found = []
    buys = list(
        session.scalars(
            select(BuyRow)
            .join(Entry, BuyRow.entry_id == Entry.id)
            .where(Entry.tournament_id.in_(_tournaments(org_id)))
            .order_by(BuyRow.id)
        )
    )
    lines = {
        line.id: line
        for line in session.scalars(
            select(SaleLine)
            .join(Sale, SaleLine.sale_id == Sale.id)
            .where(Sale.tournament_id.in_(_tournaments(org_id)), Sale.kind == SALE)
        )
    }
    for buy in buys:
        line = lines.pop(buy.sale_line_id, None) if buy.sale_line_id is not None else None
        if line is None or line.total_cents != buy.cents:
            found.append(
                Disagreement(
                    f"poker buy {buy.id}", f"of {format_cents(buy.cents)} is not a sale line on a till for that amount"
                )
            )
    for line in lines.values():
        found.append(Disagreement(f"sale line {line.id} ({line.description})", "took money at the desk for no buy"))
    return found


def _reports(session: Session, org_id: int | None) -> list[Disagreement]:
    """The sales report's totals are the sums of the lines; a closed occasion paid every share it awarded."""
    found = []
    for occasion in session.scalars(select(Occasion).where(Occasion.id.in_(_occasions(org_id))).order_by(Occasion.id)):
        rows = list(session.scalars(select(Sale).where(Sale.occasion_id == occasion.id)))
        document = reports.sales_report(session, occasion.id, UTC)
        totals = document.extra["totals"]
        sold = sum(s.total_cents for s in takings.completed_sales(rows))
        paid = sum(s.total_cents for s in rows if s.kind == PAYOUT and s.status == COMPLETED)
        if totals["sales"] != sold:
            found.append(
                Disagreement(
                    f"occasion {occasion.id} sales report",
                    f"says sales {format_cents(totals['sales'])}, the transactions {format_cents(sold)}",
                )
            )
        if totals["payouts"] != paid:
            found.append(
                Disagreement(
                    f"occasion {occasion.id} sales report",
                    f"says payouts {format_cents(totals['payouts'])}, the payout transactions {format_cents(paid)}",
                )
            )
        if occasion.status == OccasionStatus.CLOSED:
            claims = session.scalars(
                select(Claim).join(Game, Claim.game_id == Game.id).where(Game.occasion_id == occasion.id)
            )
            won = sum((c.share_cents or 0) * (not c.merchandise_won) + (c.jar_share_cents or 0) for c in claims)
            won += sum(d.value_cents for d in occasion.qualifier_drawings if not d.merchandise)
            won += sum(
                (t.share_cents or 0) + (t.jar_share_cents or 0)
                for t in session.scalars(select(UPickTicket).where(UPickTicket.occasion_id == occasion.id))
            )
            if won != paid:
                found.append(
                    Disagreement(
                        f"occasion {occasion.id}",
                        f"awarded {format_cents(won)} in money prizes and paid {format_cents(paid)}",
                    )
                )
    return found


def check_books(session: Session, org_id: int | None = None) -> list[Disagreement]:
    """Every invariant of the books (of one organization, or of all), in the order an auditor reads them."""
    return [
        found for check in (_sales, _tills, _jar, _items, _desk, _prizes, _reports) for found in check(session, org_id)
    ]
