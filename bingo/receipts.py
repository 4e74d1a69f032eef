"""Receipt content for bingo sales, as plain Receipt data (shared.printing composes the bytes)."""
from __future__ import annotations

from datetime import datetime

from bingo.upick import ticket_layout
from shared.money import format_cents
from shared.printing.documents import Receipt


def upick_ticket(org_name: str, license_number: str | None, occasion_day: str, game_number: int, code: str, numbers: list[int],
                 price_cents: int, station: str, cashier: str, sold_at: datetime) -> Receipt:
    """10 DE Admin Code 101-4.30.1.3: the chosen numbers printed under B I N G O, with the ticket id as a
    barcode the verifier scans."""
    return Receipt(
        title=org_name,
        header=[f"Bingo licence {license_number or '(none on file)'}", f"Occasion {occasion_day} - U Pick Em game {game_number}",
                f"{sold_at:%Y-%m-%d %H:%M} - {station} - {cashier}", f"Ticket {code}"],
        lines=[(f"U Pick Em face ({len(numbers)} numbers)", format_cents(price_cents))],
        totals=[("Total", format_cents(price_cents))],
        grid=ticket_layout(numbers),
        barcode=code,
        footer=["Keep this ticket: it is your face.", "Winners are found when the last number is called."],
    )
