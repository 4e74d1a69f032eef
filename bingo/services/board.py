"""The flashboard: what every TV shows, published as an event in the same transaction as the change
that caused it (a call, a correction, a game starting or closing, a verified bingo, the cookie-jar number
or amounts). The snapshot names the board's state and its stages (bingo/rules/board_states.py), the game
shown with its last balls and its pattern's alternatives as 25-bit masks (cell r*5+c; small enough to
send on every call), and once a bingo is verified, its winners: each winning face as the verifier's
verdict left it (covered and winning squares from the claim's masks), at most a few, with their shares."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, select
from sqlalchemy.orm import Session

from bingo.models import BoardEvent, Claim, Game, GameStatus, Occasion, UPickTicket
from bingo.rules.board_states import WINNER_FACES, board_stages, draws_a_card, game_label, how_to_win, last_balls
from bingo.rules.claims import face_squares
from bingo.rules.faces import ball_label
from bingo.rules.limits import GameKind
from bingo.rules.patterns import from_spec
from bingo.services import jars as jar_service
from bingo.services import series as series_service
from bingo.services import upick_tickets
from bingo.services.game_winners import winning_claims
from shared.core.money import format_cents
from shared.hall.services.organizations import get_organization
from shared.platform.audit import hold_chain
from shared.platform.commit_writes import write_with_commit

HELPLINE = "Gambling problem? Call 1-888-850-8888"


def _money(cents: int | None) -> str | None:
    return format_cents(cents) if cents is not None else None


@dataclass(frozen=True)
class Upcoming:
    """10 DE Admin Code 101-4.13: what the board says of the next game on the program before it begins."""

    number: int
    kind: GameKind
    pattern_spec: str
    pick_count: int | None
    merchandise: str | None
    prize_cents: int
    announced_prize_cents: int | None
    by_attendance: bool

    @classmethod
    def of(cls, game: Game) -> Upcoming:
        return cls(
            game.number,
            game.kind,
            game.pattern_spec,
            game.pick_count,
            game.merchandise,
            game.prize_cents,
            game.announced_prize_cents,
            bool(game.tiers),
        )


@dataclass(frozen=True)
class Known:
    """What the change being published has read already, so its snapshot does not read it again: the
    jars, for game `game_id` the winners on its last call (its valid claims, or its U Pick Em tickets),
    the program as the board shows it (the game in play and the next game pending after it, None after
    the last), and the organization's name. A call knows all of it: no claim is verified on a call just
    made, it found the tickets, and it read those two games of the program, not the rest (issue 21)."""

    jar: jar_service.JarSummary | None = None
    game_id: int | None = None
    claims: tuple[Claim, ...] = ()
    tickets: tuple[UPickTicket, ...] = ()
    shown: tuple[Game, Upcoming | None] | None = None
    organization: str | None = None


def _winners(session: Session, occasion: Occasion, game: Game, known: Known) -> tuple[list[dict[str, Any]], int]:
    """10 DE Admin Code 101-4.27 and 4.11: the winners on the game's last call (the valid claims, or the
    U Pick Em tickets whose numbers are all called), the first few with their faces and shares (the
    winner drawn for a merchandise prize first), and how many there are in all."""
    given = known.game_id == game.id
    if game.kind == GameKind.U_PICK_EM:
        tickets = list(known.tickets) if given else upick_tickets.winners(session, game)
        shown = [
            {
                "ticket": t.code,
                "numbers": upick_tickets.numbers_of(t),
                "share": _money(t.share_cents),
                "jar_share": _money(t.jar_share_cents),
            }
            for t in tickets[:WINNER_FACES]
        ]
        return shown, len(tickets)
    found = list(known.claims) if given else winning_claims(session, game)
    claims = sorted(found, key=lambda c: not c.merchandise_won)
    return [
        {
            "face_number": c.face_number,
            "grid": face_squares(
                series_service.face(session, occasion.series_id, c.face_number).cells,
                c.covered_mask,
                c.alternative_mask,
            ),
            "share": _money(c.share_cents),
            "jar_share": _money(c.jar_share_cents),
            "merchandise_won": c.merchandise_won,
            "qualified": c.qualified_for_later,
        }
        for c in claims[:WINNER_FACES]
    ], len(claims)


def _prize(game: Game | Upcoming) -> str:
    return game.merchandise or format_cents(game.announced_prize_cents or game.prize_cents)


def _shown_games(occasion: Occasion) -> tuple[Game | None, Upcoming | None]:
    """The game the board shows (the one in play, else the last closed) and the next game pending after it."""
    current = next((g for g in occasion.games if g.status == GameStatus.IN_PLAY), None)
    if current is None:
        closed = [g for g in occasion.games if g.status == GameStatus.CLOSED]
        current = closed[-1] if closed else None
    after = current.number if current is not None else 0
    following = next((g for g in occasion.games if g.status == GameStatus.PENDING and g.number > after), None)
    return current, Upcoming.of(following) if following is not None else None


def _next_game(following: Upcoming | None) -> dict[str, Any] | None:
    """10 DE Admin Code 101-4.13: the next game on the program, described before it begins."""
    if following is None:
        return None
    pattern = from_spec(json.loads(following.pattern_spec))
    return {
        "number": following.number,
        "kind": following.kind,
        "pattern": game_label(following.kind, pattern.name, following.pick_count),
        "masks": list(pattern.alternatives) if draws_a_card(following.kind) else [],
        "prize": _prize(following),
        "by_attendance": following.by_attendance,
    }


def snapshot(session: Session, occasion: Occasion, known: Known = Known()) -> dict[str, Any]:
    """The board as it stands: its state, the current (or last) game with its calls, pattern, prize and
    winners, the next game, and the jar (what `known` holds is not read again)."""
    current, upcoming = known.shown or _shown_games(occasion)
    jar = known.jar or jar_service.summary(session, occasion.organization_id)
    following = _next_game(upcoming)
    board: dict[str, Any] = {
        "organization": known.organization or get_organization(session, occasion.organization_id).name,
        "occasion_id": occasion.id,
        "status": occasion.status,
        "cookie_jar_number": ball_label(occasion.cookie_jar_number) if occasion.cookie_jar_number else None,
        "jar1": format_cents(jar.jar1_cents) if jar.maximum_cents else None,
        "jar2": format_cents(jar.jar2_cents) if jar.maximum_cents else None,
        "runs_cookie_jar": bool(jar.maximum_cents),
        "helpline": HELPLINE,
        "game": None,
        "next_game": following,
    }
    winners = 0
    if current is not None:
        pattern = from_spec(json.loads(current.pattern_spec))
        calls = [c.ball for c in current.calls]
        shown, winners = _winners(session, occasion, current, known)
        board["game"] = {
            "number": current.number,
            "kind": current.kind,
            "status": current.status,
            "pattern": game_label(current.kind, pattern.name, current.pick_count),
            "how": how_to_win(current.kind, pattern.announcement, current.pick_count),
            "masks": list(pattern.alternatives) if draws_a_card(current.kind) else [],
            "prize": _prize(current),
            "merchandise": bool(current.merchandise),
            "calls": calls,
            "count": len(calls),
            "last": ball_label(calls[-1]) if calls else None,
            "last_balls": [ball_label(b) for b in last_balls(calls)],
            "announcement": current.closing_announcement
            if current.status == GameStatus.CLOSED
            else current.announcement,
            "winners": shown,
            "winners_total": winners,
            "jar_award": _money(current.jar_award_cents),
        }
        board["game"]["held"] = current.held_at is not None
    game = board["game"] or {}
    stages = board_stages(
        occasion.status,
        current.status if current is not None else None,
        current.kind if current is not None else GameKind.REGULAR,
        game.get("count", 0),
        bool(game.get("held")),
        winners,
        following["number"] if following else None,
    )
    board["state"] = stages[0].state
    board["stages"] = [[s.after_seconds, s.state] for s in stages]
    return board


_EVENTS = cast(Table, BoardEvent.__table__)


def _write_event(session: Session, occasion: Occasion, now: datetime, reason: str, board: str) -> None:
    """The event, written with the commit (commit_writes.py, issue 21) under the audit chain's lock, so
    its id is taken in commit order: nothing reads it back in the transaction that writes it, so the ORM's
    unit of work, or a round trip of its own, would be work for nothing on every call, claim and sale."""
    hold_chain(session)
    write_with_commit(
        session, _EVENTS, {"occasion_id": occasion.id, "created_at": now, "reason": reason, "board": board}
    )


def publish(session: Session, occasion: Occasion, reason: str, now: datetime, known: Known = Known()) -> None:
    """Append the board event inside the caller's transaction; it commits with the change, its id
    taken under the audit chain's lock so that ids follow commit order."""
    session.flush()
    board = json.dumps(snapshot(session, occasion, known))
    _write_event(session, occasion, now, reason, board)


CLAIM = "claim"
CLAIM_BOARD = json.dumps({"reason": CLAIM})
BINGO = "bingo_verified"


def publish_claim(session: Session, occasion: Occasion, now: datetime, valid: bool = False) -> None:
    """10 DE Admin Code 101-4.27: a valid bingo is shown to the room (the TVs show the winning face as
    verified), so it writes a board event; any other verdict changes nothing on the TVs: the consoles
    (the caller's claim queue, the dashboard) only need to know to look again, so the event carries no
    board (TV streams skip it)."""
    if valid:
        publish(session, occasion, BINGO, now)
        return
    _write_event(session, occasion, now, CLAIM, CLAIM_BOARD)


def events_after(session: Session, occasion_id: int, after: int, limit: int = 100) -> list[BoardEvent]:
    query = (
        select(BoardEvent)
        .where(BoardEvent.occasion_id == occasion_id, BoardEvent.id > after)
        .order_by(BoardEvent.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def recent(session: Session, after: int, limit: int = 500) -> list[tuple[int, int, str, str]]:
    """Every occasion's board events after an id: what a process's event hub reads each poll."""
    query = (
        select(BoardEvent.id, BoardEvent.occasion_id, BoardEvent.reason, BoardEvent.board)
        .where(BoardEvent.id > after)
        .order_by(BoardEvent.id)
        .limit(limit)
    )
    return [(row.id, row.occasion_id, row.reason, row.board) for row in session.execute(query)]


def newest_id(session: Session) -> int:
    return session.scalar(select(BoardEvent.id).order_by(BoardEvent.id.desc()).limit(1)) or 0


def latest(session: Session, occasion_id: int) -> BoardEvent | None:
    """The newest event that carries the board."""
    query = (
        select(BoardEvent)
        .where(BoardEvent.occasion_id == occasion_id, BoardEvent.reason != CLAIM)
        .order_by(BoardEvent.id.desc())
    )
    return session.scalar(query.limit(1))


def by_token(session: Session, token: str) -> Occasion | None:
    return session.scalar(select(Occasion).where(Occasion.display_token == token))
