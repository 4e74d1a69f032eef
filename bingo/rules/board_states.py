"""What the TV flashboard shows, read from plain values: the state of the room (welcome, a game announced,
calling, a bingo being checked, the winners, the next game, an intermission, closed), how a game is named on
it, and the last balls. 10 DE Admin Code 101-4.12 (every number visible to all players), 4.13 (the
arrangement described before each game), 4.27 and 4.11 (the winner determined, the prize divided).

A state is decided when the board event is written; after a game closes the TV moves on by itself, the
winners first, then the next game, then an intermission when no game has started for a while, so the
snapshot carries its stages with the seconds after which each one begins."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

WINNERS_SECONDS = 30
INTERMISSION_SECONDS = 180
LAST_BALLS = 5
WINNER_FACES = 4


class BoardState(StrEnum):
    """What the room sees on the TV."""

    WELCOME = "welcome"
    ANNOUNCED = "announced"
    CALLING = "calling"
    BREAK_OPEN = "break_open"
    CHECKING = "checking"
    WINNERS = "winners"
    NEXT_GAME = "next_game"
    INTERMISSION = "intermission"
    CLOSED = "closed"


@dataclass(frozen=True)
class Stage:
    """A state the board shows from `after_seconds` after its event."""

    after_seconds: int
    state: BoardState


def board_stages(
    occasion_status: str,
    game_status: str | None,
    kind: str,
    calls: int,
    held: bool = False,
    winners: int = 0,
    next_game: int | None = None,
) -> tuple[Stage, ...]:
    """10 DE Admin Code 101-4.12, 4.13, 4.27 and 4.11: the states the board shows from this event on,
    for the occasion's status, the shown game's status (None before the first game), its kind, its
    number of calls, whether the caller holds the calls for a claim, its winners (verified claims or
    U Pick Em tickets on the last call) and the number of the next game on the program.

    Before the first game, and once the occasion is closed:

    >>> board_stages("scheduled", None, "regular", 0)
    (Stage(after_seconds=0, state=<BoardState.WELCOME: 'welcome'>),)
    >>> board_stages("closed", "closed", "regular", 30, winners=2)[0].state.value
    'closed'

    A game in play: announced before its first ball (4.13), then called; a break-open game shows its
    posted numbers (4.29.1); a claim being checked holds the board (4.27); a verified winner shows.

    >>> [board_state("running", "in_play", kind, calls) for kind, calls in
    ...  (("regular", 0), ("regular", 12), ("break_open", 10))]
    [<BoardState.ANNOUNCED: 'announced'>, <BoardState.CALLING: 'calling'>, <BoardState.BREAK_OPEN: 'break_open'>]
    >>> board_state("running", "in_play", "regular", 12, held=True)
    <BoardState.CHECKING: 'checking'>
    >>> board_state("running", "in_play", "regular", 12, held=True, winners=1)
    <BoardState.WINNERS: 'winners'>

    After a close: the winners, then the next game, then an intermission if no game has started.

    >>> [(s.after_seconds, s.state.value) for s in board_stages("running", "closed", "regular", 40, winners=3,
    ...                                                          next_game=2)]
    [(0, 'winners'), (30, 'next_game'), (180, 'intermission')]
    >>> [(s.after_seconds, s.state.value) for s in board_stages("running", "closed", "regular", 40, next_game=2)]
    [(0, 'next_game'), (180, 'intermission')]
    >>> [(s.after_seconds, s.state.value) for s in board_stages("running", "closed", "regular", 40, winners=1)]
    [(0, 'winners'), (30, 'intermission')]
    """
    if occasion_status == "closed":
        return (Stage(0, BoardState.CLOSED),)
    if game_status is None:
        return (Stage(0, BoardState.WELCOME),)
    if game_status == "in_play":
        if winners:
            return (Stage(0, BoardState.WINNERS),)
        if held:
            return (Stage(0, BoardState.CHECKING),)
        if kind == "break_open":
            return (Stage(0, BoardState.BREAK_OPEN),)
        return (Stage(0, BoardState.ANNOUNCED if calls == 0 else BoardState.CALLING),)
    stages = [Stage(0, BoardState.WINNERS)] if winners else []
    if next_game is not None:
        stages.append(Stage(WINNERS_SECONDS if winners else 0, BoardState.NEXT_GAME))
        stages.append(Stage(INTERMISSION_SECONDS, BoardState.INTERMISSION))
    else:
        stages.append(Stage(WINNERS_SECONDS if winners else 0, BoardState.INTERMISSION))
    return tuple(stages)


def board_state(
    occasion_status: str,
    game_status: str | None,
    kind: str,
    calls: int,
    held: bool = False,
    winners: int = 0,
    next_game: int | None = None,
    shown_for: float = 0.0,
) -> BoardState:
    """10 DE Admin Code 101-4.12, 4.13, 4.27 and 4.11: the state the board shows `shown_for` seconds after
    its event (the last of `board_stages` begun by then).

    >>> board_state("running", "closed", "regular", 40, winners=3, next_game=2, shown_for=29.9)
    <BoardState.WINNERS: 'winners'>
    >>> board_state("running", "closed", "regular", 40, winners=3, next_game=2, shown_for=30)
    <BoardState.NEXT_GAME: 'next_game'>
    >>> board_state("running", "closed", "regular", 40, winners=3, next_game=2, shown_for=600)
    <BoardState.INTERMISSION: 'intermission'>
    """
    stages = board_stages(occasion_status, game_status, kind, calls, held, winners, next_game)
    return [s for s in stages if s.after_seconds <= shown_for][-1].state


def game_label(kind: str, pattern_name: str, pick_count: int | None) -> str:
    """10 DE Admin Code 101-4.13 and 4.30.1: what every screen (the TV, the caller's console, the
    verifier's tablet) names a game's arrangement. A U Pick Em game is won by the player's own numbers,
    not by a pattern on a card, so it is named by how many are picked; a break-open game (4.29) and the
    cookie-jar final (4.31.5) say what they are.

    >>> game_label("regular", "Any row", None)
    'Any row'
    >>> game_label("u_pick_em", "Blackout", 8)
    'U Pick Em, pick 8'
    >>> game_label("break_open", "Any row", None), game_label("cookie_jar_final", "Blackout", None)
    ('Any row (break-open)', 'Blackout (cookie jar final)')
    >>> game_label("cookie_jar_final", "Cookie jar final blackout", None)
    'Cookie jar final blackout'
    """
    if kind == "u_pick_em":
        return f"U Pick Em, pick {pick_count}"
    if kind == "break_open":
        return f"{pattern_name} (break-open)"
    if kind == "cookie_jar_final" and "cookie jar" not in pattern_name.lower():
        return f"{pattern_name} (cookie jar final)"
    return pattern_name


def how_to_win(kind: str, pattern_announcement: str, pick_count: int | None) -> str:
    """10 DE Admin Code 101-4.13 and 4.30.1.8: how the game is won, as the caller announces it before it
    begins: the pattern's own description, or for U Pick Em the player's numbers all called.

    >>> how_to_win("u_pick_em", "Cover the entire card: all 24 numbers.", 8)
    'The first player with all 8 of their own numbers called wins.'
    >>> how_to_win("regular", "Cover the four corner squares.", None)
    'Cover the four corner squares.'
    """
    if kind == "u_pick_em":
        return f"The first player with all {pick_count} of their own numbers called wins."
    return pattern_announcement


def draws_a_card(kind: str) -> bool:
    """10 DE Admin Code 101-4.30.1: a U Pick Em game has no arrangement on a card to draw (a player wins
    when all of their picked numbers are called); every other game shows its pattern (4.13).

    >>> draws_a_card("u_pick_em"), draws_a_card("regular"), draws_a_card("break_open")
    (False, True, True)
    """
    return kind != "u_pick_em"


def last_balls(calls: Sequence[int], count: int = LAST_BALLS) -> list[int]:
    """10 DE Admin Code 101-4.12: the last numbers called, newest first, for the strip beside the board.

    >>> last_balls([5, 19, 38, 52, 70, 3])
    [3, 70, 52, 38, 19]
    >>> last_balls([7])
    [7]
    """
    return list(reversed(calls[-count:])) if count > 0 else []
