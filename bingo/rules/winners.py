"""Finding every sold face with a bingo right after a call, fast enough for a million faces.

The coverage is kept transposed: for each of the 25 cells, one big integer whose bit f says "face f
has this cell covered". A call sets, for the five cells of its column, the bits of the faces that
hold that number there (precomputed), so an update is five ORs. A face has completed an
alternative when the AND of that alternative's cell integers has its bit set; an AND of a few
hundred big integers answers for every face at once. Calls are applied in order, so the faces that
complete on this call are those set now and not before.

Both ends stay linear in the number of faces (issue 21): the holders of each (number, cell) are
built from one byte string of every face's cells, eight interleaved lanes per cell turned into bits
by `bytes.translate` and `int.from_bytes` (never an OR per face into a growing integer), and the
winners are read back 64 faces at a time from the integer's machine words, skipping empty words in C.
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import chain, compress

from bingo.rules.faces import COLUMN_RANGES, FREE_CELL, Face, column_of
from bingo.rules.patterns import LINES, Pattern

LANES = 8  # faces per byte of a holders integer


def _bits(mask: int) -> list[int]:
    return [i for i in range(25) if mask >> i & 1]


def set_bits(value: int) -> list[int]:
    """10 DE Admin Code 101-4.11 and 4.27 (every face completing on the call): the positions of the set
    bits, lowest first, so a big integer of faces reads back as face indexes. The integer is read as
    64-bit words; the words with no bit set are skipped without a Python step each.

    >>> set_bits(0b10110)
    [1, 2, 4]
    >>> set_bits(1 << 200 | 1 << 64 | 1 << 63)
    [63, 64, 200]
    >>> set_bits(0)
    []
    """
    if value <= 0:
        return []
    words = array("Q")
    words.frombytes(value.to_bytes(-(-value.bit_length() // 64) * 8, "little"))
    if sys.byteorder != "little":
        words.byteswap()
    found: list[int] = []
    for index in compress(range(len(words)), words):
        word = words[index]
        base = index * 64
        while word:
            low = word & -word
            found.append(base + low.bit_length() - 1)
            word ^= low
    return found


@cache
def _lane_table(ball: int, lane: int) -> bytes:
    """A translation table sending the byte `ball` to the bit of `lane` and every other byte to 0."""
    table = bytearray(256)
    table[ball] = 1 << lane
    return bytes(table)


def holders_of(faces: Sequence[Face]) -> dict[tuple[int, int], int]:
    """10 DE Admin Code 101-4.27 (a called number covers its cell on every face holding it): for each
    number and cell, the integer with bit f set when face f holds that number in that cell, built in
    time linear in the faces. A number counts only in its own column's cells (4.12), where a call looks.

    >>> top = Face.from_columns(1, [[1, 2, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
    ...                             [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
    >>> other = Face.from_columns(2, [[2, 1, 3, 4, 5], [16, 17, 18, 19, 20], [31, 32, 33, 34],
    ...                               [46, 47, 48, 49, 50], [61, 62, 63, 64, 65]])
    >>> held = holders_of([top, other])
    >>> held[(1, 0)], held[(2, 0)], held[(16, 1)]
    (1, 2, 3)
    """
    count = len(faces)
    if not count:
        return {}
    padded = count + (-count) % LANES
    cells = bytes(chain.from_iterable(face.cells for face in faces)) + bytes(25 * (padded - count))
    holders: dict[tuple[int, int], int] = {}
    for position in range(25):
        if position == FREE_CELL:
            continue
        # Lane j holds faces j, j+8, j+16, ...: byte k of lane j is face 8k+j's number in this cell.
        lanes = [cells[position + 25 * j :: 25 * LANES] for j in range(LANES)]
        low, high = COLUMN_RANGES[position % 5]
        for ball in range(low, high + 1):
            mask = 0
            for j, lane in enumerate(lanes):
                mask |= int.from_bytes(lane.translate(_lane_table(ball, j)), "little")
            if mask:
                holders[(ball, position)] = mask
    return holders


class CoverageIndex:
    """The faces in play for one game, and their coverage after each call."""

    def __init__(self, faces: Sequence[Face]) -> None:
        self.faces = list(faces)
        self._holders = holders_of(self.faces)
        self._covered = [0] * 25
        self._covered[FREE_CELL] = (1 << len(self.faces)) - 1
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
