"""Papers an auditor can use (issue 20, items 5 and 8): every PDF page names its paper, when it was
made and "Page N of M"; a heading is never left at a page foot; the text is an embedded DejaVu Sans
that prints Nguyễn and O’Brien; DRAFT and TRAINING cross every page. Every CSV starts with a
byte-order mark, writes money one way, keeps its totals out of the data, and quotes what a
spreadsheet would misread."""

from __future__ import annotations

import csv
import io
from datetime import datetime

import pypdfium2 as pdfium
import pytest

from shared.reports import pdf
from shared.reports.csv_cells import BOM, csv_text, safe_cell
from shared.reports.document import BulletList, Document, Table

MADE = datetime(2026, 12, 5, 21, 30)
NAME = "Trần Nguyễn O’Brien"


def pages(data: bytes) -> list[str]:
    document = pdfium.PdfDocument(data)
    return [document[n].get_textpage().get_text_range() for n in range(len(document))]


def long_paper(**changes: object) -> Document:
    tables = tuple(
        Table(
            f"t{n}", f"Table {n} heading", ("Game", "Amount"), tuple((str(i), "$5.00") for i in range(9 + n)), "A note"
        )
        for n in range(8)
    )
    fields: dict[str, object] = {
        "tables": tables,
        "signatures": (f"Signature of {NAME}, President", "Date"),
        "footer": "Sworn.",
        **changes,
    }
    return Document(f"Report for {NAME}", "2026-12-05", (("Member in charge", NAME),), **fields)  # type: ignore[arg-type]


def test_pdf_every_page_names_the_paper_when_it_was_made_and_page_n_of_m() -> None:
    texts = pages(pdf.render(long_paper(), MADE))
    assert len(texts) > 2
    for number, text in enumerate(texts, start=1):
        assert f"Report for {NAME} · produced 2026-12-05 21:30" in text
        assert f"Page {number} of {len(texts)}" in text


def test_pdf_made_twice_at_the_same_minute_is_the_same_bytes() -> None:
    assert pdf.render(long_paper(), MADE) == pdf.render(long_paper(), MADE)


def test_pdf_heading_is_never_left_at_a_page_foot() -> None:
    """Each page's last words before its footer are a table's rows or the signatures, never a heading
    or its note, whatever the tables' lengths (eight tables of 9 to 16 rows land at every height)."""
    for rows in range(0, 30, 3):
        paper = long_paper(
            tables=tuple(
                Table(
                    f"t{n}",
                    f"Table {n} heading",
                    ("Game", "Amount"),
                    tuple((str(i), "$5.00") for i in range(rows + n)),
                    "A note",
                )
                for n in range(6)
            )
        )
        for text in pages(pdf.render(paper, MADE)):
            body = [
                line for line in text.splitlines() if line.strip() and "produced" not in line and "Page " not in line
            ]
            assert not body[-1].startswith(("Table ", "A note")), body[-3:]


def test_pdf_prints_every_latin_name_in_an_embedded_font() -> None:
    data = pdf.render(long_paper(), MADE)
    assert NAME in pages(data)[0] and b"DejaVuSans" in data and b"/FontFile2" in data


def test_pdf_printed_rules_points_are_one_bullet_each() -> None:
    points = ("Play is No-Limit Hold'em.", "A player must be present ’at the table’.")
    data = pdf.render(Document("Rules", "Tonight", (), (), lists=(BulletList("1. Play", points),)), MADE)
    text = pages(data)[0]
    assert "1. Play" in text and all(f"• {point}" in text for point in points)


@pytest.mark.parametrize(("changes", "mark"), [({"extra": {"draft": True}}, "DRAFT"), ({"training": True}, "TRAINING")])
def test_1521_draft_and_training_cross_every_page(changes: dict[str, object], mark: str) -> None:
    texts = pages(pdf.render(long_paper(**changes), MADE))
    assert all(text.startswith(mark) for text in texts)
    assert not any(text.startswith(("DRAFT", "TRAINING")) for text in pages(pdf.render(long_paper(), MADE)))


def test_csv_starts_with_a_byte_order_mark_so_names_open_as_typed() -> None:
    text = csv_text([("Name",), (NAME,)])
    assert text.startswith(BOM) and text.encode("utf-8").startswith(b"\xef\xbb\xbf")
    assert list(csv.reader(io.StringIO(text.removeprefix(BOM)))) == [["Name"], [NAME]]


@pytest.mark.parametrize(
    ("cell", "written"),
    [("$1,234.50", "1234.50"), ("-$5.00", "-5.00"), ("$0.07", "0.07"), ("1234.50", "1234.50"), ("-50.00", "-50.00")],
)
def test_csv_money_is_one_format_in_every_file(cell: str, written: str) -> None:
    assert safe_cell(cell) == written


@pytest.mark.parametrize("cell", ["2026-12", "12/5", "3-4", "007", "123456789012345"])
def test_csv_cells_a_spreadsheet_would_misread_stay_text(cell: str) -> None:
    assert safe_cell(cell) == "'" + cell


@pytest.mark.parametrize("cell", ["2026-12-05", "2026-12-05 21:30", "42", "0", "face 146", "B-1"])
def test_csv_plain_cells_are_left_as_they_are(cell: str) -> None:
    assert safe_cell(cell) == cell


def test_csv_totals_follow_the_data_after_a_blank_line() -> None:
    table = Table("t", "T", ("Game", "Sales"), (("1", "$5.00"), ("2", "$6.00"), ("Total", "$11.00")))
    rows = list(csv.reader(io.StringIO(table.csv().removeprefix(BOM))))
    assert rows == [["Game", "Sales"], ["1", "5.00"], ["2", "6.00"], [], ["Totals"], ["Total", "11.00"]]
