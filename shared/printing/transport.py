"""Sending composed bytes to a station's printer and knowing whether they printed. The printer's
real-time status is asked first; the job is followed by a status request the printer answers only
once it has processed everything before it (the cut included), so a job is "printed" only when the
printer says so. Any failure comes back as an outcome, never an exception, because a failed print
must never undo a sale that is already committed."""

from __future__ import annotations

import socket
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from shared.printing.stations import StationPrinter

TIMEOUT_SECONDS = 3.0
CONFIRM_SECONDS = 10.0
ATTEMPTS = 2

ONLINE, OFFLINE_CAUSE, PAPER_SENSOR = b"\x10\x04\x01", b"\x10\x04\x02", b"\x10\x04\x04"
"""DLE EOT n (real-time status, answered at once even while printing is stopped): n = 1 printer,
2 offline cause, 4 roll paper sensor (Epson ESC/POS reference, "DLE EOT")."""

PROCESSED = b"\x1dr\x01"
"""GS r 1 (transmit paper sensor status): not real-time, so the printer answers it only after the
data before it, the job's cut included, has been processed."""


class Delivery(StrEnum):
    """How a try ended: printed (the printer confirmed the job), not printed (nothing reached the
    printer, so a print later is the first), or unconfirmed (bytes were sent and the printer did not
    confirm them: the paper must be checked before a reprint)."""

    PRINTED = "printed"
    NOT_PRINTED = "not_printed"
    UNCONFIRMED = "unconfirmed"


@dataclass(frozen=True)
class Outcome:
    delivery: Delivery
    reason: str | None = None


@dataclass(frozen=True)
class PrinterStatus:
    """What the printer reports: online, paper near end, paper out, cover open, or unreachable."""

    reachable: bool
    online: bool
    paper: str
    detail: str
    cover_open: bool = False

    @property
    def can_print(self) -> bool:
        return self.reachable and self.online and self.paper != "out" and not self.cover_open


def _ask(connection: socket.socket, request: bytes) -> int | None:
    connection.sendall(request)
    reply = connection.recv(1)
    return reply[0] if reply else None


def _status_on(connection: socket.socket) -> PrinterStatus:
    printer, cause, sensor = _ask(connection, ONLINE), _ask(connection, OFFLINE_CAUSE), _ask(connection, PAPER_SENSOR)
    if printer is None or cause is None or sensor is None:
        return PrinterStatus(False, False, "unknown", "unreachable (no status reply)")
    online = not printer & 0x08
    cover_open = bool(cause & 0x04)
    paper = "out" if sensor & 0x60 == 0x60 else "near_end" if sensor & 0x0C == 0x0C else "ok"
    problems = [
        *(["cover open"] if cover_open else []),
        *([f"paper {paper.replace('_', ' ')}"] if paper != "ok" else []),
        *(["error"] if cause & 0x40 else []),
    ]
    detail = ("online" if online else "offline") + "".join(f", {p}" for p in problems)
    return PrinterStatus(True, online, paper, detail, cover_open)


def _connect(printer: StationPrinter, timeout: float) -> socket.socket:
    return socket.create_connection((str(printer.params["host"]), int(printer.params.get("port", 9100))), timeout)


def status(printer: StationPrinter, timeout: float = TIMEOUT_SECONDS) -> PrinterStatus:
    """DLE EOT real-time status, where the printer answers it (network printers do)."""
    if printer.kind != "Network":
        return PrinterStatus(True, True, "unknown", f"{printer.kind} printers do not report status")
    try:
        with _connect(printer, timeout) as connection:
            return _status_on(connection)
    except OSError as exc:
        return PrinterStatus(False, False, "unknown", f"unreachable ({exc.__class__.__name__})")


def _send_other(printer: StationPrinter, payload: bytes, timeout: float) -> Outcome:
    """A USB, serial, file or CUPS printer through python-escpos: it reports no status, so bytes
    handed over are taken as printed (the station's choice of printer says so)."""
    device: Any = None
    try:
        device = printer.open(timeout)
        device.open()
        device._raw(payload)
        return Outcome(Delivery.PRINTED)
    except Exception as exc:  # noqa: BLE001 - python-escpos raises its own; reported as the reason
        return Outcome(Delivery.NOT_PRINTED, f"send failed ({exc.__class__.__name__})")
    finally:
        if device is not None:
            try:
                device.close()
            except Exception:  # noqa: BLE001 - closing a dead device may fail too
                pass


def _send_network(printer: StationPrinter, payload: bytes, timeout: float, confirm: float) -> Outcome:
    """Status first (a stopped printer is not sent to, so the job stays a first print); then the job
    and GS r; a reply means printed. No reply, or a connection lost once bytes left, means the job
    may be on paper in part or whole: unconfirmed, never retried on its own (that could double it)."""
    try:
        connection = _connect(printer, timeout)
    except OSError as exc:
        return Outcome(Delivery.NOT_PRINTED, f"printer unreachable ({exc.__class__.__name__})")
    with connection:
        try:
            before = _status_on(connection)
        except OSError as exc:
            return Outcome(Delivery.NOT_PRINTED, f"printer unreachable ({exc.__class__.__name__})")
        if not before.can_print:
            return Outcome(Delivery.NOT_PRINTED, f"printer {before.detail}")
        try:
            connection.sendall(payload + PROCESSED)
            connection.settimeout(confirm)
            if connection.recv(1):
                return Outcome(Delivery.PRINTED)
            why = "the printer closed the connection during the job"
        except TimeoutError:
            why = "the printer did not confirm the job"
        except OSError as exc:
            why = f"the connection was lost during the job ({exc.__class__.__name__})"
        try:
            connection.settimeout(timeout)
            after = _status_on(connection)
            if after.reachable and not after.can_print:
                why = f"printer {after.detail}"
        except OSError:
            pass
        return Outcome(Delivery.UNCONFIRMED, f"{why}: check the paper")


def send(
    printer: StationPrinter, payload: bytes, timeout: float = TIMEOUT_SECONDS, confirm: float = CONFIRM_SECONDS
) -> Outcome:
    """Send the bytes and say how it went. A printer that cannot take the job (unreachable, offline,
    out of paper, cover open) is asked once more; bytes that left are never sent twice."""
    if printer.kind != "Network":
        return _send_other(printer, payload, timeout)
    outcome = Outcome(Delivery.NOT_PRINTED, "printer unreachable")
    for _ in range(ATTEMPTS):
        outcome = _send_network(printer, payload, timeout, confirm)
        if outcome.delivery != Delivery.NOT_PRINTED:
            return outcome
    return outcome
