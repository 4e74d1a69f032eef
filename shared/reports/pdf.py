"""Documents to PDF with reportlab: pure Python with no system libraries to install in a hall (the
reason it was chosen over weasyprint, which needs Pango). Rendered in reportlab's invariant mode, so
the same document always gives the same bytes."""

from __future__ import annotations

import io
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    KeepTogether,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from shared.reports.document import Document

STYLES = getSampleStyleSheet()


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


def render(document: Document) -> bytes:
    out = io.BytesIO()
    page = landscape(LETTER)
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
    facts = LongTable([[_cell(k), _cell(v)] for k, v in document.facts], colWidths=[2.4 * inch, width - 2.4 * inch])
    facts.setStyle(
        TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.grey)])
    )
    story += [facts, Spacer(1, 12)]
    for table in document.tables:
        story.append(Paragraph(escape(table.title), STYLES["Heading2"]))
        if table.note:
            story.append(Paragraph(escape(table.note), STYLES["Italic"]))
        rows = [[_cell(c) for c in table.columns]] + [[_cell(c) for c in row] for row in table.rows]
        if not table.rows:
            rows.append([_cell("none")] + [_cell("") for _ in table.columns[1:]])
        grid = LongTable(rows, colWidths=_widths(table.columns, table.rows, width), repeatRows=1)
        grid.setStyle(
            TableStyle(
                [
                    ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#e4e9ef")),
                    ("GRID", (0, 0), (-1, -1), 0.25, colors.grey),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        story += [grid, Spacer(1, 10)]
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
