"""28 Del. C. §1801(2), §1804 A(7), A(9): main and side pots when players are all-in, and who wins
each, settled by pokerkit on a replayed hand. We own seats and the button; pokerkit owns hands and
pots: every player's chips for the hand go in as an ante of their whole stack (trimmed, so unequal
amounts form side pots), players who folded muck at the showdown (their chips stay in, they win
nothing), and pokerkit builds the pots and ranks the hands. Each pot is split on its own (its odd
chip is not carried into the next pot): equal best hands share it, the odd chip
to the first winner left of the button. Players enter pokerkit clockwise from that seat, so "first"
is pokerkit's player order. pokerkit is imported where a hand is settled, not when the hall starts
(issue 21: cold start).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from poker.rules.seating import clockwise
from poker.rules.showdown import showdown_refusal
from shared.core.violations import Violation

RULE = "28 Del. C. §1804 A(7), A(9)"


@dataclass(frozen=True)
class Stake:
    """One player's chips in this hand; `hand` is None for a player who folded."""

    seat: int
    chips: int
    hand: str | None


@dataclass(frozen=True)
class Pot:
    """A main or side pot: how much, who could win it, and what each winner takes."""

    amount: int
    eligible: tuple[int, ...]
    won: tuple[tuple[int, int], ...]


def pots_refusal(board: str, stakes: Sequence[Stake], table_size: int) -> Violation | None:
    """28 Del. C. §1804 A(7), A(9): the pots to settle: seats on the table, once each, chips put in, at
    least one hand still in, and no folded player over the most put in by a hand still in (chips nobody
    called go back, so only the called amount is entered).

    >>> board = "2c 7d 9h Js Kc"
    >>> pots_refusal(board, [Stake(1, 100, "AsAh"), Stake(4, 300, "KdKh")], 9) is None
    True
    >>> pots_refusal(board, [Stake(1, 100, "AsAh"), Stake(4, 300, None)], 9).code
    'uncalled_chips'
    >>> pots_refusal(board, [Stake(1, 100, "AsAh"), Stake(1, 100, "KdKh")], 9).code
    'seat_twice'
    """
    seats = [s.seat for s in stakes]
    if len(stakes) < 2:
        return Violation("too_few_players", "A pot needs at least two players' chips.", RULE, "stakes", 422)
    for index, stake in enumerate(stakes):
        if not 1 <= stake.seat <= table_size:
            return Violation(
                "not_a_seat",
                f"Seat {stake.seat} is not at a {table_size}-seat table.",
                None,
                f"stakes.{index}.seat",
                422,
            )
        if stake.chips <= 0:
            return Violation("no_chips", "Each player listed put chips in the pot.", RULE, f"stakes.{index}.chips", 422)
    if len(set(seats)) != len(seats):
        return Violation("seat_twice", "A seat is listed twice.", None, "stakes", 422)
    shown = {s.seat: s.hand for s in stakes if s.hand is not None}
    if not shown:
        return Violation("no_hands", "At least one player is still in the hand.", RULE, "stakes", 422)
    if max(s.chips for s in stakes if s.hand is not None) < max(s.chips for s in stakes):
        return Violation(
            "uncalled_chips",
            "A player who folded put in more than anyone still in the hand; chips nobody called "
            "go back to their owner, so enter only the called amount.",
            RULE,
            "stakes",
            422,
        )
    return showdown_refusal(board, shown)


def _unused(board: str, hands: Sequence[str]) -> list[str]:
    """Cards nobody holds, dealt face down to the players who folded (they muck them unseen)."""
    from pokerkit import Card

    taken = {repr(c) for c in Card.parse((board + "".join(hands)).replace(" ", ""))}
    return [card for rank in "23456789TJQKA" for suit in "cdhs" if (card := rank + suit) not in taken]


@dataclass(frozen=True)
class Settlement:
    """The pots in order (main first) and any chips nobody called, which go back to their owner."""

    pots: tuple[Pot, ...]
    returned: tuple[int, int] | None


def settle(board: str, stakes: Sequence[Stake], button: int, table_size: int) -> Settlement:
    """28 Del. C. §1801(2), §1804 A(7), A(9): the main pot first, then each side pot: who could win it
    (still in and paid into it) and the chips each winner takes, the odd chip to the first winner left of
    the button (TDA rule 20). Call `pots_refusal` first.

    >>> board = "2c 7d 9h Js Kc"
    >>> allin = settle(board, [Stake(1, 100, "AsAh"), Stake(4, 300, "KdKh"), Stake(6, 300, "QsQh")], 9, 9)
    >>> [(pot.amount, pot.eligible, pot.won) for pot in allin.pots]
    [(300, (1, 4, 6), ((4, 300),)), (400, (4, 6), ((4, 400),))]
    >>> split = settle(board, [Stake(2, 75, "AsKd"), Stake(5, 75, "AhKh"), Stake(7, 75, None)], 2, 9)
    >>> split.pots[0].won
    ((5, 113), (2, 112))
    >>> settle(board, [Stake(2, 100, "AsKd"), Stake(5, 60, None)], 1, 9).returned
    (2, 40)
    """
    from pokerkit import Automation, NoLimitTexasHoldem

    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING)
    order = clockwise(button, [s.seat for s in stakes], table_size)
    by_seat = {s.seat: s for s in stakes}
    chips = tuple(by_seat[seat].chips for seat in order)
    state = NoLimitTexasHoldem.create_state(automations, True, chips, (0, 0), 1, chips, len(order))
    spare = iter(_unused(board, [s.hand for s in stakes if s.hand]))
    for seat in order:
        state.deal_hole(by_seat[seat].hand or next(spare) + next(spare))
    while state.can_show_or_muck_hole_cards():
        state.show_or_muck_hole_cards(by_seat[order[state.showdown_index or 0]].hand is not None)
    cards = board.replace(" ", "")
    contested = sum(s.hand is not None for s in stakes) > 1
    for start, end in ((0, 6), (6, 8), (8, 10)):
        if contested and state.can_burn_card():
            state.burn_card("??")
            state.deal_board(cards[start:end])
    hands = {i: hand for i, hand in enumerate(state.get_up_hands(0, 0)) if hand is not None} if contested else {}
    found: list[Pot] = []
    for pot in state.pots:
        best = max(hands[i] for i in pot.player_indices) if contested else None
        winners = [order[i] for i in pot.player_indices if not contested or hands[i] == best]
        share, odd = divmod(pot.amount, len(winners))
        found.append(
            Pot(
                pot.amount,
                tuple(order[i] for i in pot.player_indices),
                tuple((seat, share + (odd if seat == winners[0] else 0)) for seat in winners),
            )
        )
    uncalled = sum(chips) - sum(p.amount for p in found)
    return Settlement(tuple(found), (max(stakes, key=lambda s: s.chips).seat, uncalled) if uncalled else None)
