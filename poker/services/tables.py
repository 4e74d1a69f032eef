"""A tournament's tables as its rows hold them: the seats of each table in play and the seat each
table's button is on, read and written through these helpers so no service handles the rows."""

from __future__ import annotations

from collections.abc import Mapping

from poker.models import PokerTable, Tournament


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
