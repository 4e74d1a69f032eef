"""The paper accountability report (docs/rules.md, "paper accountability"): for one occasion, every
set used in it and its packs issued to each station, sold, returned, sold and voided, missing or
unaccounted, with their serial ranges; for one series, every set printed from it across all its
occasions, from the packs received to the packs missing. Each pack's life is its state now and its
moves as the audit chain recorded them (issued, returned, voided, recorded missing), so a pack taken
back at one occasion and issued again at the next counts at both. Building it only reads."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from bingo.models import BingoSeries, Occasion, OccasionStatus, Pack, PaperSet, Product, Sale, SaleLine, SaleStatus
from bingo.rules import paper_accounts as rules
from bingo.rules.paper_accounts import Line, Move, PackLife
from bingo.services import series as series_service
from bingo.services.occasions import get_occasion
from shared.hall.models import Member, Premises
from shared.hall.services.licenses import bingo_license_status
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import find_user
from shared.platform.audit import AuditEntry
from shared.reports.document import Document, Table, training_paper

RULE = 'Settled reading (docs/rules.md, "paper accountability")'
STEPS = {"paper.issue": rules.ISSUE, "paper.return": rules.RETURN, "paper.missing": rules.MISSING}
FOOTER = (
    "Produced by Flashboard from the paper received, each pack's state and the moves the audit chain "
    "recorded; it can be produced again and comes out the same."
)
SERIAL_COLUMNS = ("Set", "Account", "Packs", "Serials", "Note")


def set_label(paper: PaperSet) -> str:
    return f"#{paper.id} {paper.colour} {paper.serial_from}–{paper.serial_to}"


def _moves(session: Session, sets: Sequence[PaperSet], packs: Sequence[Pack]) -> dict[tuple[int, int], list[Move]]:
    """Each pack's moves in the order the audit chain took them: the paper moves of its set, and the
    voids of sales that sold it. A void lists the serials it put back line by line, each line's as
    many as it sold, in serial order; an issue recorded before the occasion was written down counts
    at the occasion the pack stands at now."""
    now_at = {(p.set_id, p.serial): p.occasion_id for p in packs}
    found: dict[tuple[int, int], list[tuple[int, Move]]] = {}
    entries = session.scalars(
        select(AuditEntry)
        .where(
            AuditEntry.subject_type == "paper_set",
            AuditEntry.subject_id.in_([str(s.id) for s in sets]),
            AuditEntry.action.in_(list(STEPS)),
        )
        .order_by(AuditEntry.seq)
    )
    for entry in entries:
        details = json.loads(entry.details)
        step, set_id = STEPS[entry.action], int(entry.subject_id)
        for serial in details.get("serials") or []:
            occasion_id = (details.get("occasion_id") or now_at.get((set_id, serial))) if step == rules.ISSUE else None
            move = Move(step, occasion_id, details.get("station"))
            found.setdefault((set_id, serial), []).append((entry.seq, move))
    set_ids = [s.id for s in sets]
    products = {p.id: p.paper_set_id for p in session.scalars(select(Product).where(Product.paper_set_id.in_(set_ids)))}
    voided = session.scalars(
        select(Sale).where(
            Sale.status == SaleStatus.VOIDED,
            Sale.organization_id.in_({s.organization_id for s in sets}),
            Sale.id.in_(select(SaleLine.sale_id).where(SaleLine.product_id.in_(list(products)))),
        )
    )
    sales = {str(s.id): s for s in voided}
    for entry in session.scalars(
        select(AuditEntry)
        .where(AuditEntry.action == "sale.void", AuditEntry.subject_type == "sale", AuditEntry.subject_id.in_(sales))
        .order_by(AuditEntry.seq)
    ):
        sale = sales[entry.subject_id]
        serials = list(json.loads(entry.details).get("packs_returned") or [])
        for line in sale.lines:
            sold_from = products.get(line.product_id or 0)
            if sold_from is None:
                continue
            taken, serials = serials[: line.quantity], serials[line.quantity :]
            for serial in taken:
                found.setdefault((sold_from, serial), []).append((entry.seq, Move(rules.VOID, sale.occasion_id)))
    return {key: [m for _, m in sorted(moves, key=lambda x: x[0])] for key, moves in found.items()}


def lives(session: Session, sets: Sequence[PaperSet]) -> dict[int, list[PackLife]]:
    """Each set's packs as the rule reads them, by serial."""
    packs = list(
        session.scalars(select(Pack).where(Pack.set_id.in_([s.id for s in sets])).order_by(Pack.set_id, Pack.serial))
    )
    moves = _moves(session, sets, packs)
    found: dict[int, list[PackLife]] = {s.id: [] for s in sets}
    for p in packs:
        life = PackLife(p.serial, p.status.value, p.occasion_id, p.note, tuple(moves.get((p.set_id, p.serial), ())))
        found[p.set_id].append(life)
    return found


def _serial_rows(label: str, lines: Sequence[Line], packs: Sequence[PackLife]) -> list[tuple[str, ...]]:
    notes = {p.serial: p.note for p in packs if p.note}
    return [
        (
            label,
            line.label,
            str(line.count),
            line.ranges,
            "; ".join(sorted({notes[s] for s in line.serials if s in notes}))
            if line.label == "Recorded missing"
            else "",
        )
        for line in lines
        if line.count
    ]


def _occasion_label(occasion: Occasion) -> str:
    return f"{occasion.occasion_date.isoformat()} (#{occasion.id})" + (" TRAINING" if occasion.training else "")


def _received_by(session: Session, stored: str) -> str:
    """The name of who received the set; older sets stored the login, read back here as the name."""
    user = find_user(session, stored)
    return user.display_name if user is not None and user.display_name else stored


def _hall_time(now: datetime) -> str:
    return now.strftime("%Y-%m-%d %H:%M")


def occasion_paper(session: Session, occasion_id: int, now: datetime) -> Document:
    """Settled reading (docs/rules.md, "paper accountability"): the occasion's paper, set by set: the packs
    issued to each station, sold, returned, whose sale was voided, recorded missing, and (once closed)
    any not accounted for, with their serial ranges; signed by the member in charge."""
    occasion = get_occasion(session, occasion_id)
    org = get_organization(session, occasion.organization_id)
    used = select(Pack.set_id).where(Pack.occasion_id == occasion.id)
    sold_here = select(Product.paper_set_id).where(Product.occasion_id == occasion.id)
    sets = list(
        session.scalars(
            select(PaperSet)
            .where(PaperSet.organization_id == org.id)
            .where(or_(PaperSet.id.in_(used), PaperSet.id.in_(sold_here), PaperSet.series_id == occasion.series_id))
            .order_by(PaperSet.id)
        )
    )
    closed = occasion.status == OccasionStatus.CLOSED
    packs = lives(session, sets)
    accounts = [(s, rules.occasion_account(packs[s.id], occasion.id, closed)) for s in sets]
    accounts = [(s, a) for s, a in accounts if a.issued.count or a.voided.count]
    member = session.get(Member, occasion.member_in_charge_id)
    premises = session.get(Premises, occasion.premises_id)
    in_charge = member.name if member else ""
    columns = ("Set", "Issued", "Sold", "Returned", "Sale voided", "Missing or unaccounted", "At stations")

    def counts(a: rules.OccasionAccount) -> tuple[int, ...]:
        return (a.issued.count, a.sold.count, a.returned.count, a.voided.count, a.missing.count, a.at_stations.count)

    totals = [sum(column) for column in zip(*(counts(a) for _, a in accounts))] or [0] * 6
    by_set = Table(
        "sets",
        "Packs by set",
        columns,
        tuple((set_label(s), *(str(n) for n in counts(a))) for s, a in accounts)
        + (("Total", *(str(n) for n in totals)),),
        "Issued = sold + returned + missing or unaccounted + at stations; a voided sale's packs are back at the "
        "station and counted again where they went next.",
    )
    serials = Table(
        "serials",
        "Serial ranges",
        SERIAL_COLUMNS,
        tuple(row for s, a in accounts for row in _serial_rows(set_label(s), a.lines(), packs[s.id]))
        + (("Total", "Issued to stations", str(totals[0]), "", ""),),
    )
    document = Document(
        f"Paper accountability: {org.name}",
        f"Occasion of {occasion.occasion_date.isoformat()} · {RULE}",
        (
            ("Organization", org.name),
            (
                "Bingo licence",
                bingo_license_status(session, org.id, occasion.occasion_date).current_number or "none in force",
            ),
            ("Occasion", _occasion_label(occasion) + (f", {premises.name}" if premises else "")),
            ("Status", occasion.status.value),
            ("Member in charge", in_charge),
            ("Sets used", str(len(accounts))),
            ("Produced (hall time)", _hall_time(now)),
        ),
        (by_set, serials),
        ("Member in charge: " + in_charge,),
        FOOTER,
        {
            "totals": dict(zip(("issued", "sold", "returned", "voided", "missing", "at_stations"), totals)),
            "sets": [_json_lines(s, a.lines(), a.issued, a.missing) for s, a in accounts],
        },
    )
    return training_paper(document) if occasion.training else document


def _json_lines(paper: PaperSet, lines: Sequence[Line], *more: Line) -> dict[str, object]:
    return {
        "set_id": paper.id,
        "colour": paper.colour,
        "lines": [{"label": line.label, "count": line.count, "serials": line.ranges} for line in (*more, *lines)],
    }


def series_paper(session: Session, series_id: int, now: datetime) -> Document:
    """Settled reading (docs/rules.md, "paper accountability"): every set printed from the series, across
    every occasion its packs went to: received, in stock, at stations, sold, returned, sold and voided,
    missing or unaccounted, with their serial ranges; then the occasions one by one."""
    series: BingoSeries = series_service.get_series(session, series_id)
    org = get_organization(session, series.organization_id)
    sets = list(
        session.scalars(
            select(PaperSet)
            .where(PaperSet.series_id == series.id, PaperSet.organization_id == org.id)
            .order_by(PaperSet.id)
        )
    )
    packs = lives(session, sets)
    occasion_ids = {
        o
        for found in packs.values()
        for p in found
        for o in (p.occasion_id, *(m.occasion_id for m in p.moves))
        if o is not None
    }
    occasions = list(
        session.scalars(
            select(Occasion).where(Occasion.id.in_(occasion_ids)).order_by(Occasion.occasion_date, Occasion.id)
        )
    )
    closed = frozenset(o.id for o in occasions if o.status == OccasionStatus.CLOSED)
    accounts = [(s, rules.set_account(packs[s.id], closed)) for s in sets]
    columns = (
        "Set",
        "Received",
        "Issued",
        "In stock",
        "At stations",
        "Sold",
        "Returned",
        "Sale voided",
        "Missing or unaccounted",
    )

    def counts(a: rules.SetAccount) -> tuple[int, ...]:
        return (
            a.received.count,
            a.issued.count,
            a.in_stock.count,
            a.at_stations.count,
            a.sold.count,
            a.returned.count,
            a.voided.count,
            a.missing.count,
        )

    totals = [sum(column) for column in zip(*(counts(a) for _, a in accounts))] or [0] * 8
    by_set = Table(
        "sets",
        "Packs by set",
        columns,
        tuple((set_label(s), *(str(n) for n in counts(a))) for s, a in accounts)
        + (("Total", *(str(n) for n in totals)),),
        "Received = in stock + at stations + sold + returned + missing or unaccounted; a voided sale's packs "
        "are back at the station and counted again where they went next.",
    )
    received = {
        s.id: f"received {s.received_at.astimezone(now.tzinfo):%Y-%m-%d} by {_received_by(session, s.received_by)}"
        for s in sets
    }
    serial_rows = [
        (label, account, count, ranges, received[s.id] if account == "Received" else note)
        for s, a in accounts
        for label, account, count, ranges, note in _serial_rows(set_label(s), a.lines(), packs[s.id])
    ]
    serials = Table(
        "serials",
        "Serial ranges",
        SERIAL_COLUMNS,
        tuple(serial_rows) + (("Total", "Received", str(totals[0]), "", ""),),
    )
    per_occasion = [(o, [rules.occasion_account(packs[s.id], o.id, o.id in closed) for s in sets]) for o in occasions]

    def occasion_counts(found: list[rules.OccasionAccount]) -> tuple[int, ...]:
        return (
            tuple(
                sum(n)
                for n in zip(
                    *(
                        (
                            a.issued.count,
                            a.sold.count,
                            a.returned.count,
                            a.voided.count,
                            a.missing.count,
                            a.at_stations.count,
                        )
                        for a in found
                    )
                )
            )
            or (0,) * 6
        )

    occasion_totals = [sum(n) for n in zip(*(occasion_counts(f) for _, f in per_occasion))] or [0] * 6
    by_occasion = Table(
        "occasions",
        "Packs by occasion",
        ("Occasion", "Issued", "Sold", "Returned", "Sale voided", "Missing or unaccounted", "At stations"),
        tuple((_occasion_label(o), *(str(n) for n in occasion_counts(f))) for o, f in per_occasion)
        + (("Total", *(str(n) for n in occasion_totals)),),
        "A pack taken back at one occasion and issued again at a later one counts at both.",
    )
    return Document(
        f"Paper accountability: {org.name}",
        f"Series {series.name} · {RULE}",
        (
            ("Organization", org.name),
            ("Bingo licence", bingo_license_status(session, org.id, now.date()).current_number or "none in force"),
            ("Series", f"{series.name} ({series.face_count} faces)"),
            ("Sets", str(len(sets))),
            ("Occasions", ", ".join(_occasion_label(o) for o in occasions) or "none yet"),
            ("Produced (hall time)", _hall_time(now)),
        ),
        (by_set, serials, by_occasion),
        ("Member in charge", "Officer of the organization"),
        FOOTER,
        {
            "totals": dict(
                zip(
                    ("received", "issued", "in_stock", "at_stations", "sold", "returned", "voided", "missing"),
                    totals,
                )
            ),
            "sets": [_json_lines(s, a.lines(), a.missing) for s, a in accounts],
        },
    )
