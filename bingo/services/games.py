"""Finding a game of a given kind on an occasion's program, and the occasion and its games as the gates of play
read them."""

from __future__ import annotations

from bingo.models import Game, Occasion
from bingo.rules.limits import GameKind
from bingo.rules.play import GameState, OccasionState, game_kind_refusal
from shared.platform.service_kit import check


def game_of_kind(occasion: Occasion, number: int, kind: GameKind, rule: str) -> Game:
    """The occasion's game `number`, refused with 404 when the program has no such game of that kind."""
    game = next((g for g in occasion.games if g.number == number), None)
    check(game_kind_refusal(number, game.kind if game is not None else None, kind, rule))
    assert game is not None  # refused above
    return game


def occasion_state(occasion: Occasion) -> OccasionState:
    """The occasion as the gates of play (bingo.rules.play) read it."""
    return OccasionState(
        occasion.status,
        occasion.started_at,
        occasion.cookie_jar_number is not None,
        occasion.training,
        occasion.jar_settings is not None,
    )


def game_states(occasion: Occasion) -> list[GameState]:
    """The program's games as the gates of play read them."""
    return [GameState(g.number, g.status) for g in occasion.games]
