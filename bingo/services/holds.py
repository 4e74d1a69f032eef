"""The caller's "Bingo! hold" (10 DE Admin Code 101-4.16): when a player calls bingo the caller holds the
game, so no ball is called while the claim is checked and the numbers drawn at the time the winner is
determined stay the numbers verified. The caller resumes after an invalid claim (or a bingo called by
mistake); a valid claim or the game's close ends the hold by itself (bingo/services/occasions.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Game
from bingo.rules import game_events, play
from bingo.services import board
from bingo.services.games import occasion_state
from bingo.services.occasions import locked_in_play
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish


def hold(session: Session, actor: Actor, now: datetime, occasion_id: int, number: int) -> Game:
    """10 DE Admin Code 101-4.16: hold the game in play, under the occasion row lock (a call being drawn
    at another station lands before the hold or is refused after it); the TVs show the hold."""
    occasion, game = locked_in_play(session, occasion_id, number)
    check(game_events.further_call_refusal(game.kind))
    check(play.hold_refusal(game.held_at is not None, len(game.calls)))
    game.held_at = now
    board.publish(session, occasion, "hold", now)
    finish(session, actor, now, "game.hold", game, "bingo_game", {"number": number, "on_call": len(game.calls)})
    return game


def resume(session: Session, actor: Actor, now: datetime, occasion_id: int, number: int) -> Game:
    """10 DE Admin Code 101-4.16 and 4.2: calling goes on in a held game (the claim was not a bingo), within
    the occasion's hours (past them no number is called, so the caller closes the game instead); the audit
    entry keeps when the hold began."""
    occasion, game = locked_in_play(session, occasion_id, number)
    held_at = game.held_at
    check(play.resume_refusal(held_at is not None))
    check(play.play_refusal(occasion_state(occasion), now))
    game.held_at = None
    board.publish(session, occasion, "resume", now)
    details: dict[str, object] = {
        "number": number,
        "on_call": len(game.calls),
        "held_at": held_at.isoformat() if held_at else None,
    }
    finish(session, actor, now, "game.resume", game, "bingo_game", details)
    return game
