"""The winners of a game as the claims hold them: the one query the close, the split and the TV's
winners card share (10 DE Admin Code 101-4.11)."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Claim, Game
from bingo.rules.claims import Verdict


def winning_claims(session: Session, game: Game) -> list[Claim]:
    """10 DE Admin Code 101-4.11: the valid claims on the game's last call, found by index (a busy
    night verifies thousands of claims; the winners are a handful)."""
    query = select(Claim).where(
        Claim.game_id == game.id, Claim.verdict == Verdict.VALID, Claim.on_call == len(game.calls)
    )
    return list(session.scalars(query.order_by(Claim.id)))
