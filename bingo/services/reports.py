"""Close-out and the Board's reports for one occasion: expenses with payees (101-4.24), the occasion
report the member in charge makes (101-4.1, 4.6) and the sworn statement (28 Del. C. §1521). Building
a report only reads: it can be produced again at any time and comes out the same."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import func, or_, select
from sqlalchemy.orm import Session, selectinload

from bingo.models import (
    BallCheck,
    CashMove,
    CookieJarLine,
    Expense,
    Game,
    Giveaway,
    GiveawayKind,
    Occasion,
    OccasionAdjustment,
    Payout,
    Product,
    QualifierDrawing,
    Sale,
    SaleKind,
    SaleStatus,
    Till,
    UPickTicket,
)
from bingo.rules import compliance, sworn_reports
from bingo.rules import figures as rules
from bingo.rules.claims import Verdict
from bingo.rules.faces import ball_label
from bingo.rules.limits import (
    INDUCEMENT_PERCENT,
    KIND_TITLES,
    MAX_OCCASION_PRIZES_CENTS,
    Booking,
    GameKind,
    ProgramGame,
    Promotion,
    PromotionOccasion,
)
from bingo.rules.sales import ProductKind
from bingo.schemas import ExpenseRequest
from bingo.services import jars as jar_service
from bingo.services import takings
from bingo.services.cash import in_charge
from bingo.services.dashboard import prizes_awarded
from bingo.services.locks import lock_occasion
from bingo.services.occasions import CLOSED, get_occasion
from bingo.services.programs import terms_of
from shared.core.money import format_cents
from shared.core.tills import Tender
from shared.core.violations import refuse
from shared.hall.models import Member, Premises, User
from shared.hall.rules.licensing import BingoLicenseClass
from shared.hall.services.licenses import (
    bingo_license_status,
    bingo_license_statuses,
    bingo_terms,
    list_personal_licenses,
)
from shared.hall.services.organizations import get_organization
from shared.hall.services.roster import roster
from shared.hall.services.staff import account_name, person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish
from shared.reports.document import Document, Table, training_paper

SWORN_RULE = sworn_reports.SWORN_RULE


def add_expense(session: Session, actor: Actor, now: datetime, occasion_id: int, request: ExpenseRequest) -> Expense:
    """10 DE Admin Code 101-4.24 and 28 Del. C. §1521: an expense is recorded with its payee's name and
    address, so the sworn statement can name them; a game it names must be on the program. Once the
    occasion is closed its books are closed: an expense found later is an adjustment, made only by
    the member in charge with a reason, and it un-swears the statement, which says so."""
    occasion = lock_occasion(session, occasion_id)
    reason = (request.adjustment_reason or "").strip()
    check(sworn_reports.adjustment_refusal(occasion.status == CLOSED, reason, in_charge(session, actor)))
    check(sworn_reports.payee_refusal(request.payee_name, request.payee_address))
    if request.game_number is not None and all(g.number != request.game_number for g in occasion.games):
        raise refuse("not_found", f"This occasion has no game {request.game_number}.", None, "game_number", 404)
    row = Expense(
        occasion_id=occasion.id,
        game_number=request.game_number,
        payee_name=request.payee_name.strip(),
        payee_address=request.payee_address.strip(),
        description=request.description.strip(),
        amount_cents=request.amount_cents,
        recorded_at=now,
        recorded_by=person_name(session, actor),
    )
    session.add(row)
    if reason:
        sworn = occasion.statement_sworn_at is not None
        session.add(
            OccasionAdjustment(
                occasion_id=occasion.id,
                at=now,
                by_name=actor.name,
                kind="expense",
                reason=reason[:500],
                cents=row.amount_cents,
                unswore_at=now if sworn else None,
            )
        )
        occasion.statement_sworn_at, occasion.statement_sworn_by = None, None
    finish(
        session,
        actor,
        now,
        "occasion.adjustment" if reason else "occasion.expense",
        row,
        "bingo_expense",
        {
            "payee": row.payee_name,
            "amount_cents": row.amount_cents,
            "game": row.game_number,
            **({"reason": reason} if reason else {}),
        },
    )
    return row


def expenses_of(session: Session, occasion_id: int) -> list[Expense]:
    """The occasion's expenses in the order they were recorded."""
    get_occasion(session, occasion_id)
    return list(session.scalars(select(Expense).where(Expense.occasion_id == occasion_id).order_by(Expense.id)))


def swear_statement(
    session: Session, actor: Actor, now: datetime, occasion_id: int, uses: str, title: str | None = None
) -> Occasion:
    """28 Del. C. §1521: the member in charge states the general uses of the net profit and swears the
    statement, once, after the occasion has closed. It is sworn by a person: the account's name (else the
    name of the member it belongs to, never the login) and title (as given, else from the person record)."""
    occasion = get_occasion(session, occasion_id)
    check(sworn_reports.swear_refusal(occasion.status == CLOSED, occasion.statement_sworn_at is not None, uses))
    user = session.get(User, actor.user_id) if actor.user_id is not None else None
    member = user.member if user is not None else None
    name = account_name(session, actor.user_id, member.name if member is not None else "")
    found = sworn_reports.swearer_title(
        title,
        member is not None and member.id == occasion.member_in_charge_id,
        member is not None and member.is_officer,
    )
    check(sworn_reports.swearer_refusal(name, found))
    assert found is not None  # refused above
    sworn_by = sworn_reports.signer(name, found)[:200]
    occasion.net_profit_uses, occasion.statement_sworn_at, occasion.statement_sworn_by = uses.strip(), now, sworn_by
    finish(
        session,
        actor,
        now,
        "occasion.statement_sworn",
        occasion,
        "bingo_occasion",
        {"uses": occasion.net_profit_uses, "sworn_by": sworn_by},
    )
    return occasion


@dataclass(frozen=True)
class Heading:
    """What every report of the occasion names: the occasion, its organization, licence, premises and
    member in charge."""

    occasion: Occasion
    org_name: str
    license_number: str | None
    premises: Premises
    member_in_charge: str


def heading(session: Session, occasion_id: int) -> Heading:
    occasion = get_occasion(session, occasion_id)
    member = session.get(Member, occasion.member_in_charge_id)
    return Heading(
        occasion,
        get_organization(session, occasion.organization_id).name,
        bingo_license_status(session, occasion.organization_id, occasion.occasion_date).current_number,
        session.get(Premises, occasion.premises_id),  # type: ignore[arg-type]
        member.name if member else "",
    )


@dataclass(frozen=True)
class Facts(Heading):
    """Everything the occasion report and the sworn statement read, gathered once in a fixed number of
    statements however many sales the night rang up (issue 21): the games with their calls, claims and
    tiers, and the drawings, loaded together; the sales summed by the database; as rows only the voided
    sales and the winning U Pick Em tickets."""

    lines: list[takings.LineTotal]
    sold: list[rules.SoldLine]
    voids: list[Sale]
    payouts: list[Payout]
    giveaways: list[Giveaway]
    expenses: list[Expense]
    jar_lines: list[CookieJarLine]
    winning_tickets: list[UPickTicket]
    zone: ZoneInfo


def _voids(session: Session, occasion_id: int) -> list[Sale]:
    """The occasion's voided transactions, in their order."""
    return list(
        session.scalars(
            select(Sale).where(Sale.occasion_id == occasion_id, Sale.status == SaleStatus.VOIDED).order_by(Sale.number)
        )
    )


def _payouts(session: Session, occasion_id: int) -> list[Payout]:
    return list(session.scalars(select(Payout).where(Payout.occasion_id == occasion_id).order_by(Payout.id)))


def gather(session: Session, occasion_id: int, zone: ZoneInfo) -> Facts:
    head = heading(session, occasion_id)
    occasion = head.occasion
    by_occasion = {"occasion_id": occasion.id}

    def rows(model: Any, order: Any, *where: Any) -> list[Any]:
        return list(session.scalars(select(model).filter_by(**by_occasion).where(*where).order_by(order)))

    session.execute(
        select(Occasion)
        .where(Occasion.id == occasion.id)
        .options(
            selectinload(Occasion.games).options(
                selectinload(Game.claims), selectinload(Game.calls), selectinload(Game.tiers)
            ),
            selectinload(Occasion.qualifier_drawings).selectinload(QualifierDrawing.winner),
            selectinload(Occasion.jar_settings),
        )
    ).all()
    game_of = {p.id: p.game_number for p in rows(Product, Product.id)}
    lines = takings.line_totals(session, occasion.id)
    return Facts(
        occasion,
        head.org_name,
        head.license_number,
        head.premises,
        head.member_in_charge,
        lines,
        takings.sold_lines(lines, game_of),
        _voids(session, occasion.id),
        _payouts(session, occasion.id),
        rows(Giveaway, Giveaway.id),
        rows(Expense, Expense.id),
        rows(CookieJarLine, CookieJarLine.seq),
        rows(UPickTicket, UPickTicket.id, or_(UPickTicket.share_cents != 0, UPickTicket.jar_share_cents != 0)),
        zone,
    )


def _local(at: datetime | None, zone: ZoneInfo) -> str:
    return at.astimezone(zone).strftime("%Y-%m-%d %H:%M") if at else ""


def _money_of_games(facts: Facts) -> tuple[list[rules.GameMoney], dict[int, int], int, int]:
    games = [(g.number, g.kind) for g in facts.occasion.games]
    receipts, jar, other = rules.receipts_by_game(facts.sold, games)
    prizes = {g.number: _prizes_given(facts, g) for g in facts.occasion.games}
    expenses = [
        rules.Expense(e.payee_name, e.payee_address, e.description, e.amount_cents, e.game_number)
        for e in facts.expenses
    ]
    return rules.game_money(receipts, prizes, expenses), prizes, jar, other


def _prizes_given(facts: Facts, game: Game) -> int:
    """A game's prizes as awarded: claim shares (merchandise at its value), U Pick Em shares and the later
    drawing among its qualifiers (4.11); cookie-jar money is reported with the jar (101-4.31.2)."""
    if game.kind == GameKind.COOKIE_JAR_FINAL:
        return 0
    claims = sum(c.share_cents or 0 for c in game.claims)
    drawings = sum(d.value_cents for d in facts.occasion.qualifier_drawings if d.game_number == game.number)
    return claims + drawings + sum(t.share_cents or 0 for t in facts.winning_tickets if t.game_number == game.number)


def _winners(facts: Facts, game: Game) -> str:
    found = [
        f"face {c.face_number} {format_cents(c.share_cents or 0)}" + (" (merchandise)" if c.merchandise_won else "")
        for c in game.claims
        if c.share_cents
    ]
    found += [
        f"ticket {t.code} {format_cents(t.share_cents or 0)}"
        for t in facts.winning_tickets
        if t.game_number == game.number and t.share_cents
    ]
    found += [
        f"cookie jar: face {c.face_number} {format_cents(c.jar_share_cents)}" for c in game.claims if c.jar_share_cents
    ]
    found += [
        f"drawing for the qualifiers: face {d.winner.face_number} {d.prize} {format_cents(d.value_cents)}"
        for d in facts.occasion.qualifier_drawings
        if d.game_number == game.number
    ]
    found += [
        f"cookie jar: ticket {t.code} {format_cents(t.jar_share_cents)}"
        for t in facts.winning_tickets
        if t.game_number == game.number and t.jar_share_cents
    ]
    return "; ".join(found) or "none"


MOVEMENTS = {
    "fee": "Entry fee sold",
    "refund": "Entry fee refunded",
    "post_jar1": "Posted to jar 1",
    "post_jar2": "Posted to jar 2",
    "hold": "Held (jar 2 would pass the maximum)",
    "award": "Jar 1 awarded",
    "promote_jar2": "Jar 2 becomes jar 1",
    "top_up_jar1": "Held fees top up jar 1",
    "new_jar2": "Held fees start a new jar 2",
    "opening_jar1": "Opening balance, jar 1",
    "opening_jar2": "Opening balance, jar 2",
    "opening_held": "Opening balance, held",
}
ACCOUNTS = {
    "sales": "Sales",
    "pending": "Pending",
    "jar1": "Jar 1",
    "jar2": "Jar 2",
    "held": "Held",
    "awarded": "Awarded",
}


def occasion_report(session: Session, occasion_id: int, zone: ZoneInfo) -> Document:
    """10 DE Admin Code 101-4.1 and 4.6: the occasion report, as the member in charge signs it."""
    facts = gather(session, occasion_id, zone)
    occasion = facts.occasion
    check = session.scalar(select(BallCheck).where(BallCheck.occasion_id == occasion.id))
    workers = roster(session, occasion.organization_id, occasion.occasion_date)
    money, prizes, jar_receipts, other = _money_of_games(facts)
    gaming = sum(m.receipts_cents for m in money)
    awarded = prizes_awarded(session, occasion)
    expenses = sum(e.amount_cents for e in facts.expenses)
    worst = sum(
        ProgramGame(g.number, GameKind(g.kind), terms_of(g)).prize.worst_case()
        for g in occasion.games
        if g.kind != GameKind.COOKIE_JAR_FINAL
    )
    inducements = sum(g.value_cents for g in facts.giveaways if g.kind == GiveawayKind.INDUCEMENT)
    attendance = sorted({g.attendance for g in occasion.games if g.attendance is not None})
    totals = takings.by_product(facts.lines)
    admissions = sum(t.quantity for t in totals if t.kind == ProductKind.ADMISSION)
    games = Table(
        "games",
        "Games (101-4.6)",
        (
            "Game",
            "Kind",
            "Pattern",
            "Prize announced",
            "Calls",
            "Winning call",
            "Winners and amounts",
            "Rejected claims",
            "Announcement",
        ),
        tuple(
            (
                str(g.number),
                KIND_TITLES[GameKind(g.kind)],
                g.label,
                g.merchandise or format_cents(g.announced_prize_cents or 0),
                str(len(g.calls)),
                str(len(g.calls)) if _winners(facts, g) != "none" else "",
                _winners(facts, g),
                ", ".join(f"face {c.face_number} ({c.verdict.label})" for c in g.claims if c.verdict != Verdict.VALID)
                or "none",
                " ".join(x for x in (g.closing_announcement, g.jar_announcement) if x) or "",
            )
            for g in occasion.games
        ),
    )
    by_product = takings.by_description(totals)
    receipts = Table(
        "receipts",
        "Receipts by product (101-4.22)",
        ("Product", "Quantity", "Amount"),
        tuple((name, str(q), format_cents(c)) for name, (q, c) in sorted(by_product.items()))
        + (("Total", "", format_cents(sum(c for _, c in by_product.values()))),),
    )
    voids = facts.voids
    limits = Table(
        "limits",
        "Prizes and giveaways against the limits (101-4.6)",
        ("Item", "Amount", "Limit"),
        (
            ("Prizes awarded", format_cents(awarded), format_cents(MAX_OCCASION_PRIZES_CENTS)),
            *(
                ("Merchandise: " + (g.merchandise or ""), format_cents(g.announced_prize_cents or 0), "")
                for g in occasion.games
                if g.merchandise
            ),
            (
                "Inducements",
                format_cents(inducements),
                format_cents(worst * INDUCEMENT_PERCENT // 100) + f" ({INDUCEMENT_PERCENT}% of prizes)",
            ),
            *(
                (
                    f"Promotional giveaway ({g.promotion_occasion}): {g.description}",
                    format_cents(g.value_cents),
                    "$500.00 a year",
                )
                for g in facts.giveaways
                if g.kind == GiveawayKind.PROMOTION
            ),
            *(
                (f"Inducement: {g.description}", format_cents(g.value_cents), "")
                for g in facts.giveaways
                if g.kind == GiveawayKind.INDUCEMENT
            ),
        ),
    )
    jar = Table(
        "cookie_jar",
        "Cookie-jar movements (101-4.31)",
        ("Seq", "Time", "Game", "Movement", "From", "To", "Amount", "Jar 1 after", "Jar 2 after"),
        tuple(
            (
                str(line.seq),
                _local(line.at, zone),
                str(line.game_number or ""),
                MOVEMENTS.get(line.kind, line.kind),
                ACCOUNTS.get(line.source, line.source),
                ACCOUNTS.get(line.target, line.target),
                format_cents(line.cents),
                format_cents(line.jar1_after),
                format_cents(line.jar2_after),
            )
            for line in facts.jar_lines
        ),
    )
    expense_table = _expense_table(facts)
    net = Table(
        "net",
        "Net proceeds",
        ("Item", "Amount"),
        (
            ("Gross gaming receipts", format_cents(gaming)),
            ("Cookie-jar entries (held for jar prizes)", format_cents(jar_receipts)),
            ("Non-gaming receipts", format_cents(other)),
            ("Prizes awarded", format_cents(sum(prizes.values()))),
            ("Expenses", format_cents(expenses)),
            ("Net proceeds from gaming", format_cents(gaming - sum(prizes.values()) - expenses)),
        ),
    )
    facts_list = (
        ("Organization", facts.org_name),
        ("Bingo licence", facts.license_number or "none in force"),
        ("Date", occasion.occasion_date.isoformat()),
        ("Premises", f"{facts.premises.name}, {facts.premises.address}"),
        ("Member in charge", facts.member_in_charge),
        ("Workers", "; ".join(f"{w.person_name} ({w.role.replace('_', ' ')})" for w in workers) or "none recorded"),
        ("Balls verified", f"{_local(check.verified_at, zone)} by {check.checked_by}" if check else "not verified"),
        (
            "Cookie-jar number",
            ball_label(occasion.cookie_jar_number)
            if occasion.cookie_jar_number
            else ("not drawn" if occasion.jar_settings else "none: the hall runs no cookie jar"),
        ),
        *(
            (
                (
                    "Cookie jar 1 still owed",
                    "both jars stood full, and play ended (six hours, midnight or 40 games) before jar 1 was won; "
                    "the next occasion owes it (101-4.31.5)",
                ),
            )
            if occasion.jar_must_go and occasion.status == CLOSED
            else ()
        ),
        ("Started / closed", f"{_local(occasion.started_at, zone)} / {_local(occasion.closed_at, zone)}"),
        (
            "Attendance",
            (", ".join(str(a) for a in attendance) + " counted; " if attendance else "")
            + f"{admissions} admissions sold",
        ),
        ("Voids", f"{len(voids)} ({format_cents(sum(s.total_cents for s in voids))})"),
    )
    document = Document(
        f"Bingo occasion report: {facts.org_name}",
        f"{occasion.occasion_date.isoformat()} · 10 DE Admin Code 101-4.1",
        facts_list,
        (games, receipts, limits, jar, expense_table, net),
        ("Member in charge: " + facts.member_in_charge, "Officer of the organization"),
        "Produced by Flashboard from the occasion's records; it can be produced again and comes out the same.",
        {
            "totals": {
                "gaming_receipts": gaming,
                "jar_receipts": jar_receipts,
                "other_receipts": other,
                "prizes": sum(prizes.values()),
                "expenses": expenses,
                "net": gaming - sum(prizes.values()) - expenses,
            }
        },
    )
    return training_paper(document) if occasion.training else document


def _expense_table(facts: Facts) -> Table:
    return Table(
        "expenses",
        "Expenses with payees (101-4.24; 28 Del. C. §1521)",
        ("Payee", "Address", "For", "Game", "Amount"),
        tuple(
            (e.payee_name, e.payee_address, e.description, str(e.game_number or "all"), format_cents(e.amount_cents))
            for e in facts.expenses
        )
        + (("Total", "", "", "", format_cents(sum(e.amount_cents for e in facts.expenses))),),
    )


def _jar_line(facts: Facts) -> sworn_reports.JarGame | None:
    return sworn_reports.jar_game(
        [sworn_reports.JarMove(line.kind, line.cents, line.jar1_after, line.game_number) for line in facts.jar_lines]
    )


def _jar_row(jar: sworn_reports.JarGame) -> tuple[str, ...]:
    """The cookie jar's line among the games on the sworn statement."""
    won = "won in game " + ", ".join(str(n) for n in jar.won_in) if jar.won_in else "not won at this occasion"
    return (
        "Cookie jar",
        f"Cookie jar bingo (101-4.31): {won}",
        format_cents(jar.offered_cents),
        format_cents(jar.prizes_cents),
        format_cents(jar.receipts_cents),
        format_cents(0),
        format_cents(jar.net_cents),
    )


def sworn_statement(session: Session, occasion_id: int, zone: ZoneInfo, today: date) -> Document:
    """28 Del. C. §1521: gross receipts per game (the cookie jar's entries among them), the prizes offered
    and given with their values (the cookie jar's awards among them), each expense with its payee's name
    and address, net profit per game and in all, the uses of the net profit, then the oath and the
    signature of the person who swears it, named with their title; due within 30 days after the game. Until
    it is sworn it is a DRAFT, not for filing."""
    facts = gather(session, occasion_id, zone)
    occasion = facts.occasion
    money, _, _, _ = _money_of_games(facts)
    jar = _jar_line(facts)
    games = {g.number: g for g in occasion.games}
    gross = sum(m.receipts_cents for m in money) + (jar.receipts_cents if jar else 0)
    prizes = sum(m.prizes_cents for m in money) + (jar.prizes_cents if jar else 0)
    expenses = sum(m.expenses_cents for m in money)
    net = gross - prizes - expenses
    per_game = Table(
        "per_game",
        "Receipts, prizes, expenses and net profit per game",
        ("Game", "Pattern", "Prize offered", "Prize given", "Gross receipts", "Expenses", "Net profit"),
        tuple(
            (
                str(m.number),
                games[m.number].label,
                games[m.number].merchandise
                or format_cents(games[m.number].announced_prize_cents or games[m.number].prize_cents),
                format_cents(m.prizes_cents),
                format_cents(m.receipts_cents),
                format_cents(m.expenses_cents),
                format_cents(m.net_cents),
            )
            for m in money
        )
        + ((_jar_row(jar),) if jar else ())
        + (("Total", "", "", format_cents(prizes), format_cents(gross), format_cents(expenses), format_cents(net)),),
        note=(
            "The cookie jar's receipts are the entry fees sold at this occasion; its prize given is the jar "
            "awarded at it, which holds earlier occasions' fees too. No expense is charged to the jar, whose "
            "money is jar prizes only (101-4.31)."
            if jar
            else None
        ),
    )
    due = rules.statement_due(occasion.occasion_date)
    adjustments = list(
        session.scalars(
            select(OccasionAdjustment)
            .where(OccasionAdjustment.occasion_id == occasion.id)
            .order_by(OccasionAdjustment.id)
        )
    )
    sworn = occasion.statement_sworn_at is not None
    signer = (
        occasion.statement_sworn_by
        if sworn and occasion.statement_sworn_by
        else sworn_reports.signer(facts.member_in_charge, sworn_reports.MEMBER_IN_CHARGE)
    )
    status = (
        f"sworn {_local(occasion.statement_sworn_at, zone)} by {signer}"
        if sworn
        else ("OVERDUE" if today > due else "not yet sworn")
    )
    unsworn = [a for a in adjustments if a.unswore_at is not None]
    if unsworn and not sworn:
        status += f" (un-sworn by the adjustment of {_local(unsworn[-1].at, zone)}: swear it again)"
    adjustment_rows = tuple(
        (_local(a.at, zone), a.by_name, a.kind, format_cents(a.cents), a.reason) for a in adjustments
    )
    uses = occasion.net_profit_uses or "not yet stated"
    summary = Table(
        "net",
        "Net profit and its uses",
        ("Item", "Amount"),
        (
            ("Gross receipts of the games", format_cents(sum(m.receipts_cents for m in money))),
            ("Cookie-jar entries", format_cents(jar.receipts_cents if jar else 0)),
            ("Gross receipts", format_cents(gross)),
            ("Prizes given in the games", format_cents(sum(m.prizes_cents for m in money))),
            ("Cookie-jar prizes", format_cents(jar.prizes_cents if jar else 0)),
            ("Prizes given", format_cents(prizes)),
            ("Expenses", format_cents(expenses)),
            ("Net profit", format_cents(net)),
            ("General uses of the net profit", uses),
        ),
    )
    oath = Table(
        "oath",
        f"Oath ({SWORN_RULE})" + ("" if sworn else " · DRAFT: not sworn, not for filing"),
        ("Printed name and title", "Oath"),
        ((signer, sworn_reports.OATH),),
    )
    document = Document(
        f"Sworn statement of bingo receipts and expenses: {facts.org_name}",
        f"Occasion of {occasion.occasion_date.isoformat()} · {SWORN_RULE}",
        (
            *((("DRAFT", sworn_reports.DRAFT_NOTICE),) if not sworn else ()),
            ("Organization", facts.org_name),
            ("Bingo licence", facts.license_number or "none in force"),
            ("Premises", f"{facts.premises.name}, {facts.premises.address}"),
            ("Date of the game", occasion.occasion_date.isoformat()),
            ("Due", due.isoformat()),
            ("Status", status),
            ("Sworn by", signer if sworn else f"not yet sworn; to be sworn by {signer}"),
            ("General uses of the net profit", uses),
        ),
        (
            per_game,
            _expense_table(facts),
            *(
                (
                    Table(
                        "adjustments",
                        "Adjustments after the occasion closed",
                        ("When", "By", "Kind", "Amount", "Reason"),
                        adjustment_rows,
                    ),
                )
                if adjustment_rows
                else ()
            ),
            summary,
            oath,
        ),
        (
            f"Signature of {signer}",
            "Date",
            "Before me: notary or officer authorized to administer oaths (signature, seal and date)",
        ),
        "Produced by Flashboard from the occasion's records; it can be produced again and comes out the same.",
        {
            "due": due.isoformat(),
            "sworn": sworn,
            "draft": not sworn,
            "adjustments": len(adjustments),
            "totals": {
                "gaming_receipts": sum(m.receipts_cents for m in money),
                "jar_receipts": jar.receipts_cents if jar else 0,
                "gross_receipts": gross,
                "jar_prizes": jar.prizes_cents if jar else 0,
                "prizes": prizes,
                "expenses": expenses,
                "net": net,
            },
            "games": [
                {
                    "number": m.number,
                    "receipts": m.receipts_cents,
                    "prizes": m.prizes_cents,
                    "expenses": m.expenses_cents,
                    "net": m.net_cents,
                }
                for m in money
            ],
        },
    )
    if not sworn:
        document = replace(document, title=f"DRAFT · {document.title}")
    return training_paper(document) if occasion.training else document


def annual_view(session: Session, org_id: int, year: int, today: date) -> Document:
    """10 DE Admin Code 101-4.4, 4.6 and 4.7 over a calendar year: occasions against the licence class
    in force on each day, premises shared on a day, promotional giveaways, and licences expiring.
    Training occasions are practice, not occasions the licence allows: none is counted (training mode)."""
    org = get_organization(session, org_id)
    first, last = date(year, 1, 1), date(year, 12, 31)
    real = Occasion.training.is_(False)
    mine = list(
        session.scalars(
            select(Occasion)
            .where(
                Occasion.organization_id == org.id,
                Occasion.occasion_date >= first,
                Occasion.occasion_date <= last,
                real,
            )
            .order_by(Occasion.occasion_date)
        )
    )
    statuses = bingo_license_statuses(session, org.id, sorted({o.occasion_date for o in mine}))
    classes = {d: s.license_class if s.in_force else None for d, s in statuses.items()}
    frequency = [
        f
        for license_class in (BingoLicenseClass.PRE_444, BingoLicenseClass.POST_444)
        for f in compliance.frequency(license_class, [d for d, c in classes.items() if c is license_class])
    ]
    frequency += [
        compliance.Finding(d.isoformat(), "1", "", "no bingo licence in force", "10 DE Admin Code 101-4.4")
        for d, c in sorted(classes.items())
        if c is None
    ]
    premises_ids = {o.premises_id for o in mine}
    bookings = [
        Booking(o.organization_id, o.premises_id, o.occasion_date)
        for o in session.scalars(
            select(Occasion).where(
                Occasion.premises_id.in_(premises_ids),
                Occasion.occasion_date >= first,
                Occasion.occasion_date <= last,
                real,
            )
        )
    ]
    given = [
        Promotion(day, g.value_cents, PromotionOccasion(g.promotion_occasion))
        for g, day in session.execute(
            select(Giveaway, Occasion.occasion_date)
            .join(Occasion, Giveaway.occasion_id == Occasion.id)
            .where(
                Occasion.organization_id == org.id,
                Giveaway.kind == GiveawayKind.PROMOTION,
                Occasion.occasion_date >= first,
                Occasion.occasion_date <= last,
                real,
            )
        )
        if g.promotion_occasion
    ]
    expiring = [
        (f"Bingo licence {t.number}", t.valid_to.isoformat())
        for t in bingo_terms(session, org.id)
        if first <= t.valid_to <= last
    ]
    expiring += [
        (f"{p.holder_name}: {p.kind.replace('_', ' ')} licence {p.number}", p.expires_on.isoformat())
        for p in list_personal_licenses(session, org.id)
        if first <= p.expires_on <= last
    ]

    def table(name: str, title: str, columns: tuple[str, ...], findings: list[compliance.Finding]) -> Table:
        return Table(
            name, title, columns, tuple((f.period, f.count, f.limit, f.flag or "ok", f.rule) for f in findings)
        )

    tables = (
        table(
            "frequency",
            "Occasions against the licence class (101-4.4)",
            ("Period", "Held", "Limit", "Finding", "Rule"),
            frequency,
        ),
        table(
            "premises",
            "Premises shared on a day (101-4.7)",
            ("Day", "Organizations", "Limit", "Finding", "Rule"),
            compliance.premises_conflicts(org.id, bookings),
        ),
        table(
            "promotions",
            "Promotional giveaways (101-4.6)",
            ("Day", "Value", "Limit", "Finding", "Rule"),
            compliance.promotions(given, org.anniversary_on),
        ),
        Table(
            "licences",
            "Licences expiring this year",
            ("Licence", "Expires"),
            tuple(sorted(expiring, key=lambda e: e[1])),
        ),
    )
    flags = sum(1 for t in tables[:3] for row in t.rows if row[3] != "ok")
    return Document(
        f"Annual compliance view: {org.name}",
        f"{year} · 10 DE Admin Code 101-4.4, 4.6, 4.7",
        (
            ("Organization", org.name),
            ("Year", str(year)),
            ("Occasions", str(len(mine))),
            (
                "Licence class",
                ", ".join(sorted({c.value.replace("_", "-") for c in classes.values() if c}))
                or ("none in force" if mine else "no occasion this year (training nights are not counted)"),
            ),
            ("Findings", str(flags)),
            ("Produced", today.isoformat()),
        ),
        tables,
        (),
        "Produced by Flashboard from the records; the scheduler refuses these at booking time.",
        {"totals": {"occasions": len(mine), "findings": flags}},
    )


def sales_report(session: Session, occasion_id: int, zone: ZoneInfo) -> Document:
    """The cashiers' night: sales by station and cashier and by product, voids with their approvers,
    payouts with W-2G flags, and every till's count and over/short (the same figures as the printed
    end-of-session summary)."""
    facts = heading(session, occasion_id)
    occasion = facts.occasion
    voids = _voids(session, occasion.id)
    payouts = _payouts(session, occasion.id)
    tills = list(
        session.scalars(
            select(Till)
            .where(Till.occasion_id == occasion.id)
            .order_by(Till.opened_at, Till.id)
            .options(selectinload(Till.movements))
        )
    )
    by_who: dict[tuple[str, str], tuple[int, int]] = {}
    by_tender: dict[str, tuple[int, int]] = {}
    for (station, who, tender), (n, cents) in takings.completed_by(
        session, occasion.id, Sale.station, Sale.cashier_name, Sale.tender
    ).items():
        had = by_who.get((station, who), (0, 0))
        by_who[station, who] = (had[0] + n, had[1] + cents)
        had = by_tender.get(tender, (0, 0))
        by_tender[tender] = (had[0] + n, had[1] + cents)
    by_product = {
        (t.description, t.kind): (t.quantity, t.cents) for t in takings.product_totals(session, occasion_id=occasion.id)
    }
    completed = sum(n for n, _ in by_tender.values())
    total = sum(c for _, c in by_tender.values())
    paid = session.execute(
        select(Sale, Payout)
        .join(Payout, Payout.sale_id == Sale.id)
        .where(Sale.occasion_id == occasion.id, Sale.kind == SaleKind.PAYOUT, Payout.occasion_id == occasion.id)
        .order_by(Sale.number)
    ).all()
    first, last = session.execute(
        select(func.min(Sale.number), func.max(Sale.number)).where(Sale.occasion_id == occasion.id)
    ).one()
    moves = {m.id: m for t in tills for m in t.movements}
    tables = (
        Table(
            "by_station",
            "Sales by station and cashier",
            ("Station", "Cashier", "Sales", "Amount"),
            tuple((station, who, str(n), format_cents(c)) for (station, who), (n, c) in sorted(by_who.items()))
            + (("Total", "", str(completed), format_cents(total)),),
        ),
        Table(
            "by_product",
            "Sales by product",
            ("Product", "Kind", "Quantity", "Amount"),
            tuple(
                (name, kind.replace("_", " "), str(q), format_cents(c))
                for (name, kind), (q, c) in sorted(by_product.items())
            )
            + (("Total", "", "", format_cents(total)),),
        ),
        Table(
            "by_tender",
            "Sales by tender",
            ("Tender", "Sales", "Amount"),
            tuple((Tender(kind).label, str(n), format_cents(c)) for kind, (n, c) in sorted(by_tender.items()))
            + (("Total", str(completed), format_cents(total)),),
        ),
        Table(
            "voids",
            "Voids",
            ("Transaction", "Time", "Station", "Cashier", "Amount", "Reason", "Approved by"),
            tuple(
                (
                    str(s.number),
                    _local(s.voided_at, zone),
                    s.station,
                    s.cashier_name,
                    format_cents(s.total_cents),
                    s.void_reason or "",
                    s.approved_by or "",
                )
                for s in voids
            ),
        ),
        Table(
            "payouts",
            "Payouts",
            ("Transaction", "Game", "Prize", "Winner", "Amount", "Verified by", "W-2G"),
            tuple(
                (
                    str(s.number),
                    str(p.game_number),
                    p.prize.replace("_", " "),
                    p.winner,
                    format_cents(s.total_cents),
                    p.verifier_name,
                    "yes" if p.w2g_required else "no",
                )
                for s, p in paid
            )
            + (("Total", "", "", "", format_cents(sum(p.amount_cents for p in payouts)), "", ""),),
        ),
        Table(
            "cash_moves",
            "Paid-ins from the prize bank and drops to the safe",
            ("Time", "Station", "Kind", "Amount", "By", "Note"),
            tuple(
                (
                    _local(m.at, zone),
                    next(t.station for t in tills if t.id == m.till_id),
                    m.kind.replace("_", "-"),
                    format_cents(m.cents),
                    m.by_name,
                    m.note,
                )
                for m in sorted(moves.values(), key=lambda m: m.id)
            ),
        ),
        Table(
            "tills",
            "Tills",
            ("Station", "Cashier", "Opened", "Closed", "Bank", "Expected", "Counted", "Over/short"),
            tuple(
                (
                    t.station,
                    t.cashier_name,
                    _local(t.opened_at, zone),
                    _local(t.closed_at, zone),
                    format_cents(t.opening_bank_cents),
                    format_cents(t.expected_cents) if t.expected_cents is not None else "open",
                    format_cents(t.counted_cents) if t.counted_cents is not None else "",
                    format_cents(t.over_short_cents) if t.over_short_cents is not None else "",
                )
                for t in tills
            ),
        ),
    )
    document = Document(
        f"Sales and tills: {facts.org_name}",
        f"{occasion.occasion_date.isoformat()} · 10 DE Admin Code 101-4.1",
        (
            ("Organization", facts.org_name),
            ("Date", occasion.occasion_date.isoformat()),
            ("Transactions", f"{first} to {last}" if first is not None else "none"),
        ),
        tables,
        ("Member in charge: " + facts.member_in_charge,),
        "",
        {
            "totals": {
                "sales": total,
                "voids": sum(s.total_cents for s in voids),
                "payouts": sum(p.amount_cents for p in payouts),
                **{f"tender_{kind}": c for kind, (_, c) in sorted(by_tender.items())},
                "paid_ins": sum(m.cents for m in moves.values() if m.kind == CashMove.PAID_IN),
                "drops": sum(m.cents for m in moves.values() if m.kind == CashMove.DROP),
                "over_short": sum(t.over_short_cents or 0 for t in tills),
            }
        },
    )
    return training_paper(document) if occasion.training else document


def jar_statement(
    org_name: str, found: jar_service.Statement, start: date | None, end: date | None, zone: ZoneInfo
) -> Document:
    """10 DE Admin Code 101-4.31: every ledger line in the range, with the opening and closing balance
    of each jar and of the held fees."""

    def balances(label: str, jars: Any) -> tuple[str, ...]:
        return (
            label,
            "",
            "",
            "",
            "",
            format_cents(jars.jar1),
            format_cents(jars.jar2),
            format_cents(jars.held),
            format_cents(jars.pending),
        )

    rows = (
        balances("Opening", found.opening),
        *(
            (
                str(line.seq),
                _local(line.at, zone),
                line.kind.replace("_", " "),
                f"{line.source} → {line.target}",
                format_cents(line.cents),
                format_cents(line.jar1_after),
                format_cents(line.jar2_after),
                format_cents(line.held_after),
                format_cents(line.pending_after),
            )
            for line in found.lines
        ),
        balances("Closing", found.closing),
    )
    span = f"{start.isoformat() if start else 'the first line'} to {end.isoformat() if end else 'today'}"
    document = Document(
        f"Cookie-jar statement: {org_name}",
        f"{span} · 10 DE Admin Code 101-4.31",
        (
            ("Organization", org_name),
            ("From", start.isoformat() if start else "the ledger's first line"),
            ("To", end.isoformat() if end else "the ledger's latest line"),
            ("Lines", str(len(found.lines))),
        ),
        (
            Table(
                "ledger",
                "Ledger",
                ("Line", "Time", "Movement", "From → to", "Amount", "Jar 1", "Jar 2", "Held", "Pending"),
                rows,
            ),
        ),
        ("Member in charge",),
        "",
    )
    return training_paper(document) if found.training else document
