"""Prize splits when several win on the call of the same number (10 DE Admin Code 101-4.11), and
the end-of-game announcement (101-4.6).

Settled reading (DESIGN.md): money is divided in cents as equally as possible, shares differing by
at most one cent and summing exactly to the prize, the extra cents to the earliest verified claims.
House rules may split in whole dollars, and per player instead of per face. Merchandise goes to one
winner drawn by a recorded RNG draw; the others qualify for a later game or drawing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from shared.core.money import format_cents


@dataclass(frozen=True)
class Winner:
    """One valid claim, in the order it was verified. `player` groups faces held by one player."""

    claim_id: int
    player: str


def _even(total: int, ways: int, unit: int) -> list[int]:
    """Split `total` into `ways` shares in multiples of `unit`, earliest shares larger; any amount
    below one unit goes to the first share so the shares still sum exactly."""
    units, odd = divmod(total, unit)
    base, extra = divmod(units, ways)
    shares = [(base + (1 if i < extra else 0)) * unit for i in range(ways)]
    shares[0] += odd
    return shares


def split_money(
    prize_cents: int, winners: Sequence[Winner], whole_dollars: bool = False, per_player: bool = False
) -> dict[int, int]:
    """10 DE Admin Code 101-4.11: the share of each claim (claim id → cents). Per player, a player's
    share goes to their earliest claim and their other faces get nothing extra.

    >>> three = [Winner(1, "Ann"), Winner(2, "Bo"), Winner(3, "Cy")]
    >>> split_money(35_000, three)
    {1: 11667, 2: 11667, 3: 11666}
    >>> split_money(35_000, three, whole_dollars=True)
    {1: 11700, 2: 11700, 3: 11600}
    >>> split_money(10_000, [Winner(1, "Ann"), Winner(2, "Ann"), Winner(3, "Bo")], per_player=True)
    {1: 5000, 2: 0, 3: 5000}
    """
    if not winners:
        return {}
    if per_player:
        firsts: dict[str, Winner] = {}
        for winner in winners:
            firsts.setdefault(winner.player, winner)
        payees = list(firsts.values())
    else:
        payees = list(winners)
    shares = _even(prize_cents, len(payees), 100 if whole_dollars else 1)
    result = {w.claim_id: 0 for w in winners}
    for winner, share in zip(payees, shares):
        result[winner.claim_id] = share
    return result


@dataclass(frozen=True)
class MerchandiseDraw:
    """10 DE Admin Code 101-4.11: one winner of a non-money prize, the others recorded as qualified
    for a later game or drawing."""

    winner: int
    qualified: tuple[int, ...]


def draw_merchandise(winners: Sequence[Winner], rng: random.Random) -> MerchandiseDraw:
    """10 DE Admin Code 101-4.11: a non-money prize goes to a single winner, here drawn by a recorded RNG
    draw (the house rule, DESIGN.md); the other winners are qualified for a later game or drawing. The RNG
    comes in.

    >>> drawn = draw_merchandise([Winner(1, "Ann"), Winner(2, "Bo"), Winner(3, "Cy")], random.Random(3))
    >>> sorted([drawn.winner, *drawn.qualified]), len(drawn.qualified)
    ([1, 2, 3], 2)
    """
    ids = [w.claim_id for w in winners]
    chosen = rng.choice(ids)
    return MerchandiseDraw(chosen, tuple(i for i in ids if i != chosen))


def announcement(game_number: int, shares: Sequence[int]) -> str:
    """10 DE Admin Code 101-4.6: at the end of each game, the number of winners and the amount paid
    to each, e.g. "Game 7: 3 winners: $116.67, $116.67, $116.66".

    >>> announcement(7, [11_667, 11_667, 11_666])
    'Game 7: 3 winners: $116.67, $116.67, $116.66'
    >>> announcement(8, [])
    'Game 8: no winner.'
    """
    if not shares:
        return f"Game {game_number}: no winner."
    paid = [s for s in shares if s > 0]
    noun = "winner" if len(paid) == 1 else "winners"
    return f"Game {game_number}: {len(paid)} {noun}: " + ", ".join(format_cents(s) for s in paid)
