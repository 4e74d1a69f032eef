"""10 DE Admin Code 101-4.14: only the permitted arrangements, each with its alternatives, grid and
announcement (4.13)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bingo.rules.faces import FREE_CELL, cell
from bingo.rules.patterns import (
    ALL_CELLS,
    FREE_BIT,
    STANDARD,
    PatternError,
    PatternKind,
    arrangement,
    from_spec,
    render,
    shape,
)


def bits(*cells: tuple[int, int]) -> int:
    mask = FREE_BIT
    for r, c in cells:
        mask |= 1 << cell(r, c)
    return mask


def test_4_14_1_one_horizontal_row() -> None:
    p = STANDARD[PatternKind.HORIZONTAL_ROW]
    assert len(p.alternatives) == 5 and p.rule == "10 DE Admin Code 101-4.14.1"
    assert p.is_complete(bits(*[(3, c) for c in range(5)]))
    assert not p.is_complete(bits(*[(r, 1) for r in range(5)]))


def test_4_14_2_one_vertical_row() -> None:
    p = STANDARD[PatternKind.VERTICAL_ROW]
    assert p.is_complete(bits(*[(r, 4) for r in range(5)]))
    assert not p.is_complete(bits(*[(0, c) for c in range(5)]))


def test_4_14_3_diagonal_uses_the_free_space() -> None:
    p = STANDARD[PatternKind.DIAGONAL]
    assert p.is_complete(bits((0, 0), (1, 1), (3, 3), (4, 4)))
    assert p.is_complete(bits((0, 4), (1, 3), (3, 1), (4, 0)))
    assert not p.is_complete(bits((0, 0), (1, 1), (3, 3)))


def test_4_14_4_any_row_has_twelve_alternatives() -> None:
    p = STANDARD[PatternKind.ANY_ROW]
    assert len(p.alternatives) == 12
    assert p.is_complete(bits((2, 0), (2, 1), (2, 3), (2, 4)))


def test_4_14_5_two_rows_letter_shapes_and_frame() -> None:
    two = STANDARD[PatternKind.TWO_ROWS]
    assert len(two.alternatives) == 66
    assert two.is_complete(bits(*[(0, c) for c in range(5)], *[(r, 0) for r in range(5)]))
    assert not two.is_complete(bits(*[(0, c) for c in range(5)]))
    assert STANDARD[PatternKind.LETTER_X].is_complete(
        bits(*[(i, i) for i in range(5)], *[(i, 4 - i) for i in range(5)])
    )
    assert STANDARD[PatternKind.PLUS].is_complete(bits(*[(2, c) for c in range(5)], *[(r, 2) for r in range(5)]))
    assert STANDARD[PatternKind.LETTER_T].is_complete(bits(*[(0, c) for c in range(5)], *[(r, 2) for r in range(5)]))
    assert STANDARD[PatternKind.LETTER_L].is_complete(bits(*[(r, 0) for r in range(5)], *[(4, c) for c in range(5)]))
    frame = STANDARD[PatternKind.FRAME]
    assert bin(frame.alternatives[0]).count("1") == 16


def test_4_14_5_arrangement_defined_by_the_organization() -> None:
    p = arrangement("Railroad tracks", ["colB", "colO"])
    assert p.rule == "10 DE Admin Code 101-4.14.5" and "colB, colO" in p.announcement
    with pytest.raises(PatternError):
        arrangement("One row", ["row1"])
    with pytest.raises(PatternError):
        arrangement("Bad", ["row1", "row9"])


def test_4_14_6_entire_card_7_four_corners_8_around_free() -> None:
    assert STANDARD[PatternKind.BLACKOUT].alternatives == (ALL_CELLS,)
    assert STANDARD[PatternKind.FOUR_CORNERS].is_complete(bits((0, 0), (0, 4), (4, 0), (4, 4)))
    around = STANDARD[PatternKind.AROUND_FREE]
    assert around.is_complete(bits(*[(r, c) for r in (1, 2, 3) for c in (1, 2, 3) if (r, c) != (2, 2)]))
    assert render(around.alternatives[0]) == ".....\n.XXX.\n.X*X.\n.XXX.\n....."


def test_4_14_9_fixed_shape_wins_only_in_place() -> None:
    rows = ["X....", "XX...", "XXX..", ".....", "....."]
    fixed = shape("Staircase", rows, anywhere=False)
    assert fixed.rule == "10 DE Admin Code 101-4.14.9" and len(fixed.alternatives) == 1
    assert fixed.is_complete(bits((0, 0), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2)))
    assert not fixed.is_complete(bits((1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)))


def test_4_14_9_anywhere_shape_wins_in_every_translation_that_fits() -> None:
    square = shape("Postage stamp", ["XX...", "XX...", ".....", ".....", "....."], anywhere=True)
    assert len(square.alternatives) == 16
    assert square.is_complete(bits((3, 3), (3, 4), (4, 3), (4, 4)))
    assert "anywhere" in square.announcement


@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=1, max_size=10))
def test_4_14_9_anywhere_translations_are_the_same_shape_and_fit(marks: list[tuple[int, int]]) -> None:
    rows = ["".join("X" if (r, c) in marks else "." for c in range(5)) for r in range(5)]
    if all(cell(r, c) == FREE_CELL for r, c in marks):
        with pytest.raises(PatternError):
            shape("s", rows, anywhere=True)
        return
    placed = shape("s", rows, anywhere=True)
    height = max(r for r, _ in marks) - min(r for r, _ in marks) + 1
    width = max(c for _, c in marks) - min(c for _, c in marks) + 1
    assert len(placed.alternatives) == (6 - height) * (6 - width)
    assert all(bin(a).count("1") == len(set(marks)) for a in placed.alternatives)
    assert shape("s", rows, anywhere=False).alternatives[0] in placed.alternatives


def test_4_14_9_shape_must_be_drawn_on_the_grid() -> None:
    for rows in (["XXXXX"], ["XXXXXX"] * 5, ["....."] * 5, ["ABCDE"] * 5):
        with pytest.raises(PatternError):
            shape("bad", rows, anywhere=False)


def test_4_13_every_pattern_has_an_announcement_and_rebuilds_from_its_spec() -> None:
    for kind, pattern in STANDARD.items():
        assert pattern.announcement.endswith("The free space counts.")
        assert from_spec({"kind": kind.value}) is pattern
        assert len(pattern.grids()) == len(pattern.alternatives)
    custom = from_spec(
        {"kind": "shape", "name": "Kite", "rows": ["XX...", "XX...", "..X..", "...X.", "....X"], "anywhere": False}
    )
    assert custom.name == "Kite"
    with pytest.raises(PatternError):
        from_spec({"kind": "arrangement", "lines": ["row1", "row2"]})
    with pytest.raises(ValueError):
        from_spec({"kind": "pyramid"})
