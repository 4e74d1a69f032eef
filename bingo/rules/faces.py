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

from shared.reports.csv_cells import csv_text

LETTERS = "BINGO"
COLUMN_RANGES: tuple[tuple[int, int], ...] = ((1, 15), (16, 30), (31, 45), (46, 60), (61, 75))
FREE_CELL = 12
FREE = 0
HEADER = ["face"] + [f"{LETTERS[c]}{r + 1}" for c in range(5) for r in range(5) if (c, r) != (2, 2)]


def column_of(number: int) -> int:
    """10 DE Admin Code 101-4.12 uses 75 balls: B 1-15, I 16-30, N 31-45, G 46-60, O 61-75."""
    return (number - 1) // 15


def ball_label(number: int) -> str:
    """How a call is announced and shown: "B-7", "O-75"."""
    return f"{LETTERS[column_of(number)]}-{number}"


def cell(row: int, col: int) -> int:
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
        """Build from five columns read top to bottom; the N column has 4 numbers."""
        n_col = columns[2][:2] + [FREE] + columns[2][2:]
        full = [columns[0], columns[1], n_col, columns[3], columns[4]]
        return cls(number, tuple(full[c][r] for r in range(5) for c in range(5)))

    def columns(self) -> list[list[int]]:
        return [[self.cells[cell(r, c)] for r in range(5)] for c in range(5)]

    def cell_of(self, ball: int) -> int | None:
        return self._index.get(ball)

    def covered(self, called: Iterable[int]) -> int:
        """The 25-bit mask of covered cells; the free space is always covered."""
        mask = 1 << FREE_CELL
        for ball in called:
            position = self._index.get(ball)
            if position is not None:
                mask |= 1 << position
        return mask

    def csv_row(self) -> list[str]:
        values = [str(n) for col in self.columns() for n in col if n != FREE]
        return [str(self.number), *values]


@dataclass(frozen=True)
class SeriesProblem:
    line: int
    message: str


def face_problems(numbers: list[int]) -> list[str]:
    """10 DE Admin Code 101-4.12: every number in its column's range and none repeated on a face."""
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
    """Read a series file; every bad line is reported by number, and faces are returned only when
    there are no problems at all (a series is imported whole or not at all)."""
    faces: list[Face] = []
    problems: list[SeriesProblem] = []
    seen_numbers: dict[int, int] = {}
    seen_layouts: dict[tuple[int, ...], int] = {}
    reader = csv.reader(io.StringIO(text))
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
    """N distinct faces numbered 1..N; the same seed always gives the same series."""
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
        return self._faces.get(face_number)
