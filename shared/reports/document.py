"""A report as plain data: facts, lists, tables and signature lines. The same document renders to JSON,
to PDF and, table by table, to CSV, so every format shows the same numbers to the cent."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from shared.reports.csv_cells import csv_text

TOTAL_MARK = "Total"


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

    @property
    def totals_from(self) -> int:
        """Flashboard house rule (papers an auditor can use): the rows at a table's end whose first cell
        starts with "Total" are its totals, not data."""
        end = len(self.rows)
        while end > 0 and self.rows[end - 1] and self.rows[end - 1][0].startswith(TOTAL_MARK):
            end -= 1
        return end

    def csv(self, training: bool = False) -> str:
        """Flashboard house rule (papers an auditor can use): the table as CSV, its data rows under the
        header with nothing else among them, so a spreadsheet can sort and sum them; the totals follow
        after a blank line under "Totals". A training occasion's starts with the TRAINING notice, so no
        copy of it can pass for a real night's figures.

        >>> table = Table("t", "T", ("Game", "Sales"), (("1", "$5.00"), ("Total", "$5.00")))
        >>> print(table.csv().lstrip("\ufeff"), end="")
        Game,Sales
        1,5.00
        <BLANKLINE>
        Totals
        Total,5.00
        """
        notice = [(TRAINING_NOTICE,)] if training else []
        cut = self.totals_from
        totals = [(), ("Totals",), *self.rows[cut:]] if cut < len(self.rows) else []
        return csv_text([*notice, self.columns, *self.rows[:cut], *totals])


@dataclass(frozen=True)
class BulletList:
    """A headed list of separate points (the printed rules' sections), one bullet each on the page."""

    title: str
    items: tuple[str, ...]


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
    lists: tuple[BulletList, ...] = ()

    @property
    def watermark(self) -> str | None:
        """Across every PDF page: TRAINING for a practice occasion's paper, DRAFT for a statement not yet
        sworn (28 Del. C. §1521: only the sworn statement is the one filed)."""
        if self.training:
            return "TRAINING"
        return "DRAFT" if self.extra.get("draft") else None

    def table(self, name: str) -> Table | None:
        return next((t for t in self.tables if t.name == name), None)

    def as_json(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "subtitle": self.subtitle,
            "facts": [{"label": k, "value": v} for k, v in self.facts],
            "lists": [{"title": b.title, "items": list(b.items)} for b in self.lists],
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
