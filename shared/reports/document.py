"""A report as plain data: facts, tables and signature lines. The same document renders to JSON, to
PDF and, table by table, to CSV, so every format shows the same numbers to the cent."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from shared.reports.csv_cells import csv_text


@dataclass(frozen=True)
class Table:
    """A named table; cells are text already (money formatted once, by the builder). `grids`, when
    given, holds for each row the 5×5 figures drawn beside its first cell on the PDF page (each a
    25-bit mask, cell r*5+c: a bingo game's pattern); the CSV and JSON carry the cells only."""

    name: str
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    note: str | None = None
    grids: tuple[tuple[int, ...], ...] = ()

    def csv(self, training: bool = False) -> str:
        """The table as CSV; a training occasion's starts with the TRAINING notice, so no copy of it can
        pass for a real night's figures."""
        notice = [(TRAINING_NOTICE,)] if training else []
        return csv_text([*notice, self.columns, *self.rows])


@dataclass(frozen=True)
class Document:
    title: str
    subtitle: str
    facts: tuple[tuple[str, str], ...]
    tables: tuple[Table, ...]
    signatures: tuple[str, ...] = ()
    footer: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    training: bool = False
    portrait: bool = False

    def table(self, name: str) -> Table | None:
        return next((t for t in self.tables if t.name == name), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "subtitle": self.subtitle,
            "facts": [{"label": k, "value": v} for k, v in self.facts],
            "tables": [
                {
                    "name": t.name,
                    "title": t.title,
                    "columns": list(t.columns),
                    "rows": [list(r) for r in t.rows],
                    "note": t.note,
                }
                for t in self.tables
            ],
            "signatures": list(self.signatures),
            "footer": self.footer,
            "training": self.training,
            **self.extra,
        }


TRAINING_NOTICE = (
    "TRAINING: a practice occasion. Nothing here was played for money, and none of it is filed with the Board."
)


def training_paper(document: Document) -> Document:
    """Flashboard house rule (training mode): a training occasion's paper says TRAINING in its title, its
    first fact, every page's watermark (shared/reports/pdf.py) and every CSV's first line, so it can never
    be taken for, or filed as, a report to the Board."""
    return replace(
        document,
        title=f"TRAINING · {document.title}",
        facts=(("TRAINING", TRAINING_NOTICE), *document.facts),
        training=True,
    )
