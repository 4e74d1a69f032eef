"""The tournament desk: each money event with the paper it owes, as one use case. The buy and the prize
go through their own doors in `tournaments` and commit; then, after the commit, the receipt or slip goes
to the station's printer through the print desk (DESIGN.md, "commit before printing"). A view calls one
of these and renders what it returns."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from poker.rules.printed_rules import as_receipt
from poker.schemas import BuyRequest
from poker.services import tournaments
from shared.core.tills import Tender
from shared.platform.audit import Actor
from shared.printing.documents import training_copy
from shared.printing.jobs import PrintDesk
from shared.printing.models import PrintJob


@dataclass(frozen=True)
class Bought:
    """A committed entry, re-buy or re-entry and the print job of its receipt."""

    result: tournaments.BuyResult
    job: PrintJob


def buy(
    session: Session,
    actor: Actor,
    now: datetime,
    tournament_id: int,
    request: BuyRequest,
    rng: random.Random,
    tenders: Collection[Tender],
    desk: PrintDesk,
) -> Bought:
    """28 Del. C. §1804 B(2) and the jurisdiction's no-credit rule: the buy through its one door, then the
    buyer's receipt (what was bought, the change, the seat once drawn) at the station's printer."""
    result = tournaments.buy(session, actor, now, tournament_id, request, rng, tenders)
    tournament = tournaments.get_tournament(session, tournament_id)
    receipt = tournaments.buy_receipt(session, tournament, result, now)
    reference = f"T{tournament_id}-{result.entry.number}"
    receipt = training_copy(receipt, tournament.training)
    return Bought(result, desk.print(session, now, "poker_buy", reference, receipt, tournament.organization_id))


@dataclass(frozen=True)
class PrizeSlip:
    """A committed prize payment and the print job of its slip."""

    paid: tournaments.PrizePaid
    job: PrintJob


def pay_prize(
    session: Session, actor: Actor, now: datetime, tournament_id: int, entry_number: int, desk: PrintDesk
) -> PrizeSlip:
    """28 Del. C. §1804 B(3)-(4) and IRS Form W-2G: the prize paid once, then the slip, flagging a W-2G
    when the winnings less the player's buy-ins pass the threshold."""
    paid = tournaments.pay_prize(session, actor, now, tournament_id, entry_number)
    tournament = tournaments.get_tournament(session, tournament_id)
    slip = tournaments.prize_slip(session, tournament, paid, now)
    reference = f"T{tournament_id}-{paid.entry.number}"
    slip = training_copy(slip, tournament.training)
    return PrizeSlip(paid, desk.print(session, now, "poker_prize", reference, slip, tournament.organization_id))


def print_rules(session: Session, now: datetime, tournament_id: int, desk: PrintDesk) -> PrintJob:
    """28 Del. C. ch. 18, posting ¶(1): the tournament's rules on paper, to hand to a player."""
    tournament = tournaments.get_tournament(session, tournament_id)
    receipt = training_copy(as_receipt(tournaments.rules(session, tournament)), tournament.training)
    return desk.print(session, now, "poker_rules", f"T{tournament_id}-rules", receipt, tournament.organization_id)
