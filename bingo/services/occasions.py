"""An occasion from scheduling to close: ball verification, the cookie-jar number, games in order,
calls and corrections, claims, verification on request, and closing each game with its split."""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, fields
from datetime import date, datetime, time, timedelta
from functools import cache
from typing import Any

from sqlalchemy import Integer, Select, String, and_, bindparam, cast, exists, func, or_, select
from sqlalchemy.orm import Session, aliased, joinedload, object_session
from sqlalchemy.orm.attributes import set_committed_value

from bingo.models import (
    BallCheck,
    BallMode,
    Call,
    CallCorrection,
    Claim,
    CookieJarLine,
    Game,
    GameStatus,
    GameTier,
    Giveaway,
    GiveawayKind,
    Occasion,
    OccasionStatus,
    TicketStatus,
    UPickTicket,
    VerificationRequest,
)
from bingo.rules import draws, game_events, giveaways, jar_awards, limits, play, scheduling, upick_play, witnesses
from bingo.rules.board_states import how_to_win
from bingo.rules.claims import Verdict, check_face
from bingo.rules.limits import Booking, GameKind, ProgramGame, week_of
from bingo.rules.patterns import from_spec
from bingo.rules.play import GameState
from bingo.rules.scheduling import PlayWindow, play_window
from bingo.rules.splits import Winner, announcement, draw_merchandise, split_money
from bingo.schemas import GiveawayRequest, OccasionRequest
from bingo.services import board, closeout, numbers_drawn
from bingo.services import jars as jar_service
from bingo.services import series as series_service
from bingo.services import stock as inventory
from bingo.services import upick_tickets as upick_service
from bingo.services.game_winners import winning_claims
from bingo.services.games import game_states, occasion_state
from bingo.services.jars import JarSummary
from bingo.services.licence_check import licence_refusal
from bingo.services.locks import holding, lock_occasion, lock_occasion_and_chain, locking
from bingo.services.numbers_drawn import NextCallId
from bingo.services.programs import get_program, terms_of
from shared.core.money import format_cents
from shared.core.violations import RuleViolation, Violation, refuse
from shared.hall.models import Member, Organization, Premises, User
from shared.hall.rules.licensing import BingoLicenseClass
from shared.hall.rules.people import is_active_member
from shared.hall.rules.work_roles import WorkRole
from shared.hall.schemas import AssignmentRequest
from shared.hall.services.licenses import bingo_license_status
from shared.hall.services.organizations import get_organization, member_facts
from shared.hall.services.roster import add_assignment, member_refusal
from shared.hall.services.staff import person_name
from shared.platform import audit
from shared.platform.audit import Actor, AuditHead
from shared.platform.service_kit import check, finish, found_or_refuse, get_or_refuse

ONE_DAY = timedelta(days=1)
SCHEDULED, RUNNING, CLOSED = OccasionStatus.SCHEDULED, OccasionStatus.RUNNING, OccasionStatus.CLOSED
PENDING, IN_PLAY, DONE = GameStatus.PENDING, GameStatus.IN_PLAY, GameStatus.CLOSED


def get_occasion(session: Session, occasion_id: int) -> Occasion:
    return get_or_refuse(session, Occasion, occasion_id, "occasion_id", "occasion")


def _bookings(session: Session, excluding: int | None = None) -> list[Booking]:
    """10 DE Admin Code 101-4.4 and 4.7: the occasions that count toward a class's frequency and hold
    premises; a training occasion is a practice, not an occasion the licence allows, so it counts for
    neither (Flashboard house rule, training mode)."""
    rows = session.execute(
        select(Occasion.id, Occasion.organization_id, Occasion.premises_id, Occasion.occasion_date).where(
            Occasion.training.is_(False)
        )
    )
    return [Booking(org, premises, day) for oid, org, premises, day in rows if oid != excluding]


def _schedule_refusal(
    session: Session, org: Organization, premises: Premises, day: date, bookings: list[Booking]
) -> Violation | None:
    """10 DE Admin Code 101-4.4 and 4.7, as scheduling asks it and as the scheduler's page shows it."""
    status = bingo_license_status(session, org.id, day)
    return scheduling.licensed_schedule_refusal(
        org.name,
        org.id,
        status.license_class if status.in_force else None,
        premises.id,
        premises.owned_by_organization,
        day,
        bookings,
    )


def schedule(
    session: Session, actor: Actor, now: datetime, org_id: int, request: OccasionRequest, training: bool = False
) -> Occasion:
    """10 DE Admin Code 101-4.1, 4.4, 4.7 and 4.23: a licensed organization, its class's frequency
    limit, free premises, a member in charge who is an active member, and workers the rules allow;
    4.15, 4.18 and 4.30.1.6: the program offers only what the licence term of that day specifies.
    Premises are a building, not an organization's record: another organization's hall may be
    rented (4.7 limits how), so they are loaded outside the organization scope. `training` schedules
    a practice night (training mode); only the demo asks for one, and the mark never changes after."""
    org = get_organization(session, org_id)
    day = request.occasion_date
    premises = session.get(Premises, request.premises_id)
    if premises is None:
        raise refuse("not_found", f"No premises has id {request.premises_id}.", None, "premises_id", 404)
    program = get_program(session, org.id, request.program_id)
    series = series_service.get_series(session, request.series_id)
    if series.organization_id != org.id:
        raise refuse("not_found", "That series belongs to another organization.", None, "series_id", 404)
    check(_schedule_refusal(session, org, premises, day, _bookings(session)))
    check(licence_refusal(session, org.id, day, program.games))
    occasion = Occasion(
        organization_id=org.id,
        premises_id=premises.id,
        program_id=program.id,
        series_id=series.id,
        occasion_date=day,
        start_time=request.start_time,
        member_in_charge_id=request.member_in_charge_id,
        status=SCHEDULED,
        last_call_only=request.last_call_only,
        split_whole_dollars=request.split_whole_dollars,
        split_per_player=request.split_per_player,
        display_token=secrets.token_urlsafe(16),
        training=training,
    )
    workers = [(request.member_in_charge_id, WorkRole.MEMBER_IN_CHARGE)]
    workers += [(worker.member_id, WorkRole(worker.role)) for worker in request.workers]
    for member_id, role in workers:
        try:
            add_assignment(session, org.id, AssignmentRequest(work_date=day, role=role, member_id=member_id))
        except RuleViolation as exc:
            if exc.violation.code != "duplicate":
                raise
    occasion.games = [
        Game(
            number=e.number,
            kind=e.kind,
            pattern_spec=e.pattern_spec,
            pattern_name=from_spec(json.loads(e.pattern_spec)).name,
            ball_mode=e.ball_mode,
            prize_cents=e.prize_cents,
            merchandise=e.merchandise,
            alternate_within_calls=e.alternate_within_calls,
            alternate_cents=e.alternate_cents,
            tiers=[
                GameTier(position=t.position, min_players=t.min_players, prize_cents=t.prize_cents) for t in e.tiers
            ],
            status=PENDING,
            pick_count=e.pick_count,
            face_price_cents=e.face_price_cents,
            break_open_numbers=e.break_open_numbers,
        )
        for e in program.games
    ]
    session.add(occasion)
    finish(
        session,
        actor,
        now,
        "occasion.schedule",
        occasion,
        "bingo_occasion",
        {
            "date": day.isoformat(),
            "premises_id": premises.id,
            "program_id": program.id,
            "workers": len(workers),
            "training": training,
        },
    )
    return occasion


def _member(session: Session, org_id: int, member_id: int, field: str) -> Member:
    member = get_or_refuse(session, Member, member_id, field, "member")
    if member.organization_id != org_id:
        raise refuse("not_found", f"No member {member_id} in this organization.", None, field, 404)
    return member


def verify_balls(session: Session, actor: Actor, now: datetime, occasion_id: int, checked_by: list[int]) -> Occasion:
    """10 DE Admin Code 101-4.25 and 4.2: the occasion starts when all 75 balls are verified
    present, on the day, never before 12:00 p.m.; 4.15, 4.18 and 4.30.1.6: its games still offer only
    what the licence term of its day specifies (the licence may have been amended since scheduling)."""
    occasion = get_occasion(session, occasion_id)
    check(play.ball_check_refusal(occasion.status, now.date(), occasion.occasion_date, occasion.training))
    check(limits.start_refusal(now, occasion.training))
    check(licence_refusal(session, occasion.organization_id, occasion.occasion_date, occasion.games))
    names = []
    for member_id in checked_by:
        member = _member(session, occasion.organization_id, member_id, "checked_by")
        check(member_refusal(WorkRole.CALLER, member, now.date()))
        names.append(member.name)
    session.add(
        BallCheck(
            occasion_id=occasion.id, verified_at=now, checked_by=", ".join(names), recorded_by_user_id=actor.user_id
        )
    )
    occasion.status = RUNNING
    occasion.started_at = now
    board.publish(session, occasion, "balls_verified", now)
    finish(
        session, actor, now, "occasion.balls_verified", occasion, "bingo_occasion", {"checked_by": names, "balls": 75}
    )
    return occasion


def draw_cookie_jar_number(
    session: Session, actor: Actor, now: datetime, occasion_id: int, ball: int | None, rng: random.Random
) -> Occasion:
    """10 DE Admin Code 101-4.25 and 4.31.6: after the balls are verified, a number is drawn and
    posted as the cookie-jar number, once per occasion."""
    occasion = get_occasion(session, occasion_id)
    check(play.jar_number_refusal(occasion.status, occasion.cookie_jar_number, occasion.jar_settings is not None))
    check(play.play_refusal(occasion_state(occasion), now))
    if ball is None:
        ball = draws.draw([], rng)
    check(draws.call_refusal([], ball))
    occasion.cookie_jar_number = ball
    occasion.cookie_jar_drawn_at = now
    board.publish(session, occasion, "cookie_jar_number", now)
    finish(session, actor, now, "occasion.cookie_jar_number", occasion, "bingo_occasion", {"ball": ball})
    return occasion


def game_of(session: Session, occasion_id: int, number: int) -> tuple[Occasion, Game]:
    occasion = get_occasion(session, occasion_id)
    game = next((g for g in occasion.games if g.number == number), None)
    if game is None:
        raise refuse("not_found", f"This occasion has no game {number}.", None, "game_number", 404)
    return occasion, game


def start_game(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, attendance: int | None
) -> Game:
    """10 DE Admin Code 101-4.12, 4.13, 4.6 and 4.18: games in program order, each announced before it
    begins: pattern, prize, and where prizes vary with attendance, the count."""
    occasion = lock_occasion(session, occasion_id)
    check(play.start_refusal(occasion_state(occasion), game_states(occasion), number, now))
    game = next(g for g in occasion.games if g.number == number)
    check(game_events.announced_start_refusal(number, game.kind))
    terms = terms_of(game)
    check(play.attendance_refusal(bool(terms.attendance_tiers), attendance))
    pattern = from_spec(json.loads(game.pattern_spec))
    prize = terms.for_attendance(attendance)
    if game.kind == GameKind.COOKIE_JAR_FINAL:
        jars = jar_service.balances(session, occasion.organization_id)
        prize = jars.jar1
        game.prize_cents = jars.jar1
    text = f"Game {number}: {game.label}. {how_to_win(game.kind, pattern.announcement, game.pick_count)} "
    text += (
        f"Prize: {game.merchandise} (value {format_cents(prize)})."
        if game.merchandise
        else f"Prize: {format_cents(prize)}."
    )
    if terms.alternate_within_calls is not None and terms.alternate_cents is not None:
        text += f" {format_cents(terms.alternate_cents)} if bingo comes within {terms.alternate_within_calls} calls."
    if attendance is not None and terms.attendance_tiers:
        text += f" {attendance} players present."
    game.status = IN_PLAY
    game.attendance = attendance
    game.announced_prize_cents = prize
    game.announcement = text
    game.started_at = now
    if game.kind == GameKind.U_PICK_EM:  # 4.30.1.7: its tickets are now fixed; index them for the calls
        upick_service.game_index(session, game)
    board.publish(session, occasion, "game_start", now)
    finish(session, actor, now, "game.start", game, "bingo_game", {"number": number, "announcement": text})
    return game


def _in_play(session: Session, occasion_id: int, number: int) -> tuple[Occasion, Game]:
    occasion, game = game_of(session, occasion_id, number)
    check(play.settle_refusal(occasion_state(occasion), GameState(game.number, game.status)))
    return occasion, game


def locked_in_play(session: Session, occasion_id: int, number: int) -> tuple[Occasion, Game]:
    """10 DE Admin Code 101-4.12, 4.10 and 4.16: a call, a correction, a hold and a close decide under the
    occasion row lock, on the game read afresh under it, so two stations drawing at once draw two different
    balls, a call never lands in a game another station has just closed or held. The hours (4.2) are the
    draw's gate (numbers_drawn), not this one: the game in play is finished after them."""
    lock_occasion(session, occasion_id)
    occasion, game = game_of(session, occasion_id, number)
    session.refresh(game, ["status", "calls", "held_at"])
    check(play.settle_refusal(occasion_state(occasion), GameState(game.number, game.status)))
    return occasion, game


@dataclass(frozen=True)
class CallFacts:
    """What a call decides on, read with the occasion's lock: the occasion, its organization's name (for the
    TVs' snapshot), game `number` with its calls loaded, the next game pending after it (None after the
    last), the jars as the TVs show them, of that game its claims' count and whether a bingo is verified
    on its last call (a valid claim, or a U Pick Em ticket completed on it), and on PostgreSQL the id the
    call will have (NextCallId; None on SQLite)."""

    occasion: Occasion
    organization: str
    game: Game
    following: board.Upcoming | None
    jar: JarSummary
    claims_total: int
    bingo_now: bool
    next_call_id: int | None


UPCOMING = [field.name for field in fields(board.Upcoming)]
"""The next game's values the call statement reads, in board.Upcoming's order: its columns, then whether
it has tiers."""


@cache
def call_statement(chained: bool = True) -> Select[Any]:
    """The statement locked_for_call sends, built once (its values are bound parameters): building it
    costs more than the database takes to answer it. Of the program it reads the game called (and whether
    it has attendance tiers, not the tiers: joining them made every row a collection's, for a prize few
    games vary), and what the TVs say of the next game pending after it (UPCOMING), not every game:
    hydrating the whole program made a call's work grow by a twentieth with each game on it (issue 21).
    What needs no row of the session comes as values (the balances the jar ledger's last line left, the
    organization's name). What the game's gates ask of it (its state, its hold, its claims) is read by the
    next statement, after the lock (game_now_statement). On PostgreSQL it also takes the id the call will
    have (NextCallId), so the call's row is written with the commit, in one statement with its audit entry.
    `chained`: it also locks the organization's row and the audit chain's head, in the order every use
    case takes them (the occasion, the organization, the head; PostgreSQL locks the rows of FOR ... OF in
    the order named), so the call sends no statement of its own for the head. The organization is locked
    with them because the occasion's first call posts the cookie-jar fees, which lock it, and no row may be
    locked after the head. Without `chained`, for a database that has no head yet (the first audited act
    writes it), the occasion alone."""
    occasion_id, number = bindparam("occasion_id", type_=Integer), bindparam("number", type_=Integer)
    called, following = aliased(Game, name="game"), aliased(Game, name="next_game")
    target = called.id
    chain: list[type[AuditHead]] = [AuditHead] if chained else []
    last_line = aliased(CookieJarLine, name="jar_line")
    newest = (
        select(func.max(CookieJarLine.seq))
        .where(CookieJarLine.organization_id == Occasion.organization_id)
        .scalar_subquery()
    )
    next_number = (
        select(func.min(Game.number))
        .where(Game.occasion_id == occasion_id, Game.status == GameStatus.PENDING, Game.number > number)
        .scalar_subquery()
    )
    upcoming = [getattr(following, name) for name in UPCOMING[:-1]]
    by_attendance = exists().where(GameTier.game_id == following.id)
    tiered = exists().where(GameTier.game_id == target)
    balances = [getattr(last_line, column) for column in jar_service.BALANCES]
    query = (
        select(Occasion, Organization.name, called, tiered, NextCallId())
        .add_columns(*balances, *upcoming, by_attendance, *chain)
        .join(Organization, Organization.id == Occasion.organization_id)
        .outerjoin(called, and_(called.occasion_id == Occasion.id, called.number == number))
        .outerjoin(following, and_(following.occasion_id == Occasion.id, following.number == next_number))
        .outerjoin(last_line, and_(last_line.organization_id == Occasion.organization_id, last_line.seq == newest))
        .where(Occasion.id == occasion_id)
        .options(joinedload(Occasion.jar_settings))
    )
    if not chained:
        return locking(query)
    return locking(query.join(AuditHead, AuditHead.id == 1), Organization, AuditHead)


@cache
def game_now_statement() -> Select[Any]:
    """10 DE Admin Code 101-4.16 and 4.27: the game bound as `game_id` (of occasion `occasion_id`, number
    `number`) as it stands once its occasion is locked: its state, its hold, its claims' count, whether a
    bingo is verified on its last call (a valid claim, or a U Pick Em ticket completed on it), and its calls
    in order (a row each; one row with no call before the first). Read by a statement of its own after the
    call's first statement took the locks, so under READ COMMITTED it sees every change committed before
    it: the first statement's reads were made before it waited for a lock, if it waited, and PostgreSQL
    reads again only the rows it locks, and a subquery not at all, so a hold, a verified bingo or a close
    committed meanwhile went unseen there and the call went ahead. Built once per process."""
    game_id = bindparam("game_id", type_=Integer)
    calls_made = select(func.count()).select_from(Call).where(Call.game_id == game_id).scalar_subquery()
    claims_total = select(func.count()).select_from(Claim).where(Claim.game_id == game_id).scalar_subquery()
    valid_now = exists().where(Claim.game_id == game_id, Claim.verdict == Verdict.VALID, Claim.on_call == calls_made)
    ticket_now = exists().where(
        UPickTicket.occasion_id == bindparam("occasion_id", type_=Integer),
        UPickTicket.game_number == bindparam("number", type_=Integer),
        UPickTicket.completed_on_call == calls_made,
        UPickTicket.status == TicketStatus.SOLD,
    )
    return (
        select(Game.status, Game.held_at, claims_total, or_(valid_now, ticket_now), Call)
        .select_from(Game)
        .outerjoin(Call, Call.game_id == Game.id)
        .where(Game.id == game_id)
        .order_by(Call.seq)
        .execution_options(populate_existing=True)
    )


def locked_for_call(session: Session, occasion_id: int, number: int) -> CallFacts:
    """10 DE Admin Code 101-4.12, 4.10 and 4.16, as locked_in_play decides, read in two statements (issue 21):
    the occasion, its organization and the audit chain's head locked, and read afresh with game `number`
    (told it has no attendance tiers when it has none; one that has them loads them when asked), what the
    board says of the next game pending after it, the occasion's cookie-jar settings and the balances the
    jar ledger's last line left; then, once the locks are held, game `number` as it stands: its state, its
    hold, its claims' count, its bingo on the last call and its calls (game_now_statement)."""
    params = {"occasion_id": occasion_id, "number": number}
    row = session.execute(call_statement(), params).one_or_none()
    if row is None:
        row = session.execute(call_statement(chained=False), params).one_or_none()
    occasion = holding(
        session, found_or_refuse(session, row[0] if row else None, occasion_id, "occasion_id", "occasion")
    )
    assert row is not None  # refused above
    _, organization, game, tiered, next_call_id, *rest = row
    balances, rest = rest[: len(jar_service.BALANCES)], rest[len(jar_service.BALANCES) :]
    upcoming, head = rest[: len(UPCOMING)], rest[len(UPCOMING) :]
    following = board.Upcoming(*upcoming) if upcoming[0] is not None else None
    if head:
        audit.hold_locked(session, head[0])
    if game is None:
        raise refuse("not_found", f"This occasion has no game {number}.", None, "game_number", 404)
    if not tiered:
        set_committed_value(game, "tiers", [])
    standing = session.execute(game_now_statement(), {"game_id": game.id, **params}).all()
    status, held_at, claims, bingo_now = standing[0][:4]
    set_committed_value(game, "status", status)
    set_committed_value(game, "held_at", held_at)
    set_committed_value(game, "calls", [found[4] for found in standing if found[4] is not None])
    check(play.settle_refusal(occasion_state(occasion), GameState(game.number, game.status)))
    jar = jar_service.summary_of(occasion.jar_settings, jar_service.balances_of(balances))
    return CallFacts(occasion, organization, game, following, jar, claims or 0, bool(bingo_now), next_call_id)


@dataclass(frozen=True)
class Called:
    """A call made: the call, its game, the game's claims as the consoles list them and their count, and
    the U Pick Em tickets it completed."""

    call: Call
    game: Game
    claims: list[ListedClaim]
    claims_total: int
    upick_winners: list[UPickTicket]


def call_ball(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, ball: int | None, rng: random.Random
) -> Called:
    """10 DE Admin Code 101-4.12: a manual game takes the number keyed from the blower; an electronic
    game draws from the balls remaining. Once a valid bingo is verified, the caller closes the game."""
    facts = locked_for_call(session, occasion_id, number)
    occasion, game = facts.occasion, facts.game
    check(play.play_refusal(occasion_state(occasion), now))
    calls = [c.ball for c in game.calls]
    check(game_events.further_call_refusal(game.kind))
    check(play.held_call_refusal(game.held_at is not None))
    if facts.bingo_now:
        raise refuse(
            "bingo_on_the_board", "A valid bingo is verified on this call: close the game to pay it.", None, "ball", 409
        )
    if game.ball_mode == BallMode.MANUAL:
        if ball is None:
            raise refuse("ball_required", "Key in the number drawn from the blower.", None, "ball")
    else:
        if ball is not None:
            raise refuse("electronic_game", "This game draws its numbers electronically; press Draw.", None, "ball")
        ball = draws.draw(calls, rng)
    ahead = None if facts.next_call_id is None else [facts.next_call_id]
    drawn = numbers_drawn.record_numbers(session, actor, now, occasion, game, [ball], game.ball_mode, ahead)
    call = drawn.calls[0]
    claims, total = shown_claims(session, game, facts.claims_total)
    # No claim is verified on the call just made; the jars are as read unless this call posted the fees.
    known = board.Known(
        None if drawn.posted_jar else facts.jar,
        game.id,
        (),
        tuple(drawn.upick_winners),
        (game, facts.following),
        facts.organization,
    )
    board.publish(session, occasion, "call", now, known)
    finish(
        session,
        actor,
        now,
        "game.call",
        call,
        "bingo_call",
        {"game": number, "seq": call.seq, "ball": ball, "upick_winners": [t.code for t in drawn.upick_winners]},
    )
    return Called(call, game, claims, total, drawn.upick_winners)


def correct_last_call(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, ball: int, reason: str
) -> Call:
    """Flashboard house rule and 10 DE Admin Code 101-4.30.1.8: a mis-keyed last call is corrected before
    the next call and before any claim is verified on it, with a reason, in the audit log; what followed
    from the removed number (a U Pick Em winner on it) is undone in the one door for numbers drawn."""
    occasion, game = locked_in_play(session, occasion_id, number)
    calls = [c.ball for c in game.calls]
    verified = (
        session.scalar(
            select(func.count()).select_from(Claim).where(Claim.game_id == game.id, Claim.on_call == len(calls))
        )
        or 0
    )
    check(draws.correction_refusal(calls, ball, verified, reason))
    last = game.calls[-1]
    session.add(
        CallCorrection(
            game_id=game.id,
            seq=last.seq,
            old_ball=last.ball,
            new_ball=ball,
            reason=reason.strip(),
            corrected_at=now,
            corrected_by=actor.name,
        )
    )
    old = last.ball
    numbers_drawn.replace_last_number(session, game, ball)
    details: dict[str, object] = {"game": number, "seq": last.seq, "from": old, "to": ball, "reason": reason.strip()}
    if game.kind == GameKind.U_PICK_EM:
        details["upick_winners"] = [t.code for t in upick_service.winners(session, game)]
    board.publish(session, occasion, "correction", now)
    finish(session, actor, now, "game.call_corrected", last, "bingo_call", details)
    return last


@dataclass(frozen=True)
class ClaimResult:
    claim: Claim
    face_cells: tuple[int, ...]


@dataclass(frozen=True)
class _ClaimFacts:
    game: Game
    balls: list[int]
    numbers: str | None
    existing_id: int | None


# A ball is at most 75, so a call's sequence number times 100 plus its ball sorts as the calls were made.
_CALL_KEY = 100


@cache
def claim_facts_statement() -> Select[Any]:
    """_claim_facts' statement, built once per process with its values bound (issue 21). The game's balls
    come as one text of call keys (`_CALL_KEY`), not as a row and a mapped object per call: a claim only
    needs the numbers, and a game's calls were most of a verify's reading."""
    occasion_id, number = bindparam("occasion_id", type_=Integer), bindparam("number", type_=Integer)
    face_number = bindparam("face", type_=Integer)
    game_id = select(Game.id).where(Game.occasion_id == occasion_id, Game.number == number).scalar_subquery()
    calls = select(func.count(Call.id)).where(Call.game_id == game_id).scalar_subquery()
    existing = (
        select(Claim.id)
        .where(Claim.game_id == game_id, Claim.face_number == face_number, Claim.on_call == calls)
        .limit(1)
        .scalar_subquery()
    )
    keys = cast(Call.seq * _CALL_KEY + Call.ball, String)
    drawn = select(func.aggregate_strings(keys, ",")).where(Call.game_id == game_id).scalar_subquery()
    numbers = series_service.numbers_of(bindparam("series_id", type_=Integer), face_number).scalar_subquery()
    return (
        select(Game, drawn, numbers, existing)
        .where(Game.occasion_id == occasion_id, Game.number == number)
        .execution_options(populate_existing=True)
    )


def _claim_facts(session: Session, occasion: Occasion, number: int, face_number: int) -> _ClaimFacts:
    """What a claim is decided on, read in one statement under the occasion lock (so afresh): the game,
    its balls in the order called, the face's numbers and the claim already made on this face on this
    call. Each value beside the game is its own uncorrelated subquery, which both engines evaluate once."""
    params = {"occasion_id": occasion.id, "number": number, "series_id": occasion.series_id, "face": face_number}
    row = session.execute(claim_facts_statement(), params).first()
    if row is None:
        raise refuse("not_found", f"This occasion has no game {number}.", None, "game_number", 404)
    game, drawn, cells, existing_id = row
    balls = [key % _CALL_KEY for key in sorted(map(int, drawn.split(",")))] if drawn else []
    return _ClaimFacts(game, balls, cells, existing_id)


def _face_sold(session: Session, occasion: Occasion, face_number: int) -> bool | None:
    """Whether a sold pack held the face (None when the occasion tracks no paper): asked of a bingo
    only, in one statement."""
    tracks_paper, held = session.execute(select(*inventory.sold_tests(occasion, face_number))).one()
    return inventory.face_sold(bool(tracks_paper), bool(held))


def verify_claim(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, face_number: int, player: str | None
) -> ClaimResult:
    """10 DE Admin Code 101-4.27, 4.28 and 4.16: the verifier keys the face number; the answer is valid or
    invalid with the reason, the covered squares, the winning alternative and the completing call. A valid
    claim ends the caller's hold on the game (the bingo it was held for is found). It decides under the
    occasion lock: two tablets checking one face on one call record one claim (two would be two shares)."""
    occasion = lock_occasion_and_chain(session, occasion_id)
    facts = _claim_facts(session, occasion, number, face_number)
    game = facts.game
    check(play.settle_refusal(occasion_state(occasion), GameState(game.number, game.status)))
    calls = facts.balls
    check(upick_play.keyed_claim_refusal(game.kind))
    if not calls:
        raise refuse("no_calls", "No ball has been called in this game yet.", None, "face_number", 409)
    face = series_service.face_from(face_number, facts.numbers)
    if facts.existing_id is not None:
        return ClaimResult(session.get_one(Claim, facts.existing_id), face.cells)
    last_call_only = occasion.last_call_only and game.kind != GameKind.BREAK_OPEN
    result = check_face(face, from_spec(json.loads(game.pattern_spec)), calls, last_call_only)
    verdict = result.verdict
    if verdict is Verdict.VALID and _face_sold(session, occasion, face_number) is False:
        verdict = Verdict.NOT_SOLD
    claim = Claim(
        face_number=face_number,
        player=player,
        on_call=len(calls),
        verdict=verdict.value,
        covered_mask=result.covered,
        alternative_mask=result.alternative,
        completed_on_call=result.completed_on_call,
        completed_by_ball=result.completed_by_ball,
        verified_at=now,
        verifier_name=person_name(session, actor),
    )
    claim.game_id = game.id
    session.add(claim)
    details: dict[str, object] = {"game": number, "face": face_number, "verdict": claim.verdict, "on_call": len(calls)}
    if verdict is Verdict.VALID and game.held_at is not None:
        # 101-4.16: the bingo the game was held for is verified, so the hold ends (the TVs are told).
        game.held_at = None
        details["hold_ended"] = True
    board.publish_claim(session, occasion, now, valid=verdict is Verdict.VALID)
    finish(session, actor, now, "game.claim", claim, "bingo_claim", details)
    return ClaimResult(claim, face.cells)


def request_verification(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, witness_member_id: int
) -> VerificationRequest:
    """10 DE Admin Code 101-4.16: the numbers drawn and the balls remaining, verified in the presence
    of the member in charge, or of an officer when the member in charge is the announcer."""
    occasion, game = _in_play(session, occasion_id, number)
    witness = _member(session, occasion.organization_id, witness_member_id, "witness_member_id")
    caller_members = {session.get(User, c.caller_user_id).member_id for c in game.calls if c.caller_user_id is not None}  # type: ignore[union-attr]
    mic_is_calling = occasion.member_in_charge_id in caller_members
    active_officer = witness.is_officer and is_active_member(member_facts(witness), now.date())
    check(witnesses.witness_refusal(mic_is_calling, witness.id == occasion.member_in_charge_id, active_officer))
    role = witnesses.witness_role(mic_is_calling)
    calls = [c.ball for c in game.calls]
    row = VerificationRequest(
        game_id=game.id,
        requested_at=now,
        drawn=",".join(map(str, calls)),
        remaining=",".join(map(str, draws.remaining(calls))),
        witness_member_id=witness.id,
        witness_role=role,
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "game.verification_request",
        row,
        "bingo_verification_request",
        {"game": number, "drawn": len(calls), "witness": witness.name, "role": role},
    )
    return row


@dataclass(frozen=True, slots=True)
class ListedClaim:
    """A claim as the consoles list it: read as a plain row, not a mapped object (issue 21: the list is read
    with every call, inside the call's locks, and is only shown)."""

    id: int
    face_number: int
    player: str | None
    verdict: Verdict
    on_call: int
    covered_mask: int
    alternative_mask: int | None
    completed_on_call: int | None
    completed_by_ball: int | None
    share_cents: int | None
    jar_share_cents: int | None
    merchandise_won: bool
    qualified_for_later: bool


RECENT_CLAIMS = 50


@cache
def listed_claims_statement() -> Select[Any]:
    """shown_claims' statement, built once (its game is a bound parameter)."""
    game_id = bindparam("game_id", type_=Integer)
    latest = select(Claim.id).where(Claim.game_id == game_id).order_by(Claim.id.desc()).limit(RECENT_CLAIMS)
    columns = [getattr(Claim, name) for name in ListedClaim.__slots__]
    return (
        select(*columns)
        .where(Claim.game_id == game_id, (Claim.verdict == Verdict.VALID) | Claim.id.in_(latest))
        .order_by(Claim.id)
    )


def shown_claims(session: Session, game: Game, total: int | None = None) -> tuple[list[ListedClaim], int]:
    """What the consoles list: every valid claim and the latest 50 others, oldest first, and how many
    claims the game has in all (`total`, when the caller counted them already: none to list when 0)."""
    if total is None:
        total = session.scalar(select(func.count()).select_from(Claim).where(Claim.game_id == game.id)) or 0
    if not total:
        return [], 0
    rows = session.execute(listed_claims_statement(), {"game_id": game.id})
    return [ListedClaim(*row) for row in rows], total


def money_split(occasion: Occasion, game: Game, known: list[Claim] | None = None) -> dict[int, int]:
    """10 DE Admin Code 101-4.11: a money prize split among the valid claims on the last call (claim id
    → cents), by the occasion's house rules; what closing the game now would pay, shown beforehand.
    `known`: those claims, when the caller has them already."""
    calls = len(game.calls)
    session = object_session(game)
    if known is not None:
        winners = known
    elif session is not None:
        winners = winning_claims(session, game)
    else:
        winners = [c for c in game.claims if c.verdict == Verdict.VALID and c.on_call == calls]
    prize = terms_of(game).payable(game.attendance, calls if winners else None)
    return split_money(
        prize,
        [Winner(c.id, c.player or f"face {c.face_number}") for c in winners],
        occasion.split_whole_dollars,
        occasion.split_per_player,
    )


def close_game(
    session: Session, actor: Actor, now: datetime, occasion_id: int, number: int, rng: random.Random
) -> Game:
    """10 DE Admin Code 101-4.6, 4.10, 4.11 and 4.15: the winners are the valid claims on the final
    call; a money prize is split in cents (or by the house rules), merchandise goes to one drawn
    winner; the announcement names the number of winners and each amount."""
    occasion, game = locked_in_play(session, occasion_id, number)
    calls = len(game.calls)
    winners = winning_claims(session, game)
    terms = terms_of(game)
    prize = 0 if game.kind == GameKind.COOKIE_JAR_FINAL else terms.payable(game.attendance, calls if winners else None)
    shares: list[int] = []
    if winners and game.merchandise:
        chosen = draw_merchandise([Winner(c.id, c.player or f"face {c.face_number}") for c in winners], rng)
        for claim in winners:
            claim.merchandise_won = claim.id == chosen.winner
            claim.qualified_for_later = claim.id in chosen.qualified
            claim.share_cents = prize if claim.merchandise_won else 0
        game.closing_announcement = (
            f"Game {number}: {len(winners)} qualified; {game.merchandise} (value {format_cents(prize)}) "
            f"won by face {next(c.face_number for c in winners if c.merchandise_won)}; the others "
            "qualify for a later game or drawing."
        )
    elif game.kind == GameKind.U_PICK_EM:
        tickets = upick_service.winners(session, game)
        by_ticket = split_money(prize, [Winner(t.id, t.code) for t in tickets], occasion.split_whole_dollars, False)
        for ticket in tickets:
            ticket.share_cents = by_ticket[ticket.id]
        shares = [by_ticket[t.id] for t in tickets]
        game.closing_announcement = announcement(number, shares)
    elif game.kind == GameKind.COOKIE_JAR_FINAL:
        faces = ", ".join(str(c.face_number) for c in winners) or "nobody"
        game.closing_announcement = f"Game {number}: cookie jar final blackout won by face {faces}."
    else:
        by_claim = money_split(occasion, game)
        for claim in winners:
            claim.share_cents = by_claim[claim.id]
        shares = [by_claim[c.id] for c in winners]
        game.closing_announcement = announcement(number, shares)
    game.status = DONE
    game.closed_at = now
    game.held_at = None
    final = jar_service.plan_forced_final(session, occasion, jar_service.balances(session, occasion.organization_id))
    if final is not None:
        withdrawn = [g.number for g in occasion.games if g.status == GameStatus.WITHDRAWN]
        game.closing_announcement += (
            f" Both cookie jars are full: a final blackout on a separate single card is added for "
            f"cookie jar 1 ({format_cents(final.prize_cents)})."
        )
        if withdrawn:
            game.closing_announcement += (
                f" It is the occasion's 40th game, so game{'s' if len(withdrawn) > 1 else ''} "
                f"{', '.join(map(str, withdrawn))} will not be played."
            )
    board.publish(session, occasion, "game_close", now)
    finish(
        session,
        actor,
        now,
        "game.close",
        game,
        "bingo_game",
        {
            "number": number,
            "winners": [c.face_number for c in winners],
            "shares": shares,
            "prize": prize,
            "announcement": game.closing_announcement,
        },
    )
    return game


def close_occasion(session: Session, actor: Actor, now: datetime, occasion_id: int) -> Occasion:
    """10 DE Admin Code 101-4.2 and 4.10: the occasion ends within six hours of its start, every
    prize awarded the same day; a game still in play must be closed first. The occasion row is
    locked, so no sale or payout slips in while it closes."""
    occasion = lock_occasion(session, occasion_id)
    check(play.close_refusal(occasion.status, game_states(occasion)))
    hours_over = play.play_refusal(occasion_state(occasion), now) is not None
    jar_service.close_refusal(session, occasion, hours_over)
    closeout.close_out_refusal(session, occasion)
    occasion.status = CLOSED
    occasion.closed_at = now
    board.publish(session, occasion, "occasion_close", now)
    finish(
        session,
        actor,
        now,
        "occasion.close",
        occasion,
        "bingo_occasion",
        {
            "games_played": jar_awards.games_played(jar_service.slots(occasion)),
            "hours_over": hours_over,
            "jar1_still_owed": occasion.jar_must_go,
        },
    )
    return occasion


def record_giveaway(
    session: Session, actor: Actor, now: datetime, occasion_id: int, request: GiveawayRequest
) -> Giveaway:
    """10 DE Admin Code 101-4.6: promotional giveaways (outside the prize limits, at most $500 a year
    at the anniversary and three holiday occasions) and inducements (at most 15% of other prizes)."""
    occasion = get_occasion(session, occasion_id)
    org = get_organization(session, occasion.organization_id)
    check(giveaways.promotion_occasion_refusal(request.kind, request.promotion_occasion))
    if request.kind == GiveawayKind.PROMOTION:
        marks = request.promotion_occasion
        assert marks is not None  # refused above
        year = occasion.occasion_date.year
        same_year = session.execute(
            select(Giveaway, Occasion.occasion_date)
            .join(Occasion, Giveaway.occasion_id == Occasion.id)
            .where(
                Occasion.organization_id == org.id,
                Giveaway.kind == GiveawayKind.PROMOTION,
                Occasion.training.is_(False),
            )
        ).all()
        earlier = [
            limits.Promotion(day, g.value_cents, limits.PromotionOccasion(g.promotion_occasion))
            for g, day in same_year
            if day.year == year and g.promotion_occasion
        ]
        new = limits.Promotion(occasion.occasion_date, request.value_cents, marks)
        check(limits.promotion_refusal(new, earlier, org.anniversary_on))
    else:
        prizes = sum(
            ProgramGame(g.number, GameKind(g.kind), terms_of(g)).prize.worst_case()
            for g in occasion.games
            if g.kind != GameKind.COOKIE_JAR_FINAL
        )
        others = sum(
            g.value_cents
            for g in session.scalars(
                select(Giveaway).where(Giveaway.occasion_id == occasion.id, Giveaway.kind == GiveawayKind.INDUCEMENT)
            )
        )
        check(limits.inducement_refusal(others + request.value_cents, prizes))
    row = Giveaway(
        occasion_id=occasion.id,
        kind=request.kind,
        description=request.description,
        value_cents=request.value_cents,
        promotion_occasion=request.promotion_occasion.value if request.promotion_occasion else None,
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "occasion.giveaway",
        row,
        "bingo_giveaway",
        {"kind": row.kind, "value_cents": row.value_cents, "description": row.description},
    )
    return row


def todays_occasion(session: Session, org_id: int, day: date) -> Occasion | None:
    """The occasion a station works today: the first one still scheduled or running, else the last
    one closed (so the caller and the TV keep showing how the night ended). An occasion still running
    from yesterday comes first: a training one plays on after midnight (training mode), and a real one
    is finished after it (10 DE Admin Code 101-4.2 against 4.10: no call, but the game in play is closed,
    its winners paid and the night closed, on the same screens)."""
    carried = and_(Occasion.status == RUNNING, Occasion.occasion_date == day - ONE_DAY)
    found = list(
        session.scalars(
            select(Occasion)
            .where(Occasion.organization_id == org_id, or_(Occasion.occasion_date == day, carried))
            .order_by(Occasion.occasion_date, Occasion.start_time, Occasion.id)
        )
    )
    return next((o for o in found if o.status != CLOSED), found[-1] if found else None)


def in_training(session: Session, org_id: int, day: date) -> bool:
    """Flashboard house rule (training mode): whether the organization's occasion of the day is a
    training one, so every screen of its staff says TRAINING."""
    occasion = todays_occasion(session, org_id, day)
    return occasion is not None and occasion.training


def list_occasions(session: Session, org_id: int, limit: int | None = None) -> list[Occasion]:
    """The organization's occasions, the latest day first (the latest `limit` of them, if given)."""
    get_organization(session, org_id)
    return list(
        session.scalars(
            select(Occasion)
            .where(Occasion.organization_id == org_id)
            .order_by(Occasion.occasion_date.desc(), Occasion.start_time.desc(), Occasion.id.desc())
            .limit(limit)
        )
    )


@dataclass(frozen=True)
class ScheduleOutlook:
    """What scheduling an occasion on `day` would meet, shown as the scheduler fills the form in: the
    licence in force then and its class (101-4.4), the organization's occasions already booked that
    week, month and year, the refusal scheduling would answer (none: it may be booked), and for a start
    time, the noon start of 4.2 and how long play may run (4.2, 4.10)."""

    day: date
    license_number: str | None
    in_force: bool
    license_class: BingoLicenseClass | None
    week: tuple[date, date]
    this_week: int
    this_month: int
    this_year: int
    refusal: Violation | None
    early: Violation | None
    window: PlayWindow | None


def schedule_outlook(
    session: Session, org_id: int, day: date, premises_id: int | None, start: time | None
) -> ScheduleOutlook:
    """10 DE Admin Code 101-4.2, 4.4, 4.7 and 4.10: the limits an occasion on `day` is scheduled against,
    read with the same refusal `schedule` asks, and nothing written."""
    org = get_organization(session, org_id)
    bookings = _bookings(session)
    own = {b.day for b in bookings if b.organization_id == org.id}
    first, last = week_of(day)
    status = bingo_license_status(session, org.id, day)
    premises = session.get(Premises, premises_id) if premises_id is not None else None
    return ScheduleOutlook(
        day=day,
        license_number=status.current_number,
        in_force=status.in_force,
        license_class=status.license_class,
        week=(first, last),
        this_week=sum(1 for d in own if first <= d <= last),
        this_month=sum(1 for d in own if (d.year, d.month) == (day.year, day.month)),
        this_year=sum(1 for d in own if d.year == day.year),
        refusal=_schedule_refusal(session, org, premises, day, bookings) if premises is not None else None,
        early=limits.start_refusal(datetime.combine(day, start), False) if start is not None else None,
        window=play_window(start) if start is not None else None,
    )
