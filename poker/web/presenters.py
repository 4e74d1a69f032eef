"""What the poker screens and the API show of loaded rows: an entry with its prize as paid ("Paid
$480.00 at 21:14 by Dana Desk"), and the last elimination the director may undo ("Ann out in 7th").
Pure: they take loaded values and the hall's zone, and never query."""

from __future__ import annotations

from datetime import tzinfo
from typing import Any

from poker.models import Entry
from poker.rules.payouts import PaidPrize, ordinal
from poker.rules.setup import Prize, PrizeTable
from poker.services.eliminations import LastOut
from poker.services.tournaments import paid_prize
from shared.core import tills
from shared.core.money import format_cents


def paid_text(paid: PaidPrize) -> str:
    return f"Paid {format_cents(paid.cents)} at {paid.at} by {paid.by}"


def entry(row: Entry, zone: tzinfo) -> dict[str, Any]:
    paid = paid_prize(row, zone)
    return {
        "number": row.number,
        "player_name": row.player_name,
        "spent_cents": row.spent_cents,
        "rebuys": row.rebuys,
        "reentries": row.reentries,
        "eliminated": row.eliminated,
        "place": row.place,
        "place_label": ordinal(row.place) if row.place else None,
        "table_number": row.table_number,
        "seat": row.seat,
        "prize_cents": row.prize_cents,
        "w2g_due": tills.needs_w2g_poker(row.prize_cents or 0, row.spent_cents),
        "age_confirmed_by": row.age_confirmed_by,
        "paid": None
        if paid is None
        else {"place": paid.place, "cents": paid.cents, "at": paid.at, "by": paid.by, "text": paid_text(paid)},
    }


def _names(players: list[str]) -> str:
    return players[0] if len(players) == 1 else ", ".join(players[:-1]) + " and " + players[-1]


def last_out(found: LastOut | None) -> dict[str, Any] | None:
    """The director's undo offer: "Ann out in 7th", "Ann and Bob out, tied 7th", or "Ann (7th) and
    Bob (8th) out"; why it cannot be undone, when it cannot."""
    if found is None:
        return None
    names = [e.player_name for e, _ in found.players]
    held = sorted({place for _, place in found.players})
    if len(found.players) == 1:
        label = f"{names[0]} out in {ordinal(held[0])}"
    elif len(held) == 1:
        label = f"{_names(names)} out, tied {ordinal(held[0])}"
    else:
        label = _names([f"{e.player_name} ({ordinal(place)})" for e, place in found.players]) + " out"
    return {
        "hand": found.elimination.hand,
        "entry_number": found.players[0][0].number,
        "label": label,
        "players": [
            {"number": e.number, "name": e.player_name, "place": place, "table": b.table_number, "seat": b.seat}
            for (e, place), b in zip(found.players, found.elimination.busts, strict=True)
        ],
        "undoable": found.refusal is None,
        "why_not": found.refusal.message if found.refusal else None,
        "rule": found.refusal.rule if found.refusal else None,
    }


def prize_amount(prize: Prize) -> str:
    """A posted prize as the printed rules word it: "$500.00" or "50% of the prize pool"."""
    if prize.fixed_cents is not None:
        return format_cents(prize.fixed_cents)
    return f"{(prize.percent_bp or 0) / 100:g}% of the prize pool"


def prize_tables(tables: tuple[PrizeTable, ...], entrants: int) -> list[dict[str, Any]]:
    """Every posted prize table, numbered from 1, with whether its range holds the field entered now."""
    return [
        {
            "number": number,
            "min_entrants": table.min_entrants,
            "max_entrants": table.max_entrants,
            "label": table.label,
            "prizes": [
                {
                    "place": p.place,
                    "place_label": ordinal(p.place),
                    "description": p.description,
                    "amount": prize_amount(p),
                }
                for p in table.prizes
            ],
            "fits": table.holds(entrants),
        }
        for number, table in enumerate(tables, start=1)
    ]
