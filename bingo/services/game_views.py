"""What the consoles, the verifier and the API show of a game and an occasion, loaded in one place so the
presenters (bingo/web/presenters.py) only shape values: the claims a console lists, the U Pick Em
winners on the last call, whether a cookie-jar award is due, and what closing the game now would pay."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Game, GameStatus, Occasion, OccasionStatus, QualifierDrawing
from bingo.rules import play
from bingo.rules.limits import GameKind
from bingo.services import occasions, upick_tickets
from bingo.services.games import occasion_state
from bingo.services.jars import jar_award_due
from shared.core.violations import Violation


@dataclass(frozen=True)
class GameView:
    """A game with what its screens show beside its own columns."""

    game: Game
    claims: list[occasions.ListedClaim]
    claims_total: int
    upick_winners: list[str]
    jar_award_due: bool
    split_preview: dict[int, int]
    qualifier_drawing: QualifierDrawing | None


@dataclass(frozen=True)
class OccasionView:
    """An occasion with the view of each of its games, in program order."""

    occasion: Occasion
    games: list[GameView]
    play_stopped: Violation | None = None


def _previews(game: Game) -> bool:
    """10 DE Admin Code 101-4.11: a money game in play shows what closing it now would pay each winner."""
    if game.status != GameStatus.IN_PLAY or game.merchandise:
        return False
    return game.kind not in (GameKind.U_PICK_EM, GameKind.COOKIE_JAR_FINAL)


def game_view(session: Session, game: Game) -> GameView:
    """10 DE Admin Code 101-4.11, 4.27, 4.30.1.8 and 4.31.6: the game's claims as the consoles list them
    (every valid one and the latest others), its U Pick Em winners, the jar award due, the split preview,
    and the later drawing among its qualifiers."""
    claims, total = occasions.shown_claims(session, game)
    winners = [t.code for t in upick_tickets.winners(session, game)] if game.kind == GameKind.U_PICK_EM else []
    preview = occasions.money_split(game.occasion, game) if _previews(game) else {}
    drawing = next((d for d in game.occasion.qualifier_drawings if d.game_number == game.number), None)
    return GameView(game, claims, total, winners, jar_award_due(session, game.occasion, game), preview, drawing)


def called_view(session: Session, called: occasions.Called) -> GameView:
    """The view of a game just called, from what the call read and found (issue 21: nothing read again):
    its claims are those before the call, none verified on the call just made, so what closing now would
    pay is a split among no claims (4.11); its U Pick Em winners are the tickets the call completed; a
    game in play has no jar award due (4.31.6) and no later drawing, which follows a closed game (4.11)."""
    game = called.game
    preview = occasions.money_split(game.occasion, game, []) if _previews(game) else {}
    winners = [t.code for t in called.upick_winners]
    return GameView(
        game, called.claims, called.claims_total, winners, jar_award_due(session, game.occasion, game), preview, None
    )


def game_of(session: Session, occasion_id: int, number: int) -> GameView:
    """The view of the occasion's game `number` (404 for a game the program does not have)."""
    return game_view(session, occasions.game_of(session, occasion_id, number)[1])


def occasion_view(session: Session, occasion: Occasion, now: datetime) -> OccasionView:
    """The occasion with the view of every game, and, once a running occasion's hours are over (10 DE Admin
    Code 101-4.2, 4.10), why play has stopped, so the caller sees it before tapping a ball."""
    stopped = play.play_refusal(occasion_state(occasion), now) if occasion.status == OccasionStatus.RUNNING else None
    return OccasionView(occasion, [game_view(session, g) for g in occasion.games], stopped)
