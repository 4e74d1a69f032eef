"""The showdown helper for a dispute at a table (28 Del. C. §1815-1816, §1804 A(7), A(9)): the order
in which hands are shown, the hands ranked and the pots split, from the table's seats and button as
Flashboard holds them; the ruling is written to the audit trail with the cards and chips entered."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from poker.rules import conduct
from poker.rules.pots import Settlement, Stake, pots_refusal, settle
from poker.rules.showdown import Ranked, rank, show_order
from poker.schemas import ShowdownRequest
from poker.services.tables import buttons_of, tables_of
from poker.services.tournaments import get_tournament
from shared.core.violations import refuse
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish


@dataclass(frozen=True)
class Ruling:
    table: int
    button: int
    order: list[int]
    ranking: list[Ranked]
    settlement: Settlement


def rule(session: Session, actor: Actor, now: datetime, tournament_id: int, data: ShowdownRequest) -> Ruling:
    tournament = get_tournament(session, tournament_id)
    tables = tables_of(tournament)
    table = data.table
    if table not in tables:
        raise refuse("not_a_table", f"Table {table} is not in play.", None, "table", 409)
    size, button = tables[table], buttons_of(tournament).get(table, 1)
    stakes = [Stake(s.seat, s.chips, None if s.folded else s.cards) for s in data.stakes]
    check(conduct.showdown_cards_refusal([conduct.Holding(s.folded, s.cards) for s in data.stakes]))
    check(pots_refusal(data.board, stakes, size))
    shown = {s.seat: s.hand for s in stakes if s.hand is not None}
    ranking = rank(data.board, shown)
    order = show_order(sorted(shown), button, size, data.last_aggressor)
    settlement = settle(data.board, stakes, button, size)
    finish(
        session,
        actor,
        now,
        "tournament.showdown",
        tournament,
        "poker_tournament",
        {
            "table": table,
            "button": button,
            "board": data.board,
            "stakes": [[s.seat, s.chips, s.hand or "folded"] for s in stakes],
            "order": order,
            "pots": [[p.amount, list(p.won)] for p in settlement.pots],
        },
    )
    return Ruling(table, button, order, ranking, settlement)
