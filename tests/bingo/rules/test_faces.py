"""Faces and series: 10 DE Admin Code 101-4.12 (75 balls in five columns) and the series file."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bingo.rules.faces import (
    COLUMN_RANGES,
    FREE,
    FREE_CELL,
    Face,
    Series,
    ball_label,
    export_series,
    generate_series,
    parse_series,
)

GOOD = "1,10,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73"


def test_4_12_face_layout_puts_columns_in_their_ranges_and_free_in_the_centre() -> None:
    face = parse_series(GOOD)[0][0]
    assert face.number == 1 and face.cells[FREE_CELL] == FREE
    for c, column in enumerate(face.columns()):
        low, high = COLUMN_RANGES[c]
        assert all(low <= n <= high for n in column if n != FREE)
    assert face.columns()[2] == [41, 43, FREE, 37, 34]
    assert face.cell_of(10) == 0 and face.cell_of(73) == 24 and face.cell_of(99) is None


def test_4_12_ball_labels_name_the_column() -> None:
    assert [ball_label(n) for n in (1, 15, 16, 45, 46, 75)] == ["B-1", "B-15", "I-16", "N-45", "G-46", "O-75"]


def test_series_import_reports_every_bad_line_by_number() -> None:
    text = "\n".join(
        [
            "face," + ",".join(f"c{i}" for i in range(24)),
            GOOD,
            "2,16,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73",
            "3,10,10,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73",
            "1,11,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73",
            "4" + GOOD[1:],
            "5,1,2,3",
            "6,a,2,13,3,5,23,29,28,17,27,41,43,37,34,47,57,52,46,53,68,61,70,74,73",
        ]
    )
    faces, problems = parse_series(text)
    assert faces == []
    by_line = {(p.line, p.message) for p in problems}
    assert (3, "16 is outside column B (1-15)") in by_line
    assert (4, "repeated on the face: 10") in by_line
    assert (5, "face number 1 already on line 2") in by_line
    assert (6, "same layout as line 2") in by_line
    assert (7, "expected 25 values (face number and 24 numbers), found 4") in by_line
    assert (8, "every value must be a whole number") in by_line


def test_series_import_refuses_an_empty_file() -> None:
    assert parse_series("")[1][0].message == "the file holds no faces"


def test_series_generation_is_reproducible_from_its_seed_and_round_trips() -> None:
    first = generate_series(200, seed=42)
    assert first == generate_series(200, seed=42)
    assert first != generate_series(200, seed=43)
    assert len({f.cells for f in first}) == 200
    again, problems = parse_series(export_series(first))
    assert problems == [] and again == first


@settings(max_examples=30)
@given(st.integers(min_value=1, max_value=300), st.integers(min_value=0, max_value=2**32))
def test_4_12_generated_faces_are_valid_and_distinct(count: int, seed: int) -> None:
    faces = generate_series(count, seed)
    assert [f.number for f in faces] == list(range(1, count + 1))
    assert parse_series(export_series(faces))[1] == []


def test_series_lookup_by_face_number() -> None:
    series = Series(generate_series(9000, seed=1))
    assert len(series) == 9000
    face = series.get(8765)
    assert face is not None and face.number == 8765
    assert series.get(9001) is None


def test_free_space_is_always_covered() -> None:
    face = generate_series(1, seed=5)[0]
    assert face.covered([]) == 1 << FREE_CELL
    ball = random.Random(1).choice([n for n in face.cells if n != FREE])
    assert face.covered([ball]) == (1 << FREE_CELL) | (1 << face.cells.index(ball))


def test_face_from_columns_matches_csv_order() -> None:
    face = Face.from_columns(
        9, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34], [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]]
    )
    assert face.csv_row() == [
        "9",
        "1",
        "2",
        "3",
        "4",
        "5",
        "16",
        "17",
        "18",
        "19",
        "20",
        "31",
        "32",
        "33",
        "34",
        "46",
        "47",
        "48",
        "49",
        "50",
        "61",
        "62",
        "63",
        "64",
        "65",
    ]
