"""Main and side pots from all-in amounts (28 Del. C. §1801(2), §1804 A(7), A(9)), built and ranked by
pokerkit: folded chips stay in and win nothing, each pot goes to the best hand among those who paid
into it, ties split with the odd chip to the first winner left of the button."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from poker.rules.pots import Pot, Settlement, Stake, pots_refusal, settle
from poker.rules.seating import clockwise

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_1804_a9_short_all_in_wins_only_the_main_pot() -> None:
    stakes = [Stake(1, 100, "AsAd"), Stake(3, 300, "KsKd"), Stake(5, 300, None), Stake(7, 51, "2c7d")]
    assert settle("2h3h4s9cTc", stakes, button=9, table_size=9).pots == (
        Pot(204, (1, 3, 7), ((1, 204),)),
        Pot(147, (1, 3), ((1, 147),)),
        Pot(400, (3,), ((3, 400),)),
    )


def test_1804_a7_split_pot_odd_chip_to_first_winner_left_of_button() -> None:
    stakes = [Stake(1, 51, "AsKs"), Stake(3, 51, "AdKd"), Stake(5, 51, "6s7s")]
    assert settle("AhKhQh2c3d", stakes, button=2, table_size=9).pots == (Pot(153, (3, 5, 1), ((3, 77), (1, 76))),)
    assert settle("AhKhQh2c3d", stakes, button=3, table_size=9).pots == (Pot(153, (5, 1, 3), ((1, 77), (3, 76))),)


def test_1804_a7_each_pot_splits_on_its_own() -> None:
    stakes = [Stake(1, 101, "AsKs"), Stake(3, 50, "AdKd"), Stake(5, 101, "6s7s")]
    assert settle("AhKhQh2c3d", stakes, button=4, table_size=9) == Settlement(
        (Pot(150, (5, 1, 3), ((1, 75), (3, 75))), Pot(102, (5, 1), ((1, 102),))), None
    )


def test_1801_2_chips_nobody_called_go_back_to_their_owner() -> None:
    stakes = [Stake(2, 300, "AsKs"), Stake(4, 120, "7d7c")]
    assert settle("AhKhQh2c3d", stakes, button=4, table_size=9) == Settlement(
        (Pot(240, (2, 4), ((2, 240),)),), (2, 180)
    )


def test_1815_everyone_else_folded_takes_every_pot_without_a_contest() -> None:
    assert settle("2h3h4s9cTc", [Stake(1, 100, "7s2d"), Stake(3, 100, None), Stake(5, 60, None)], 9, 9).pots == (
        Pot(260, (1,), ((1, 260),)),
    )


def test_1804_a9_bad_stakes_are_refused_with_the_field() -> None:
    board = "2h3h4s9cTc"
    assert pots_refusal(board, [Stake(1, 100, "AsAd")], 9).code == "too_few_players"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, "AsAd"), Stake(10, 5, "KsKd")], 9).field == "stakes.1.seat"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, "AsAd"), Stake(2, 0, "KsKd")], 9).field == "stakes.1.chips"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, "AsAd"), Stake(1, 5, "KsKd")], 9).code == "seat_twice"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, None), Stake(2, 5, None)], 9).code == "no_hands"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, "AsAd"), Stake(2, 500, None)], 9).code == "uncalled_chips"  # type: ignore[union-attr]
    assert pots_refusal(board, [Stake(1, 100, "AsAd"), Stake(2, 50, "AsKd")], 9).code == "card_twice"  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 9), st.integers(1, 9))
def test_1804_a9_pots_agree_with_pokerkit_hands_on_random_all_ins(
    rng: random.Random, players: int, button: int
) -> None:
    cards = rng.sample(DECK, 5 + 2 * players)
    board = "".join(cards[:5])
    seats = rng.sample(range(1, 10), players)
    folded = set(rng.sample(seats, rng.randint(0, players - 1)))
    stakes = [
        Stake(seat, rng.choice([25, 50, 75, 101, 300]), None if seat in folded else cards[5 + 2 * i] + cards[6 + 2 * i])
        for i, seat in enumerate(seats)
    ]
    if pots_refusal(board, stakes, 9) is not None:
        return
    settled = settle(board, stakes, button, 9)
    pots = settled.pots
    top, second = sorted((s.chips for s in stakes), reverse=True)[:2]
    assert settled.returned == (None if top == second else (max(stakes, key=lambda s: s.chips).seat, top - second))
    assert sum(p.amount for p in pots) + (settled.returned[1] if settled.returned else 0) == sum(
        s.chips for s in stakes
    )
    hands = {s.seat: StandardHighHand.from_game(s.hand, board) for s in stakes if s.hand}
    chips = {s.seat: s.chips for s in stakes}
    for pot in pots:
        assert set(pot.eligible) <= set(hands)
        best = max(hands[seat] for seat in pot.eligible)
        winners = [seat for seat, _ in pot.won]
        assert set(winners) == {seat for seat in pot.eligible if hands[seat] == best}
        assert sum(amount for _, amount in pot.won) == pot.amount
        first, *rest = [amount for _, amount in pot.won]
        assert len(set(rest)) <= 1 and 0 <= first - min([first, *rest]) < len(pot.won), (
            "TDA 20: the odd chips to the first winner"
        )
        assert pot.won[0][0] == clockwise(button, winners, 9)[0]
    for seat, stake in chips.items():
        won = sum(a for p in pots for s, a in p.won if s == seat)
        covered = sum(min(stake, other) for other in chips.values())
        assert won <= covered


def test_1804_a9_tda_20_every_odd_chip_goes_to_the_first_winner_left_of_the_button() -> None:
    """Found by the random test in CI: the board is a straight, six players share a pot of 525, and the
    three odd chips all go to the first winner left of the button (TDA rule 20), not one each."""
    stakes = [
        Stake(6, 300, None),
        Stake(7, 75, "8c8d"),
        Stake(2, 75, "Js2h"),
        Stake(8, 300, "8h2d"),
        Stake(5, 75, "3h2c"),
        Stake(3, 300, "Kh9h"),
        Stake(9, 300, "ThJd"),
    ]
    main = settle("8sTs9dJc7d", stakes, 2, 9).pots[0]
    assert main.amount == 525 and main.won == ((3, 90), (5, 87), (7, 87), (8, 87), (9, 87), (2, 87))
