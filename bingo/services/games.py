"""Finding a game of a given kind on an occasion's program, for the services that act on one kind."""
from __future__ import annotations

from bingo.limits import GameKind
from bingo.models import Game, Occasion
from shared.violations import refuse


def game_of_kind(occasion: Occasion, number: int, kind: GameKind, rule: str) -> Game:
    """The occasion's game `number`, refused with 404 when the program has no such game of that kind."""
    game = next((g for g in occasion.games if g.number == number), None)
    if game is None or game.kind != kind.value:
        label = kind.value.replace("_", " ")
        raise refuse(f"not_{kind.value}_game", f"Game {number} is not a {label} game on this program.", rule, "game_number", 404)
    return game
