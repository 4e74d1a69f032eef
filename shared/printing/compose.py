"""Receipt bytes, composed in python-escpos's Dummy printer with the printer's real capability profile
(so centring and widths match the paper)."""

from __future__ import annotations

import textwrap

from escpos.printer import Dummy

from shared.printing.documents import Receipt

HELPLINE = "Gambling problem? Call 1-888-850-8888"
TRAINING_FOOTER = "TRAINING - a practice occasion: not a sale, not a prize, not valid for payment"


def _pair(left: str, right: str, width: int) -> str:
    room = width - len(right) - 1
    return f"{left[:room]:<{room}} {right}"


def compose(receipt: Receipt, profile: str, reprint: bool = False) -> bytes:
    printer = Dummy(profile=profile)
    width = int(printer.profile.get_columns("a"))
    if reprint or receipt.training:
        printer.set(align="center", bold=True, double_height=True, double_width=True)
    if receipt.training:
        printer.textln("TRAINING")
    if reprint:
        printer.textln("REPRINT")
    printer.set(align="center", bold=True, double_height=True, double_width=False, normal_textsize=False)
    printer.textln(receipt.title[:width])
    printer.set(align="center", bold=False, normal_textsize=True)
    for line in receipt.header:
        for part in textwrap.wrap(line, width) or [""]:
            printer.textln(part)
    printer.set(align="left", normal_textsize=True)
    printer.textln("-" * width)
    for paragraph in receipt.body:
        for part in textwrap.wrap(paragraph, width) or [""]:
            printer.textln(part)
    for left, right in receipt.lines:
        printer.textln(_pair(left, right, width))
    if receipt.totals:
        printer.textln("-" * width)
        printer.set(bold=True)
        for left, right in receipt.totals:
            printer.textln(_pair(left, right, width))
        printer.set(bold=False)
    if receipt.grid:
        printer.textln("")
        printer.set(align="center", bold=True)
        for row in receipt.grid.splitlines():
            printer.textln(row)
        printer.set(align="left", bold=False)
    if receipt.barcode:
        printer.textln("")
        printer.barcode(
            "{B" + receipt.barcode, "CODE128", height=80, width=2, pos="BELOW", function_type="B", align_ct=True
        )
    printer.set(align="center", normal_textsize=True)
    for line in [*receipt.footer, *([TRAINING_FOOTER] if receipt.training else []), HELPLINE]:
        for part in textwrap.wrap(line, width) or [""]:
            printer.textln(part)
    if reprint:
        printer.textln("*** REPRINT ***")
    printer.cut()
    return bytes(printer.output)
