"""Flashboard house rule (receipt characters): every receipt is printed in one code page the printer
renders, chosen from its profile, and every character outside that page is replaced by a readable
one (’ → ', ễ → e, – → -), never by a box. Left to itself python-escpos switches code pages per
character, to pages (CP1258, TCVN-3) that many printers and the hall's emulator do not render, so
a name typed on a tablet (whose keyboard types ’) came out with boxes in it."""

from __future__ import annotations

import unicodedata

PREFERRED_PAGES = ("CP858", "CP850", "CP1252", "CP437")
"""Latin pages that every ESC/POS printer of the hall's kind renders, best first: CP858 is CP850
(all of Western Europe's letters) with the euro sign."""

READABLE = {
    "\u2018": "'",
    "\u2019": "'",
    "\u201a": "'",
    "\u201b": "'",
    "\u2032": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u201e": '"',
    "\u2033": '"',
    "\u2010": "-",
    "\u2011": "-",
    "\u2012": "-",
    "\u2013": "-",
    "\u2014": "-",
    "\u2015": "-",
    "\u2212": "-",
    "\u2026": "...",
    "\u2022": "*",
    "\t": " ",
    "\u00a0": " ",
    "\u2007": " ",
    "\u202f": " ",
    "\u2009": " ",
    "\u200b": "",
    "\u200d": "",
    "\ufeff": "",
    "\u2122": "TM",
    "\u00ae": "(R)",
    "\u00a9": "(C)",
    "\u20ac": "EUR",
    "\u2116": "No.",
    "\u00df": "ss",
    "\u00e6": "ae",
    "\u00c6": "AE",
    "\u0153": "oe",
    "\u0152": "OE",
    "\u00f8": "o",
    "\u00d8": "O",
    "\u0142": "l",
    "\u0141": "L",
    "\u0111": "d",
    "\u0110": "D",
    "\u0131": "i",
}
"""Typographic marks and letters that decompose to nothing printable, spelled in plain letters."""

UNKNOWN = "?"


def code_page(supported: dict[str, str]) -> str:
    """Flashboard house rule (receipt characters): the first preferred Latin page that the printer's
    profile lists (its `codePages`: number → name), else CP437, which every ESC/POS printer has
    as page 0."""
    names = set(supported.values())
    return next((page for page in PREFERRED_PAGES if page in names), "CP437")


def _fits(text: str, page: str) -> bool:
    try:
        text.encode(page.lower())
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _readable(char: str, page: str) -> str:
    if char in READABLE and _fits(READABLE[char], page):
        return READABLE[char]
    bare = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    if bare and _fits(bare, page):
        return bare
    return UNKNOWN


def printable(text: str, page: str) -> str:
    """Flashboard house rule (receipt characters): the text as the page can print it. A character the
    page holds stays (é, ñ, ü on CP858); another becomes its plain spelling (’ → ', ễ → e, – → -);
    control characters and what has no spelling become "?" so the reader sees something is there.

    >>> printable("Nguyễn’s café – 5…", "CP858")
    "Nguyen's café - 5..."
    >>> printable("漢\\x07", "CP858")
    '??'
    """
    out = []
    for char in text:
        if char == "\n" or (char.isprintable() and _fits(char, page)):
            out.append(char)
        elif not char.isprintable() and char not in READABLE:
            out.append(UNKNOWN)
        else:
            out.append(_readable(char, page))
    return "".join(out)
