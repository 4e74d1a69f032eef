"""Bingo faces and series: the 24 numbers of a 75-ball face in five columns, identified by the face
(free-space) number printed on the paper, and manufacturers' series files ("perms").

Cells are numbered row by row, 0 at top-left, 24 at bottom-right; cell 12 is the free space.

Series file format (CSV, one face per line, an optional header line):

    face,B1,B2,B3,B4,B5,I1,I2,I3,I4,I5,N1,N2,N4,N5,G1,G2,G3,G4,G5,O1,O2,O3,O4,O5

Each column is read top to bottom; N3 is the free space and is not in the file.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from shared.reports.csv_cells import BOM, csv_text

LETTERS = "BINGO"
COLUMN_RANGES: tuple[tuple[int, int], ...] = ((1, 15), (16, 30), (31, 45), (46, 60), (61, 75))
FREE_CELL = 12
FREE = 0
HEADER = ["face"] + [f"{LETTERS[c]}{r + 1}" for c in range(5) for r in range(5) if (c, r) != (2, 2)]


def column_of(number: int) -> int:
    """10 DE Admin Code 101-4.12 uses 75 balls: B 1-15, I 16-30, N 31-45, G 46-60, O 61-75.

    >>> [column_of(n) for n in (1, 15, 16, 45, 75)]
    [0, 0, 1, 2, 4]
    """
    return (number - 1) // 15


def ball_label(number: int) -> str:
    """10 DE Admin Code 101-4.12: all numbers are announced so as to be visible or audible to all players; a
    call is announced and shown with its column letter, "B-7", "O-75".

    >>> ball_label(7), ball_label(75)
    ('B-7', 'O-75')
    """
    return f"{LETTERS[column_of(number)]}-{number}"


def cell(row: int, col: int) -> int:
    """10 DE Admin Code 101-4.14 (the card's rows and columns): the cell number of (row, col), row by row
    from 0 at top-left to 24 at bottom-right; cell 12 is the free space.

    >>> cell(0, 0), cell(2, 2), cell(4, 4)
    (0, 12, 24)
    """
    return row * 5 + col


@dataclass(frozen=True)
class Face:
    """One 5×5 face. `cells` holds 25 numbers row by row with FREE (0) in the centre."""

    number: int
    cells: tuple[int, ...]
    _index: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({n: i for i, n in enumerate(self.cells) if n != FREE})

    @classmethod
    def from_columns(cls, number: int, columns: list[list[int]]) -> Face:
        """10 DE Admin Code 101-4.12 (the 75-ball face, docs/rules.md "Bingo occasions"): build from five
        columns read top to bottom; the N column has 4 numbers, around the free space."""
        n_col = columns[2][:2] + [FREE] + columns[2][2:]
        full = [columns[0], columns[1], n_col, columns[3], columns[4]]
        return cls(number, tuple(full[c][r] for r in range(5) for c in range(5)))

    def columns(self) -> list[list[int]]:
        """10 DE Admin Code 101-4.12 (the 75-ball face): the five columns B I N G O, each read top to
        bottom, with FREE (0) in the middle of N."""
        return [[self.cells[cell(r, c)] for r in range(5)] for c in range(5)]

    def cell_of(self, ball: int) -> int | None:
        """10 DE Admin Code 101-4.27: the cell a called ball covers on this face, or None when the face does
        not hold it."""
        return self._index.get(ball)

    def covered(self, called: Iterable[int]) -> int:
        """10 DE Admin Code 101-4.27 and 4.14: the 25-bit mask of covered cells; the free space is always
        covered.

        >>> face = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
        ...                              [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
        >>> bin(face.covered([]))
        '0b1000000000000'
        >>> face.covered([1, 70]) == (1 << 0) | (1 << FREE_CELL)
        True
        """
        mask = 1 << FREE_CELL
        for ball in called:
            position = self._index.get(ball)
            if position is not None:
                mask |= 1 << position
        return mask

    def csv_row(self) -> list[str]:
        """Flashboard house rule (the series file format in this module's docstring): the face as one line
        of a series file, its number then the 24 numbers column by column."""
        values = [str(n) for col in self.columns() for n in col if n != FREE]
        return [str(self.number), *values]


@dataclass(frozen=True)
class SeriesProblem:
    line: int
    message: str


def face_problems(numbers: list[int]) -> list[str]:
    """10 DE Admin Code 101-4.12: every number in its column's range and none repeated on a face.

    >>> good = [1, 2, 3, 4, 5, 16, 17, 18, 19, 20, 31, 32, 33, 34, 46, 47, 48, 49, 50, 61, 62, 63, 64, 65]
    >>> face_problems(good)
    []
    >>> face_problems([16] + good[1:])
    ['16 is outside column B (1-15)', 'repeated on the face: 16']
    """
    problems = []
    columns = [numbers[0:5], numbers[5:10], numbers[10:14], numbers[14:19], numbers[19:24]]
    for c, values in enumerate(columns):
        low, high = COLUMN_RANGES[c]
        for value in values:
            if not low <= value <= high:
                problems.append(f"{value} is outside column {LETTERS[c]} ({low}-{high})")
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        problems.append("repeated on the face: " + ", ".join(map(str, repeated)))
    return problems


def _columns(numbers: list[int]) -> list[list[int]]:
    return [numbers[0:5], numbers[5:10], numbers[10:14], numbers[14:19], numbers[19:24]]


def parse_series(text: str) -> tuple[list[Face], list[SeriesProblem]]:
    """Flashboard house rule: a series is imported whole or not at all. Every bad line is reported by number
    (each face checked by face_problems, 10 DE Admin Code 101-4.12), and faces are returned only when there
    are no problems at all.

    >>> parse_series("7,1,2,3")
    ([], [SeriesProblem(line=1, message='expected 25 values (face number and 24 numbers), found 4')])
    >>> faces, problems = parse_series(export_series(generate_series(3, seed=1)))
    >>> [f.number for f in faces], problems
    ([1, 2, 3], [])
    """
    faces: list[Face] = []
    problems: list[SeriesProblem] = []
    seen_numbers: dict[int, int] = {}
    seen_layouts: dict[tuple[int, ...], int] = {}
    reader = csv.reader(io.StringIO(text.removeprefix(BOM)))
    line_no = 0
    while True:
        line_no += 1
        try:
            row = next(reader)
        except StopIteration:
            break
        except csv.Error as exc:
            problems.append(SeriesProblem(line_no, f"not readable as CSV ({exc})"))
            break
        if not row or all(not c.strip() for c in row):
            continue
        if line_no == 1 and row[0].strip().lower() == "face":
            continue
        if len(row) != 25:
            problems.append(
                SeriesProblem(line_no, f"expected 25 values (face number and 24 numbers), found {len(row)}")
            )
            continue
        try:
            values = [int(v.strip()) for v in row]
        except ValueError:
            problems.append(SeriesProblem(line_no, "every value must be a whole number"))
            continue
        face_number, numbers = values[0], values[1:]
        line_problems = [] if face_number >= 1 else ["the face number must be 1 or more"]
        line_problems += face_problems(numbers)
        if face_number in seen_numbers:
            line_problems.append(f"face number {face_number} already on line {seen_numbers[face_number]}")
        face = Face.from_columns(face_number, _columns(numbers)) if not line_problems else None
        if face is not None and face.cells in seen_layouts:
            line_problems.append(f"same layout as line {seen_layouts[face.cells]}")
        if line_problems:
            problems.extend(SeriesProblem(line_no, p) for p in line_problems)
            continue
        assert face is not None
        seen_numbers[face_number] = line_no
        seen_layouts[face.cells] = line_no
        faces.append(face)
    if not faces and not problems:
        problems.append(SeriesProblem(0, "the file holds no faces"))
    return (faces if not problems else []), problems


def generate_series(count: int, seed: int) -> list[Face]:
    """10 DE Admin Code 101-4.12: every generated face is a valid 75-ball face and no two are alike; N
    distinct faces numbered 1..N, and the same seed always gives the same series (the seed is stored with
    it).

    >>> generate_series(2, seed=9) == generate_series(2, seed=9)
    True
    >>> [face_problems([n for col in f.columns() for n in col if n != FREE]) for f in generate_series(2, seed=9)]
    [[], []]
    """
    rng = random.Random(seed)
    faces: list[Face] = []
    layouts: set[tuple[int, ...]] = set()
    while len(faces) < count:
        columns = [rng.sample(range(low, high + 1), 4 if c == 2 else 5) for c, (low, high) in enumerate(COLUMN_RANGES)]
        face = Face.from_columns(len(faces) + 1, columns)
        if face.cells not in layouts:
            layouts.add(face.cells)
            faces.append(face)
    return faces


def export_series(faces: Iterable[Face]) -> str:
    """Flashboard house rule (the series file format in this module's docstring): the faces as a series
    file, with its header line, that parse_series reads back."""
    return csv_text([HEADER, *(face.csv_row() for face in faces)])


class Series:
    """A series in memory: constant-time lookup of any face by its number."""

    def __init__(self, faces: Iterable[Face]) -> None:
        self._faces = {face.number: face for face in faces}

    def __len__(self) -> int:
        return len(self._faces)

    def __iter__(self) -> Iterator[Face]:
        return iter(self._faces.values())

    def get(self, face_number: int) -> Face | None:
        """Flashboard house rule (docs/rules.md, "not in series"): the face with this number, or None; a
        claim on a face number not in the series is refused, since it is almost always a mis-keyed number."""
        return self._faces.get(face_number)
