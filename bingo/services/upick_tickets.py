"""U Pick Em tickets (10 DE Admin Code 101-4.30): selling a picked or quick-picked face, voiding it
before its game, finding the winners after every call, and looking a ticket up by its id."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Game, Occasion, OccasionStatus, TicketStatus, UPickTicket
from bingo.rules.limits import GameKind
from bingo.rules.upick import new_ticket_code, pick_refusal, quick_pick, ticket_layout
from bingo.rules.upick_play import face_sale_refusal
from bingo.services.games import game_of_kind
from shared.core.violations import refuse
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check

SOLD, VOID = TicketStatus.SOLD, TicketStatus.VOID


def numbers_of(ticket: UPickTicket) -> list[int]:
    return [int(n) for n in ticket.numbers.split(",")]


def _upick_game(occasion: Occasion, number: int) -> Game:
    return game_of_kind(occasion, number, GameKind.U_PICK_EM, "10 DE Admin Code 101-4.30.1.6")


def add_ticket(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion: Occasion,
    number: int,
    picked: list[int] | None,
    rng: random.Random,
    sale_line_id: int,
) -> UPickTicket:
    """10 DE Admin Code 101-4.30.1.1-3: the player's numbers (or a quick pick) are checked, then the
    ticket is stored with its id, numbers, price, cashier and time, and the sale line that sold it. No
    sale once the game has started. Inside the sale's transaction."""
    if occasion.status == OccasionStatus.CLOSED:
        raise refuse("occasion_closed", "This occasion is closed.", None, "occasion_id", 409)
    game = _upick_game(occasion, number)
    check(face_sale_refusal(number, game.status))
    count = game.pick_count or 0
    numbers = quick_pick(count, rng) if picked is None else list(picked)
    check(pick_refusal(numbers, count))
    ticket = UPickTicket(
        code=new_ticket_code(),
        occasion_id=occasion.id,
        game_number=number,
        numbers=",".join(str(n) for n in sorted(numbers)),
        quick_pick=picked is None,
        price_cents=game.face_price_cents or 0,
        sold_at=now,
        cashier_name=person_name(session, actor),
        status=SOLD,
        sale_line_id=sale_line_id,
    )
    session.add(ticket)
    session.flush()
    return ticket


def find(session: Session, code: str) -> UPickTicket:
    ticket = session.scalar(select(UPickTicket).where(UPickTicket.code == code.strip().upper()))
    if ticket is None:
        raise refuse("unknown_ticket", f"No U Pick Em ticket has the id {code!r}.", None, "code", 404)
    return ticket


def tickets_for(session: Session, occasion_id: int, number: int) -> list[UPickTicket]:
    return list(
        session.scalars(
            select(UPickTicket)
            .where(
                UPickTicket.occasion_id == occasion_id, UPickTicket.game_number == number, UPickTicket.status == SOLD
            )
            .order_by(UPickTicket.id)
        )
    )


def mark_winners(session: Session, game: Game) -> list[UPickTicket]:
    """10 DE Admin Code 101-4.30.1.7-8: after each call the hall finds the tickets whose numbers are
    all called; those completing on this call are this call's winners."""
    called = {c.ball for c in game.calls}
    found = []
    for ticket in tickets_for(session, game.occasion_id, game.number):
        if ticket.completed_on_call is None and set(numbers_of(ticket)) <= called:
            ticket.completed_on_call = len(game.calls)
            found.append(ticket)
    return found


def winners(session: Session, game: Game) -> list[UPickTicket]:
    return [t for t in tickets_for(session, game.occasion_id, game.number) if t.completed_on_call == len(game.calls)]


@dataclass(frozen=True)
class TicketView:
    ticket: UPickTicket
    daubed: list[int]
    layout: str


def view(session: Session, ticket: UPickTicket) -> TicketView:
    """What the verifier sees on scanning a ticket: its numbers, the ones daubed so far, its layout."""
    game = session.scalar(select(Game).where(Game.occasion_id == ticket.occasion_id, Game.number == ticket.game_number))
    called = {c.ball for c in game.calls} if game else set()
    numbers = numbers_of(ticket)
    return TicketView(ticket, [n for n in numbers if n in called], ticket_layout(numbers))
