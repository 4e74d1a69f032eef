"""Seating (28 Del. C. §1804 B(2); TDA rules 10B and 11A): a random initial draw, balancing that moves
the player due to be the big blind next into the worst open seat (never the small blind), tables broken
in a posted order, and the final-table redraw. Property-tested over any sequence of eliminations."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from poker.rules.seating import (
    balance,
    break_table,
    counts,
    due_big_blind,
    initial_draw,
    redraw,
    tables_needed,
    worst_open_seat,
)


def check(seating: dict[int, tuple[int, int]], players: set[int], tables: dict[int, int], tolerance: int = 1) -> None:
    assert set(seating) == players, "every player seated exactly once"
    assert len(set(seating.values())) == len(seating), "no seat double-booked"
    assert all(1 <= seat <= tables[table] for table, seat in seating.values())
    sizes = [n for n in counts(seating, tables).values()]
    assert max(sizes) - min(sizes) <= tolerance, sizes


def test_1804_b2_initial_draw_seats_everyone_once_at_balanced_tables() -> None:
    tables = {1: 10, 2: 10, 3: 10}
    seating = initial_draw(list(range(1, 31)), tables, random.Random(7))
    check(seating, set(range(1, 31)), tables, 0)
    assert initial_draw(list(range(1, 31)), tables, random.Random(7)) == seating
    assert initial_draw(list(range(1, 31)), tables, random.Random(8)) != seating


def test_tda_11a_big_blind_next_and_worst_open_seat_never_the_small_blind() -> None:
    assert due_big_blind([1, 2, 3, 5, 8], button=8, size=9) == 3
    assert due_big_blind([1, 2, 3, 5, 8], button=2, size=9) == 8
    assert due_big_blind([4, 7], button=4, size=9) == 4
    assert worst_open_seat([1, 2, 5, 8], button=1, size=9) == 6
    assert worst_open_seat([1, 2, 3, 8], button=8, size=9) == 4
    assert worst_open_seat([2, 3, 4], button=2, size=4) == 1


def test_tda_11a_balance_moves_the_big_blind_next_player_to_the_short_table() -> None:
    tables = {1: 9, 2: 9}
    seating = {p: (1, p) for p in range(1, 10)} | {10: (2, 1), 11: (2, 2), 12: (2, 5)}
    moves = balance(seating, tables, {1: 1, 2: 1})
    assert [(m.player, m.source, m.target) for m in moves] == [
        (4, (1, 4), (2, 6)),
        (5, (1, 5), (2, 7)),
        (6, (1, 6), (2, 8)),
    ]


def test_tda_10b_broken_table_players_land_on_open_seats_at_random() -> None:
    tables = {1: 9, 2: 9, 3: 9}
    seating = initial_draw(list(range(18)), tables, random.Random(3))
    moves = break_table(seating, tables, 3, random.Random(4))
    after = dict(seating) | {m.player: m.target for m in moves}
    assert all(m.source[0] == 3 for m in moves if m.source) and all(t != 3 for t, _ in after.values())
    check(after, set(range(18)), {1: 9, 2: 9})


def test_final_table_redraw_gives_every_player_a_new_random_seat() -> None:
    seats = redraw([5, 9, 12, 30], 1, 10, random.Random(1))
    assert sorted(seats) == [5, 9, 12, 30] and len({s for _, s in seats.values()}) == 4


@settings(max_examples=60, deadline=None)
@given(st.integers(12, 60), st.integers(8, 10), st.randoms(use_true_random=False), st.data())
def test_1804_b2_tables_stay_balanced_after_any_eliminations(
    players: int, size: int, rng: random.Random, data: st.DataObject
) -> None:
    count = tables_needed(players, size)
    tables = {t: size for t in range(1, count + 1)}
    seating = initial_draw(list(range(players)), tables, rng)
    remaining = set(range(players))
    while len(remaining) > 1:
        out = data.draw(st.sampled_from(sorted(remaining)))
        remaining.discard(out)
        del seating[out]
        while len(tables) > tables_needed(len(remaining), size):
            broken = max(tables)
            for move in break_table(seating, tables, broken, rng):
                seating[move.player] = move.target
            del tables[broken]
        buttons = {t: min((s for tt, s in seating.values() if tt == t), default=1) for t in tables}
        for move in balance(seating, tables, buttons):
            seating[move.player] = move.target
        check(seating, remaining, tables)
