"""Finding every sold face with a bingo right after a call, fast enough for 100,000 faces.

The coverage is kept transposed: for each of the 25 cells, one big integer whose bit f says "face f
has this cell covered". A call sets, for the five cells of its column, the bits of the faces that
hold that number there (precomputed), so an update is five ORs. A face has completed an
alternative when the AND of that alternative's cell integers has its bit set; an AND of a few
hundred big integers answers for every face at once. Calls are applied in order, so the faces that
complete on this call are those set now and not before.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bingo.rules.faces import FREE, FREE_CELL, Face, column_of
from bingo.rules.patterns import LINES, Pattern


def _bits(mask: int) -> list[int]:
    return [i for i in range(25) if mask >> i & 1]


def set_bits(value: int) -> list[int]:
    """10 DE Admin Code 101-4.11 and 4.27 (every face completing on the call): the positions of the set
    bits, lowest first, so a big integer of faces reads back as face indexes.

    >>> set_bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while value:
        low = value & -value
        found.append(low.bit_length() - 1)
        value ^= low
    return found


class CoverageIndex:
    """The faces in play for one game, and their coverage after each call."""

    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)
        everyone = (1 << len(self.faces)) - 1
        self._holders: dict[tuple[int, int], int] = {}
        for index, face in enumerate(self.faces):
            for position, ball in enumerate(face.cells):
                if ball != FREE:
                    key = (ball, position)
                    self._holders[key] = self._holders.get(key, 0) | (1 << index)
        self._covered = [0] * 25
        self._covered[FREE_CELL] = everyone
        self._won = 0

    def call(self, ball: int) -> None:
        """10 DE Admin Code 101-4.27: daub a called ball on every face that holds it; a number sits only in
        its own column (4.12), so five cells are touched."""
        column = column_of(ball)
        for row in range(5):
            position = row * 5 + column
            self._covered[position] |= self._holders.get((ball, position), 0)

    def _all_covered(self, mask: int) -> int:
        value = -1
        for position in _bits(mask):
            value &= self._covered[position]
            if not value:
                break
        return value

    def complete(self, pattern: Pattern) -> int:
        """10 DE Admin Code 101-4.27: a big integer with bit f set for every face f that has the pattern
        now. Alternatives made of whole lines (rows, columns, diagonals) reuse each line's result."""
        lines: dict[int, int] = {}
        result = 0
        for alternative in pattern.alternatives:
            parts = [line for line in LINES.values() if alternative & line == line]
            covered_by_lines = 0
            for line in parts:
                covered_by_lines |= line
            if parts and covered_by_lines == alternative:
                value = -1
                for line in parts:
                    if line not in lines:
                        lines[line] = self._all_covered(line)
                    value &= lines[line]
            else:
                value = self._all_covered(alternative)
            result |= value
        return result

    def new_winners(self, pattern: Pattern) -> list[Face]:
        """10 DE Admin Code 101-4.11 and 4.27: the faces that complete the pattern on the latest call (and
        did not before), the winners on the call of the same number."""
        now = self.complete(pattern)
        fresh = now & ~self._won
        self._won = now
        return [self.faces[i] for i in set_bits(fresh)]

    def replay(self, calls: Iterable[int], pattern: Pattern) -> list[Face]:
        """10 DE Admin Code 101-4.11 and 4.27: apply calls in order, tracking winners after each; returns
        the last call's new winners.

        >>> from bingo.rules.patterns import STANDARD, PatternKind
        >>> top = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
        ...                             [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
        >>> other = Face.from_columns(2, [[6, 7, 8, 9, 10], [21, 22, 23, 24, 25], [36, 37, 38, 39],
        ...                               [51, 52, 53, 54, 55], [66, 67, 68, 69, 70]])
        >>> index = CoverageIndex([top, other])
        >>> [f.number for f in index.replay([1, 16, 31, 46, 61], STANDARD[PatternKind.HORIZONTAL_ROW])]
        [1]
        >>> index.call(7)
        >>> index.new_winners(STANDARD[PatternKind.HORIZONTAL_ROW])
        []
        """
        latest: list[Face] = []
        for ball in calls:
            self.call(ball)
            latest = self.new_winners(pattern)
        return latest
