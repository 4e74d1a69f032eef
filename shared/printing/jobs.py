"""Print jobs: record the receipt first, then try the printer; a failure leaves the job "not printed"
for the reprint queue, and a reprint is marked REPRINT on the paper and in the audit log."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.violations import refuse
from shared.platform.audit import Actor
from shared.platform.service_kit import (
    after_commit,
    commit,
    finish,
    get_or_refuse,
    tenant,
)
from shared.printing.compose import compose
from shared.printing.documents import Receipt
from shared.printing.models import PrintJob, PrintStatus
from shared.printing.stations import StationPrinter
from shared.printing.transport import send

PRINTED, NOT_PRINTED, PENDING = PrintStatus.PRINTED, PrintStatus.NOT_PRINTED, PrintStatus.PENDING


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


def printer_for(printers: dict[str, StationPrinter], station: str) -> StationPrinter:
    printer = printers.get(station)
    if printer is None:
        raise refuse("unknown_printer", f"No printer is configured for station {station!r}.", None, "station", 404)
    return printer


def record(
    session: Session,
    now: datetime,
    station: str,
    kind: str,
    reference: str,
    receipt: Receipt,
    organization_id: int | None,
) -> PrintJob:
    """The job is committed before the printer is touched (DESIGN.md: commit first, then print), in
    the same transaction as the sale it prints when the request commits once. It belongs to the
    organization whose paper it is, so another organization can neither list nor reprint it."""
    job = PrintJob(
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
    session.add(job)
    commit(session)
    return job


def attempt(
    session: Session, now: datetime, job: PrintJob, printers: dict[str, StationPrinter], reprint: bool = False
) -> PrintJob:
    """Compose and send; record the outcome whatever it is."""
    printer = printers.get(job.station)
    if printer is None:
        reason: str | None = (
            f"no printer configured for this station ({job.station}): ask the member in charge to set one up"
        )
    else:
        payload = compose(Receipt.from_json(json.loads(job.document)), printer.profile, reprint=reprint)
        reason = send(printer, payload)
    job.attempts += 1
    job.status = NOT_PRINTED if reason else PRINTED
    job.last_error = reason
    if reason is None:
        job.printed_at = now
    session.commit()
    return job


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
    """Record the job, then (after the commit) try the printer; the job says how it went."""
    job = record(session, now, station, kind, reference, receipt, organization_id)
    after_commit(session, lambda: attempt(session, now, job, printers))
    return job


def reprint(
    session: Session, actor: Actor, now: datetime, printers: dict[str, StationPrinter], job_id: int, station: str | None
) -> PrintJob:
    """A reprint says REPRINT, may go to another station's printer, and is audited."""
    job = get_or_refuse(session, PrintJob, job_id, "print_job_id", "print job")
    if job.organization_id is None and tenant(session) is not None:
        raise refuse("not_found", f"No print job has id {job_id}.", None, field="print_job_id", status=404)
    if station is not None:
        printer_for(printers, station)
        job.station = station
    job.reprints += 1
    finish(
        session,
        actor,
        now,
        "print.reprint",
        job,
        "print_job",
        {"reference": job.reference, "station": job.station, "reprints": job.reprints},
    )
    after_commit(session, lambda: attempt(session, now, job, printers, reprint=True))
    return job


def queue(session: Session, station: str | None) -> list[PrintJob]:
    """Jobs that did not print, newest first: the cashier's reprint queue."""
    query = select(PrintJob).where(PrintJob.status != PRINTED)
    allowed = tenant(session)
    if allowed is not None:
        query = query.where(PrintJob.organization_id.in_(allowed))
    if station:
        query = query.where(PrintJob.station == station)
    return list(session.scalars(query.order_by(PrintJob.id.desc()).limit(200)))
