"""Break-open / game-event bingo (10 DE Admin Code 101-4.29): sealed sheets sold through the occasion,
a predetermined quantity of numbers posted at once when the game comes up, sheets verified against
them, and sales closed once calling resumes."""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import BreakOpenSale, Game, GameStatus, Occasion, OccasionStatus
from bingo.rules import draws, game_events, play
from bingo.rules.limits import GameKind
from bingo.services import board, numbers_drawn
from bingo.services.games import game_of_kind, game_states, occasion_state
from bingo.services.locks import lock_occasion
from shared.core.violations import refuse
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish


def _break_open_game(occasion: Occasion, number: int) -> Game:
    return game_of_kind(occasion, number, GameKind.BREAK_OPEN, "10 DE Admin Code 101-4.29")


def calling_resumed(occasion: Occasion, game: Game) -> bool:
    """Whether the organization has resumed calling after the game: a later game has a call."""
    return any(g.number > game.number and g.calls for g in occasion.games)


def sales_closed(occasion: Occasion, game: Game) -> bool:
    """10 DE Admin Code 101-4.29.2: no sheets once the game's numbers are posted and the organization
    resumes calling (the rule is bingo.rules.game_events.sheet_sale_refusal)."""
    return game_events.sheet_sale_refusal(game.status, calling_resumed(occasion, game)) is not None


def add_sheets(
    session: Session, actor: Actor, now: datetime, occasion: Occasion, number: int, quantity: int, sale_line_id: int
) -> BreakOpenSale:
    """10 DE Admin Code 101-4.29.2: sealed sheets may be sold throughout the occasion until calling
    resumes after the game is played. Inside the sale's transaction, pointing at its line."""
    if occasion.status == OccasionStatus.CLOSED:
        raise refuse("occasion_closed", "This occasion is closed.", None, "occasion_id", 409)
    game = _break_open_game(occasion, number)
    check(game_events.sheet_sale_refusal(game.status, calling_resumed(occasion, game)))
    sale = BreakOpenSale(
        occasion_id=occasion.id,
        game_number=number,
        quantity=quantity,
        sold_at=now,
        cashier_name=person_name(session, actor),
        sale_line_id=sale_line_id,
    )
    session.add(sale)
    session.flush()
    return sale


def post_numbers(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion_id: int,
    number: int,
    balls: list[int] | None,
    rng: random.Random,
) -> Game:
    """10 DE Admin Code 101-4.29.1: when the game comes up on the program, the predetermined quantity of
    numbers is drawn and posted together; the balls then go back, since every game starts with all 75
    (4.12). The posting begins the game, so it passes the same gates as starting one (4.25, 4.2, 4.10,
    4.31.6, one game in play, program order), and its numbers go through the one door for numbers drawn,
    which posts the cookie-jar fees when they are the occasion's first (4.31.4)."""
    occasion = lock_occasion(session, occasion_id)
    game = _break_open_game(occasion, number)
    check(game_events.posting_refusal(number, game.status))
    check(play.start_refusal(occasion_state(occasion), game_states(occasion), number, now))
    quantity = game.break_open_numbers or 0
    check(game_events.quantity_refusal(quantity, balls))
    chosen: list[int] = []
    if balls is None:
        for _ in range(quantity):
            chosen.append(draws.draw(chosen, rng))
    else:
        chosen = list(balls)
    game.status = GameStatus.IN_PLAY
    game.started_at = now
    numbers_drawn.record_numbers(session, actor, now, occasion, game, chosen, "posted")
    game.announced_prize_cents = game.prize_cents
    game.announcement = f"Game {number}: break-open. Posted numbers: {', '.join(str(b) for b in chosen)}."
    board.publish(session, occasion, "break_open_posted", now)
    finish(session, actor, now, "break_open.post", game, "bingo_game", {"game": number, "numbers": chosen})
    return game
