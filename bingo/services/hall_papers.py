"""The papers an occasion posts and hands out (10 DE Admin Code 101-4.13, 4.20, 4.30.1.5): the printed
program and the house-rules sheet, made from the occasion's own game rows and settings (the ones the
caller announces from and the claim checks and splits apply), with the jar's terms and balances, as a
PDF document or a print job at the station's printer (recorded, committed, then tried)."""

from __future__ import annotations

import json
from collections.abc import Collection
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Game, Occasion, Program
from bingo.rules.faces import ball_label
from bingo.rules.house_rules import HouseTerms, house_rules_sheet
from bingo.rules.limits import GameKind
from bingo.rules.patterns import from_spec
from bingo.rules.posted_papers import Paper, as_document, as_receipt
from bingo.rules.printed_program import Evening, JarTerms, ProgramGame, printed_program
from bingo.services import jars, occasions, selling
from shared.core.tills import Tender
from shared.hall.models import Premises
from shared.hall.services.organizations import get_organization
from shared.printing.jobs import PrintDesk
from shared.printing.models import PrintJob
from shared.reports.document import Document

TENDER_NAMES = {Tender.CHECK: "checks", Tender.DEBIT_CARD: "debit cards"}


def program_game(game: Game) -> ProgramGame:
    """10 DE Admin Code 101-4.13: a game row as the caller announces it: its pattern rebuilt from the
    stored spec, its prize terms and its tiers."""
    pattern = from_spec(json.loads(game.pattern_spec))
    return ProgramGame(
        number=game.number,
        kind=GameKind(game.kind),
        pattern_name=game.pattern_name,
        announcement=pattern.announcement,
        rule=pattern.rule,
        masks=pattern.alternatives,
        prize_cents=game.prize_cents,
        merchandise=game.merchandise,
        alternate_within_calls=game.alternate_within_calls,
        alternate_cents=game.alternate_cents,
        tiers=tuple((t.min_players, t.prize_cents) for t in game.tiers),
        pick_count=game.pick_count,
        face_price_cents=game.face_price_cents,
        break_open_numbers=game.break_open_numbers,
        electronic=game.ball_mode == "electronic",
    )


def _heading(session: Session, occasion: Occasion) -> tuple[str, str | None]:
    premises = session.get(Premises, occasion.premises_id)
    where = f"{premises.name}, {premises.address}" if premises is not None else None
    day = occasion.occasion_date
    return f"{day:%A %B} {day.day}, {day.year} at {occasion.start_time:%H:%M}", where


def program_paper(session: Session, occasion: Occasion) -> Paper:
    """10 DE Admin Code 101-4.13, 4.15, 4.18, 4.22, 4.30.1.5 and 4.31.1: the occasion's printed program."""
    org = get_organization(session, occasion.organization_id)
    jar = jars.summary(session, occasion.organization_id)
    prices = tuple(
        (offer.name, offer.price_cents)
        for offer in selling.products(session, occasion.id)
        if offer.kind not in ("cookie_jar", "non_gaming")
    )
    _, where = _heading(session, occasion)
    program = session.get(Program, occasion.program_id)
    evening = Evening(
        organization=org.name,
        program_name=program.name if program is not None else "Tonight's program",
        day=occasion.occasion_date,
        start=occasion.start_time,
        premises=where,
        prices=prices,
    )
    terms = (
        JarTerms(
            fee_cents=jar.fee_cents,
            maximum_cents=jar.maximum_cents,
            jar1_cents=jar.jar1_cents,
            jar2_cents=jar.jar2_cents,
            number=ball_label(occasion.cookie_jar_number) if occasion.cookie_jar_number else None,
            must_go=occasion.jar_must_go,
        )
        if jar.maximum_cents and jar.fee_cents
        else None
    )
    return printed_program(evening, tuple(program_game(g) for g in occasion.games), terms)


def house_rules_paper(session: Session, occasion: Occasion, tenders: Collection[Tender]) -> Paper:
    """10 DE Admin Code 101-4.20: the occasion's house-rules sheet, from the switches its claim checks and
    splits apply and the tender the hall takes."""
    org = get_organization(session, occasion.organization_id)
    kinds = {GameKind(g.kind) for g in occasion.games}
    jar = jars.summary(session, occasion.organization_id)
    terms = HouseTerms(
        last_call_only=occasion.last_call_only,
        whole_dollars=occasion.split_whole_dollars,
        per_player=occasion.split_per_player,
        other_tenders=tuple(TENDER_NAMES[t] for t in tenders if t in TENDER_NAMES),
        merchandise=any(g.merchandise for g in occasion.games),
        upick=GameKind.U_PICK_EM in kinds,
        break_open=GameKind.BREAK_OPEN in kinds,
        cookie_jar=bool(jar.maximum_cents),
    )
    when, where = _heading(session, occasion)
    return house_rules_sheet(org.name, f"{where}: {when}" if where else when, terms)


def program_document(session: Session, occasion_id: int) -> Document:
    """The printed program as a PDF document (TRAINING on a training occasion's)."""
    occasion = occasions.get_occasion(session, occasion_id)
    return as_document(program_paper(session, occasion), occasion.training)


def house_rules_document(session: Session, occasion_id: int, tenders: Collection[Tender]) -> Document:
    """The house-rules sheet as a PDF document to post (TRAINING on a training occasion's)."""
    occasion = occasions.get_occasion(session, occasion_id)
    return as_document(house_rules_paper(session, occasion, tenders), occasion.training)


def print_program(session: Session, now: datetime, occasion_id: int, desk: PrintDesk) -> PrintJob:
    """10 DE Admin Code 101-4.13, 4.30.1.5: the printed program on the station's receipt printer, for a
    player who asks; the job is committed before the printer is tried."""
    occasion = occasions.get_occasion(session, occasion_id)
    receipt = as_receipt(program_paper(session, occasion), occasion.training)
    return desk.print(session, now, "bingo_program", f"O{occasion.id}-program", receipt, occasion.organization_id)


def print_house_rules(
    session: Session, now: datetime, occasion_id: int, desk: PrintDesk, tenders: Collection[Tender]
) -> PrintJob:
    """10 DE Admin Code 101-4.20: the house-rules sheet on the station's receipt printer."""
    occasion = occasions.get_occasion(session, occasion_id)
    receipt = as_receipt(house_rules_paper(session, occasion, tenders), occasion.training)
    return desk.print(session, now, "bingo_house_rules", f"O{occasion.id}-rules", receipt, occasion.organization_id)
