"""The papers a bingo hall posts and hands out (10 DE Admin Code 101-4.13, 4.20, 4.30.1.5): the printed
program and the house-rules sheet, as plain values, and the same value laid out twice: as a report
document (a PDF page, shared/reports/pdf.py) and as a receipt (the station's thermal printer). Pure: the
content is made by bingo/rules/printed_program.py and bingo/rules/house_rules.py."""

from __future__ import annotations

from dataclasses import dataclass

from bingo.rules.faces import FREE_CELL
from shared.printing.documents import Receipt
from shared.reports.document import Document, Table, training_paper

FREE_BIT = 1 << FREE_CELL
SHOWN_WAYS = 3


@dataclass(frozen=True)
class Row:
    """One line of a paper: its cells (the first names it) and, for a game, the pattern's alternatives as
    25-bit masks (cell r*5+c), drawn beside it."""

    cells: tuple[str, ...]
    masks: tuple[int, ...] = ()


@dataclass(frozen=True)
class Part:
    """A titled part of a paper: a table on the PDF page, a run of paragraphs on the receipt. On the
    receipt a row is its first cell, then each other cell under its column's name; or, with `form`
    (say "{0} ({1})"), one paragraph made from its cells."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    note: str | None = None
    form: str | None = None


@dataclass(frozen=True)
class Paper:
    """A paper to post: its title (also the receipt's), who and when, its facts and its parts."""

    title: str
    heading: str
    facts: tuple[tuple[str, str], ...]
    parts: tuple[Part, ...]
    footer: str = ""


def shown_ways(masks: tuple[int, ...], count: int = SHOWN_WAYS) -> tuple[int, ...]:
    """10 DE Admin Code 101-4.13: the arrangement is "clearly described" to the players; a pattern won in
    many ways is drawn by a few of them spread through its list (the first, the last and between), and
    the paper says how many ways there are.

    >>> shown_ways((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    (1, 6, 12)
    >>> shown_ways((7,))
    (7,)
    """
    if len(masks) <= count:
        return masks
    return tuple(masks[i * (len(masks) - 1) // (count - 1)] for i in range(count))


def text_grid(mask: int) -> tuple[str, ...]:
    """10 DE Admin Code 101-4.13: a pattern on the receipt, five rows of "X" (cover) and "." (not needed),
    the free space "*" when the pattern does not need it.

    >>> text_grid(0b10001_00000_00000_00000_10001)
    ('X . . . X', '. . . . .', '. . * . .', '. . . . .', 'X . . . X')
    """
    rows = []
    for r in range(5):
        marks = []
        for c in range(5):
            bit = 1 << (r * 5 + c)
            marks.append("X" if mask & bit else ("*" if bit == FREE_BIT else "."))
        rows.append(" ".join(marks))
    return tuple(rows)


def side_by_side(masks: tuple[int, ...], gap: str = "   ") -> tuple[str, ...]:
    """10 DE Admin Code 101-4.13: the grids of a few alternatives side by side, as receipt lines (three fit
    an 80 mm roll's 48 columns).

    >>> side_by_side((1, 2))[0]
    'X . . . .   . X . . .'
    """
    grids = [text_grid(m) for m in masks]
    return tuple(gap.join(g[r] for g in grids) for r in range(5)) if grids else ()


def as_document(paper: Paper, training: bool = False) -> Document:
    """10 DE Admin Code 101-4.13 and 4.20: the paper as a report document to post: its facts, then a
    table per part, each game's pattern drawn as squares (shared/reports/pdf.py), on an upright page to
    post or hand out."""
    tables = tuple(
        Table(
            name=f"part{n}",
            title=part.title,
            columns=part.columns,
            rows=tuple(row.cells for row in part.rows),
            note=part.note,
            grids=tuple(shown_ways(row.masks) for row in part.rows) if any(r.masks for r in part.rows) else (),
        )
        for n, part in enumerate(paper.parts, start=1)
    )
    document = Document(paper.title, paper.heading, paper.facts, tables, footer=paper.footer, portrait=True)
    return training_paper(document) if training else document


def _receipt_rows(part: Part) -> list[str]:
    lines = ["", part.title.upper()]
    if part.note:
        lines.append(part.note)
    for row in part.rows:
        if part.form:
            lines.append("- " + part.form.format(*row.cells))
            continue
        first, *rest = row.cells
        lines.append("- " + first)
        lines += [f"  {column}: {cell}" for column, cell in zip(part.columns[1:], rest, strict=True) if cell]
        lines += ["  " + line for line in side_by_side(shown_ways(row.masks))]
    return lines


def as_receipt(paper: Paper, training: bool = False) -> Receipt:
    """10 DE Admin Code 101-4.13 and 4.20: the paper on the station's receipt printer, to hand to a
    player: the facts under the title, each part's rows as paragraphs with their patterns as text
    grids. "§" and "¶" are written "sec." and "para." there: thermal printers' code pages do not
    agree on where those signs live.

    >>> paper = Paper("Program", "Elks, 2026-12-05", (("Start", "18:00"),),
    ...     (Part("Games", ("Game", "Prize"), (Row(("1. Four corners", "$75.00"), (0b10001,)),)),))
    >>> receipt = as_receipt(paper)
    >>> receipt.title, receipt.header
    ('PROGRAM', ['Elks, 2026-12-05', 'Start: 18:00'])
    >>> receipt.body[:4]
    ['GAMES', '- 1. Four corners', '  Prize: $75.00', '  X . . . X']
    """
    body: list[str] = []
    for part in paper.parts:
        body += _receipt_rows(part)
    if paper.footer:
        body += ["", paper.footer]
    return Receipt(
        title=paper.title.upper(),
        header=[paper.heading, *(f"{label}: {value}" for label, value in paper.facts)],
        lines=[],
        body=[line.replace("§", "sec. ").replace("¶", "para. ") for line in body[1:]],
        training=training,
    )
