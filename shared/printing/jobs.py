"""Print jobs: record the receipt first, then try the printer. A job is printed only when the printer
confirms it; one that never reached the printer is "not printed" and one the printer did not confirm
is "unconfirmed" (check the paper): both wait in the cashier's queue. A reprint is marked REPRINT on
the paper, with its number, time and who, and in the audit log."""

from __future__ import annotations

import ipaddress
import json
import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.violations import refuse
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import (
    after_commit,
    commit,
    finish,
    get_or_refuse,
    tenant,
)
from shared.printing.compose import ReprintMark, compose
from shared.printing.documents import Receipt
from shared.printing.models import PrintJob, PrintStatus
from shared.printing.stations import StationPrinter
from shared.printing.transport import Delivery, Outcome, send

PRINTED, NOT_PRINTED, PENDING = PrintStatus.PRINTED, PrintStatus.NOT_PRINTED, PrintStatus.PENDING
UNCONFIRMED = PrintStatus.UNCONFIRMED
LOG = logging.getLogger(__name__)


@dataclass(frozen=True)
class PrintDesk:
    """DESIGN.md, "commit before printing": where a use case's paper goes once its work is committed: the
    hall's station printers and the station that asked. The web layer builds it from the request; a
    service prints through it, so no view sequences a use case and its receipts."""

    printers: dict[str, StationPrinter]
    station: str

    def print(
        self, session: Session, now: datetime, kind: str, reference: str, receipt: Receipt, organization_id: int | None
    ) -> PrintJob:
        """The job is recorded (committed) and tried after the commit; its row says how it went."""
        return print_receipt(
            session, now, self.printers, self.station, kind, reference, receipt, organization_id=organization_id
        )

    def print_each(
        self,
        session: Session,
        now: datetime,
        kind: str,
        papers: list[tuple[str, Receipt]],
        organization_id: int | None,
    ) -> list[PrintJob]:
        """Flashboard house rule (papers in a batch): many papers at once (a seat card a player), a job
        each, recorded together (committed) and tried in turn after the commit. Once one does not print,
        the rest are not tried and wait in the queue as not printed, saying why: a printer that is off
        or out of paper costs one wait, not one a paper, and no card is lost."""
        jobs = [_job(self.station, now, kind, reference, receipt, organization_id) for reference, receipt in papers]
        session.add_all(jobs)
        commit(session)
        after_commit(session, lambda: _attempt_in_turn(session, now, jobs, self.printers))
        return jobs


def printer_for(printers: dict[str, StationPrinter], station: str) -> StationPrinter:
    printer = printers.get(station)
    if printer is None:
        raise refuse("unknown_printer", f"No printer is configured for station {station!r}.", None, "station", 404)
    return printer


def _job(
    station: str, now: datetime, kind: str, reference: str, receipt: Receipt, organization_id: int | None
) -> PrintJob:
    return PrintJob(
        station=station[:100],
        kind=kind,
        reference=reference[:100],
        document=json.dumps(receipt.to_json()),
        organization_id=organization_id,
        status=PENDING,
        attempts=0,
        reprints=0,
        created_at=now,
    )


def _attempt_in_turn(
    session: Session, now: datetime, jobs: list[PrintJob], printers: dict[str, StationPrinter]
) -> None:
    for n, job in enumerate(jobs):
        if attempt(session, now, job, printers).status != PRINTED:
            for left in jobs[n + 1 :]:
                left.status = NOT_PRINTED
                left.last_error = f"not tried: the paper before it ({job.reference}) did not print"
            session.commit()
            return


def attempt(
    session: Session,
    now: datetime,
    job: PrintJob,
    printers: dict[str, StationPrinter],
    station: str | None = None,
    by: str | None = None,
) -> PrintJob:
    """Compose and send to the job's own printer (or, for a reprint, the one asked for); record the
    outcome whatever it is. Once bytes have left for a printer, any further paper says REPRINT with
    its number, time and who; a reprint counts only once bytes of it left."""
    target = station or job.station
    printer = printers.get(target)
    mark = ReprintMark(job.reprints + 1, now, by or "the system") if job.sent_at is not None else None
    if printer is None:
        outcome = Outcome(Delivery.NOT_PRINTED, no_printer_reason(target))
    else:
        try:
            payload = compose(Receipt.from_json(json.loads(job.document)), printer.profile, mark)
        except Exception as exc:  # noqa: BLE001 - a paper that cannot be made waits in the queue, the sale stands
            LOG.exception("print job %s could not be composed", job.id)
            payload, outcome = (
                None,
                Outcome(Delivery.NOT_PRINTED, f"the paper could not be made ({exc.__class__.__name__})"),
            )
        if payload is not None:
            outcome = send(printer, payload, **timing(printer))
    job.attempts += 1
    job.last_error = outcome.reason
    if outcome.delivery == Delivery.NOT_PRINTED:
        job.status = NOT_PRINTED
    else:
        job.status = PRINTED if outcome.delivery == Delivery.PRINTED else UNCONFIRMED
        job.printed_station = target
        job.sent_at = job.sent_at or now
        if mark is not None:
            job.reprints, job.reprinted_at, job.reprinted_by = mark.number, now, mark.by
        if outcome.delivery == Delivery.PRINTED:
            job.printed_at = now
    session.commit()
    return job


def no_printer_reason(station: str) -> str:
    """Flashboard house rule (stations): said so a volunteer knows what to do. A screen signed in
    without choosing a station is known only by its network address, which names no printer."""
    try:
        ipaddress.ip_address(station)
    except ValueError:
        return f"no printer configured for station {station}: ask the member in charge to set one up"
    return (
        "no printer configured for this screen: it was signed in without choosing a station; "
        "sign in again and choose the station whose printer is beside it"
    )


def timing(printer: StationPrinter) -> dict[str, float]:
    """The station's own waits, where its printer section sets them (a slow printer may need longer to
    confirm a long report)."""
    waits = {"timeout": printer.timeout_seconds, "confirm": printer.confirm_seconds}
    return {key: value for key, value in waits.items() if value is not None}


def print_receipt(
    session: Session,
    now: datetime,
    printers: dict[str, StationPrinter],
    station: str,
    kind: str,
    reference: str,
    receipt: Receipt,
    *,
    organization_id: int | None,
) -> PrintJob:
    """The job is committed before the printer is touched (DESIGN.md: commit first, then print), in
    the same transaction as the sale it prints when the request commits once, and tried after that
    commit; its row says how it went. It belongs to the organization whose paper it is, so another
    organization can neither list nor reprint it. A station with no printer has nothing to try: its
    job is recorded not printed, saying why, at once (as the try would have left it), so nothing
    follows the commit (issue 21)."""
    job = _job(station, now, kind, reference, receipt, organization_id)
    if printers.get(job.station) is None:
        job.status, job.attempts, job.last_error = NOT_PRINTED, 1, no_printer_reason(job.station)
    session.add(job)
    commit(session)
    if job.status == PENDING:
        after_commit(session, lambda: attempt(session, now, job, printers))
    return job


def reprint(
    session: Session, actor: Actor, now: datetime, printers: dict[str, StationPrinter], job_id: int, station: str | None
) -> PrintJob:
    """Flashboard house rule (reprints): any receipt can be printed again, at its own station's printer
    or another's; the job keeps its station. The paper says REPRINT only when an earlier try left
    for a printer (a receipt that never printed comes out as a first print), with the reprint's
    number, time and who. The request is audited; the count moves only when the paper does."""
    job = _own_job(session, job_id)
    if station is not None:
        printer_for(printers, station)
    by = person_name(session, actor)
    finish(
        session,
        actor,
        now,
        "print.reprint",
        job,
        "print_job",
        {"reference": job.reference, "station": job.station, "to": station or job.station, "by": by},
    )
    after_commit(session, lambda: attempt(session, now, job, printers, station, by))
    return job


def _own_job(session: Session, job_id: int) -> PrintJob:
    job = get_or_refuse(session, PrintJob, job_id, "print_job_id", "print job")
    if job.organization_id is None and tenant(session) is not None:
        raise refuse("not_found", f"No print job has id {job_id}.", None, field="print_job_id", status=404)
    return job


def confirm(session: Session, actor: Actor, now: datetime, job_id: int) -> PrintJob:
    """Flashboard house rule (unconfirmed receipts): when the printer did not confirm a job, the
    cashier looks at the paper. A whole receipt there is marked printed (audited, with who said so),
    so it is not printed twice; a missing or torn one is reprinted instead."""
    job = _own_job(session, job_id)
    if job.status != UNCONFIRMED:
        raise refuse(
            "not_unconfirmed",
            f"Print job {job_id} is {job.status.value.replace('_', ' ')}: only a job the printer did not "
            "confirm is marked printed by hand.",
            None,
            "print_job_id",
            409,
        )
    job.status, job.printed_at, job.last_error = PRINTED, now, None
    finish(
        session,
        actor,
        now,
        "print.confirm",
        job,
        "print_job",
        {"reference": job.reference, "station": job.station, "by": person_name(session, actor)},
    )
    return job


def queue(session: Session, station: str | None) -> list[PrintJob]:
    """Jobs that did not print or whose paper must be checked, newest first: the cashier's queue."""
    query = select(PrintJob).where(PrintJob.status != PRINTED)
    allowed = tenant(session)
    if allowed is not None:
        query = query.where(PrintJob.organization_id.in_(allowed))
    if station:
        query = query.where(PrintJob.station == station)
    return list(session.scalars(query.order_by(PrintJob.id.desc()).limit(200)))
