"""A CSV answer read as a spreadsheet reads it: it must start with the byte-order mark; its data table
is the header and the rows up to the first blank line; the totals follow under "Totals"."""

from __future__ import annotations

import csv
import io
from typing import Any

from shared.reports.csv_cells import BOM


def csv_rows(reply: Any) -> list[list[str]]:
    """Every row of a CSV answer (or text), once it starts with the byte-order mark."""
    text = reply if isinstance(reply, str) else reply.get_data(as_text=True)
    assert text.startswith(BOM), text[:40]
    return list(csv.reader(io.StringIO(text.removeprefix(BOM))))


def csv_data(reply: Any) -> list[dict[str, str]]:
    """The data table's rows by column name: the header's, up to the blank line before the totals."""
    rows = csv_rows(reply)
    end = rows.index([]) if [] in rows else len(rows)
    return [dict(zip(rows[0], row, strict=True)) for row in rows[1:end]]


def csv_totals(reply: Any) -> list[dict[str, str]]:
    """The rows under "Totals" after the data table, by the header's column names (none when it has none)."""
    rows = csv_rows(reply)
    totals = rows[rows.index(["Totals"]) + 1 :] if ["Totals"] in rows else []
    return [dict(zip(rows[0], row, strict=True)) for row in totals]
