"""Paper inventory: sets received, packs issued to a station for an occasion, sold (recording the
faces each pack holds), returned or missing; and whether a claimed face was sold at the occasion."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Exists, func, select
from sqlalchemy.orm import Session

from bingo.models import Occasion, Pack, PackStatus, PaperSet, SaleLine
from bingo.rules.inventory import SetTerms, set_refusal
from bingo.schemas import PackMoveRequest, PaperSetRequest
from bingo.services import series as series_service
from shared.core.violations import refuse
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse

IN_STOCK, ISSUED, SOLD, RETURNED, MISSING = (
    PackStatus.IN_STOCK,
    PackStatus.ISSUED,
    PackStatus.SOLD,
    PackStatus.RETURNED,
    PackStatus.MISSING,
)


def terms(row: PaperSet) -> SetTerms:
    return SetTerms(row.faces_per_sheet, row.sheets_per_pack, row.serial_from, row.serial_to, row.first_face)


def receive(session: Session, actor: Actor, now: datetime, org_id: int, request: PaperSetRequest) -> PaperSet:
    org = get_organization(session, org_id)
    series = series_service.get_series(session, request.series_id)
    if series.organization_id != org.id:
        raise refuse("not_found", "That series belongs to another organization.", None, "series_id", 404)
    found = SetTerms(
        request.faces_per_sheet, request.sheets_per_pack, request.serial_from, request.serial_to, request.first_face
    )
    check(set_refusal(found, series.face_count))
    row = PaperSet(
        organization_id=org.id,
        series_id=series.id,
        colour=request.colour,
        faces_per_sheet=found.faces_per_sheet,
        sheets_per_pack=found.sheets_per_pack,
        serial_from=found.serial_from,
        serial_to=found.serial_to,
        first_face=found.first_face,
        received_at=now,
        received_by=person_name(session, actor),
    )
    session.add(row)
    session.flush()
    session.bulk_insert_mappings(
        Pack,
        [
            {
                "set_id": row.id,
                "serial": s,
                "first_face": found.faces_of(s).start,
                "last_face": found.faces_of(s).stop - 1,
                "status": IN_STOCK,
            }
            for s in range(found.serial_from, found.serial_to + 1)
        ],
    )
    finish(
        session,
        actor,
        now,
        "paper.receive",
        row,
        "paper_set",
        {"colour": row.colour, "packs": found.packs, "faces": [found.first_face, found.last_face]},
    )
    return row


def _packs(session: Session, set_id: int, serials: list[int], field: str = "serials") -> list[Pack]:
    rows = {p.serial: p for p in session.scalars(select(Pack).where(Pack.set_id == set_id, Pack.serial.in_(serials)))}
    missing = [s for s in serials if s not in rows]
    if missing:
        raise refuse("unknown_pack", f"Pack serial {missing[0]} is not in this set.", None, field, 404)
    return [rows[s] for s in serials]


def move(session: Session, actor: Actor, now: datetime, set_id: int, request: PackMoveRequest) -> list[Pack]:
    """Issue packs to a station for an occasion, take unsold packs back, or record packs missing. An
    organization's paper goes only to its own occasions (the measured failure: org A's packs were
    issued to org B's occasion)."""
    paper = get_or_refuse(session, PaperSet, set_id, "set_id", "paper set")
    action = request.action
    packs = _packs(session, paper.id, request.serials)
    allowed = {"issue": {IN_STOCK, RETURNED}, "return": {ISSUED}, "missing": {IN_STOCK, ISSUED, RETURNED}}[action]
    wrong = [p.serial for p in packs if p.status not in allowed]
    if wrong:
        raise refuse(
            "pack_state", f"Pack {wrong[0]} cannot be {action}ed from its current state.", None, "serials", 409
        )
    if action == "issue":
        occasion = get_or_refuse(session, Occasion, request.occasion_id or 0, "occasion_id", "occasion")
        if occasion.organization_id != paper.organization_id:
            raise refuse("not_found", f"No occasion has id {occasion.id}.", None, "occasion_id", 404)
        station = request.station
        if not station:
            raise refuse("station_required", "Name the station the packs go to.", None, "station")
        for pack in packs:
            pack.status, pack.occasion_id, pack.station = ISSUED, occasion.id, station
    elif action == "return":
        for pack in packs:
            pack.status = RETURNED
    else:
        note = (request.note or "").strip()
        if not note:
            raise refuse("reason_required", "Say what is known about the missing packs.", None, "note")
        for pack in packs:
            pack.status, pack.note = MISSING, note
    finish(
        session,
        actor,
        now,
        f"paper.{action}",
        paper,
        "paper_set",
        {"serials": request.serials, "station": request.station, "occasion_id": request.occasion_id},
    )
    return packs


def sell_packs(
    session: Session, occasion: Occasion, station: str, set_id: int, serials: list[int], line: SaleLine
) -> list[Pack]:
    """A pack sale records which packs (and so which faces) were sold at this occasion, on which line."""
    packs = _packs(session, set_id, serials, "pack_serials")
    for pack in packs:
        if pack.status != ISSUED or pack.occasion_id != occasion.id or pack.station != station:
            raise refuse(
                "pack_not_issued_here",
                f"Pack {pack.serial} is not issued to {station} for this occasion.",
                None,
                "pack_serials",
                409,
            )
        pack.status, pack.sale_line_id = SOLD, line.id
    return packs


def counts(session: Session, set_id: int) -> dict[str, int]:
    rows = session.execute(select(Pack.status, func.count()).where(Pack.set_id == set_id).group_by(Pack.status))
    return {status: number for status, number in rows}


def sold_tests(occasion: Occasion, face_number: int) -> tuple[Exists, Exists]:
    """Whether the occasion tracks paper (a pack of its series sold there) and whether a sold pack held
    the face: two tests a caller reads inside a statement of its own (the claim's, issue 21)."""
    sold = (
        select(Pack.id)
        .join(PaperSet, Pack.set_id == PaperSet.id)
        .where(Pack.occasion_id == occasion.id, Pack.status == SOLD, PaperSet.series_id == occasion.series_id)
    )
    return sold.exists(), sold.where(Pack.first_face <= face_number, Pack.last_face >= face_number).exists()


def face_sold(tracks_paper: bool, held: bool) -> bool | None:
    """None when the occasion tracks no paper; otherwise whether a sold pack held the face."""
    return held if tracks_paper else None


def list_sets(session: Session, org_id: int) -> list[PaperSet]:
    """The organization's paper sets, the newest first."""
    get_organization(session, org_id)
    return list(
        session.scalars(select(PaperSet).where(PaperSet.organization_id == org_id).order_by(PaperSet.id.desc()))
    )


def packs_of(session: Session, set_id: int, status: PackStatus | None = None, limit: int = 500) -> list[Pack]:
    """A set's packs by serial, of one status or all, at most `limit` of them."""
    query = select(Pack).where(Pack.set_id == set_id)
    if status is not None:
        query = query.where(Pack.status == status)
    return list(session.scalars(query.order_by(Pack.serial).limit(limit)))


def get_set(session: Session, set_id: int) -> PaperSet:
    return get_or_refuse(session, PaperSet, set_id, "set_id", "paper set")


def issued_here(session: Session, set_id: int, occasion_id: int, station: str) -> list[int]:
    """10 DE Admin Code 101-4.22: the serials of the set's packs issued to this station for the occasion
    and not yet sold, the only ones its cashier may sell (the pack dialog lists them)."""
    return list(
        session.scalars(
            select(Pack.serial)
            .where(
                Pack.set_id == set_id,
                Pack.occasion_id == occasion_id,
                Pack.station == station,
                Pack.status == PackStatus.ISSUED,
            )
            .order_by(Pack.serial)
        )
    )
