"""Programs: the ordered games of an occasion, checked against the limits before they are saved."""

from __future__ import annotations

import json
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import Game, Program, ProgramEntry, ProgramEntryTier
from bingo.rules import program_games
from bingo.rules.limits import GameKind, PrizeTerms, ProgramGame, program_violations
from bingo.schemas import ProgramGameRequest, ProgramRequest
from shared.core.violations import RuleViolation, Violation
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse


def terms_of(entry: ProgramEntry | Game) -> PrizeTerms:
    """Prize terms from a program entry or a game row (they share the columns; each has its tier rows)."""
    return PrizeTerms(
        amount_cents=entry.prize_cents,
        merchandise=entry.merchandise,
        alternate_within_calls=entry.alternate_within_calls,
        alternate_cents=entry.alternate_cents,
        attendance_tiers=tuple((t.min_players, t.prize_cents) for t in entry.tiers),
    )


def kind_settings_refusal(number: int, game: ProgramGameRequest) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.5 and 4.29.1: a U Pick Em game lists how many numbers are picked and
    the price of a face; a break-open game its predetermined quantity of numbers (the rule is
    bingo.rules.program_games.kind_settings_refusal)."""
    return program_games.kind_settings_refusal(
        number, game.kind, game.pick_count, game.face_price_cents, game.break_open_numbers
    )


def create_program(session: Session, actor: Actor, now: datetime, org_id: int, request: ProgramRequest) -> Program:
    """10 DE Admin Code 101-4.6, 4.14 and 4.17: every pattern permitted and every limit met, or the
    program is not saved; the first broken limit is the refusal."""
    org = get_organization(session, org_id)
    entries = []
    for number, game in enumerate(request.games, start=1):
        check(program_games.pattern_refusal(number, game.pattern))
        check(program_games.designation_refusal(number, game.kind))
        check(kind_settings_refusal(number, game))
        tiers = sorted((t.min_attendance, t.prize_cents) for t in game.attendance_tiers)
        entries.append(
            ProgramEntry(
                number=number,
                kind=game.kind.value,
                pattern_spec=json.dumps(game.pattern, sort_keys=True),
                ball_mode=game.ball_mode,
                prize_cents=game.prize_cents,
                merchandise=game.merchandise,
                alternate_within_calls=game.alternate_within_calls,
                alternate_cents=game.alternate_cents,
                tiers=[
                    ProgramEntryTier(position=position, min_players=least, prize_cents=cents)
                    for position, (least, cents) in enumerate(tiers, start=1)
                ],
                pick_count=game.pick_count,
                face_price_cents=game.face_price_cents,
                break_open_numbers=game.break_open_numbers,
            )
        )
    violations = program_violations([ProgramGame(e.number, GameKind(e.kind), terms_of(e)) for e in entries])
    if violations:
        raise RuleViolation(violations[0])
    program = Program(organization_id=org.id, name=request.name, games=entries)
    session.add(program)
    finish(
        session, actor, now, "program.create", program, "bingo_program", {"name": program.name, "games": len(entries)}
    )
    return program


def get_program(session: Session, org_id: int, program_id: int) -> Program:
    program = get_or_refuse(session, Program, program_id, "program_id", "program")
    if program.organization_id != org_id:
        raise RuleViolation(
            Violation("not_found", f"No program {program_id} in this organization.", None, "program_id", 404)
        )
    return program


def list_programs(session: Session, org_id: int) -> list[Program]:
    get_organization(session, org_id)
    return list(session.scalars(select(Program).where(Program.organization_id == org_id).order_by(Program.name)))
