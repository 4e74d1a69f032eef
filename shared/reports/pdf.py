"""Documents to PDF with reportlab: pure Python with no system libraries to install in a hall (the
reason it was chosen over weasyprint, which needs Pango). Rendered in reportlab's invariant mode, so
the same document always gives the same bytes."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    KeepTogether,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from shared.reports.document import Document, Table

STYLES = getSampleStyleSheet()
ROOM_FOR_A_TABLE = 1.25 * inch
SQUARE = 7.0
GRID_GAP = 5.0
FREE_CELL = 12


def _cell(text: str) -> Paragraph:
    return Paragraph(escape(text), STYLES["BodyText"])


def _widths(columns: tuple[str, ...], rows: tuple[tuple[str, ...], ...], width: float) -> list[float]:
    """Every column fits its longest word (so no word is split), and the rest of the page goes to
    the columns that hold the most text."""
    cells = [[c, *(r[i] for r in rows)] for i, c in enumerate(columns)]
    floors = [6.0 * max(len(word) for text in column for word in (text.split() or [""])) + 12 for column in cells]
    need = [max(len(text) for text in column[:60]) for column in cells]
    spare = max(0.0, width - sum(floors))
    widths = [f + spare * n / sum(need) for f, n in zip(floors, need, strict=True)]
    return [w * width / sum(widths) for w in widths]


def _figures(masks: tuple[int, ...]) -> Drawing:
    """A row's 5×5 figures side by side, a square filled for each cell its mask covers; the free space
    (cell 12), when not needed, is shaded lighter than an open square so the centre is always found."""
    side = 5 * SQUARE
    drawing = Drawing(max(1, len(masks)) * (side + GRID_GAP), side + 2)
    for n, mask in enumerate(masks):
        left = n * (side + GRID_GAP)
        for cell in range(25):
            row, col = divmod(cell, 5)
            filled = bool(mask >> cell & 1)
            shade = (
                colors.HexColor("#1f2a44") if filled else colors.HexColor("#d9dde3" if cell == FREE_CELL else "#ffffff")
            )
            drawing.add(
                Rect(
                    left + col * SQUARE,
                    1 + (4 - row) * SQUARE,
                    SQUARE,
                    SQUARE,
                    fillColor=shade,
                    strokeColor=colors.HexColor("#5b6473"),
                    strokeWidth=0.5,
                )
            )
    return drawing


def _table_rows(table: Table, width: float) -> tuple[list[list[object]], list[float]]:
    """The header and the rows of cells, with the figures' column after the first when the table has
    any, and the column widths."""
    if not table.grids:
        widths = _widths(table.columns, table.rows, width)
        return [[_cell(c) for c in table.columns]] + [[_cell(c) for c in row] for row in table.rows], widths
    figure = max(len(masks) for masks in table.grids) * (5 * SQUARE + GRID_GAP) + 12
    text = _widths(table.columns, table.rows, width - figure)
    header: list[object] = [_cell(table.columns[0]), _cell("Pattern"), *(_cell(c) for c in table.columns[1:])]
    rows: list[list[object]] = [header]
    for cells, masks in zip(table.rows, table.grids, strict=True):
        rows.append([_cell(cells[0]), _figures(masks) if masks else _cell(""), *(_cell(c) for c in cells[1:])])
    return rows, [text[0], figure, *text[1:]]


def render(document: Document) -> bytes:
    out = io.BytesIO()
    page = LETTER if document.portrait else landscape(LETTER)
    pdf = SimpleDocTemplate(
        out,
        pagesize=page,
        leftMargin=0.5 * inch,
        rightMargin=0.5 * inch,
        topMargin=0.5 * inch,
        bottomMargin=0.5 * inch,
        title=document.title,
        author="Flashboard",
        invariant=1,
    )
    width = page[0] - inch
    story: list[object] = [
        Paragraph(escape(document.title), STYLES["Title"]),
        Paragraph(escape(document.subtitle), STYLES["Heading3"]),
    ]
    if document.facts:
        facts = LongTable([[_cell(k), _cell(v)] for k, v in document.facts], colWidths=[2.4 * inch, width - 2.4 * inch])
        facts.setStyle(
            TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.grey)])
        )
        story += [facts, Spacer(1, 12)]
    for table in document.tables:
        story += [CondPageBreak(ROOM_FOR_A_TABLE), Paragraph(escape(table.title), STYLES["Heading2"])]
        if table.note:
            story.append(Paragraph(escape(table.note), STYLES["Italic"]))
        rows, widths = _table_rows(table, width)
        if not table.rows:
            rows.append([_cell("none")] + [_cell("") for _ in table.columns[1:]])
        grid = LongTable(rows, colWidths=widths, repeatRows=1)
        grid.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e9ef")),
                    ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story.append(grid)
        if table is not document.tables[-1]:
            story.append(Spacer(1, 10))
    if document.signatures:
        lines = [Spacer(1, 24)]
        for who in document.signatures:
            lines += [
                Spacer(1, 24),
                Paragraph("_" * 60, STYLES["BodyText"]),
                Paragraph(escape(who), STYLES["BodyText"]),
            ]
        story.append(KeepTogether(lines))
    if document.footer:
        story += [Spacer(1, 12), Paragraph(escape(document.footer), STYLES["Italic"])]
    if document.training:
        pdf.build(story, onFirstPage=_training_mark, onLaterPages=_training_mark)
    else:
        pdf.build(story)
    return out.getvalue()


def _training_mark(canvas: Canvas, page: BaseDocTemplate) -> None:
    """Flashboard house rule (training mode): TRAINING across every page of a training occasion's paper."""
    canvas.saveState()
    canvas.setFillColor(colors.Color(0.8, 0.1, 0.1, alpha=0.18))
    canvas.setFont("Helvetica-Bold", 110)
    canvas.translate(page.pagesize[0] / 2, page.pagesize[1] / 2)
    canvas.rotate(25)
    canvas.drawCentredString(0, -40, "TRAINING")
    canvas.restoreState()
