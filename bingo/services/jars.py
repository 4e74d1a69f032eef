"""The cookie-jar ledger: settings, entry sales, posting at the first number, awards on the cookie-jar
number or the forced final blackout, statements and the ledger check (10 DE Admin Code 101-4.31)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import cast
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import (
    BallMode,
    Claim,
    CookieJarLine,
    CookieJarSettings,
    Game,
    GameStatus,
    Occasion,
    OccasionStatus,
    UPickTicket,
)
from bingo.rules import cookie_jar, jar_awards, jar_ledger, jar_sales
from bingo.rules.cookie_jar import Account, Jars, Move
from bingo.rules.limits import MAX_GAMES, GameKind
from bingo.rules.splits import Winner, split_money
from bingo.services import board, upick_tickets
from bingo.services.game_winners import winning_claims
from bingo.services.locks import lock_occasion
from shared.core.money import format_cents, wire_cents
from shared.core.violations import refuse
from shared.hall.models import Organization
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish
from shared.reports.csv_cells import csv_text


def settings_of(session: Session, org_id: int) -> CookieJarSettings:
    row = session.get(CookieJarSettings, org_id)
    check(jar_sales.settings_refusal(row is not None))
    assert row is not None  # refused above
    return row


def save_settings(
    session: Session, actor: Actor, now: datetime, org_id: int, maximum: int, fee: int
) -> CookieJarSettings:
    """10 DE Admin Code 101-4.31.1: any maximum from $1 to $1,000; the fee is a positive amount; set
    between occasions, never while one runs."""
    org = get_organization(session, org_id)
    running = select(Occasion.id).where(Occasion.organization_id == org.id, Occasion.status == OccasionStatus.RUNNING)
    check(jar_sales.settings_change_refusal(session.scalar(running.limit(1)) is not None))
    check(cookie_jar.maximum_refusal(maximum))
    check(jar_sales.fee_refusal(fee))
    row = session.get(CookieJarSettings, org.id)
    if row is None:
        row = CookieJarSettings(organization_id=org.id, maximum_cents=maximum, fee_cents=fee)
        session.add(row)
    else:
        row.maximum_cents, row.fee_cents = maximum, fee
    finish(
        session, actor, now, "cookie_jar.settings", org, "organization", {"maximum_cents": maximum, "fee_cents": fee}
    )
    return row


def _lock_org(session: Session, org_id: int) -> None:
    """Ledger lines for one organization are appended one transaction at a time."""
    session.execute(select(Organization.id).where(Organization.id == org_id).with_for_update(key_share=True))


def _last(session: Session, org_id: int) -> CookieJarLine | None:
    return session.scalar(
        select(CookieJarLine).where(CookieJarLine.organization_id == org_id).order_by(CookieJarLine.seq.desc()).limit(1)
    )


def balances(session: Session, org_id: int) -> Jars:
    return balances_after(_last(session, org_id))


BALANCES = ("pending_after", "jar1_after", "jar2_after", "held_after", "awarded_after", "collected_after")
"""The columns of a ledger line holding the balances it left, in the order of Jars' fields."""


def balances_after(last: CookieJarLine | None) -> Jars:
    """10 DE Admin Code 101-4.31.1-4: the jars as the ledger's last line left them (empty before any line)."""
    if last is None:
        return Jars()
    return Jars(*(getattr(last, column) for column in BALANCES))


def balances_of(values: Sequence[int | None]) -> Jars:
    """balances_after for a line read as its BALANCES columns alone (all None: no line yet)."""
    if values[0] is None:
        return Jars()
    return Jars(*cast(Sequence[int], values))


def _append(
    session: Session,
    org_id: int,
    moves: list[Move],
    now: datetime,
    actor: Actor,
    occasion_id: int | None,
    game_number: int | None = None,
    note: str = "",
    sale_id: int | None = None,
) -> Jars:
    last = _last(session, org_id)
    jars = balances_after(last)
    seq = last.seq if last else 0
    by = person_name(session, actor)
    for move in moves:
        jars = jars.apply(move)
        check(jar_ledger.balance_refusal(jars))
        seq += 1
        session.add(
            CookieJarLine(
                organization_id=org_id,
                seq=seq,
                occasion_id=occasion_id,
                game_number=game_number,
                at=now,
                kind=move.kind,
                source=move.source.value,
                target=move.target.value,
                cents=move.cents,
                pending_after=jars.pending,
                jar1_after=jars.jar1,
                jar2_after=jars.jar2,
                held_after=jars.held,
                awarded_after=jars.awarded,
                collected_after=jars.collected,
                actor_name=by,
                note=note[:300],
                sale_id=sale_id,
            )
        )
    return jars


def record_opening(session: Session, actor: Actor, now: datetime, org_id: int, jar1: int, jar2: int, held: int) -> Jars:
    """Carry over the jars from the paper ledger when Flashboard takes over: allowed only on an empty
    ledger, each jar within the maximum (4.31.1), held fees only beside a full pair of jars (4.31.4)."""
    maximum = settings_of(session, org_id).maximum_cents
    _lock_org(session, org_id)
    if _last(session, org_id) is not None:
        raise refuse(
            "ledger_started", "Opening balances can only be entered before the first ledger line.", None, "jar1", 409
        )
    check(jar_ledger.opening_refusal(jar1, jar2, held, maximum))
    moves = [
        Move(f"opening_{account.value}", Account.SALES, account, cents)
        for account, cents in ((Account.JAR1, jar1), (Account.JAR2, jar2), (Account.HELD, held))
        if cents > 0
    ]
    jars = _append(session, org_id, moves, now, actor, None, note="opening balance from the paper ledger")
    finish(
        session,
        actor,
        now,
        "cookie_jar.opening",
        get_organization(session, org_id),
        "organization",
        {"jar1": jar1, "jar2": jar2, "held": held},
    )
    return jars


@dataclass(frozen=True)
class Sale:
    quantity: int
    cents: int
    jars: Jars


def add_entries(
    session: Session, actor: Actor, now: datetime, occasion: Occasion, quantity: int, fee_cents: int, sale_id: int
) -> Sale:
    """10 DE Admin Code 101-4.31.3-4: cookie-jar entries are their own product, sold from the start of
    the occasion until the first number of the first game is drawn; the occasion row is locked (by the
    sale, which passes it in as it read it under that lock) so a sale and the posting never overlap.
    The pending pot receives exactly what the sale line charged (the fee as the sale read it from the
    settings). Inside the sale's transaction."""
    check(jar_sales.entry_sale_refusal(occasion.status, occasion.jar_posted_at is not None))
    _lock_org(session, occasion.organization_id)
    cents = fee_cents * quantity
    jars = _append(
        session,
        occasion.organization_id,
        cookie_jar.collect(cents),
        now,
        actor,
        occasion.id,
        note=f"{quantity} × {format_cents(fee_cents)}",
        sale_id=sale_id,
    )
    return Sale(quantity, cents, jars)


def refund_entries(session: Session, actor: Actor, now: datetime, occasion_id: int, cents: int, sale_id: int) -> Jars:
    """A voided jar sale before the posting: its fees leave the pending pot. Inside the caller's transaction."""
    occasion = lock_occasion(session, occasion_id)
    check(jar_sales.refund_refusal(occasion.jar_posted_at is not None))
    _lock_org(session, occasion.organization_id)
    return _append(
        session,
        occasion.organization_id,
        cookie_jar.refund(cents),
        now,
        actor,
        occasion.id,
        note="void",
        sale_id=sale_id,
    )


def post_fees(session: Session, actor: Actor, now: datetime, occasion: Occasion) -> Jars:
    """10 DE Admin Code 101-4.31.4-5: called inside the transaction of the occasion's first call. The
    occasion row is locked first, so any sale still in flight either committed before (and is posted)
    or sees the posting and is refused."""
    locked = lock_occasion(session, occasion.id)
    locked.jar_posted_at = now
    if session.get(CookieJarSettings, occasion.organization_id) is None:
        return balances(session, occasion.organization_id)
    maximum = settings_of(session, occasion.organization_id).maximum_cents
    _lock_org(session, occasion.organization_id)
    jars = balances(session, occasion.organization_id)
    jars = _append(session, occasion.organization_id, cookie_jar.post(jars, maximum), now, actor, occasion.id)
    locked.jar_must_go = cookie_jar.both_full(jars, maximum)
    return jars


def jar_winners(session: Session, game: Game) -> tuple[list[Claim], list[UPickTicket]]:
    """10 DE Admin Code 101-4.31.6 and 4.11: the bingos completed on the game's last call: its valid claims,
    or in a U Pick Em game its tickets completed on that call (settled reading: a U Pick Em game is a bingo
    game on the program, and a ticket completed on a call is a bingo on that call)."""
    claims = winning_claims(session, game)
    tickets = upick_tickets.winners(session, game) if game.kind == GameKind.U_PICK_EM else []
    return claims, tickets


def jar_award_due(session: Session, occasion: Occasion, game: Game) -> bool:
    """10 DE Admin Code 101-4.31.5-6: a closed game whose winners (claims or U Pick Em tickets) completed
    on the call of the cookie-jar number, or the forced final blackout with a winner, and not yet awarded."""
    if game.status != GameStatus.CLOSED or game.jar_award_cents is not None or not game.calls:
        return False
    claims, tickets = jar_winners(session, game)
    if not claims and not tickets:
        return False
    return game.kind == GameKind.COOKIE_JAR_FINAL or game.calls[-1].ball == occasion.cookie_jar_number


def award(session: Session, actor: Actor, now: datetime, occasion_id: int, number: int) -> Game:
    """10 DE Admin Code 101-4.31.6: jar 1 goes to the bingo(s) completed on the call of the cookie-jar
    number (or in the forced final blackout, 4.31.5), claims and U Pick Em tickets alike, split as 4.11;
    no other award is possible."""
    occasion = lock_occasion(session, occasion_id)
    game = next((g for g in occasion.games if g.number == number), None)
    if game is None:
        raise refuse("not_found", f"This occasion has no game {number}.", None, "game_number", 404)
    check(jar_awards.award_refusal(game.jar_award_cents is not None, jar_award_due(session, occasion, game)))
    maximum = settings_of(session, occasion.organization_id).maximum_cents
    _lock_org(session, occasion.organization_id)
    before = balances(session, occasion.organization_id)
    claims, tickets = jar_winners(session, game)
    names = [c.player or f"face {c.face_number}" for c in claims] + [f"ticket {t.code}" for t in tickets]
    winners = [Winner(index, name) for index, name in enumerate(names)]
    per_player = occasion.split_per_player and not tickets
    shares = split_money(before.jar1, winners, occasion.split_whole_dollars, per_player)
    for index, claim in enumerate(claims):
        claim.jar_share_cents = shares[index]
    for index, ticket in enumerate(tickets, start=len(claims)):
        ticket.jar_share_cents = shares[index]
    after = _append(
        session, occasion.organization_id, cookie_jar.award(before, maximum), now, actor, occasion.id, number
    )
    game.jar_award_cents = before.jar1
    paid = [shares[w.claim_id] for w in winners if shares[w.claim_id] > 0]
    game.jar_announcement = f"Cookie jar: {len(paid)} winner{'s' if len(paid) != 1 else ''}: " + ", ".join(
        format_cents(s) for s in paid
    )
    occasion.jar_must_go = cookie_jar.both_full(after, maximum)
    final = plan_forced_final(session, occasion, after)
    if final is not None:
        game.jar_announcement += (
            f". The refill leaves both cookie jars full again: another final blackout is added for cookie jar 1 "
            f"({format_cents(final.prize_cents)})"
        )
    board.publish(session, occasion, "cookie_jar_award", now)
    finish(
        session,
        actor,
        now,
        "cookie_jar.award",
        game,
        "bingo_game",
        {
            "game": number,
            "jar1": before.jar1,
            "shares": paid,
            "faces": [c.face_number for c in claims],
            "tickets": [t.code for t in tickets],
        },
    )
    return game


def slots(occasion: Occasion) -> list[jar_awards.Slot]:
    """The occasion's games as the forced-final plan (and the 40-game count, 4.17) reads them."""
    return [jar_awards.Slot(g.number, g.status, g.kind == GameKind.COOKIE_JAR_FINAL) for g in occasion.games]


def plan_forced_final(session: Session, occasion: Occasion, jars: Jars) -> Game | None:
    """10 DE Admin Code 101-4.31.5 and 4.17: with both jars full, if jar 1 has not been won by the final
    game, a final blackout on a separate single card is added for it, again after each award whose refill
    fills both jars, within the 40 games (the last unplayed program games are withdrawn for it when only
    one game is left). Called after a game closes and after an award."""
    due = any(jar_award_due(session, occasion, g) for g in occasion.games)
    plan = jar_awards.forced_final_plan(slots(occasion), occasion.jar_must_go, due)
    if not plan.add:
        return None
    for game in occasion.games:
        if game.number in plan.withdraw:
            game.status = GameStatus.WITHDRAWN
    final = Game(
        number=max(g.number for g in occasion.games) + 1,
        kind=GameKind.COOKIE_JAR_FINAL,
        pattern_spec='{"kind": "blackout"}',
        pattern_name="Cookie jar final blackout",
        ball_mode=BallMode.MANUAL,
        prize_cents=jars.jar1,
        status=GameStatus.PENDING,
    )
    occasion.games.append(final)
    return final


def close_refusal(session: Session, occasion: Occasion, hours_over: bool) -> None:
    """10 DE Admin Code 101-4.31.5-6 and 4.17: an occasion cannot close with a jar award unpaid or, while it
    may still play (within its hours and its 40 games), with jar 1 still owed under the both-jars-full
    rule."""
    due = [g.number for g in occasion.games if jar_award_due(session, occasion, g)]
    play_over = hours_over or jar_awards.games_played(slots(occasion)) >= MAX_GAMES
    check(jar_awards.close_refusal(due, occasion.jar_must_go, play_over))


@dataclass(frozen=True)
class Statement:
    """The ledger lines of a range with the balances around them; `training` when any line comes from a
    training occasion, so the paper says TRAINING (training mode)."""

    opening: Jars
    closing: Jars
    lines: list[CookieJarLine]
    training: bool = False


def statement(session: Session, org_id: int, start: date | None, end: date | None) -> Statement:
    """Every ledger line in a date range (hall dates as UTC days), with opening and closing balances."""
    get_organization(session, org_id)
    rows = list(
        session.scalars(
            select(CookieJarLine).where(CookieJarLine.organization_id == org_id).order_by(CookieJarLine.seq)
        )
    )
    before = [r for r in rows if start is not None and r.at.date() < start]
    inside = [r for r in rows if (start is None or r.at.date() >= start) and (end is None or r.at.date() <= end)]

    def state(line: CookieJarLine | None) -> Jars:
        return (
            Jars()
            if line is None
            else Jars(
                line.pending_after,
                line.jar1_after,
                line.jar2_after,
                line.held_after,
                line.awarded_after,
                line.collected_after,
            )
        )

    opening = state(before[-1] if before else None)
    closing = state(inside[-1]) if inside else opening
    occasion_ids = {r.occasion_id for r in inside if r.occasion_id is not None}
    training = bool(
        occasion_ids
        and session.scalar(select(Occasion.id).where(Occasion.id.in_(occasion_ids), Occasion.training).limit(1))
    )
    return Statement(opening, closing, inside, training)


@dataclass(frozen=True)
class LedgerProblem:
    organization_id: int
    seq: int
    message: str


def check_ledger(session: Session, only_org: int | None = None) -> list[LedgerProblem]:
    """Recompute every organization's balances (or one's) line by line from the amounts; any stored
    running balance that disagrees, a sequence gap, or a broken invariant is reported."""
    problems = []
    orgs = select(CookieJarLine.organization_id).distinct()
    for org_id in session.scalars(orgs if only_org is None else orgs.where(CookieJarLine.organization_id == only_org)):
        jars = Jars()
        expected = 1
        for line in session.scalars(
            select(CookieJarLine).where(CookieJarLine.organization_id == org_id).order_by(CookieJarLine.seq)
        ):
            if line.seq != expected:
                problems.append(LedgerProblem(org_id, line.seq, f"sequence jumps from {expected - 1} to {line.seq}"))
                break
            try:
                jars = jars.apply(Move(line.kind, Account(line.source), Account(line.target), line.cents))
            except ValueError:
                problems.append(LedgerProblem(org_id, line.seq, "unknown account"))
                break
            stored = Jars(
                line.pending_after,
                line.jar1_after,
                line.jar2_after,
                line.held_after,
                line.awarded_after,
                line.collected_after,
            )
            if stored != jars or not jars.balanced() or line.cents <= 0:
                problems.append(
                    LedgerProblem(org_id, line.seq, f"balances after line {line.seq} do not follow from the amounts")
                )
                break
            expected += 1
    return problems


@dataclass(frozen=True)
class JarSummary:
    """10 DE Admin Code 101-4.31: the jars as the screens, the API and a receipt show them: the settings
    (None before they are set) and every balance of the two-jar ledger."""

    maximum_cents: int | None
    fee_cents: int | None
    jar1_cents: int
    jar2_cents: int
    held_cents: int
    pending_cents: int
    awarded_cents: int
    collected_cents: int
    available_cents: int


def summary(session: Session, org_id: int) -> JarSummary:
    """10 DE Admin Code 101-4.31.1-4: the organization's jar settings and the ledger's balances now."""
    return summary_of(session.get(CookieJarSettings, org_id), balances(session, org_id))


def summary_of(row: CookieJarSettings | None, jars: Jars) -> JarSummary:
    """10 DE Admin Code 101-4.31.1-4: the summary of the jar settings and balances already in hand (a
    sale's receipt: the balances its own entries left; a call: the balances of the ledger's last line, read
    with its occasion, through balances_of)."""
    return JarSummary(
        maximum_cents=row.maximum_cents if row else None,
        fee_cents=row.fee_cents if row else None,
        jar1_cents=jars.jar1,
        jar2_cents=jars.jar2,
        held_cents=jars.held,
        pending_cents=jars.pending,
        awarded_cents=jars.awarded,
        collected_cents=jars.collected,
        available_cents=jars.jar1,
    )


def statement_csv(found: Statement, zone: ZoneInfo) -> str:
    """10 DE Admin Code 101-4.31.1-4 (the jar's ledger for the auditor): every line in hall time, amounts
    in dollars; the opening and closing balances follow the lines after a blank row, so the lines stay
    one table a spreadsheet can sum (Flashboard house rule, papers an auditor can use)."""
    columns = ["jar1", "jar2", "held", "pending", "awarded"]
    rows: list[list[object]] = [
        ["seq", "at", "occasion", "game", "kind", "from", "to", "amount", *columns, "by", "note"]
    ]

    def dollars(jars: Jars) -> list[str]:
        return [wire_cents(getattr(jars, c)) for c in columns]

    for line in found.lines:
        rows.append(
            [
                line.seq,
                line.at.astimezone(zone).strftime("%Y-%m-%d %H:%M:%S"),
                line.occasion_id or "",
                line.game_number or "",
                line.kind,
                line.source,
                line.target,
                wire_cents(line.cents),
                wire_cents(line.jar1_after),
                wire_cents(line.jar2_after),
                wire_cents(line.held_after),
                wire_cents(line.pending_after),
                wire_cents(line.awarded_after),
                line.actor_name,
                line.note,
            ]
        )
    rows += [[], ["Balances"], ["", "", "", "", "opening", "", "", "", *dollars(found.opening), "", ""]]
    rows.append(["", "", "", "", "closing", "", "", "", *dollars(found.closing), "", ""])
    return csv_text(rows)
