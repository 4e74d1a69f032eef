"""U Pick Em, 10 DE Admin Code 101-4.30: picking, quick picks, the printed layout and winner search."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bingo.rules.faces import column_of
from bingo.rules.upick import (
    PickIndex,
    Ticket,
    by_column,
    count_refusal,
    new_ticket_code,
    pick_refusal,
    quick_pick,
    ticket_layout,
)


def test_4_30_1_1_numbers_from_1_to_75() -> None:
    refusal = pick_refusal([0, 5, 20], 3)
    assert (
        refusal is not None
        and refusal.code == "number_out_of_range"
        and refusal.rule == "10 DE Admin Code 101-4.30.1.1"
    )
    assert pick_refusal([76, 5, 20], 3) is not None


def test_4_30_1_1_sixth_number_in_a_column_is_refused() -> None:
    refusal = pick_refusal([1, 2, 3, 4, 5, 6], 6)
    assert refusal is not None and refusal.code == "too_many_in_column" and "column B" in refusal.message
    assert pick_refusal([1, 2, 3, 4, 5, 16], 6) is None


def test_4_30_1_2_duplicate_number_voids_the_face() -> None:
    refusal = pick_refusal([7, 7, 20], 3)
    assert (
        refusal is not None and refusal.code == "duplicate_number" and refusal.rule == "10 DE Admin Code 101-4.30.1.2"
    )


def test_4_30_1_5_exactly_the_games_count() -> None:
    refusal = pick_refusal([1, 20, 40], 4)
    assert refusal is not None and refusal.code == "wrong_count"
    assert count_refusal(0) is not None and count_refusal(26) is not None and count_refusal(25) is None


@given(st.integers(1, 25), st.integers(0, 2**32))
def test_4_30_1_1_quick_picks_always_satisfy_the_column_rule(count: int, seed: int) -> None:
    picked = quick_pick(count, random.Random(seed))
    assert pick_refusal(picked, count) is None
    assert all(sum(1 for n in picked if column_of(n) == c) <= 5 for c in range(5))


def test_4_30_1_3_ticket_shows_numbers_under_their_letters() -> None:
    assert by_column([75, 1, 33, 16, 2]) == [[1, 2], [16], [33], [], [75]]
    assert ticket_layout([75, 1, 33, 16, 2]).splitlines() == [
        " B   I   N   G   O",
        " 1  16  33      75",
        " 2                ",
    ]


def test_ticket_codes_are_unique_and_scanner_friendly() -> None:
    codes = {new_ticket_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(c.startswith("UP-") and len(c) == 13 and not set(c[3:]) & set("O0I1") for c in codes)


def test_4_30_1_8_first_to_cover_wins_and_ties_on_the_call_split() -> None:
    tickets = [Ticket("A", (1, 2, 3)), Ticket("B", (3, 4, 1)), Ticket("C", (1, 2, 60))]
    index = PickIndex(tickets)
    assert index.call(1) == [] and index.call(2) == [] and index.call(4) == []
    assert {t.code for t in index.call(3)} == {"A", "B"}


@settings(deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 10))
def test_4_30_1_7_automatic_winners_agree_with_brute_force(seed: int, count: int) -> None:
    rng = random.Random(seed)
    tickets = [Ticket(str(i), tuple(quick_pick(count, rng))) for i in range(200)]
    calls = rng.sample(range(1, 76), 75)
    winners = {t.code for t in PickIndex(tickets).replay(calls)}
    first = next(n for n in range(1, 76) if any(set(t.numbers) <= set(calls[:n]) for t in tickets))
    expected = {t.code for t in tickets if set(t.numbers) <= set(calls[:first])}
    assert winners == expected


@settings(deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 25), st.integers(0, 40), st.integers(1, 75))
def test_4_30_1_8_winners_of_a_drawing_agree_with_checking_every_ticket(
    seed: int, count: int, tickets: int, called: int
) -> None:
    """Issue 21: the index answers from the calls alone, so a corrected last call or another process asking
    afresh gets the tickets covered now that were not covered before the latest ball, as a plain check of
    every ticket finds them (ticket counts on both sides of a lane's eight)."""
    rng = random.Random(seed)
    sold = [Ticket(str(i), tuple(quick_pick(count, rng))) for i in range(tickets)]
    calls = rng.sample(range(1, 76), called)
    index = PickIndex(sold)
    before, last = calls[:-1], calls[-1]
    plain = [t for t in sold if set(t.numbers) <= set(calls) and not set(t.numbers) <= set(before)]
    assert index.completed_by(calls, [last]) == plain
    corrected = [*before, next(b for b in range(1, 76) if b not in calls)] if called < 75 else calls
    assert index.completed_by(corrected, corrected[-1:]) == [
        t for t in sold if set(t.numbers) <= set(corrected) and not set(t.numbers) <= set(before)
    ]
