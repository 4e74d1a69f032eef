"""A tournament's tables as its rows hold them: the seats of each table in play, the seat each table's
button is on, where every player sits, and the seat moves that change it, read and written through
these helpers so no service handles the rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from poker.models import Elimination, PokerTable, SeatMove, Tournament
from poker.rules.seating import Move, Seat


def _rows(tournament: Tournament) -> list[PokerTable]:
    return sorted(tournament.table_rows, key=lambda r: r.number)


def tables_of(tournament: Tournament) -> dict[int, int]:
    """Table number: seats, for the tables in play, in table order (empty before the draw)."""
    return {r.number: r.seats for r in _rows(tournament) if r.seats is not None}


def buttons_of(tournament: Tournament) -> dict[int, int]:
    """Table number: the button's seat, in table order; a broken table keeps the button it last had."""
    return {r.number: r.button_seat for r in _rows(tournament) if r.button_seat is not None}


def set_tables(tournament: Tournament, tables: Mapping[int, int], buttons: Mapping[int, int]) -> None:
    """The tables in play and the buttons become exactly these: a row a table number in either, updated
    in place (the unique table number holds while the rows are flushed), the others deleted."""
    rows = {r.number: r for r in tournament.table_rows}
    for number in sorted({*tables, *buttons}):
        row = rows.pop(number, None)
        if row is None:
            row = PokerTable(number=number)
            tournament.table_rows.append(row)
        row.seats, row.button_seat = tables.get(number), buttons.get(number)
    for row in rows.values():
        tournament.table_rows.remove(row)


def seating_of(tournament: Tournament) -> dict[int, Seat]:
    """Player number: (table, seat), for every player in play with a seat."""
    return {
        e.number: (e.table_number, e.seat)
        for e in tournament.entries
        if not e.eliminated and e.table_number is not None and e.seat is not None
    }


def next_batch(session: Session, tournament: Tournament) -> int:
    """The number the moves of one act share (a hand's busts, a director's move, a bust undone), taken
    once an act even when it moves nobody (an elimination keeps its number, moves or none)."""
    session.flush()
    taken = [
        select(func.max(SeatMove.batch)).where(SeatMove.tournament_id == tournament.id),
        select(func.max(Elimination.batch)).where(Elimination.tournament_id == tournament.id),
        select(func.max(Elimination.undo_batch)).where(Elimination.tournament_id == tournament.id),
    ]
    return max(session.scalar(query) or 0 for query in taken) + 1


def apply_moves(
    session: Session, tournament: Tournament, moves: Sequence[Move], now: datetime, batch: int
) -> list[SeatMove]:
    """Seat every move and log it: the director's screen and the clock TV read this log."""
    by_number = {e.number: e for e in tournament.entries}
    logged = []
    for move in moves:
        entry = by_number[move.player]
        source = move.source or (None, None)
        row = SeatMove(
            tournament_id=tournament.id,
            entry_number=entry.number,
            from_table=source[0],
            from_seat=source[1],
            to_table=move.target[0],
            to_seat=move.target[1],
            reason=move.reason,
            at=now,
            batch=batch,
        )
        session.add(row)
        logged.append(row)
        entry.table_number, entry.seat = move.target
    return logged
