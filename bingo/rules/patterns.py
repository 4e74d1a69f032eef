"""Winning patterns, limited to the arrangements 10 DE Admin Code 101-4.14 permits.

A pattern is a set of alternatives, each a 25-bit mask of cells (row by row, bit 12 the free space);
a face wins when its covered cells include every cell of any one alternative. The free space is
always covered.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations

from bingo.rules.faces import FREE_CELL, cell

FREE_BIT = 1 << FREE_CELL
ALL_CELLS = (1 << 25) - 1


def _mask(cells: list[tuple[int, int]]) -> int:
    mask = 0
    for row, col in cells:
        mask |= 1 << cell(row, col)
    return mask


ROWS = tuple(_mask([(r, c) for c in range(5)]) for r in range(5))
COLUMNS = tuple(_mask([(r, c) for r in range(5)]) for c in range(5))
DIAGONALS = (_mask([(i, i) for i in range(5)]), _mask([(i, 4 - i) for i in range(5)]))
LINES: dict[str, int] = {
    **{f"row{r + 1}": ROWS[r] for r in range(5)},
    **{f"col{'BINGO'[c]}": COLUMNS[c] for c in range(5)},
    "diag_down": DIAGONALS[0],
    "diag_up": DIAGONALS[1],
}
FOUR_CORNERS = _mask([(0, 0), (0, 4), (4, 0), (4, 4)])
AROUND_FREE = _mask([(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (2, 2)])


class PatternKind(StrEnum):
    HORIZONTAL_ROW = "horizontal_row"
    VERTICAL_ROW = "vertical_row"
    DIAGONAL = "diagonal"
    ANY_ROW = "any_row"
    TWO_ROWS = "two_rows"
    LETTER_X = "letter_x"
    PLUS = "plus"
    LETTER_T = "letter_t"
    LETTER_L = "letter_l"
    FRAME = "frame"
    ARRANGEMENT = "arrangement"
    BLACKOUT = "blackout"
    FOUR_CORNERS = "four_corners"
    AROUND_FREE = "around_free"
    SHAPE = "shape"


@dataclass(frozen=True)
class Pattern:
    """A permitted pattern: its alternatives, its section, and what the caller reads out (4.13)."""

    kind: PatternKind
    name: str
    announcement: str
    rule: str
    alternatives: tuple[int, ...]

    def winning_alternative(self, covered: int) -> int | None:
        """10 DE Admin Code 101-4.27: a face wins when its covered cells include every cell of any one
        alternative; the first alternative fully covered, or None. The free space always counts.

        >>> corners = STANDARD[PatternKind.FOUR_CORNERS]
        >>> corners.winning_alternative(FOUR_CORNERS) == FOUR_CORNERS
        True
        >>> STANDARD[PatternKind.AROUND_FREE].winning_alternative(AROUND_FREE) == AROUND_FREE
        True
        >>> corners.winning_alternative(FOUR_CORNERS & ~1) is None
        True
        """
        covered |= FREE_BIT
        for alternative in self.alternatives:
            if covered & alternative == alternative:
                return alternative
        return None

    def is_complete(self, covered: int) -> bool:
        """10 DE Admin Code 101-4.27: the pre-announced pattern is covered, in any one of its alternatives."""
        return self.winning_alternative(covered) is not None

    def grids(self) -> list[list[list[bool]]]:
        """10 DE Admin Code 101-4.13: the arrangement to cover is clearly described to the players; each
        alternative as a 5×5 grid, for the flashboard and printouts."""
        return [grid(mask) for mask in self.alternatives]


def grid(mask: int) -> list[list[bool]]:
    """10 DE Admin Code 101-4.13: a mask as a 5×5 grid of booleans, row by row, to show the players the
    arrangement to cover."""
    return [[bool(mask >> cell(r, c) & 1) for c in range(5)] for r in range(5)]


def render(mask: int) -> str:
    """10 DE Admin Code 101-4.13: a mask as five lines of "X" and ".", the free space shown as "*" when not
    required.

    >>> print(render(FOUR_CORNERS))
    X...X
    .....
    ..*..
    .....
    X...X
    """
    lines = []
    for r in range(5):
        row = ""
        for c in range(5):
            bit = 1 << cell(r, c)
            row += "X" if mask & bit else ("*" if bit == FREE_BIT else ".")
        lines.append(row)
    return "\n".join(lines)


RULE = "10 DE Admin Code 101-4.14"
FREE_NOTE = " The free space counts."


def _standard(kind: PatternKind, name: str, text: str, section: str, alternatives: tuple[int, ...]) -> Pattern:
    return Pattern(kind, name, text + FREE_NOTE, f"{RULE}.{section}", alternatives)


STANDARD: dict[PatternKind, Pattern] = {
    p.kind: p
    for p in [
        _standard(PatternKind.HORIZONTAL_ROW, "One horizontal row", "Cover any one full row across.", "1", ROWS),
        _standard(
            PatternKind.VERTICAL_ROW, "One vertical row", "Cover any one full column, top to bottom.", "2", COLUMNS
        ),
        _standard(PatternKind.DIAGONAL, "One diagonal", "Cover one full diagonal, corner to corner.", "3", DIAGONALS),
        _standard(
            PatternKind.ANY_ROW,
            "Any row",
            "Cover any one full row: across, down or corner to corner.",
            "4",
            ROWS + COLUMNS + DIAGONALS,
        ),
        _standard(
            PatternKind.TWO_ROWS,
            "Any two rows",
            "Cover any two full rows: across, down or diagonal, in any combination.",
            "5",
            tuple(sorted({a | b for a, b in combinations(ROWS + COLUMNS + DIAGONALS, 2)})),
        ),
        _standard(
            PatternKind.LETTER_X,
            "Letter X",
            "Cover both diagonals to make a big X.",
            "5",
            (DIAGONALS[0] | DIAGONALS[1],),
        ),
        _standard(
            PatternKind.PLUS,
            "Plus sign",
            "Cover the middle row and the N column to make a plus sign.",
            "5",
            (ROWS[2] | COLUMNS[2],),
        ),
        _standard(
            PatternKind.LETTER_T,
            "Letter T",
            "Cover the top row and the N column to make a T.",
            "5",
            (ROWS[0] | COLUMNS[2],),
        ),
        _standard(
            PatternKind.LETTER_L,
            "Letter L",
            "Cover the B column and the bottom row to make an L.",
            "5",
            (COLUMNS[0] | ROWS[4],),
        ),
        _standard(
            PatternKind.FRAME,
            "Outside frame",
            "Cover every square around the outside edge of the card.",
            "5",
            (ROWS[0] | ROWS[4] | COLUMNS[0] | COLUMNS[4],),
        ),
        _standard(PatternKind.BLACKOUT, "Blackout", "Cover the entire card: all 24 numbers.", "6", (ALL_CELLS,)),
        _standard(PatternKind.FOUR_CORNERS, "Four corners", "Cover the four corner squares.", "7", (FOUR_CORNERS,)),
        _standard(
            PatternKind.AROUND_FREE,
            "Eight around the free space",
            "Cover the eight squares surrounding the free space.",
            "8",
            (AROUND_FREE,),
        ),
    ]
}


class PatternError(ValueError):
    """A pattern definition 4.14 does not permit, or that cannot be won."""


def arrangement(name: str, lines: list[str]) -> Pattern:
    """10 DE Admin Code 101-4.14.5: two or more rows forming a specified arrangement.

    >>> arrangement("Railroad tracks", ["colB", "colO"]).rule
    '10 DE Admin Code 101-4.14.5'
    >>> arrangement("Double", ["row1", "row1"])
    Traceback (most recent call last):
    ...
    bingo.rules.patterns.PatternError: an arrangement is made of two or more different rows (101-4.14.5)
    """
    unknown = [line for line in lines if line not in LINES]
    if unknown:
        raise PatternError(f"unknown rows: {', '.join(unknown)}; use {', '.join(LINES)}")
    if len(set(lines)) < 2:
        raise PatternError("an arrangement is made of two or more different rows (101-4.14.5)")
    mask = 0
    for line in lines:
        mask |= LINES[line]
    text = f"Cover these rows together: {', '.join(lines)}."
    return Pattern(PatternKind.ARRANGEMENT, name, text + FREE_NOTE, f"{RULE}.5", (mask,))


def shape(name: str, rows: list[str], anywhere: bool) -> Pattern:
    """10 DE Admin Code 101-4.14.9: an organization's own shape drawn on the 5×5 grid ("X" marks a
    square), in that fixed position or anywhere it fits on the card.

    >>> small = ["XX...", "XX...", ".....", ".....", "....."]
    >>> len(shape("Postage stamp", small, anywhere=False).alternatives)
    1
    >>> stamp = shape("Postage stamp", small, anywhere=True)
    >>> len(stamp.alternatives), stamp.rule
    (16, '10 DE Admin Code 101-4.14.9')
    """
    if len(rows) != 5 or any(len(r) != 5 or set(r) - {"X", "."} for r in rows):
        raise PatternError("a shape is five rows of five characters, X for a square to cover and . for one not needed")
    marked = [(r, c) for r in range(5) for c in range(5) if rows[r][c] == "X"]
    if not marked or all(cell(r, c) == FREE_CELL for r, c in marked):
        raise PatternError("a shape must mark at least one square other than the free space")
    if not anywhere:
        alternatives: tuple[int, ...] = (_mask(marked),)
    else:
        top, left = min(r for r, _ in marked), min(c for _, c in marked)
        height, width = max(r for r, _ in marked) - top, max(c for _, c in marked) - left
        placed = {
            _mask([(r - top + dr, c - left + dc) for r, c in marked])
            for dr in range(5 - height)
            for dc in range(5 - width)
        }
        alternatives = tuple(sorted(placed))
    where = "anywhere on the card" if anywhere else "in exactly this position"
    text = f"Cover the {name} shape {where}."
    return Pattern(PatternKind.SHAPE, name, text + FREE_NOTE, f"{RULE}.9", alternatives)


def from_spec(spec: dict[str, object]) -> Pattern:
    """10 DE Admin Code 101-4.14: only the permitted kinds can be rebuilt, so a stored game cannot name
    another. Rebuild a pattern from the plain spec stored with a game: {"kind": ...} plus, for an
    arrangement, "name" and "lines"; for a shape, "name", "rows" and "anywhere".

    >>> from_spec({"kind": "four_corners"}).rule
    '10 DE Admin Code 101-4.14.7'
    >>> from_spec({"kind": "arrangement", "name": "Sides", "lines": ["colB", "colO"]}).alternatives == (
    ...     COLUMNS[0] | COLUMNS[4],)
    True
    """
    kind = PatternKind(str(spec.get("kind")))
    if kind in STANDARD:
        return STANDARD[kind]
    name = str(spec.get("name") or "").strip()
    if not name:
        raise PatternError("a custom pattern needs a name the caller can announce")
    if kind is PatternKind.ARRANGEMENT:
        lines = spec.get("lines")
        if not isinstance(lines, list):
            raise PatternError("an arrangement lists its rows")
        return arrangement(name, [str(x) for x in lines])
    rows = spec.get("rows")
    if not isinstance(rows, list):
        raise PatternError("a shape lists five rows")
    return shape(name, [str(x) for x in rows], bool(spec.get("anywhere")))
