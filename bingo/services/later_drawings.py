"""The later drawing among a merchandise game's other qualifiers (10 DE Admin Code 101-4.11): held by the
member in charge once the game closes, its winner drawn by the RNG, its value counted toward the
occasion's $3,000 (4.6)."""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Claim, GameStatus, QualifierDrawing
from bingo.rules import play, qualifier_drawings
from bingo.rules.limits import GameKind, ProgramGame
from bingo.schemas import DrawingRequest
from bingo.services import board
from bingo.services.dashboard import prizes_awarded
from bingo.services.games import occasion_state
from bingo.services.locks import lock_occasion
from bingo.services.occasions import game_of
from bingo.services.programs import terms_of
from shared.core.money import format_cents
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish


def qualifiers_of(claims: list[Claim]) -> list[Claim]:
    """The claims that qualified for the later drawing, in the order they were verified."""
    return sorted((c for c in claims if c.qualified_for_later), key=lambda c: c.id)


def hold(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion_id: int,
    number: int,
    request: DrawingRequest,
    rng: random.Random,
) -> QualifierDrawing:
    """10 DE Admin Code 101-4.11 and 4.6: the drawing for game `number`'s other qualifiers, once, while the
    occasion may play (it decides a new prize, so 4.2's hours apply as to a game); its value with the prizes
    awarded and those the unplayed games could still pay stays within the $3,000."""
    occasion = lock_occasion(session, occasion_id)
    check(play.play_refusal(occasion_state(occasion), now))
    _, game = game_of(session, occasion_id, number)
    entrants = qualifiers_of(game.claims)
    still_to_pay = sum(
        ProgramGame(g.number, GameKind(g.kind), terms_of(g)).prize.worst_case()
        for g in occasion.games
        if g.status in (GameStatus.PENDING, GameStatus.IN_PLAY) and g.kind != GameKind.COOKIE_JAR_FINAL
    )
    asked = qualifier_drawings.DrawingAsked(
        number,
        game.status,
        len(entrants),
        any(d.game_number == number for d in occasion.qualifier_drawings),
        request.prize,
        request.value_cents,
        request.merchandise,
    )
    check(qualifier_drawings.drawing_refusal(asked, prizes_awarded(session, occasion) + still_to_pay))
    chosen = qualifier_drawings.draw_qualifier([c.id for c in entrants], rng)
    winner = next(c for c in entrants if c.id == chosen)
    drawing = QualifierDrawing(
        occasion_id=occasion.id,
        game_number=number,
        prize=request.prize.strip(),
        merchandise=request.merchandise,
        value_cents=request.value_cents,
        entrants=len(entrants),
        winner_claim_id=winner.id,
        drawn_at=now,
        drawn_by=person_name(session, actor),
    )
    session.add(drawing)
    session.flush()
    worth = f"{drawing.prize} (value {format_cents(drawing.value_cents)})" if drawing.merchandise else drawing.prize
    game.closing_announcement = (
        f"{game.closing_announcement} Drawing for the {len(entrants)} other qualifiers: {worth} won by face "
        f"{winner.face_number}."
    )
    session.expire(occasion, ["qualifier_drawings"])
    board.publish(session, occasion, "qualifier_drawing", now)
    finish(
        session,
        actor,
        now,
        "game.qualifier_drawing",
        drawing,
        "bingo_qualifier_drawing",
        {
            "game": number,
            "prize": drawing.prize,
            "value_cents": drawing.value_cents,
            "merchandise": drawing.merchandise,
            "entrants": [c.face_number for c in entrants],
            "winner": winner.face_number,
        },
    )
    return drawing
