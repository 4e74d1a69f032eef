"""The tournament desk's papers, as plain Receipt data (shared.printing composes the bytes): the buyer's
receipt, the prize slip and the seat card.

Flashboard house rule (receipts an auditor can use), as for bingo's: every paper names the organization,
the licence or permit the tournament runs under, the tournament and its day, when, the station and the
person (a name, never a login), and the transaction it belongs to, with that id as a barcode
(`receipts.transaction_code`, one format for the hall's two games)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.orm import Session

from bingo.models import Sale
from bingo.services.receipts import transaction_code
from poker.models import Entry, PrizePayment, Tournament, TournamentPermit
from poker.rules.profiles import PROFILES, Jurisdiction
from poker.rules.registration import Buy
from shared.core.money import format_cents
from shared.core.tills import POKER_TOURNAMENT_W2G_CENTS, W2GWinner, w2g_slip_lines
from shared.hall.models import PokerOccasionLicense
from shared.printing.documents import Receipt

BUY_LABEL = {Buy.ENTRY: "Entry", Buy.REBUY: "Re-buy", Buy.REENTRY: "Re-entry"}


def licence_line(session: Session, tournament: Tournament) -> str:
    """The tournament's licence as the paper says it: Delaware's occasion licence (28 Del. C. ch. 18),
    Montana's annual tournament permit (MCA 23-5-317(1)(a), (2)(a)); where the law asks neither (New
    Hampshire) or none is on file (a practice tournament), the paper says so."""
    profile = PROFILES[Jurisdiction(tournament.jurisdiction)]
    if profile.one_sponsor is not None:
        licence = session.get(PokerOccasionLicense, tournament.license_id) if tournament.license_id else None
        return f"Occasion licence {licence.number if licence else '(none on file)'}"
    if profile.tournament_permit is not None:
        permit = session.get(TournamentPermit, tournament.permit_id) if tournament.permit_id else None
        return f"Tournament permit {permit.number if permit else '(none on file)'}"
    return "Licence: none on file"


@dataclass(frozen=True)
class Heading:
    """What heads every desk paper: the organization, the licence line, the tournament and its day."""

    organization: str
    licence: str
    tournament: str
    day: str

    def lines(self) -> list[str]:
        return [self.licence, f"{self.tournament} - {self.day}"]


def heading(session: Session, tournament: Tournament, organization: str) -> Heading:
    return Heading(organization, licence_line(session, tournament), tournament.name, tournament.starts_on.isoformat())


def _who(sale: Sale, at: datetime) -> str:
    return f"{at:%Y-%m-%d %H:%M} - {sale.station} - {sale.cashier_name}"


def _seat(entry: Entry) -> str:
    return f"Table {entry.table_number}, Seat {entry.seat}" if entry.table_number else "Seat drawn at the start"


def buy_receipt(head: Heading, entry: Entry, kind: Buy, cents: int, sale: Sale, at: datetime) -> Receipt:
    """28 Del. C. §1804 B(2) and the no-credit rule: the buyer's receipt: who sold it, where, when and
    which transaction; the player; what was bought, tender and change; the table and seat once drawn;
    the transaction id as a barcode."""
    return Receipt(
        title=head.organization,
        header=[*head.lines(), _who(sale, at), f"Transaction {sale.number}"],
        lines=[
            (f"Player {entry.number}: {entry.player_name}", ""),
            (_seat(entry), ""),
            (BUY_LABEL[kind], format_cents(cents)),
        ],
        totals=[
            ("Total", format_cents(cents)),
            (f"Tendered ({sale.tender})", format_cents(sale.tendered_cents)),
            ("Change", format_cents(sale.change_cents)),
            ("Spent in this tournament", format_cents(entry.spent_cents)),
        ],
        barcode=transaction_code(sale.organization_id, sale.number),
        footer=["Keep this receipt: it shows what you paid."],
    )


def prize_slip(head: Heading, entry: Entry, payment: PrizePayment, sale: Sale, copies: int) -> Receipt:
    """28 Del. C. §1804 B(3)-(4) and IRS Form W-2G: the prize slip: the place, the player, what they
    paid in and the prize; where a W-2G is due, why, and the winner's name, address and ID seen; a
    signature line and "Paid by" a name. Two copies where the hall keeps one
    (FLASHBOARD_PAYOUT_SLIP_COPIES): the winner's, and the hall's, signed, for the tournament's papers."""
    why = f"W-2G REQUIRED: prize less buy-ins over {format_cents(POKER_TOURNAMENT_W2G_CENTS)}"
    winner = W2GWinner(payment.w2g_name or "", payment.w2g_address or "", payment.w2g_id_shown or "")
    footer = w2g_slip_lines(why if payment.w2g_required else "", winner, sale.cashier_name)
    return Receipt(
        title=head.organization,
        header=["PRIZE PAID", *head.lines(), _who(sale, payment.at), f"Transaction {sale.number}"],
        lines=[
            ("Place", str(entry.place)),
            ("Player", f"{entry.number}: {entry.player_name}"),
            ("Paid in (buy-ins)", format_cents(entry.spent_cents)),
        ],
        totals=[("Prize", format_cents(payment.cents))],
        barcode=transaction_code(sale.organization_id, sale.number),
        footer=footer,
        copies=["winner", "hall"] if copies > 1 else [],
    )


def seat_card(head: Heading, entry: Entry, at: datetime) -> Receipt:
    """28 Del. C. §1804 B(2): the seat the draw gave the player, on a card to carry to the table: the
    table and seat large, the player's number and name, when it was drawn."""
    return Receipt(
        title=head.organization,
        header=["SEAT CARD", f"{head.tournament} - {head.day}"],
        banner=[_seat(entry)],
        lines=[(f"Player {entry.number}: {entry.player_name}", "")],
        footer=[f"Drawn at random, printed {at:%Y-%m-%d %H:%M}"],
    )
