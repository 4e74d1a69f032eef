"""Seats: the initial random draw (28 Del. C. §1804 B(2)), balancing after eliminations (TDA rule 11A:
the player due to be the big blind next moves to the worst open position at the short table, never
into the small blind), breaking tables in a posted order with their players re-seated at random (TDA
10B, §1804 B(2)), and the final-table redraw. Pure: the RNG comes in; seats are (table, seat) pairs.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from shared.core.violations import Violation

Seat = tuple[int, int]
TDA_BALANCE = "TDA rule 11A (tables kept within one player)"


@dataclass(frozen=True)
class Move:
    player: int
    source: Seat | None
    target: Seat
    reason: str


def counts(seating: Mapping[int, Seat], tables: Mapping[int, int]) -> dict[int, int]:
    """TDA rule 11A (tables kept within one player): the players seated at each table in play, empty tables
    included."""
    found = {table: 0 for table in tables}
    for table, _ in seating.values():
        found[table] += 1
    return found


def initial_draw(players: Sequence[int], tables: Mapping[int, int], rng: random.Random) -> dict[int, Seat]:
    """28 Del. C. §1804 B(2): every player draws a table and seat at random; tables end up within one player
    of each other. `tables` maps table number to its seat count. The RNG comes in.

    >>> tables = {1: 4, 2: 4}
    >>> seating = initial_draw(range(1, 8), tables, random.Random(1))
    >>> sorted(counts(seating, tables).values()), len(set(seating.values()))
    ([3, 4], 7)
    """
    if len(players) > sum(tables.values()):
        raise ValueError("more players than seats")
    order = list(players)
    rng.shuffle(order)
    open_seats = {table: rng.sample(range(1, size + 1), size) for table, size in sorted(tables.items())}
    seating: dict[int, Seat] = {}
    table_order = sorted(tables)
    index = 0
    for player in order:
        while not open_seats[table_order[index % len(table_order)]]:
            index += 1
        table = table_order[index % len(table_order)]
        seating[player] = (table, open_seats[table].pop())
        index += 1
    return seating


def clockwise(start: int, seats: Sequence[int], size: int) -> list[int]:
    """28 Del. C. §1804 A(3): play proceeds clockwise; `seats` in the order they come clockwise after seat
    `start` (seats numbered 1..size).

    >>> clockwise(3, [1, 2, 5, 9], 9)
    [5, 9, 1, 2]
    """
    return sorted(seats, key=lambda s: (s - start - 1) % size)


def due_big_blind(occupied: Sequence[int], button: int, size: int) -> int:
    """28 Del. C. §1801(8), (32) and §1804 A(3): the button moves clockwise, the small blind sits one seat
    to its left and the big blind two. The player's seat that posts the big blind on the next hand: the
    button moves to the next occupied seat, the small blind follows it, then the big blind (heads-up: the
    one not on the button).

    >>> due_big_blind([1, 3, 5, 8], button=3, size=9)
    1
    >>> due_big_blind([2, 6], button=2, size=9)
    2
    """
    order = clockwise(button, occupied, size)
    if len(order) <= 2:
        return order[-1] if len(order) == 2 else order[0]
    return order[2]


def worst_open_seat(occupied: Sequence[int], button: int, size: int) -> int:
    """TDA 11A: the open seat that reaches the big blind soonest, never the one that would post the
    small blind next: the first open seat clockwise after the next hand's small blind.

    >>> worst_open_seat([1, 3, 5, 8], button=3, size=9)
    9
    """
    open_seats = [s for s in range(1, size + 1) if s not in occupied]
    if not occupied:
        return min(open_seats)
    order = clockwise(button, occupied, size)
    small_blind = order[1] if len(order) > 1 else order[0]
    return clockwise(small_blind, open_seats, size)[0]


def balance(
    seating: Mapping[int, Seat], tables: Mapping[int, int], buttons: Mapping[int, int], tolerance: int = 1
) -> list[Move]:
    """TDA 11A: while the fullest table has more than `tolerance` players over the shortest, its player
    due to be the big blind next moves to the worst open seat at the shortest table.

    >>> tables = {1: 6, 2: 6}
    >>> seating = {10: (1, 1), 11: (1, 2), 12: (1, 3), 13: (1, 4), 20: (2, 1), 21: (2, 4)}
    >>> balance(seating, tables, {1: 1, 2: 1})
    [Move(player=13, source=(1, 4), target=(2, 2), reason='balance: table 1 to table 2')]
    """
    current = dict(seating)
    moves: list[Move] = []
    while True:
        sizes = counts(current, tables)
        full = max(sizes, key=lambda t: (sizes[t], -t))
        short = min(sizes, key=lambda t: (sizes[t], t))
        if sizes[full] - sizes[short] <= tolerance or sizes[short] >= tables[short]:
            return moves
        here = [seat for table, seat in current.values() if table == full]
        leaving_seat = due_big_blind(here, buttons.get(full, min(here)), tables[full])
        player = next(p for p, s in current.items() if s == (full, leaving_seat))
        there = [seat for table, seat in current.values() if table == short]
        target = (short, worst_open_seat(there, buttons.get(short, 1), tables[short]))
        moves.append(Move(player, current[player], target, f"balance: table {full} to table {short}"))
        current[player] = target


def move_refusal(
    seating: Mapping[int, Seat], tables: Mapping[int, int], player: int, target: Seat, tolerance: int = 1
) -> Violation | None:
    """TDA rule 11A: a director's own seat move (a player asking to change seats, a broken chair) is to an
    open seat at a table in play, and never leaves the tables further apart than `tolerance`.

    >>> tables = {1: 6, 2: 6}
    >>> seating = {10: (1, 1), 11: (1, 2), 12: (1, 3), 13: (1, 4), 20: (2, 1), 21: (2, 4)}
    >>> move_refusal(seating, tables, 10, (2, 3)) is None
    True
    >>> move_refusal(seating, tables, 10, (2, 1)).code
    'seat_taken'
    >>> move_refusal(seating, tables, 20, (1, 5)).rule
    'TDA rule 11A (tables kept within one player)'
    """
    table, seat = target
    if player not in seating:
        return Violation("not_in_play", f"Player {player} is not seated.", None, "entry_number", 409)
    if table not in tables:
        return Violation("not_a_table", f"Table {table} is not in play.", None, "table", 409)
    if not 1 <= seat <= tables[table]:
        return Violation("not_a_seat", f"Table {table} has seats 1 to {tables[table]}.", None, "seat", 422)
    if any(s == target for p, s in seating.items() if p != player):
        return Violation("seat_taken", f"Seat {seat} at table {table} is taken.", None, "seat", 409)
    after = counts({**seating, player: target}, tables)
    if max(after.values()) - min(after.values()) > tolerance:
        return Violation(
            "out_of_balance",
            f"That move would leave tables {max(after, key=after.__getitem__)} and "
            f"{min(after, key=after.__getitem__)} more than {tolerance} player apart.",
            TDA_BALANCE,
            "table",
            409,
        )
    return None


def break_table(seating: Mapping[int, Seat], tables: Mapping[int, int], table: int, rng: random.Random) -> list[Move]:
    """TDA 10B and §1804 B(2): the broken table's players are drawn at random into the open seats of
    the other tables, the shortest tables filled first so they stay balanced.

    >>> seating = {1: (1, 1), 2: (1, 2), 3: (2, 1), 4: (2, 2), 5: (3, 1)}
    >>> moves = break_table(seating, {1: 3, 2: 3, 3: 3}, 3, random.Random(2))
    >>> [m.player for m in moves], moves[0].target[0] in (1, 2), moves[0].reason
    ([5], True, 'table 3 broken')
    """
    current = {p: s for p, s in seating.items()}
    leaving = sorted(p for p, (t, _) in seating.items() if t == table)
    rng.shuffle(leaving)
    moves: list[Move] = []
    for player in leaving:
        sizes = counts(
            {p: s for p, s in current.items() if s[0] != table}, {t: n for t, n in tables.items() if t != table}
        )
        open_tables = [t for t in sizes if sizes[t] < tables[t]]
        if not open_tables:
            raise ValueError("no open seat to break the table into")
        least = min(sizes[t] for t in open_tables)
        target_table = rng.choice(sorted(t for t in open_tables if sizes[t] == least))
        taken = {s for t, s in current.values() if t == target_table}
        seat = rng.choice([s for s in range(1, tables[target_table] + 1) if s not in taken])
        moves.append(Move(player, current[player], (target_table, seat), f"table {table} broken"))
        current[player] = (target_table, seat)
    return moves


def tables_needed(players: int, seats_per_table: int) -> int:
    """28 Del. C. §1804 B(2) (the initial draw): the fewest tables that seat every player, and at least one.

    >>> tables_needed(21, 10), tables_needed(0, 10)
    (3, 1)
    """
    return max(1, -(-players // seats_per_table))


def redraw(players: Sequence[int], table: int, seats: int, rng: random.Random) -> dict[int, Seat]:
    """28 Del. C. §1804 B(2): as tables combine, the remaining players draw again; at the final table every
    remaining player draws a seat again at random. The RNG comes in.

    >>> final = redraw([4, 9, 12], 1, 10, random.Random(3))
    >>> sorted(final), {table for table, _ in final.values()}, len(set(final.values()))
    ([4, 9, 12], {1}, 3)
    """
    if len(players) > seats:
        raise ValueError("more players than final-table seats")
    drawn = rng.sample(range(1, seats + 1), len(players))
    return {player: (table, seat) for player, seat in zip(players, drawn, strict=True)}
