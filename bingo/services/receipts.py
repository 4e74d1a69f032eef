"""Receipt content for bingo sales, as plain Receipt data (shared.printing composes the bytes).

Flashboard house rule (receipts an auditor can use): every paper names the organization, its bingo
licence, the occasion, when, the station and the person (a name, never a login), and the transaction
or record it belongs to, with that id as a barcode the back office can scan back."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bingo.models import Pack, Payout, Sale, Till, UPickTicket
from bingo.rules.payouts import Prize
from bingo.rules.upick import ticket_layout
from bingo.services.jars import JarSummary
from shared.core.money import format_cents
from shared.core.tills import Tender, W2GWinner, w2g_slip_lines
from shared.printing.documents import Receipt


class ShiftFigures(Protocol):
    """A shift's or a session's figures, as the cashier service sums them."""

    @property
    def first_number(self) -> int | None: ...
    @property
    def last_number(self) -> int | None: ...
    @property
    def sales_by_product(self) -> Mapping[str, int]: ...
    @property
    def voids(self) -> Sequence[int]: ...
    @property
    def payouts_cents(self) -> int: ...
    @property
    def non_cash_cents(self) -> Mapping[str, int]: ...
    @property
    def paid_ins_cents(self) -> int: ...
    @property
    def drops_cents(self) -> int: ...


def licence_text(license_number: str | None) -> str:
    return f"Bingo licence {license_number or '(none on file)'}"


def upick_ticket(
    org_name: str,
    license_number: str | None,
    occasion_day: str,
    game_number: int,
    code: str,
    numbers: list[int],
    price_cents: int,
    station: str,
    cashier: str,
    sold_at: datetime,
    transaction: int,
) -> Receipt:
    """10 DE Admin Code 101-4.30.1.3: the chosen numbers printed under B I N G O, with the ticket id as a
    barcode the verifier scans, and the sale it was bought in."""
    return Receipt(
        title=org_name,
        header=[
            licence_text(license_number),
            f"Occasion {occasion_day} - U Pick Em game {game_number}",
            f"{sold_at:%Y-%m-%d %H:%M} - {station} - {cashier}",
            f"Ticket {code} - transaction {transaction}",
        ],
        lines=[(f"U Pick Em face ({len(numbers)} numbers)", format_cents(price_cents))],
        totals=[("Total", format_cents(price_cents))],
        grid=ticket_layout(numbers),
        barcode=code,
        footer=["Keep this ticket: it is your face.", "Winners are found when the last number is called."],
    )


def transaction_code(org_id: int, number: int) -> str:
    """The transaction id on the receipt's barcode: organization and sequential number."""
    return f"TX-{org_id}-{number:06d}"


def sale(
    org_name: str,
    license_number: str | None,
    occasion_day: str,
    row: Sale,
    tickets: list[UPickTicket],
    sold_at: datetime,
    jars: JarSummary | None,
    packs: dict[int, list[Pack]],
) -> Receipt:
    """The cashier's receipt: who, where, when and which transaction; the lines, each pack sold with its
    serial and faces (what a verifier checks a claim against), total, tender and change; the posted jar
    amounts when jar entries were sold (the night's fees join the jars at the first number called,
    101-4.31.4); the transaction id as a barcode."""
    footer = [f"U Pick Em ticket {t.code}: printed separately" for t in tickets]
    if jars is not None:
        footer.insert(
            0,
            f"Cookie jar now {format_cents(jars.jar1_cents)}, jar 2 {format_cents(jars.jar2_cents)}; "
            "tonight's entry fees join them at the first number called",
        )
    lines = []
    for line in row.lines:
        lines.append((f"{line.quantity} x {line.description}", format_cents(line.total_cents)))
        lines += [(f"  pack {p.serial}: faces {p.first_face}-{p.last_face}", "") for p in packs.get(line.id, [])]
    return Receipt(
        title=org_name,
        header=[
            licence_text(license_number),
            f"Occasion {occasion_day}",
            f"{sold_at:%Y-%m-%d %H:%M} - {row.station} - {row.cashier_name}",
            f"Transaction {row.number}",
        ],
        lines=lines,
        totals=[
            ("Total", format_cents(row.total_cents)),
            (f"Tendered ({row.tender})", format_cents(row.tendered_cents)),
            ("Change", format_cents(row.change_cents)),
        ],
        barcode=transaction_code(row.organization_id, row.number),
        footer=footer,
    )


@dataclass(frozen=True)
class PrizeSlip:
    """What the payout slip says of the prize: the game by number, kind and pattern, how many winners
    shared it, and the cookie-jar number when the jar was won."""

    game: str
    shares: int
    jar_number: str | None = None


def payout_slip(
    org_name: str,
    license_number: str | None,
    occasion_day: str,
    row: Sale,
    payout: Payout,
    prize: PrizeSlip,
    paid_at: datetime,
    threshold_cents: int,
    copies: int,
) -> Receipt:
    """10 DE Admin Code 101-4.10 and IRS Form W-2G: the winner's payout slip: the game, kind and
    pattern (the jar number for a cookie-jar award), the split, the winner and who verified, the
    amount, a signature line; where a W-2G is due, the threshold and the winner's name, address and
    ID seen. Two copies where the hall keeps one (FLASHBOARD_PAYOUT_SLIP_COPIES): the winner's, and
    the hall's, signed, for the night's papers."""
    what = prize.game
    if payout.prize == Prize.COOKIE_JAR:
        what = f"Cookie jar on number {prize.jar_number or '-'}, won in {prize.game}"
    elif payout.prize == Prize.DRAWING:
        what = f"Qualifier drawing, {prize.game}"
    lines = [
        (what, ""),
        (f"Split {prize.shares} ways: this winner's share" if prize.shares > 1 else "One winner: the whole prize", ""),
        (f"Winner: {payout.winner}", ""),
        (f"Verified by {payout.verifier_name}", ""),
    ]
    why = (
        f"W-2G REQUIRED: {format_cents(payout.amount_cents)} reaches the {format_cents(threshold_cents)} threshold."
        if payout.w2g_required
        else ""
    )
    winner = W2GWinner(payout.w2g_name or "", payout.w2g_address or "", payout.w2g_id_shown or "")
    footer = w2g_slip_lines(why, winner, row.cashier_name)
    return Receipt(
        title=org_name,
        header=[
            "PRIZE PAYOUT",
            licence_text(license_number),
            f"Occasion {occasion_day}",
            f"{paid_at:%Y-%m-%d %H:%M} - {row.station} - {row.cashier_name}",
            f"Transaction {row.number}",
        ],
        lines=lines,
        totals=[("Paid", format_cents(payout.amount_cents))],
        barcode=transaction_code(row.organization_id, row.number),
        footer=footer,
        copies=["winner", "hall"] if copies > 1 else [],
    )


def void_notice(org_name: str, license_number: str | None, row: Sale, voided_at: datetime, by: str) -> Receipt:
    """Flashboard house rule (voids): printed when a sale is voided, so the paper trail shows it: which
    transaction, when, at which station, by whom and approved by whom, and why."""
    return Receipt(
        title=org_name,
        header=[
            "*** VOID ***",
            licence_text(license_number),
            f"Transaction {row.number} voided",
            f"{voided_at:%Y-%m-%d %H:%M} - {row.station} - {by}",
            f"Approved by {row.approved_by}",
        ],
        lines=[(f"{line.quantity} x {line.description}", format_cents(-line.total_cents)) for line in row.lines],
        totals=[("Refunded", format_cents(row.total_cents))],
        barcode=transaction_code(row.organization_id, row.number),
        footer=[f"Reason: {row.void_reason}"],
    )


def _tender_lines(shift: ShiftFigures) -> list[tuple[str, str]]:
    return [
        (f"Sales by {Tender(kind).label.lower()}", format_cents(cents))
        for kind, cents in sorted(shift.non_cash_cents.items())
    ]


def shift_report(
    org_name: str, license_number: str | None, till: Till, shift: ShiftFigures, closed_at: datetime, anchor: str
) -> Receipt:
    """End of shift: first and last transaction numbers, sales by product and by non-cash tender,
    voids, cash prizes paid, paid-ins and drops, the count and the over/short with its explanation,
    and the audit anchor (`flashboard audit verify --anchor` holds the database to it)."""
    return Receipt(
        title=org_name,
        header=[
            "END OF SHIFT",
            licence_text(license_number),
            f"{till.station} - {till.cashier_name}",
            f"Closed {closed_at:%Y-%m-%d %H:%M}",
            f"Transactions {shift.first_number or '-'} to {shift.last_number or '-'}",
        ],
        lines=[
            *((name, format_cents(cents)) for name, cents in sorted(shift.sales_by_product.items())),
            *_tender_lines(shift),
            ("Voided transactions", ", ".join(f"#{v}" for v in shift.voids) or "none"),
            ("Prizes paid", format_cents(shift.payouts_cents)),
            ("Paid in from prize bank", format_cents(shift.paid_ins_cents)),
            ("Dropped to safe", format_cents(shift.drops_cents)),
        ],
        totals=[
            ("Opening bank", format_cents(till.opening_bank_cents)),
            ("Expected cash", format_cents(till.expected_cents or 0)),
            ("Counted", format_cents(till.counted_cents or 0)),
            ("Over/short", format_cents(till.over_short_cents or 0)),
        ],
        barcode=f"TILL-{till.id}",
        footer=[till.explanation or "", *anchor_lines(anchor)],
    )


def anchor_lines(anchor: str) -> list[str]:
    """The audit chain's sequence and digest at the close, as the paper keeps them."""
    return ["Audit anchor (for flashboard audit verify):", anchor]


def session_report(
    org_name: str,
    license_number: str | None,
    occasion_id: int,
    occasion_day: str,
    shift: ShiftFigures,
    till_rows: list[Till],
    printed_at: datetime,
    anchor: str,
) -> Receipt:
    """End of session: the occasion's first and last transaction numbers, sales by product and by
    non-cash tender, voids, prizes paid, paid-ins, drops and every till's over/short."""
    return Receipt(
        title=org_name,
        header=[
            "END OF SESSION",
            licence_text(license_number),
            f"Occasion {occasion_day}",
            f"Printed {printed_at:%Y-%m-%d %H:%M}",
            f"Transactions {shift.first_number or '-'} to {shift.last_number or '-'}",
        ],
        lines=[
            *((name, format_cents(cents)) for name, cents in sorted(shift.sales_by_product.items())),
            ("Sales total", format_cents(sum(shift.sales_by_product.values()))),
            *_tender_lines(shift),
            ("Voided transactions", ", ".join(f"#{v}" for v in shift.voids) or "none"),
            ("Prizes paid", format_cents(shift.payouts_cents)),
            ("Paid in from prize bank", format_cents(shift.paid_ins_cents)),
            ("Dropped to safe", format_cents(shift.drops_cents)),
        ],
        totals=[
            (
                f"Till {t.station} ({t.cashier_name})",
                format_cents(t.over_short_cents) if t.over_short_cents is not None else "open",
            )
            for t in till_rows
        ],
        barcode=f"OCCASION-{occasion_id}",
        footer=anchor_lines(anchor),
    )
