"""Rows into the plain values the bingo schemas dump: labels, grids and reasons computed here, once."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date, tzinfo
from typing import Any

from bingo.models import Claim, PaperSet, Program, QualifierDrawing, Sale, Till
from bingo.rules.board_states import how_to_win
from bingo.rules.claims import Verdict, face_squares
from bingo.rules.faces import FREE, Face, ball_label
from bingo.rules.patterns import Pattern, from_spec
from bingo.rules.upick import by_column
from bingo.services import takings
from bingo.services import upick_tickets as upick_service
from bingo.services.cash import ShiftSale
from bingo.services.closeout import PrizeDue
from bingo.services.game_views import GameView, OccasionView
from bingo.services.occasions import ListedClaim
from bingo.services.receipts import transaction_code
from bingo.services.stock import terms as inventory_terms
from shared.core.tills import Drawer, needs_w2g
from shared.core.violations import Violation
from shared.printing.models import PrintJob

REASONS = {
    Verdict.VALID: "Valid bingo.",
    Verdict.NOT_IN_SERIES: "Not in this occasion's series: check the face number.",
    Verdict.NOT_SOLD: "This face was not sold at this occasion.",
    Verdict.INCOMPLETE: "Not complete: the pattern is not covered.",
    Verdict.SLEEPER: "Completed earlier (a sleeper): the last number called did not complete it.",
}


def pattern(p: Pattern) -> dict[str, Any]:
    return {
        "kind": p.kind.value,
        "name": p.name,
        "announcement": p.announcement,
        "rule": p.rule,
        "alternatives": len(p.alternatives),
        "grids": p.grids(),
    }


def face(f: Face) -> dict[str, Any]:
    return {"face_number": f.number, "columns": [[None if n == FREE else n for n in col] for col in f.columns()]}


def face_grid(
    cells: tuple[int, ...] | None, covered: int, alternative: int | None
) -> list[list[dict[str, Any]]] | None:
    """The face as rows of squares, each with its number, covered flag and whether it is in the win."""
    return None if cells is None else face_squares(cells, covered, alternative)


def claim(row: Claim | ListedClaim, cells: tuple[int, ...] | None = None) -> dict[str, Any]:
    return {
        "id": row.id,
        "face_number": row.face_number,
        "player": row.player,
        "verdict": row.verdict,
        "valid": row.verdict == Verdict.VALID,
        "reason": REASONS[row.verdict],
        "on_call": row.on_call,
        "completed_on_call": row.completed_on_call,
        "completed_by": ball_label(row.completed_by_ball) if row.completed_by_ball else None,
        "share_cents": row.share_cents,
        "jar_share_cents": row.jar_share_cents,
        "merchandise_won": row.merchandise_won,
        "qualified_for_later": row.qualified_for_later,
        "grid": face_grid(cells, row.covered_mask, row.alternative_mask),
    }


def game(view: GameView) -> dict[str, Any]:
    row = view.game
    shape = from_spec(json.loads(row.pattern_spec))
    return {
        "pick_count": row.pick_count,
        "face_price_cents": row.face_price_cents,
        "break_open_numbers": row.break_open_numbers,
        "upick_winners": view.upick_winners,
        "jar_award_cents": row.jar_award_cents,
        "jar_announcement": row.jar_announcement,
        "jar_award_due": view.jar_award_due,
        "number": row.number,
        "kind": row.kind,
        "pattern_name": row.pattern_name,
        "label": row.label,
        "how": how_to_win(row.kind, shape.announcement, row.pick_count),
        "pattern": pattern(shape),
        "ball_mode": row.ball_mode,
        "status": row.status,
        "prize_cents": row.prize_cents,
        "merchandise": row.merchandise,
        "announced_prize_cents": row.announced_prize_cents,
        "attendance": row.attendance,
        "varies_with_attendance": bool(row.tiers),
        "announcement": row.announcement,
        "closing_announcement": row.closing_announcement,
        "held_at": row.held_at,
        "calls": [
            {
                "seq": c.seq,
                "ball": c.ball,
                "label": ball_label(c.ball),
                "source": c.source,
                "called_at": c.called_at,
                "caller_name": c.caller_name,
            }
            for c in row.calls
        ],
        "claims": [claim(c) for c in view.claims],
        "claims_total": view.claims_total,
        "split_preview": [
            {"face_number": c.face_number, "share_cents": view.split_preview[c.id]}
            for c in view.claims
            if c.id in view.split_preview
        ],
        "qualifier_drawing": drawing(view.qualifier_drawing) if view.qualifier_drawing else None,
    }


def occasion(view: OccasionView) -> dict[str, Any]:
    row = view.occasion
    return {
        "id": row.id,
        "organization_id": row.organization_id,
        "premises_id": row.premises_id,
        "program_id": row.program_id,
        "series_id": row.series_id,
        "occasion_date": row.occasion_date,
        "start_time": row.start_time,
        "member_in_charge_id": row.member_in_charge_id,
        "status": row.status,
        "started_at": row.started_at,
        "cookie_jar_number": row.cookie_jar_number,
        "cookie_jar_label": ball_label(row.cookie_jar_number) if row.cookie_jar_number else None,
        "closed_at": row.closed_at,
        "last_call_only": row.last_call_only,
        "split_whole_dollars": row.split_whole_dollars,
        "split_per_player": row.split_per_player,
        "jar_posted_at": row.jar_posted_at,
        "jar_must_go": row.jar_must_go,
        "runs_cookie_jar": row.jar_settings is not None,
        "play_stopped": None
        if view.play_stopped is None
        else {"code": view.play_stopped.code, "message": view.play_stopped.message, "rule": view.play_stopped.rule},
        "display_token": row.display_token,
        "training": row.training,
        "games": [game(g) for g in view.games],
    }


def program(row: Program, licence_warnings: Sequence[Violation] = ()) -> dict[str, Any]:
    """A program as the API answers it, with what today's licence term does not specify (a warning: a
    program is not dated, so scheduling and the ball check are where the licence refuses)."""
    return {
        "id": row.id,
        "name": row.name,
        "licence_warnings": [
            {"code": v.code, "message": v.message, "rule": v.rule, "field": v.field} for v in licence_warnings
        ],
        "games": [
            {
                "number": g.number,
                "kind": g.kind,
                "pattern_name": from_spec(json.loads(g.pattern_spec)).name,
                "ball_mode": g.ball_mode,
                "prize_cents": g.prize_cents,
                "merchandise": g.merchandise,
                "alternate_within_calls": g.alternate_within_calls,
                "alternate_cents": g.alternate_cents,
            }
            for g in row.games
        ],
    }


def ticket(view: upick_service.TicketView) -> dict[str, Any]:
    row = view.ticket
    numbers = upick_service.numbers_of(row)
    return {
        "code": row.code,
        "occasion_id": row.occasion_id,
        "game_number": row.game_number,
        "numbers": numbers,
        "columns": by_column(numbers),
        "layout": view.layout,
        "daubed": view.daubed,
        "quick_pick": row.quick_pick,
        "price_cents": row.price_cents,
        "status": row.status,
        "sold_at": row.sold_at,
        "cashier_name": row.cashier_name,
        "completed_on_call": row.completed_on_call,
        "share_cents": row.share_cents,
        "jar_share_cents": row.jar_share_cents,
        "void_reason": row.void_reason,
    }


def till(row: Till, cash: Drawer) -> dict[str, Any]:
    return {
        "id": row.id,
        "station": row.station,
        "cashier_name": row.cashier_name,
        "opened_at": row.opened_at,
        "opening_bank_cents": row.opening_bank_cents,
        "cash_sales_cents": cash.cash_sales,
        "cash_payouts_cents": cash.cash_payouts,
        "paid_ins_cents": cash.paid_ins,
        "drops_cents": cash.drops,
        "in_drawer_cents": cash.expected_cents,
        "closed_at": row.closed_at,
        "counted_cents": row.counted_cents,
        "expected_cents": row.expected_cents,
        "over_short_cents": row.over_short_cents,
        "explanation": row.explanation,
    }


def paper_set(row: PaperSet, packs: dict[str, int]) -> dict[str, Any]:
    found = inventory_terms(row)
    return {
        "id": row.id,
        "series_id": row.series_id,
        "colour": row.colour,
        "faces_per_sheet": row.faces_per_sheet,
        "sheets_per_pack": row.sheets_per_pack,
        "serial_from": row.serial_from,
        "serial_to": row.serial_to,
        "first_face": row.first_face,
        "last_face": found.last_face,
        "packs": packs,
    }


def sale(row: Sale, tickets: list[dict[str, Any]], jobs: list[PrintJob]) -> dict[str, Any]:
    return {
        "id": row.id,
        "number": row.number,
        "transaction_code": transaction_code(row.organization_id, row.number),
        "status": row.status,
        "total_cents": row.total_cents,
        "tender": row.tender,
        "tendered_cents": row.tendered_cents,
        "change_cents": row.change_cents,
        "lines": row.lines,
        "tickets": tickets,
        "print_jobs": jobs,
    }


def prize_due(row: PrizeDue, paid_on: date) -> dict[str, Any]:
    """IRS Form W-2G: flagged by the threshold in force on the day it would be paid, as the slip is."""
    return {
        "game_number": row.game_number,
        "prize": row.prize,
        "claim_id": row.claim_id,
        "ticket_code": row.ticket_code,
        "face_number": row.face_number,
        "player": row.player,
        "cents": row.cents,
        "label": row.label,
        "shares": row.shares,
        "share_key": row.share_key,
        "w2g_required": needs_w2g(row.cents, paid_on),
    }


def shift_sale(row: ShiftSale, zone: tzinfo) -> dict[str, Any]:
    found, payout = row.sale, row.payout
    return {
        **sale(found, [], []),
        "kind": found.kind,
        "created_at": found.created_at,
        "at": found.created_at.astimezone(zone).strftime("%H:%M"),
        "void_reason": found.void_reason,
        "voided_at": found.voided_at,
        "approved_by": found.approved_by,
        "winner": payout.winner if payout else None,
        "game_number": payout.game_number if payout else None,
        "prize": payout.prize if payout else None,
        "voidable": takings.is_completed_sale(found),
    }


def shift_print_job(row: PrintJob, zone: tzinfo) -> dict[str, Any]:
    return {
        "id": row.id,
        "station": row.station,
        "kind": row.kind,
        "reference": row.reference,
        "status": row.status,
        "attempts": row.attempts,
        "reprints": row.reprints,
        "last_error": row.last_error,
        "created_at": row.created_at,
        "printed_at": row.printed_at,
        "printed_station": row.printed_station,
        "reprinted_at": row.reprinted_at,
        "reprinted_by": row.reprinted_by,
        "at": row.created_at.astimezone(zone).strftime("%H:%M"),
    }


def drawing(row: QualifierDrawing) -> dict[str, Any]:
    """10 DE Admin Code 101-4.11: a later drawing among a game's qualifiers, with the winner's face."""
    return {
        "id": row.id,
        "game_number": row.game_number,
        "prize": row.prize,
        "merchandise": row.merchandise,
        "value_cents": row.value_cents,
        "entrants": row.entrants,
        "winner_claim_id": row.winner_claim_id,
        "winner_face_number": row.winner.face_number,
        "drawn_at": row.drawn_at,
        "drawn_by": row.drawn_by,
    }
