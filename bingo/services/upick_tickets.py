"""U Pick Em tickets (10 DE Admin Code 101-4.30): selling a picked or quick-picked face, voiding it
before its game, finding the winners after every call, and looking a ticket up by its id."""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime
from weakref import WeakKeyDictionary

from sqlalchemy import Engine, select, update
from sqlalchemy.orm import Session

from bingo.models import Game, GameStatus, Occasion, OccasionStatus, TicketStatus, UPickTicket
from bingo.rules.limits import GameKind
from bingo.rules.upick import PickSets, new_ticket_code, pick_refusal, quick_pick, ticket_layout
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


@dataclass(frozen=True)
class GameIndex:
    """A game's tickets in play, their picks indexed (bingo.rules.upick.PickSets), with their row ids in
    the same order."""

    sets: PickSets
    ids: list[int]

    def completed_by(self, calls: list[int], drawn: list[int]) -> list[int]:
        """The ids of the tickets the latest drawing completed (10 DE Admin Code 101-4.30.1.7-8)."""
        return [self.ids[position] for position in self.sets.completed_by(calls, drawn)]


KEPT_GAMES = 4  # the indexes one process keeps for each database: the game in play and a few before
_indexes: WeakKeyDictionary[Engine, OrderedDict[tuple[int, datetime | None], GameIndex]] = WeakKeyDictionary()
_indexes_lock = threading.Lock()


def game_index(session: Session, game: Game) -> GameIndex:
    """10 DE Admin Code 101-4.30.1.7: no face is sold or voided once the game has started, so its tickets
    are fixed and each server process indexes them once (issue 21: a call then looks only at the tickets
    holding its ball). The index is only a copy: the tickets and the calls stay in the database, so a
    restart or another process builds the same one, and a game is known by its row and its start. A game
    not started yet is indexed afresh each time and never kept (its tickets can still change)."""
    key = (game.id, game.started_at)
    engine = session.get_bind()
    with _indexes_lock:
        kept = _indexes.setdefault(engine, OrderedDict())  # type: ignore[arg-type]
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
            return found
    rows = session.execute(
        select(UPickTicket.id, UPickTicket.numbers)
        .where(UPickTicket.occasion_id == game.occasion_id, UPickTicket.game_number == game.number)
        .where(UPickTicket.status == SOLD)
        .order_by(UPickTicket.id)
    ).all()
    built = GameIndex(
        PickSets([int(n) for n in numbers.split(",")] for _, numbers in rows), [row_id for row_id, _ in rows]
    )
    if game.status == GameStatus.PENDING:
        return built
    with _indexes_lock:
        kept[key] = built
        while len(kept) > KEPT_GAMES:
            kept.popitem(last=False)
    return built


def mark_winners(session: Session, game: Game, drawn: list[int]) -> list[UPickTicket]:
    """10 DE Admin Code 101-4.30.1.7-8: after each drawing the hall finds the tickets whose numbers are
    all called; those the drawing completed are its winners, stored with the call that completed them.
    Only the tickets holding a ball drawn are looked at (the index), and one UPDATE marks them."""
    calls = [c.ball for c in game.calls]
    done = game_index(session, game).completed_by(calls, drawn)
    if not done:
        return []
    marked = session.scalars(
        update(UPickTicket)
        .where(UPickTicket.id.in_(done), UPickTicket.completed_on_call.is_(None))
        .values(completed_on_call=len(calls))
        .returning(UPickTicket),
        execution_options={"synchronize_session": False},
    )
    return sorted(marked, key=lambda t: t.id)


def unmark_from(session: Session, game: Game, seq: int) -> None:
    """10 DE Admin Code 101-4.30.1.8: tickets completed on call `seq` or later completed on a number that is
    no longer drawn (a corrected call): they are winners no more."""
    session.execute(
        update(UPickTicket)
        .where(UPickTicket.occasion_id == game.occasion_id, UPickTicket.game_number == game.number)
        .where(UPickTicket.completed_on_call >= seq)
        .values(completed_on_call=None)
    )


def winners(session: Session, game: Game) -> list[UPickTicket]:
    """10 DE Admin Code 101-4.30.1.8: the tickets completed on the game's last call, read by the completing
    call stored with each (an index), not found again among every ticket."""
    return list(
        session.scalars(
            select(UPickTicket)
            .where(UPickTicket.occasion_id == game.occasion_id, UPickTicket.game_number == game.number)
            .where(UPickTicket.completed_on_call == len(game.calls), UPickTicket.status == SOLD)
            .order_by(UPickTicket.id)
        )
    )


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
