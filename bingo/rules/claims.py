"""Claim verification: is this face a winner on the calls so far, which alternative, on which call,
and if not, why. This is what the verifier's tablet shows when a face number is keyed in.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bingo.rules.faces import Face
from bingo.rules.patterns import Pattern


class Verdict(StrEnum):
    VALID = "valid"
    NOT_IN_SERIES = "not_in_series"
    NOT_SOLD = "not_sold"
    INCOMPLETE = "incomplete"
    SLEEPER = "sleeper"


@dataclass(frozen=True)
class ClaimCheck:
    verdict: Verdict
    covered: int
    alternative: int | None
    completed_on_call: int | None
    completed_by_ball: int | None

    @property
    def valid(self) -> bool:
        return self.verdict is Verdict.VALID


def completing_call(face: Face, pattern: Pattern, calls: Sequence[int]) -> int | None:
    """The 1-based call on which the face first completed the pattern, found by bisection over the
    (monotonic) coverage of each prefix of the calls."""
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
    a face already complete before the last call is a sleeper."""
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
