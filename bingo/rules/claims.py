"""Claim verification: is this face a winner on the calls so far, which alternative, on which call,
and if not, why. This is what the verifier's tablet shows when a face number is keyed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from bingo.rules.faces import FREE, Face
from bingo.rules.patterns import Pattern


class Verdict(StrEnum):
    VALID = "valid"
    NOT_IN_SERIES = "not_in_series"
    NOT_SOLD = "not_sold"
    INCOMPLETE = "incomplete"
    SLEEPER = "sleeper"

    @property
    def label(self) -> str:
        """10 DE Admin Code 101-4.16 and 4.27: the verdict as the occasion report and the screens say it.

        >>> Verdict.NOT_SOLD.label
        'not sold'
        >>> Verdict.SLEEPER.label
        'sleeper'
        """
        return VERDICT_LABELS[self]


VERDICT_LABELS = {
    Verdict.VALID: "valid",
    Verdict.NOT_IN_SERIES: "not in the series",
    Verdict.NOT_SOLD: "not sold",
    Verdict.INCOMPLETE: "not covered",
    Verdict.SLEEPER: "sleeper",
}


@dataclass(frozen=True)
class ClaimCheck:
    verdict: Verdict
    covered: int
    alternative: int | None
    completed_on_call: int | None
    completed_by_ball: int | None

    @property
    def valid(self) -> bool:
        """10 DE Admin Code 101-4.27: the claim is a winner: the pre-announced pattern is covered (and,
        under the last-call house rule, the last number called completed it)."""
        return self.verdict is Verdict.VALID


def completing_call(face: Face, pattern: Pattern, calls: Sequence[int]) -> int | None:
    """10 DE Admin Code 101-4.11 and 4.27: the 1-based call on which the face first completed the pattern
    (winners share when they complete on the call of the same number), found by bisection over the
    (monotonic) coverage of each prefix of the calls.

    >>> from bingo.rules.faces import Face
    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> face = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
    ...                              [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
    >>> row = STANDARD[PatternKind.HORIZONTAL_ROW]
    >>> completing_call(face, row, [1, 16, 70, 31, 46, 61, 2])
    6
    >>> completing_call(face, row, [1, 16, 31]) is None
    True
    """
    if not pattern.is_complete(face.covered(calls)):
        return None
    low, high = 1, len(calls)
    while low < high:
        middle = (low + high) // 2
        if pattern.is_complete(face.covered(calls[:middle])):
            high = middle
        else:
            low = middle + 1
    return low


def check_face(face: Face, pattern: Pattern, calls: Sequence[int], last_call_only: bool = True) -> ClaimCheck:
    """10 DE Admin Code 101-4.27: a winner has the pre-announced pattern covered. House rule (on by
    default, settled in DESIGN.md): the bingo counts only if the last number called completed it;
    a face already complete before the last call is a sleeper.

    >>> from bingo.rules.faces import Face
    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> face = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
    ...                              [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
    >>> row = STANDARD[PatternKind.HORIZONTAL_ROW]
    >>> check_face(face, row, [70, 1, 16, 31, 46, 61]).verdict.value
    'valid'
    >>> check_face(face, row, [1, 16, 31, 46, 61, 70]).verdict.value
    'sleeper'
    >>> check_face(face, row, [1, 16, 31, 46, 61, 70], last_call_only=False).completed_on_call
    5
    """
    covered = face.covered(calls)
    alternative = pattern.winning_alternative(covered)
    if alternative is None:
        return ClaimCheck(Verdict.INCOMPLETE, covered, None, None, None)
    if not calls:
        return ClaimCheck(Verdict.INCOMPLETE, covered, None, None, None)
    before_last = face.covered(calls[:-1])
    if not pattern.is_complete(before_last):
        return ClaimCheck(Verdict.VALID, covered, alternative, len(calls), calls[-1])
    on_call = completing_call(face, pattern, calls)
    assert on_call is not None
    verdict = Verdict.SLEEPER if last_call_only else Verdict.VALID
    return ClaimCheck(verdict, covered, alternative, on_call, calls[on_call - 1])


def face_squares(cells: Sequence[int], covered: int, alternative: int | None) -> list[list[dict[str, Any]]]:
    """10 DE Admin Code 101-4.27: a checked face as the verifier's tablet and the TV show it, rows of
    squares, each with its number (None for the free space), whether the calls covered it and whether it
    is in the winning arrangement, read from the verdict's masks (never worked out again).

    >>> face = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
    ...                              [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
    >>> from bingo.rules.patterns import STANDARD, PatternKind
    >>> result = check_face(face, STANDARD[PatternKind.HORIZONTAL_ROW], [70, 1, 16, 31, 46, 61])
    >>> top = face_squares(face.cells, result.covered, result.alternative)[0]
    >>> [(s["number"], s["covered"], s["winning"]) for s in top[:2]]
    [(1, True, True), (16, True, True)]
    >>> face_squares(face.cells, result.covered, None)[2][2]
    {'number': None, 'covered': True, 'winning': False}
    """
    return [
        [
            {
                "number": None if cells[r * 5 + c] == FREE else cells[r * 5 + c],
                "covered": bool(covered >> (r * 5 + c) & 1),
                "winning": bool(alternative is not None and alternative >> (r * 5 + c) & 1),
            }
            for c in range(5)
        ]
        for r in range(5)
    ]
