"""The showdown helper for a dealer or director settling a dispute: who must show first (28 Del. C.
§1816), and which hand wins (ch. 18's hand ranking ¶(1)-(9), the cards speaking for themselves,
§1815(2)), evaluated by pokerkit, never by hand-written code. We own seats and the button; pokerkit
owns hands. pokerkit is imported where a hand is read, not when the hall starts (issue 21: cold start).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from poker.rules.seating import clockwise
from shared.core.violations import Violation

if TYPE_CHECKING:
    from pokerkit import Card

RULE = "28 Del. C. §1815(1)"


@dataclass(frozen=True)
class Ranked:
    seat: int
    hand: str
    label: str
    place: int


def _cards(text: str, field: str) -> list[Card]:
    from pokerkit import Card

    try:
        cards = list(Card.parse(text.replace(" ", "")))
    except (ValueError, KeyError):
        raise ValueError(f"{field}: {text!r} is not a list of cards such as AsKd") from None
    if any(c.unknown_status for c in cards):
        raise ValueError(f"{field}: {text!r} has an unknown card")
    return cards


def showdown_refusal(board: str, hands: Mapping[int, str]) -> Violation | None:
    """28 Del. C. §1815(1): a hand with too many or too few cards is dead, so the board is five cards, each
    hand two, and no card appears twice.

    >>> showdown_refusal("2c 7d 9h Js Kc", {1: "AsAh", 4: "KdKh"}) is None
    True
    >>> showdown_refusal("2c 7d 9h Js Kc", {1: "AsAh", 4: "AsKh"}).code
    'card_twice'
    >>> showdown_refusal("2c 7d 9h", {1: "AsAh"}).message
    'a showdown has five community cards'
    """
    try:
        board_cards = _cards(board, "board")
        seen = [repr(c) for c in board_cards]
        if len(board_cards) != 5:
            raise ValueError("board: a showdown has five community cards")
        for seat, hand in hands.items():
            cards = _cards(hand, f"hands.{seat}")
            if len(cards) != 2:
                raise ValueError(f"hands.{seat}: a Hold'em hand is two cards")
            seen += [repr(c) for c in cards]
    except ValueError as exc:
        field, _, message = str(exc).partition(": ")
        return Violation("bad_cards", message, RULE, field, 422)
    if len(hands) < 1:
        return Violation("no_hands", "Enter at least one hand shown.", RULE, "hands", 422)
    if len(set(seen)) != len(seen):
        return Violation("card_twice", "A card appears twice.", RULE, "hands", 422)
    return None


def rank(board: str, hands: Mapping[int, str]) -> list[Ranked]:
    """28 Del. C. ch. 18, hand ranking ¶(1)-(9), and §1815(2), the cards speak for themselves: best hand
    first, evaluated by pokerkit; equal hands share a place (they split the pot).

    >>> [(r.seat, r.label, r.place) for r in rank("2c 7d 9h Js Kc", {1: "AsAh", 4: "KdKh", 6: "AdAc"})]
    [(4, 'Three of a kind', 1), (1, 'One pair', 2), (6, 'One pair', 2)]
    """
    from pokerkit import StandardHighHand

    evaluated = {
        seat: StandardHighHand.from_game(hand.replace(" ", ""), board.replace(" ", "")) for seat, hand in hands.items()
    }
    order = sorted(evaluated, key=lambda s: (evaluated[s], -s), reverse=True)
    found: list[Ranked] = []
    for seat in order:
        hand = evaluated[seat]
        place = found[-1].place if found and evaluated[found[-1].seat] == hand else len(found) + 1
        found.append(Ranked(seat, str(hand), hand.entry.label.value, place))
    return found


def show_order(seats: Sequence[int], button: int, table_size: int, last_aggressor: int | None) -> list[int]:
    """28 Del. C. §1816(1)-(4): the last bettor or raiser on the final round shows first; if the round
    was checked through, the first player to act (the first seat after the button); then clockwise.

    >>> show_order([2, 5, 7], button=5, table_size=9, last_aggressor=None)
    [7, 2, 5]
    >>> show_order([2, 5, 7], button=5, table_size=9, last_aggressor=2)
    [2, 5, 7]
    """
    first = (
        last_aggressor
        if last_aggressor is not None and last_aggressor in seats
        else clockwise(button, seats, table_size)[0]
    )
    return [first, *clockwise(first, [s for s in seats if s != first], table_size)]


def odd_chip_order(winners: Sequence[int], button: int, table_size: int) -> list[int]:
    """TDA rule 20 (ch. 18 as enacted says nothing on odd chips): when a pot splits unevenly, the odd chip
    goes to the first winner left of the button.

    >>> odd_chip_order([2, 7], button=5, table_size=9)
    [7, 2]
    """
    return clockwise(button, winners, table_size)
