"""Documents to PDF with reportlab: pure Python with no system libraries to install in a hall (the
reason it was chosen over weasyprint, which needs Pango). Rendered in reportlab's invariant mode, so
the same document made at the same minute always gives the same bytes.

Flashboard house rule (papers an auditor can use): every page says which paper it is, when it was
made (hall time, passed in) and "Page N of M", so a loose page is never lost or misfiled; a heading
never sits at a page foot apart from its table; the text is set in DejaVu Sans, embedded, whose Latin
covers every name a hall types (Nguyễn, O’Brien), where the PDF base fonts print boxes."""

from __future__ import annotations

import io
from datetime import datetime
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.graphics.shapes import Drawing, Rect
from reportlab.lib import colors
from reportlab.lib.pagesizes import LETTER, landscape
from reportlab.lib.styles import StyleSheet1, getSampleStyleSheet
from reportlab.lib.units import inch
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    KeepTogether,
    ListFlowable,
    ListItem,
    LongTable,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    TableStyle,
)

from shared.reports.document import BulletList, Document, Table

FONTS = Path(__file__).parent / "fonts"
REGULAR, BOLD, OBLIQUE = "DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"
# a long table's heading goes to the next page unless its note, header and this many rows fit under it
ROWS_WITH_HEADING = 3
# a table of at most this many rows is never split across pages
KEEP_WHOLE = 8
SQUARE = 7.0
GRID_GAP = 5.0
FREE_CELL = 12


def _styles() -> StyleSheet1:
    """The sample styles set in the embedded DejaVu Sans: bold for titles and headings, oblique for notes."""
    for name in (REGULAR, BOLD, OBLIQUE):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(FONTS / f"{name}.ttf")))
    pdfmetrics.registerFontFamily(REGULAR, normal=REGULAR, bold=BOLD, italic=OBLIQUE, boldItalic=BOLD)
    styles = getSampleStyleSheet()
    for style in styles.byName.values():
        font = str(getattr(style, "fontName", ""))
        if font:
            style.fontName = BOLD if "Bold" in font else OBLIQUE if "Italic" in font or "Oblique" in font else REGULAR
    return styles


STYLES = _styles()


def _cell(text: str) -> Paragraph:
    return Paragraph(escape(text), STYLES["BodyText"])


def _widths(columns: tuple[str, ...], rows: tuple[tuple[str, ...], ...], width: float) -> list[float]:
    """Every column fits its longest word (so no word is split), and the rest of the page goes to
    the columns that hold the most text."""
    cells = [[c, *(r[i] for r in rows)] for i, c in enumerate(columns)]
    size = STYLES["BodyText"].fontSize
    floors = [
        max(pdfmetrics.stringWidth(word, REGULAR, size) for text in column for word in (text.split() or [""])) + 13
        for column in cells
    ]
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


def _table(table: Table, width: float) -> tuple[list[Flowable], bool]:
    """The table under its heading and note, and whether it is short (at most KEEP_WHOLE rows): a short
    one is kept whole with its heading, so no page starts with its last row; a long one goes to the
    next page unless its heading, note, header and first rows fit above the page foot. A heading is
    never left alone at the bottom of a page."""
    heading: list[Flowable] = [Paragraph(escape(table.title), STYLES["Heading2"])]
    if table.note:
        heading.append(Paragraph(escape(table.note), STYLES["Italic"]))
    rows, widths = _table_rows(table, width)
    if not table.rows:
        rows.append([_cell("none")] + [_cell("") for _ in rows[0][1:]])
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
    if len(rows) <= 1 + KEEP_WHOLE:
        return [*heading, grid], True
    first = LongTable(rows[: 1 + ROWS_WITH_HEADING], colWidths=widths)
    needed = sum(f.wrap(width, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in heading)
    needed += first.wrap(width, 10_000)[1]
    return [CondPageBreak(needed), *heading, grid], False


def _bullets(items: BulletList) -> list[Flowable]:
    """A headed list, one bullet a point, the heading kept with its first point."""
    heading = Paragraph(escape(items.title), STYLES["Heading3"])
    heading.keepWithNext = True
    points = ListFlowable(
        [ListItem(Paragraph(escape(item), STYLES["BodyText"]), leftIndent=14) for item in items.items],
        bulletType="bullet",
        start="•",
        bulletFontName=REGULAR,
        leftIndent=14,
    )
    return [heading, points]


def _signatures(document: Document) -> list[Flowable]:
    """The signature lines."""
    lines: list[Flowable] = [Spacer(1, 24)]
    for who in document.signatures:
        lines += [Spacer(1, 24), Paragraph("_" * 60, STYLES["BodyText"]), Paragraph(escape(who), STYLES["BodyText"])]
    return lines


def render(document: Document, produced: datetime) -> bytes:
    """The document as PDF pages, each with its footer (title, `produced` in hall time, page N of M)."""
    out = io.BytesIO()
    page = LETTER if document.portrait else landscape(LETTER)
    width = page[0] - inch
    pdf = SimpleDocTemplate(
        out,
        pagesize=page,
        leftMargin=0.5 * inch,
        rightMargin=0.5 * inch,
        topMargin=0.5 * inch,
        bottomMargin=0.6 * inch + _closing(document, width)[1],
        title=document.title,
        author="Flashboard",
        invariant=1,
    )
    story: list[Flowable] = [
        Paragraph(escape(document.title), STYLES["Title"]),
        Paragraph(escape(document.subtitle), STYLES["Heading3"]),
    ]
    if document.facts:
        facts = LongTable([[_cell(k), _cell(v)] for k, v in document.facts], colWidths=[2.4 * inch, width - 2.4 * inch])
        facts.setStyle(
            TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.25, colors.grey)])
        )
        story += [facts, Spacer(1, 12)]
    for items in document.lists:
        story += _bullets(items)
    blocks = [_table(table, width) for table in document.tables]
    signatures = _signatures(document) if document.signatures else []
    for number, (block, short) in enumerate(blocks, start=1):
        last = number == len(blocks)
        if last and signatures and short:
            story.append(KeepTogether([*block, *signatures]))
            signatures = []
        elif short:
            story.append(KeepTogether(block))
        else:
            story += block
        if not last:
            story.append(Spacer(1, 10))
    if signatures:
        story.append(KeepTogether(signatures))
    mark = _marks(document, width)
    pdf.build(story, onFirstPage=mark, onLaterPages=mark, canvasmaker=_numbered(document.title, produced))
    return out.getvalue()


def _numbered(title: str, produced: datetime) -> type[Canvas]:
    """A canvas that holds its pages until the last, so each can say "Page N of M"."""
    made = f"{title} · produced {produced:%Y-%m-%d %H:%M}"

    class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab ships no types
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self.held: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self.held.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            for number, state in enumerate(self.held, start=1):
                self.__dict__.update(state)
                self.saveState()
                self.setFont(REGULAR, 8)
                self.setFillColor(colors.HexColor("#333333"))
                self.drawString(0.5 * inch, 0.35 * inch, made[:150])
                self.drawRightString(self._pagesize[0] - 0.5 * inch, 0.35 * inch, f"Page {number} of {len(self.held)}")
                self.restoreState()
                super().showPage()
            super().save()

    return NumberedCanvas


def _closing(document: Document, width: float) -> tuple[Paragraph | None, float]:
    """The paper's closing words (how it was produced) and the room they take above each page's foot:
    on every page, so no page ever holds only them."""
    if not document.footer:
        return None, 0.0
    words = Paragraph(escape(document.footer), STYLES["Italic"])
    return words, float(words.wrap(width, 10_000)[1]) + 6


def _marks(document: Document, width: float) -> Any:
    """What every page carries besides its story: the watermark, if any, and the closing words."""
    words, room = _closing(document, width)
    watermark = _watermark(document.watermark) if document.watermark else None

    def mark(canvas: Canvas, page: BaseDocTemplate) -> None:
        if watermark is not None:
            watermark(canvas, page)
        if words is not None:
            words.drawOn(canvas, 0.5 * inch, 0.6 * inch - 6)

    return mark


def _watermark(text: str) -> Any:
    """Flashboard house rule (training mode) and 28 Del. C. §1521: TRAINING across every page of a
    training occasion's paper, DRAFT across every page of a statement not yet sworn."""

    def mark(canvas: Canvas, page: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFillColor(colors.Color(0.8, 0.1, 0.1, alpha=0.18))
        canvas.setFont(BOLD, 110)
        canvas.translate(page.pagesize[0] / 2, page.pagesize[1] / 2)
        canvas.rotate(25)
        canvas.drawCentredString(0, -40, text)
        canvas.restoreState()

    return mark
