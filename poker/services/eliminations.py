"""Players out of chips (28 Del. C. §1804 B(3)-(4)): a hand's eliminations recorded with the seat each
player had and the tables as they stood, tables broken and balanced, the final-table redraw, and with one
player left the finish (places, prizes, the clock stopped at the winner). And the director's undo of the
last elimination (§1827(2)) while nothing later depends on it: every seat it changed is put back and the
players it put out sit down again where they were."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import ColumnElement, func, or_, select
from sqlalchemy.orm import Session

from poker.models import (
    Elimination,
    EliminationBust,
    EliminationTable,
    Entry,
    PrizePayment,
    SeatMove,
    Tournament,
    TournamentStatus,
)
from poker.rules import conduct, seating
from poker.rules.corrections import BustStanding, undo_refusal
from poker.rules.payouts import Bust, awardable, payouts, places, prize_amounts
from poker.rules.registration import Buy
from poker.rules.seating import Move, tables_needed
from poker.rules.setup import posted_tables
from poker.schemas import EliminationRequest
from poker.services import live
from poker.services.tables import apply_moves, buttons_of, next_batch, seating_of, set_tables, tables_of
from poker.services.tournament_locks import lock
from poker.services.tournaments import pool_cents, prize_table_of, profile_of, setup_of
from shared.core.violations import Violation, refuse
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish

FINAL_REDRAW = "final table redraw"
BUST_UNDONE = "bust undone"


def eliminate(
    session: Session, actor: Actor, now: datetime, tournament_id: int, data: EliminationRequest, rng: random.Random
) -> Tournament:
    """§1804 B(3)-(4): players out of chips are eliminated and placed; tables are broken (highest number
    first, TDA 10B) and balanced (TDA 11A); at the final table's size the rest redraw; with one player
    left the tournament ends, the prizes are set (checked against the profile's caps) and the clock stops.
    The elimination is kept with the seats and tables as they were, so the director can undo it."""
    tournament = lock(session, tournament_id)
    if tournament.status != TournamentStatus.RUNNING:
        raise refuse("not_running", "Start the tournament first.", None, "tournament_id", 409)
    by_number = {e.number: e for e in tournament.entries}
    for index, bust in enumerate(data.busts):
        entry = by_number.get(bust.entry_number)
        if entry is None or entry.eliminated:
            raise refuse(
                "not_in_play", f"Entry {bust.entry_number} is not in play.", None, f"busts.{index}.entry_number", 409
            )
    remaining = [e for e in tournament.entries if not e.eliminated]
    check(conduct.last_player_refusal(profile_of(tournament), len(data.busts), len(remaining)))
    record = Elimination(
        tournament_id=tournament.id,
        hand=data.hand,
        batch=next_batch(session, tournament),
        finished=False,
        at=now,
        recorded_by=person_name(session, actor),
        busts=[
            EliminationBust(
                entry_number=b.entry_number,
                table_number=by_number[b.entry_number].table_number,
                seat=by_number[b.entry_number].seat,
                starting_stack=b.starting_stack,
            )
            for b in data.busts
        ],
        tables_before=[
            EliminationTable(number=r.number, seats=r.seats, button_seat=r.button_seat) for r in tournament.table_rows
        ],
    )
    session.add(record)
    for bust in data.busts:
        entry = by_number[bust.entry_number]
        entry.eliminated, entry.bust_hand, entry.bust_stack, entry.bust_table = (
            True,
            data.hand,
            bust.starting_stack,
            entry.table_number,
        )
        entry.table_number = entry.seat = None
    if data.buttons:
        set_tables(tournament, tables_of(tournament), {**buttons_of(tournament), **_buttons(data.buttons)})
    _reseat(session, tournament, now, rng, record.batch)
    left = [e for e in tournament.entries if not e.eliminated]
    not_awarded: tuple[int, ...] = ()
    if len(left) == 1:
        not_awarded = _finish(tournament, left[0].number, now)
        record.finished = True
    live.publish(session, tournament, "eliminations", now)
    finish(
        session,
        actor,
        now,
        "tournament.eliminations",
        tournament,
        "poker_tournament",
        {"hand": data.hand, "out": [b.entry_number for b in data.busts], "left": len(left)}
        | ({"places_not_awarded": list(not_awarded)} if not_awarded else {}),
    )
    return tournament


def _buttons(sent: dict[str, int]) -> dict[int, int]:
    """The buttons the director sends, by table number (the request spells the numbers as text)."""
    return {int(t): seat for t, seat in sent.items()}


def _standing_moves(tournament: Tournament) -> ColumnElement[bool]:
    """A seat move that still stands: not made by an elimination since undone, nor by its undoing."""
    undone = Elimination.tournament_id == tournament.id, Elimination.undone_at.is_not(None)
    batches = (
        select(Elimination.batch)
        .where(*undone)
        .union(select(Elimination.undo_batch).where(*undone, Elimination.undo_batch.is_not(None)))
    )
    return or_(SeatMove.batch.is_(None), SeatMove.batch.not_in(batches))


def _reseat(session: Session, tournament: Tournament, now: datetime, rng: random.Random, batch: int) -> None:
    """Break tables (highest number first) while fewer can seat everyone, then balance; when the field
    first comes down to the final table's size, everyone draws a final-table seat."""
    setup = setup_of(tournament)
    tables = tables_of(tournament)
    current = seating_of(tournament)
    redrawn = session.scalar(
        select(SeatMove.id)
        .where(SeatMove.tournament_id == tournament.id, SeatMove.reason == FINAL_REDRAW, _standing_moves(tournament))
        .limit(1)
    )
    if redrawn is None and len(current) <= setup.final_table_size:
        final = seating.redraw(sorted(current), 1, setup.final_table_size, rng)
        moves = [Move(p, current[p], seat, FINAL_REDRAW) for p, seat in sorted(final.items())]
        apply_moves(session, tournament, moves, now, batch)
        set_tables(tournament, {1: setup.final_table_size}, {1: min(seat for _, seat in final.values())})
        return
    size = max(tables.values())
    while len(tables) > tables_needed(len(current), size):
        broken = max(tables)
        apply_moves(session, tournament, seating.break_table(current, tables, broken, rng), now, batch)
        current = seating_of(tournament)
        del tables[broken]
    buttons = buttons_of(tournament)
    in_play = {t: seat for t, seat in buttons.items() if t in tables}
    apply_moves(session, tournament, seating.balance(current, tables, in_play), now, batch)
    set_tables(tournament, tables, buttons)


def _finish(tournament: Tournament, winner: int, now: datetime) -> tuple[int, ...]:
    """§1804 B(4), NH Pari 1207.03(h)(1): one player left, so the tournament ends: the places, and the
    prizes of the table picked at the draw. Never refused: a posted place the field cannot reach (or the
    caps will not let be paid) is not awarded (`payouts.awardable`); those places are returned, for the
    audit entry."""
    setup, profile = setup_of(tournament), profile_of(tournament)
    busts = [
        Bust(e.number, e.bust_hand or 0, e.bust_table or 0, e.bust_stack or 0)
        for e in tournament.entries
        if e.eliminated
    ]
    finish_order = places(len(tournament.entries), busts, winner)
    pool = pool_cents(tournament)
    table = posted_tables(setup)[(prize_table_of(tournament) or 1) - 1]
    fees = sum(b.cents for e in tournament.entries for b in e.buys if b.kind == Buy.ENTRY)
    awarded = awardable(
        profile,
        len(tournament.entries),
        pool,
        fees,
        setup.charity_percent,
        setup.charitable,
        prize_amounts(table.prizes, pool),
    )
    paid = payouts(finish_order, awarded.amounts)
    by_number = {e.number: e for e in tournament.entries}
    for place in finish_order:
        for player in place.players:
            by_number[player].place = place.place
            by_number[player].prize_cents = paid.get(player)
    tournament.status = TournamentStatus.FINISHED
    live.stop_at_winner(tournament, now)
    return awarded.not_awarded


def _record_of(session: Session, tournament: Tournament, entry_number: int) -> Elimination | None:
    """The standing elimination that put this player out last (none for a bust recorded before
    Flashboard kept them)."""
    found: Elimination | None = session.scalar(
        select(Elimination)
        .join(EliminationBust)
        .where(
            Elimination.tournament_id == tournament.id,
            Elimination.undone_at.is_(None),
            EliminationBust.entry_number == entry_number,
        )
        .order_by(Elimination.id.desc())
        .limit(1)
    )
    return found


def _standing(session: Session, tournament: Tournament, entry: Entry, record: Elimination | None) -> BustStanding:
    """What the undo rule reads: everything recorded after the elimination that could depend on it."""
    later_busts = later_moves = 0
    if record is not None:
        later_busts = (
            session.scalar(
                select(func.count())
                .select_from(Elimination)
                .where(
                    Elimination.tournament_id == tournament.id,
                    Elimination.undone_at.is_(None),
                    Elimination.id > record.id,
                )
            )
            or 0
        )
        later_moves = (
            session.scalar(
                select(func.count())
                .select_from(SeatMove)
                .where(
                    SeatMove.tournament_id == tournament.id,
                    SeatMove.batch > record.batch,
                    _standing_moves(tournament),
                )
            )
            or 0
        )
    paid = (
        session.scalar(
            select(func.count())
            .select_from(PrizePayment)
            .join(Entry, PrizePayment.entry_id == Entry.id)
            .where(Entry.tournament_id == tournament.id)
        )
        or 0
    )
    return BustStanding(entry.eliminated, record is not None, later_busts, later_moves, paid)


@dataclass(frozen=True)
class LastOut:
    """The last elimination standing: its players with the places they hold now, and why it cannot be
    undone (None when the director may undo it)."""

    elimination: Elimination
    players: list[tuple[Entry, int]]
    refusal: Violation | None


def held_places(tournament: Tournament) -> dict[int, int]:
    """Player number: the place each player out holds now (28 Del. C. §1804 B(3), as payouts.places reads
    it), before the tournament has finished and set them."""
    busts = [
        Bust(e.number, e.bust_hand or 0, e.bust_table or 0, e.bust_stack or 0)
        for e in tournament.entries
        if e.eliminated
    ]
    return {player: p.place for p in places(len(tournament.entries), busts, None) for player in p.players}


def last_out(session: Session, tournament: Tournament) -> LastOut | None:
    """The director's "Undo" offer: the last elimination still standing, if any."""
    record: Elimination | None = session.scalar(
        select(Elimination)
        .where(Elimination.tournament_id == tournament.id, Elimination.undone_at.is_(None))
        .order_by(Elimination.id.desc())
        .limit(1)
    )
    if record is None:
        return None
    by_number = {e.number: e for e in tournament.entries}
    held = {e.number: e.place for e in tournament.entries if e.place} or held_places(tournament)
    players = [(by_number[b.entry_number], held.get(b.entry_number, 0)) for b in record.busts]
    refusal = undo_refusal(profile_of(tournament), _standing(session, tournament, players[0][0], record))
    return LastOut(record, players, refusal)


def undo(session: Session, actor: Actor, now: datetime, tournament_id: int, entry_number: int) -> Tournament:
    """28 Del. C. §1827(2), §1804 B(3): the director undoes the last elimination, the one that put this
    player out (with everyone out on that hand), while nothing later depends on it
    (`corrections.undo_refusal`). Its own balancing, breaking and redraw moves are reversed, last first;
    each player it put out sits down again in the seat they had; the tables and buttons are as they were;
    if it had finished the tournament, the places and prizes are cleared and play resumes. Audited; the
    clock TV shows the moves back."""
    tournament = lock(session, tournament_id)
    entry = next((e for e in tournament.entries if e.number == entry_number), None)
    if entry is None:
        raise refuse("not_found", "No such entry in this tournament.", None, "entry_number", 404)
    record = _record_of(session, tournament, entry_number)
    check(undo_refusal(profile_of(tournament), _standing(session, tournament, entry, record)))
    assert record is not None
    batch = next_batch(session, tournament)
    own = session.scalars(
        select(SeatMove).where(SeatMove.tournament_id == tournament.id, SeatMove.batch == record.batch)
    ).all()
    back = [
        Move(m.entry_number, (m.to_table, m.to_seat), (m.from_table, m.from_seat), BUST_UNDONE)
        for m in sorted(own, key=lambda m: m.id, reverse=True)
        if m.from_table is not None and m.from_seat is not None
    ]
    apply_moves(session, tournament, back, now, batch)
    by_number = {e.number: e for e in tournament.entries}
    restored = []
    for bust in record.busts:
        player = by_number[bust.entry_number]
        player.eliminated = False
        player.bust_hand = player.bust_table = player.bust_stack = None
        if bust.table_number is not None and bust.seat is not None:
            seat = (bust.table_number, bust.seat)
            apply_moves(session, tournament, [Move(player.number, None, seat, BUST_UNDONE)], now, batch)
            restored.append([player.number, *seat])
    set_tables(
        tournament,
        {t.number: t.seats for t in record.tables_before if t.seats is not None},
        {t.number: t.button_seat for t in record.tables_before if t.button_seat is not None},
    )
    if record.finished:
        for each in tournament.entries:
            each.place = each.prize_cents = None
        tournament.status = TournamentStatus.RUNNING
    record.undone_at, record.undone_by, record.undo_batch = now, person_name(session, actor), batch
    live.publish(session, tournament, BUST_UNDONE, now)
    finish(
        session,
        actor,
        now,
        "tournament.elimination_undone",
        tournament,
        "poker_tournament",
        {
            "hand": record.hand,
            "recorded_by": record.recorded_by,
            "back_in": restored,
            "moves_reversed": len(back),
            "finish_undone": record.finished,
        },
    )
    return tournament
