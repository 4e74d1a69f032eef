"""OWASP CSV injection: a cell that starts with =, +, -, @, a tab or a carriage return is read as a
formula by a spreadsheet, so a station name or a void reason typed at a till could run on the
auditor's machine. Every CSV export writes its cells through `safe_cell`, which puts a single quote
before such a cell. A plain number ("-50.00", an over/short) is left as it is: it cannot be a formula,
and the Board's sheets must still add it up."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^-?\d[\d,]*(\.\d+)?$")


def safe_cell(value: object) -> str:
    text = "" if value is None else str(value)
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    return text


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """Rows as CSV text, every cell neutralised."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
