"""The one door every number drawn passes: a regular call (typed from the blower or drawn by the RNG),
a break-open or game-event posting, and the forced cookie-jar final's calls. Each way in picks its
balls; this module records them under every gate of play, posts the cookie-jar fees on the occasion's
first number (10 DE Admin Code 101-4.31.4), finds the U Pick Em winners, and, for a corrected last
call, undoes what followed from the number it removes. Inside the caller's transaction."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, cast

from sqlalchemy import Integer, Table, insert
from sqlalchemy.ext.compiler import compiles
from sqlalchemy.orm import Session, make_transient_to_detached
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql.functions import FunctionElement

from bingo.models import Call, Game, Occasion, UPickTicket
from bingo.rules import draws, play
from bingo.rules.limits import GameKind
from bingo.rules.play import GameState
from bingo.services import jars, upick_tickets
from bingo.services.games import occasion_state
from bingo.services.locks import lock_occasion
from shared.platform.audit import Actor
from shared.platform.commit_writes import write_with_commit
from shared.platform.service_kit import check

_CALLS = cast(Table, Call.__table__)
_CALLS_INSERT = insert(_CALLS).returning(_CALLS.c.id, sort_by_parameter_order=True)
"""The numbers drawn whose ids are not taken ahead (NextCallId) are written by one INSERT that answers with
their ids only (issue 21): the call holds every other value already, and the ORM's unit of work, or its
INSERT answering with mapped rows, would spend more on them than the database does, inside the occasion's
lock."""


class NextCallId(FunctionElement[int]):
    """Issue 21: on PostgreSQL, the id the next call will have, taken from its table's sequence by the statement
    that reads the game before a call (occasions.call_statement), so the call's row can wait for the commit
    with the rest (commit_writes.py) and the audit entry still names it; NULL on SQLite, where the call is
    written at once and answers with its id (and there is no round trip to save)."""

    type = Integer()
    inherit_cache = True


CALL_IDS = f"{Call.__tablename__}_id_seq"
"""The sequence PostgreSQL made for the calls' ids (its name for a SERIAL column): named, not looked up
(pg_get_serial_sequence) on every call; a test checks it is the column's."""


@compiles(NextCallId, "postgresql")
def _next_call_id_on_postgresql(element: NextCallId, compiler: Any, **kw: Any) -> str:
    return f"nextval('{CALL_IDS}')"


@compiles(NextCallId)
def _no_next_call_id(element: NextCallId, compiler: Any, **kw: Any) -> str:
    return "NULL"


def _stored(session: Session, row: dict[str, object], call_id: int) -> Call:
    """The call just written, as a row of the session, with the values it was written with (the time as
    the database gives it back, in UTC): it is persistent and unchanged, so nothing writes it again."""
    call = Call(id=call_id, **row)
    make_transient_to_detached(call)
    session.add(call)
    return call


@dataclass(frozen=True)
class Drawn:
    """The calls a drawing added, the U Pick Em tickets that completed on its last number, and whether it
    posted the cookie-jar fees (the jar's balances changed with it)."""

    calls: list[Call]
    upick_winners: list[UPickTicket]
    posted_jar: bool


def record_numbers(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion: Occasion,
    game: Game,
    balls: Sequence[int],
    source: str,
    ids: Sequence[int] | None = None,
) -> Drawn:
    """10 DE Admin Code 101-4.12, 4.13, 4.25, 4.2, 4.10, 4.31.4 and 4.30.1.8: the occasion row is locked
    (so a cookie-jar sale in flight either committed before the posting or sees it and is refused), the
    gates of play are asked afresh, every ball is one still in the receptacle, the first number of the
    occasion posts the cookie-jar fees, and U Pick Em tickets completed by these numbers are marked. With
    `ids` (one a ball, taken ahead: NextCallId), the calls are written with the commit; without, at once."""
    locked = lock_occasion(session, occasion.id)
    check(play.in_play_refusal(occasion_state(locked), GameState(game.number, game.status), now))
    called = [c.ball for c in game.calls]
    for ball in balls:
        check(draws.call_refusal(called, ball))
        called.append(ball)
    posting = locked.jar_posted_at is None
    if posting:  # 10 DE Admin Code 101-4.31.4: the first number posts the jar fees
        jars.post_fees(session, actor, now, locked)
    at = now.astimezone(timezone.utc)
    rows: list[dict[str, object]] = [
        {
            "game_id": game.id,
            "seq": len(game.calls) + i,
            "ball": ball,
            "source": source,
            "called_at": at,
            "caller_user_id": actor.user_id,
            "caller_name": actor.name,
        }
        for i, ball in enumerate(balls, start=1)
    ]
    if ids is None:
        ids = list(session.scalars(_CALLS_INSERT, rows))
    else:
        for row, call_id in zip(rows, ids, strict=True):
            write_with_commit(session, _CALLS, {"id": call_id, **row})
    added = [_stored(session, row, call_id) for row, call_id in zip(rows, ids)]
    set_committed_value(game, "calls", [*game.calls, *added])
    won = upick_tickets.mark_winners(session, game, list(balls)) if game.kind == GameKind.U_PICK_EM else []
    return Drawn(added, won, posting)


def replace_last_number(session: Session, game: Game, ball: int) -> Call:
    """10 DE Admin Code 101-4.30.1.8 (and the house rule on corrections): the last call becomes `ball`,
    and what followed from the number it removes is undone: a U Pick Em ticket that completed on that
    call completed on a number never drawn, so the winners of the call are found again."""
    last = game.calls[-1]
    last.ball = ball
    if game.kind == GameKind.U_PICK_EM:
        session.flush()
        upick_tickets.unmark_from(session, game, last.seq)
        upick_tickets.mark_winners(session, game, [ball])
    return last
