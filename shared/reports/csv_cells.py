"""OWASP CSV injection: a cell that starts with =, +, -, @, a tab or a carriage return is read as a
formula by a spreadsheet, so a station name or a void reason typed at a till could run on the
auditor's machine. Every CSV export writes its cells through `safe_cell`, which puts a single quote
before such a cell. A plain number ("-50.00", an over/short) is left as it is: it cannot be a formula,
and the Board's sheets must still add it up.

Flashboard house rule (papers an auditor can use): every CSV reads the same way in any spreadsheet.
It starts with a byte-order mark, so names like Nguyễn open as typed; money is one format in every
file, plain "1234.50" with no dollar sign or thousands comma; and a cell a spreadsheet would turn
into something else (a period "2026-12" or "3/4" into a date, a long barcode into 1.2E+15, serial
"007" into 7) gets the same single quote, so it stays the text it was."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable

BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_PLAIN_NUMBER = re.compile(r"^-?\d[\d,]*(\.\d+)?$")
_MONEY = re.compile(r"^(-?)\$(\d{1,3}(?:,\d{3})*\.\d\d)$")
_MISREAD = (
    re.compile(r"^\d{1,4}[-/]\d{1,2}$"),
    re.compile(r"^0\d+$"),
    re.compile(r"^\d{12,}$"),
)


def safe_cell(value: object) -> str:
    """One cell as a spreadsheet must read it.

    >>> [safe_cell(c) for c in ("=1+1", "-50.00", "-$1,234.50", "$7.00", "2026-12", "007", "2026-12-05")]
    ["'=1+1", '-50.00', '-1234.50', '7.00', "'2026-12", "'007", '2026-12-05']
    """
    text = "" if value is None else str(value)
    money = _MONEY.match(text)
    if money:
        return money.group(1) + money.group(2).replace(",", "")
    if text.startswith(FORMULA_STARTS) and not _PLAIN_NUMBER.match(text):
        return "'" + text
    if any(pattern.match(text) for pattern in _MISREAD):
        return "'" + text
    return text


def csv_text(rows: Iterable[Iterable[object]]) -> str:
    """Rows as CSV text after the byte-order mark, every cell through `safe_cell`."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(cell) for cell in row])
    return out.getvalue()
