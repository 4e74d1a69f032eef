"""Sending composed bytes to a station's printer: ask its status first, send with a short timeout,
and retry once. Any failure comes back as a reason, never an exception, because a failed print must
never undo a sale that is already committed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.printing.stations import StationPrinter

TIMEOUT_SECONDS = 3.0
ATTEMPTS = 2


@dataclass(frozen=True)
class PrinterStatus:
    """What the printer reports: online, paper near end, paper out, or unreachable."""

    reachable: bool
    online: bool
    paper: str
    detail: str

    @property
    def can_print(self) -> bool:
        return self.reachable and self.online and self.paper != "out"


def _status_of(device: Any) -> PrinterStatus:
    online = bool(device.is_online())
    paper_code = device.paper_status()
    paper = {0: "out", 1: "near_end", 2: "ok"}.get(paper_code, "unknown")
    detail = "online" if online else "offline"
    return PrinterStatus(True, online, paper, detail if paper == "ok" else f"{detail}, paper {paper.replace('_', ' ')}")


def status(printer: StationPrinter, timeout: float = TIMEOUT_SECONDS) -> PrinterStatus:
    """DLE EOT real-time status, where the printer answers it (network printers do)."""
    if printer.kind != "Network":
        return PrinterStatus(True, True, "unknown", f"{printer.kind} printers do not report status")
    device = None
    try:
        device = printer.open(timeout)
        device.open()
        return _status_of(device)
    except (OSError, Exception) as exc:  # noqa: BLE001 - any transport failure means "unreachable"
        return PrinterStatus(False, False, "unknown", f"unreachable ({exc.__class__.__name__})")
    finally:
        if device is not None:
            try:
                device.close()
            except Exception:  # noqa: BLE001 - closing a dead socket may fail too
                pass


def send(printer: StationPrinter, payload: bytes, timeout: float = TIMEOUT_SECONDS) -> str | None:
    """Send the bytes; None when printed, else the reason. A printer that reports offline or out of
    paper is not sent to, so the job is reprinted later rather than held half-printed."""
    reason = None
    for _ in range(ATTEMPTS):
        current = status(printer, timeout)
        if not current.can_print:
            reason = f"printer {current.detail}"
            continue
        device = None
        try:
            device = printer.open(timeout)
            device.open()
            device._raw(payload)
            return None
        except (OSError, Exception) as exc:  # noqa: BLE001 - reported back as the job's reason
            reason = f"send failed ({exc.__class__.__name__})"
        finally:
            if device is not None:
                try:
                    device.close()
                except Exception:  # noqa: BLE001
                    pass
    return reason
