"""Receipt bytes, composed in python-escpos's Dummy printer with the printer's real capability profile
(so centring and widths match the paper). Composition never raises on any text: every line is
wrapped at the profile's width, a row that must stay one line is cut with a visible ">" marker,
and every character is one the chosen code page prints. python-escpos is imported where a receipt
is composed, not when the hall starts (issue 21: cold start)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from shared.printing.characters import code_page, printable
from shared.printing.documents import Receipt

if TYPE_CHECKING:
    from escpos.printer import Dummy

HELPLINE = "Gambling problem? Call 1-888-850-8888"
TRAINING_FOOTER = "TRAINING - a practice occasion: not a sale, not a prize, not valid for payment"
CUT_MARK = ">"
BARCODE_WIDE_MAX = 18
BARCODE_NARROW_MAX = 40


@dataclass(frozen=True)
class ReprintMark:
    """Flashboard house rule (reprints): a reprint says so on the paper with its number, when and by
    whom, so two papers for one sale are never mistaken for two sales."""

    number: int
    at: datetime
    by: str


def wrapped(text: str, width: int) -> list[str]:
    """Flashboard house rule (receipt layout): running text broken between words at the paper's width;
    a word longer than the line is broken too, so nothing is ever cut off or raises.

    >>> wrapped("Cookie jar award", 10)
    ['Cookie jar', 'award']
    >>> wrapped("", 10)
    ['']
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += textwrap.wrap(paragraph, max(width, 1), break_on_hyphens=False) or [""]
    return lines


def clipped(text: str, width: int) -> str:
    """Flashboard house rule (receipt layout): a row that must stay one line (a U Pick Em grid row) is
    cut with a visible marker rather than wrapped out of its columns.

    >>> clipped("B  I  N  G  O", 8)
    'B  I  N>'
    """
    return text if len(text) <= width else text[: max(width - 1, 0)] + CUT_MARK


def paired(left: str, right: str, width: int) -> list[str]:
    """Flashboard house rule (receipt layout): a line's text on the left and its amount flush right. A
    long text wraps and the amount stays on its last line, or drops to a line of its own; an amount
    wider than the paper wraps too. (A long list of voided transactions once raised here and turned
    a closed till into an error.)

    >>> paired("Total", "$5.00", 16)
    ['Total      $5.00']
    >>> paired("Game 3: a very long pattern name", "$50.00", 16)
    ['Game 3: a very', 'long pattern', 'name      $50.00']
    """
    if not right:
        return wrapped(left, width)
    if len(right) > width - 2:
        return [*(wrapped(left, width) if left else []), *(part.rjust(width) for part in wrapped(right, width))]
    room = width - len(right) - 1
    if len(left) <= room:
        return [f"{left:<{room}} {right}"]
    parts = wrapped(left, width)
    if len(parts[-1]) <= room:
        parts[-1] = f"{parts[-1]:<{room}} {right}"
    else:
        parts.append(right.rjust(width))
    return parts


def _barcode(printer: Dummy, code: str) -> None:
    """Code128 B holds printable ASCII; a code too long for the paper at the wide module prints narrow,
    and one too long even then (or the library refusing it) prints as text, still readable."""
    from escpos.exceptions import Error as EscposError

    fits = code.isascii() and code.isprintable() and 0 < len(code) <= BARCODE_NARROW_MAX
    if fits:
        try:
            printer.barcode(
                "{B" + code,
                "CODE128",
                height=80,
                width=2 if len(code) <= BARCODE_WIDE_MAX else 1,
                pos="BELOW",
                function_type="B",
                align_ct=True,
            )
            return
        except EscposError:
            pass
    printer.set(align="center")
    for part in wrapped(code, int(printer.profile.get_columns("a"))):
        printer.textln(part)


def _reprint_lines(mark: ReprintMark) -> list[str]:
    return [f"*** REPRINT {mark.number} ***", f"Reprinted {mark.at:%Y-%m-%d %H:%M} by {mark.by}"]


def compose(receipt: Receipt, profile: str, reprint: ReprintMark | None = None) -> bytes:
    """The receipt's bytes. Every text passes through the code page chosen from the profile, so the
    printer renders each character (or its plain spelling), never a box. A receipt with copies prints
    once a copy, each cut off and headed "Copy 1 of 2 - winner" (Flashboard house rule, payout slips:
    the winner keeps one, the hall's signed one goes in the night's papers)."""
    if not receipt.copies:
        return _paper(receipt, profile, reprint, None)
    total = len(receipt.copies)
    return b"".join(
        _paper(receipt, profile, reprint, f"Copy {n} of {total} - {name}")
        for n, name in enumerate(receipt.copies, start=1)
    )


def _paper(receipt: Receipt, profile: str, reprint: ReprintMark | None, copy: str | None) -> bytes:
    from escpos.printer import Dummy

    printer = Dummy(profile=profile)
    page = code_page(printer.profile.profile_data.get("codePages", {}))
    printer.charcode(page)
    width = int(printer.profile.get_columns("a"))

    def text(value: str, fit: int = width) -> list[str]:
        return wrapped(printable(value, page), fit)

    if reprint or receipt.training:
        printer.set(align="center", bold=True, double_height=True, double_width=True)
    if receipt.training:
        printer.textln("TRAINING")
    if reprint:
        printer.textln("REPRINT")
    printer.set(align="center", bold=True, double_height=True, double_width=False, normal_textsize=False)
    for part in text(receipt.title):
        printer.textln(part)
    printer.set(align="center", bold=False, normal_textsize=True)
    if copy:
        printer.set(align="center", bold=True, normal_textsize=True)
        for part in text(copy):
            printer.textln(part)
        printer.set(align="center", bold=False, normal_textsize=True)
    for line in receipt.header:
        for part in text(line):
            printer.textln(part)
    if receipt.banner:
        printer.set(align="center", bold=True, double_height=True, double_width=True)
        for line in receipt.banner:
            for part in text(line, width // 2):
                printer.textln(part)
    printer.set(align="left", bold=False, normal_textsize=True)
    printer.textln("-" * width)
    for paragraph in receipt.body:
        for part in text(paragraph):
            printer.textln(part)
    for left, right in receipt.lines:
        for part in paired(printable(left, page), printable(right, page), width):
            printer.textln(part)
    if receipt.totals:
        printer.textln("-" * width)
        printer.set(bold=True)
        for left, right in receipt.totals:
            for part in paired(printable(left, page), printable(right, page), width):
                printer.textln(part)
        printer.set(bold=False)
    if receipt.grid:
        printer.textln("")
        printer.set(align="center", bold=True)
        for row in receipt.grid.splitlines():
            printer.textln(clipped(printable(row, page), width))
        printer.set(align="left", bold=False)
    if receipt.barcode:
        printer.textln("")
        _barcode(printer, receipt.barcode)
    printer.set(align="center", normal_textsize=True)
    for line in [*receipt.footer, *([TRAINING_FOOTER] if receipt.training else []), HELPLINE]:
        for part in text(line):
            printer.textln(part)
    if reprint:
        for line in _reprint_lines(reprint):
            for part in text(line):
                printer.textln(part)
    printer.cut()
    return bytes(printer.output)
