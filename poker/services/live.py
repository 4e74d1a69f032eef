"""The tournament clock as stored (its start and its pauses), the director's clock controls, and the
clock TV: what it shows (current and next blinds and antes, time left, players left, average stack,
the prize pool and the latest seat moves) published as an event in the same transaction as the
change that caused it, so the TV and the director's screen never show what did not commit."""

from __future__ import annotations

import json
import secrets
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Table, or_, select
from sqlalchemy.orm import Session

from poker.models import ClockEvent, Elimination, SeatMove, Tournament, TournamentStatus
from poker.rules import prize_tables
from poker.rules.clock import (
    ClockAction,
    ClockState,
    Pause,
    clock_refusal,
    clock_state,
    finished_clock_refusal,
    level_number,
    shifted_start,
    stopped_at_winner,
)
from poker.rules.payouts import ordinal, prize_amounts
from poker.rules.profiles import PROFILES, Jurisdiction
from poker.rules.setup import Level, from_json, posted_tables
from poker.services.tournament_locks import lock
from shared.core.money import format_cents
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor, hold_chain
from shared.platform.commit_writes import write_with_commit
from shared.platform.service_kit import check, finish

HELPLINE = "Gambling problem? Call 1-888-850-8888"
MOVES_SHOWN = 8


def pauses(tournament: Tournament) -> list[Pause]:
    return [
        Pause(datetime.fromisoformat(start), datetime.fromisoformat(end) if end else None)
        for start, end in json.loads(tournament.clock_pauses or "[]")
    ]


def _store_pauses(tournament: Tournament, found: list[Pause]) -> None:
    tournament.clock_pauses = json.dumps(
        [[p.started.isoformat(), p.ended.isoformat() if p.ended else None] for p in found]
    )


def levels(tournament: Tournament) -> tuple[Level, ...]:
    return from_json(json.loads(tournament.setup)).levels


def state(tournament: Tournament, now: datetime) -> ClockState | None:
    if tournament.clock_started_at is None:
        return None
    return clock_state(levels(tournament), tournament.clock_started_at, pauses(tournament), now)


def level_now(tournament: Tournament, now: datetime) -> int:
    """The printed rules' level number now (level 1 before the clock starts): re-buy periods end by it."""
    current = state(tournament, now)
    return level_number(levels(tournament), current.index) if current else 1


def control(session: Session, actor: Actor, now: datetime, tournament_id: int, action: ClockAction) -> Tournament:
    """Printed rules ¶(3): the director starts, pauses and resumes the clock, or moves to the next
    level (or back to the start of this one); the TV follows at once."""
    tournament = lock(session, tournament_id)
    profile = PROFILES[Jurisdiction(tournament.jurisdiction)]
    check(finished_clock_refusal(profile, tournament.status == TournamentStatus.FINISHED))
    found = pauses(tournament)
    check(clock_refusal(action, tournament.clock_started_at, found))
    if action is ClockAction.START:
        tournament.clock_started_at = now
    elif action is ClockAction.PAUSE:
        _store_pauses(tournament, [*found, Pause(now)])
    elif action is ClockAction.RESUME:
        _store_pauses(tournament, [*found[:-1], Pause(found[-1].started, now)])
    else:
        current = state(tournament, now)
        assert current is not None and tournament.clock_started_at is not None
        tournament.clock_started_at = shifted_start(action, current, tournament.clock_started_at)
    after = state(tournament, now)
    publish(session, tournament, f"clock {action.value}", now)
    finish(
        session,
        actor,
        now,
        f"tournament.clock.{action.value}",
        tournament,
        "poker_tournament",
        {
            "level": level_number(levels(tournament), after.index) if after else None,
            "seconds_left": after.seconds_left if after else None,
        },
    )
    return tournament


def stop_at_winner(tournament: Tournament, now: datetime) -> None:
    """28 Del. C. §1804 B(4): the clock stops when one player remains (`clock.stopped_at_winner`)."""
    _store_pauses(tournament, stopped_at_winner(tournament.clock_started_at, pauses(tournament), now))


def display_token(tournament: Tournament) -> str:
    """The clock TV's address: read-only and unguessable, like the bingo flashboard's."""
    if tournament.display_token is None:
        tournament.display_token = secrets.token_urlsafe(16)
    return tournament.display_token


def _blinds(level: Level) -> dict[str, Any]:
    return {
        "is_break": level.is_break,
        "minutes": level.minutes,
        "small_blind": level.small_blind,
        "big_blind": level.big_blind,
        "ante": level.ante,
    }


def snapshot(session: Session, tournament: Tournament, now: datetime) -> dict[str, Any]:
    """Everything the clock TV shows, as of `now` (the TV counts the seconds down from here)."""
    setup = from_json(json.loads(tournament.setup))
    entries = tournament.entries
    left = [e for e in entries if not e.eliminated]
    chips = setup.starting_chips * (len(entries) + sum(e.reentries for e in entries)) + setup.rebuy.chips * sum(
        e.rebuys for e in entries
    )
    pool = sum(b.cents for e in entries for b in e.buys)
    current = state(tournament, now)
    clock: dict[str, Any] = {
        "started": current is not None,
        "paused": bool(current and current.paused),
        "as_of": now.isoformat(),
    }
    if current is not None:
        clock |= {
            "level": level_number(setup.levels, current.index),
            "seconds_left": current.seconds_left,
            "current": _blinds(current.level),
            "next": _blinds(current.next_level),
        }
    else:
        clock |= {
            "level": 1,
            "seconds_left": setup.levels[0].minutes * 60,
            "current": _blinds(setup.levels[0]),
            "next": _blinds(setup.levels[1] if len(setup.levels) > 1 else setup.levels[0]),
        }
    names = {e.number: e.player_name for e in entries}
    finished = tournament.status == TournamentStatus.FINISHED
    drawn = tournament.status != TournamentStatus.REGISTERING
    number = prize_tables.in_force(setup, len(entries), tournament.prize_table, drawn)
    table = posted_tables(setup)[number - 1] if number else None
    amounts = prize_amounts(table.prizes, pool) if table else {}
    clock["stopped"] = finished
    return {
        "organization": get_organization(session, tournament.organization_id).name,
        "tournament": tournament.name,
        "status": tournament.status,
        "clock": clock,
        "players_left": len(left),
        "entries": len(entries),
        "rebuys": sum(e.rebuys for e in entries),
        "average_stack": chips // len(left) if left else 0,
        "pool": format_cents(pool),
        "moves": [
            {
                "player": f"#{m.entry_number} {names.get(m.entry_number, '')}".strip(),
                "from": f"{m.from_table}-{m.from_seat}" if m.from_table else "",
                "to": f"{m.to_table}-{m.to_seat}",
                "reason": m.reason,
                "latest": latest,
            }
            for m, latest in moves_shown(session, tournament)
        ],
        "winner": next((e.player_name for e in entries if e.place == 1), None) if finished else None,
        "payouts": [
            {
                "place": e.place,
                "place_label": ordinal(e.place),
                "player": f"#{e.number} {e.player_name}",
                "prize": format_cents(e.prize_cents or 0),
            }
            for e in sorted(entries, key=lambda e: (e.place or 0, e.number))
            if finished and e.place and e.prize_cents
        ],
        "prize_table": None
        if table is None
        else (f"Prize table {number}, " if setup.prize_tables else "")
        + table.label
        + ("" if drawn else f" (for the {len(entries)} entered so far)"),
        "prizes": [
            {"place": place, "place_label": ordinal(place), "prize": format_cents(cents)}
            for place, cents in sorted(amounts.items())
        ],
        "helpline": HELPLINE,
    }


def moves_shown(session: Session, tournament: Tournament) -> list[tuple[SeatMove, bool]]:
    """The seat moves the clock TV lists: every move of the last act that moved anyone (a balance, a
    broken table, the final-table redraw, a bust undone: all of them, however many), then earlier ones
    up to MOVES_SHOWN in all; the initial draw (on every receipt) and the moves of an undone elimination
    are left out. Each is paired with whether it belongs to that last act."""
    undone = select(Elimination.batch).where(
        Elimination.tournament_id == tournament.id, Elimination.undone_at.is_not(None)
    )
    query = (
        select(SeatMove)
        .where(
            SeatMove.tournament_id == tournament.id,
            SeatMove.reason != "initial draw",
            or_(SeatMove.batch.is_(None), SeatMove.batch.not_in(undone)),
        )
        .order_by(SeatMove.id.desc())
    )
    newest = session.scalar(query.limit(1))
    if newest is None:
        return []
    last = list(session.scalars(query.where(SeatMove.batch == newest.batch))) if newest.batch else [newest]
    earlier = session.scalars(query.where(SeatMove.id < min(m.id for m in last)).limit(max(0, MOVES_SHOWN - len(last))))
    return [*((m, True) for m in reversed(last)), *((m, False) for m in earlier)]


_EVENTS = cast(Table, ClockEvent.__table__)


def publish(session: Session, tournament: Tournament, reason: str, now: datetime) -> None:
    """Append the clock event inside the caller's transaction; it is written with the commit
    (commit_writes.py), its id taken under the audit chain's lock so that ids follow commit order."""
    session.flush()
    state = json.dumps(snapshot(session, tournament, now))
    hold_chain(session)
    row = {"tournament_id": tournament.id, "created_at": now, "reason": reason[:32], "state": state}
    write_with_commit(session, _EVENTS, row)


def by_token(session: Session, token: str) -> Tournament | None:
    found: Tournament | None = session.scalar(select(Tournament).where(Tournament.display_token == token))
    return found


def events_after(session: Session, tournament_id: int, after: int, limit: int = 100) -> list[ClockEvent]:
    query = (
        select(ClockEvent)
        .where(ClockEvent.tournament_id == tournament_id, ClockEvent.id > after)
        .order_by(ClockEvent.id)
        .limit(limit)
    )
    return list(session.scalars(query))


def recent(session: Session, after: int, limit: int = 500) -> list[tuple[int, int, str, str]]:
    """Every tournament's clock events after an id: what a process's event hub reads each poll."""
    query = (
        select(ClockEvent.id, ClockEvent.tournament_id, ClockEvent.reason, ClockEvent.state)
        .where(ClockEvent.id > after)
        .order_by(ClockEvent.id)
        .limit(limit)
    )
    return [(row.id, row.tournament_id, row.reason, row.state) for row in session.execute(query)]


def newest_id(session: Session) -> int:
    return session.scalar(select(ClockEvent.id).order_by(ClockEvent.id.desc()).limit(1)) or 0


def latest_id(session: Session, tournament_id: int) -> int:
    found = session.scalar(
        select(ClockEvent.id).where(ClockEvent.tournament_id == tournament_id).order_by(ClockEvent.id.desc()).limit(1)
    )
    return found or 0
