"""The showdown helper: hands ranked by pokerkit per ch. 18's ranking (28 Del. C. ch. 18, hand ranking
¶(1)-(9); §1815(2) the cards speak), ties sharing a place, bad cards refused (§1815(1)), and the order
of showing (§1816). Cross-checked against pokerkit's own comparison on random deals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from pokerkit import StandardHighHand

from poker.rules.showdown import odd_chip_order, rank, show_order, showdown_refusal

DECK = [r + s for r in "23456789TJQKA" for s in "cdhs"]


def test_ch18_ranking_straight_flush_beats_four_of_a_kind_and_ties_share() -> None:
    found = rank("9h Th Jh 9c 9d", {1: "QhKh", 4: "9s2c", 6: "AcAd", 8: "AhAs"})
    assert [(r.seat, r.label, r.place) for r in found] == [
        (1, "Straight flush", 1),
        (4, "Four of a kind", 2),
        (6, "Full house", 3),
        (8, "Full house", 3),
    ]


def test_1815_1_a_hand_with_too_few_or_repeated_cards_is_refused() -> None:
    assert showdown_refusal("9h Th Jh 9c 9d", {1: "QhKh"}) is None
    refused = showdown_refusal("9h Th Jh 9c", {1: "QhKh"})
    assert refused is not None and refused.field == "board" and refused.rule == "28 Del. C. §1815(1)"
    assert showdown_refusal("9h Th Jh 9c 9d", {1: "Qh"}).field == "hands.1"  # type: ignore[union-attr]
    assert showdown_refusal("9h Th Jh 9c 9d", {1: "QhQh"}).code == "card_twice"  # type: ignore[union-attr]
    assert showdown_refusal("9h Th Jh 9c 9d", {1: "ZzQh"}).code == "bad_cards"  # type: ignore[union-attr]


def test_1816_last_raiser_shows_first_else_first_to_act_then_clockwise() -> None:
    assert show_order([2, 5, 7, 9], button=5, table_size=9, last_aggressor=9) == [9, 2, 5, 7]
    assert show_order([2, 5, 7, 9], button=5, table_size=9, last_aggressor=None) == [7, 9, 2, 5]
    assert odd_chip_order([2, 7], button=5, table_size=9) == [7, 2]


@settings(max_examples=80, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(2, 9))
def test_ranking_agrees_with_pokerkit_on_random_deals(rng: random.Random, players: int) -> None:
    cards = rng.sample(DECK, 5 + 2 * players)
    board = "".join(cards[:5])
    hands = {seat + 1: cards[5 + 2 * seat] + cards[6 + 2 * seat] for seat in range(players)}
    assert showdown_refusal(board, hands) is None
    found = rank(board, hands)
    direct = {seat: StandardHighHand.from_game(hand, board) for seat, hand in hands.items()}
    for better, worse in zip(found, found[1:], strict=False):
        assert direct[better.seat] >= direct[worse.seat]
        assert (better.place == worse.place) == (direct[better.seat] == direct[worse.seat])
