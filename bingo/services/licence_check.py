"""A program's games against the bingo licence term of a day (10 DE Admin Code 101-4.15, 4.18 and
4.30.1.6): asked when an occasion is scheduled and again when its balls are verified (the licence may
have been amended in between), and, as a warning, when a program is saved against today's term."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date

from sqlalchemy.orm import Session

from bingo.models import Game, ProgramEntry
from bingo.rules.licence_contents import OfferedGame, licence_refusals
from bingo.rules.limits import GameKind
from bingo.services.programs import terms_of
from shared.core.violations import Violation
from shared.hall.rules.addendum import LicenceContents
from shared.hall.services.licenses import bingo_term_on, contents_of


def offered(game: ProgramEntry | Game) -> OfferedGame:
    return OfferedGame(game.number, GameKind(game.kind), terms_of(game), game.pick_count)


def licence_findings(session: Session, org_id: int, day: date, games: Sequence[ProgramEntry | Game]) -> list[Violation]:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6: what the games offer that the term covering `day`
    does not specify; with no term that day, the licence specifies nothing."""
    term = bingo_term_on(session, org_id, day)
    contents = contents_of(term) if term is not None else LicenceContents()
    licence = term.number if term is not None else f"(none in force on {day.isoformat()})"
    return licence_refusals([offered(g) for g in games], contents, licence)


def licence_refusal(session: Session, org_id: int, day: date, games: Sequence[ProgramEntry | Game]) -> Violation | None:
    """The first of `licence_findings`: the refusal scheduling and the ball check answer."""
    found = licence_findings(session, org_id, day, games)
    return found[0] if found else None
