"""U Pick Em (player pick) games, 10 DE Admin Code 101-4.30: the player chooses the numbers, the
hall knows every face in play, and the first to have all their numbers called wins.
"""

from __future__ import annotations

import random
import secrets
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from bingo.rules.faces import LETTERS, column_of
from bingo.rules.winners import LANES, set_bits
from shared.core.violations import Violation

MAX_PER_COLUMN = 5
RULE = "10 DE Admin Code 101-4.30.1"


def pick_refusal(numbers: Sequence[int], count: int) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.1-2: numbers 1 to 75, no more than five from any column, no
    duplicate (a face with one is void and is never sold), and exactly the game's count.

    >>> pick_refusal([1, 2, 3, 4, 5, 16], 6) is None
    True
    >>> refusal = pick_refusal([1, 2, 3, 4, 5, 6], 6)
    >>> refusal.code, refusal.rule
    ('too_many_in_column', '10 DE Admin Code 101-4.30.1.1')
    >>> pick_refusal([7, 7, 20], 3).rule
    '10 DE Admin Code 101-4.30.1.2'
    >>> pick_refusal([76], 1).code
    'number_out_of_range'
    """
    outside = [n for n in numbers if not 1 <= n <= 75]
    if outside:
        return Violation(
            "number_out_of_range", f"{outside[0]} is not a bingo number: pick from 1 to 75.", f"{RULE}.1", "numbers"
        )
    repeated = sorted({n for n in numbers if list(numbers).count(n) > 1})
    if repeated:
        return Violation(
            "duplicate_number",
            f"{repeated[0]} is picked twice; a face with a duplicate number is void.",
            f"{RULE}.2",
            "numbers",
        )
    for column in range(5):
        chosen = [n for n in numbers if column_of(n) == column]
        if len(chosen) > MAX_PER_COLUMN:
            return Violation(
                "too_many_in_column",
                f"{len(chosen)} numbers picked in column {LETTERS[column]}; at most {MAX_PER_COLUMN} per column.",
                f"{RULE}.1",
                "numbers",
            )
    if len(numbers) != count:
        return Violation(
            "wrong_count",
            f"This game plays {count} numbers; {len(numbers)} were picked.",
            "10 DE Admin Code 101-4.30.1.5",
            "numbers",
        )
    return None


def count_refusal(count: int) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.1 and 4.30.1.5: the program lists how many numbers are picked, and five
    per column over five columns allows at most 25.

    >>> count_refusal(25) is None
    True
    >>> count_refusal(26).code
    'pick_count_out_of_range'
    """
    if 1 <= count <= 5 * MAX_PER_COLUMN:
        return None
    return Violation(
        "pick_count_out_of_range",
        "A U Pick Em game plays between 1 and 25 numbers.",
        "10 DE Admin Code 101-4.30.1.5",
        "pick_count",
    )


def quick_pick(count: int, rng: random.Random) -> list[int]:
    """10 DE Admin Code 101-4.30.1.1: the machine picks for the player; always within the column rule.
    Columns are chosen with room left, then a number from the column, so every valid face can come up.

    >>> picks = quick_pick(25, random.Random(5))
    >>> pick_refusal(picks, 25) is None
    True
    >>> quick_pick(8, random.Random(5)) == quick_pick(8, random.Random(5))
    True
    """
    chosen: list[int] = []
    while len(chosen) < count:
        open_columns = [c for c in range(5) if sum(1 for n in chosen if column_of(n) == c) < MAX_PER_COLUMN]
        column = rng.choice(open_columns)
        left = [n for n in range(column * 15 + 1, column * 15 + 16) if n not in chosen]
        chosen.append(rng.choice(left))
    return sorted(chosen)


def by_column(numbers: Iterable[int]) -> list[list[int]]:
    """10 DE Admin Code 101-4.30.1.3: the numbers as printed on the ticket, under B I N G O.

    >>> by_column([61, 1, 16, 2])
    [[1, 2], [16], [], [], [61]]
    """
    columns: list[list[int]] = [[] for _ in range(5)]
    for n in sorted(numbers):
        columns[column_of(n)].append(n)
    return columns


def ticket_layout(numbers: Iterable[int]) -> str:
    """10 DE Admin Code 101-4.30.1.3: once selected, the numbers are printed on the card face; the ticket's
    B-I-N-G-O grid as fixed-width text, for receipts and the verifier's screen.

    >>> print(ticket_layout([1, 16, 17, 74, 75]))
     B   I   N   G   O
     1  16          74
        17          75
    """
    columns = by_column(numbers)
    depth = max((len(c) for c in columns), default=0)
    lines = ["  ".join(f"{letter:>2}" for letter in LETTERS)]
    for row in range(depth):
        lines.append("  ".join(f"{columns[c][row]:>2}" if row < len(columns[c]) else "  " for c in range(5)))
    return "\n".join(lines)


TICKET_ALPHABET = "".join(c for c in string.ascii_uppercase + string.digits if c not in "O0I1")


def new_ticket_code() -> str:
    """Settled reading (docs/rules.md, "4.30.1.3 ticket"): a ticket id a barcode scanner types back:
    unguessable, no look-alike characters.

    >>> code = new_ticket_code()
    >>> len(code), code.startswith("UP-"), set(code[3:]) <= set(TICKET_ALPHABET)
    (13, True, True)
    """
    return "UP-" + "".join(secrets.choice(TICKET_ALPHABET) for _ in range(10))


@dataclass(frozen=True)
class Ticket:
    code: str
    numbers: tuple[int, ...]


class PickSets:
    """The numbers of every ticket in play for one game, as one big integer per number with bit i set
    when ticket i holds it. Which tickets a drawing completed is a pure question of the calls: a ticket is
    covered when no uncalled number's integer has its bit, and it completed on this drawing when it also
    holds one of the balls just drawn, so the answer needs no state kept call by call (a corrected call, a
    restart or another server process asks the same question and gets the same answer). A game's tickets
    are fixed once it starts (4.30.1.7), so the sets are built once per game, in time linear in the
    tickets (a row of bytes per ticket, turned into bits lane by lane as in winners.py); they hold no
    object per ticket, so a process keeping them gives its garbage collector nothing more to walk."""

    def __init__(self, picks: Iterable[Sequence[int]]) -> None:
        self._holders = _holders(list(picks))

    def completed_by(self, calls: Sequence[int], drawn: Iterable[int]) -> list[int]:
        """10 DE Admin Code 101-4.30.1.7-8: the positions of the tickets whose numbers are all among `calls`
        and that were not covered before `drawn`, the balls of the latest drawing (the last of `calls`).
        Starting from the tickets holding a ball just drawn, each uncalled number's holders are taken away.

        >>> sets = PickSets([(1, 2), (2, 3), (3, 4)])
        >>> sets.completed_by([2, 3], [3])
        [1]
        >>> sets.completed_by([2, 4], [4])
        []
        >>> sets.completed_by([2, 4, 3, 1], [3, 1])
        [0, 1, 2]
        """
        holders = self._holders
        fresh = 0
        for ball in drawn:
            fresh |= holders.get(ball, 0)
        if fresh:
            called = set(calls)
            for number, held in holders.items():
                if number not in called:
                    fresh &= ~held
                    if not fresh:
                        break
        return set_bits(fresh)


class PickIndex:
    """Every ticket in play for one game (its picks as PickSets), daubed call by call."""

    def __init__(self, tickets: Sequence[Ticket]) -> None:
        self.tickets = list(tickets)
        self.sets = PickSets(t.numbers for t in self.tickets)
        self.called: list[int] = []

    def completed_by(self, calls: Sequence[int], drawn: Iterable[int]) -> list[Ticket]:
        """10 DE Admin Code 101-4.30.1.7-8: the tickets whose numbers are all among `calls` and that were
        not covered before `drawn`, the balls of the latest drawing, in ticket order.

        >>> index = PickIndex([Ticket("UP-A", (1, 2)), Ticket("UP-B", (2, 3)), Ticket("UP-C", (3, 4))])
        >>> [t.code for t in index.completed_by([2, 3], [3])]
        ['UP-B']
        """
        return [self.tickets[i] for i in self.sets.completed_by(calls, drawn)]

    def call(self, ball: int) -> list[Ticket]:
        """10 DE Admin Code 101-4.30.1.7-8: daub the ball; return the tickets it completes."""
        self.called.append(ball)
        return self.completed_by(self.called, [ball])

    def replay(self, calls: Iterable[int]) -> list[Ticket]:
        """10 DE Admin Code 101-4.30.1.8: the first to cover the numbers wins, and tickets completing on
        that call split (4.11); apply calls in order and return the winners of the first call that completes
        any ticket.

        >>> index = PickIndex([Ticket("UP-A", (1, 2)), Ticket("UP-B", (2, 3)), Ticket("UP-C", (3, 4))])
        >>> index.replay([2, 3, 1])
        [Ticket(code='UP-B', numbers=(2, 3))]
        """
        for ball in calls:
            done = self.call(ball)
            if done:
                return done
        return []


NUMBERS = 76  # a byte for each of 0..75 in a ticket's row


def _holders(picks: Sequence[Sequence[int]]) -> dict[int, int]:
    """10 DE Admin Code 101-4.30.1.7 (the hall knows every face in play): number → the integer with bit i
    set for every ticket i holding it, from one row of bytes per ticket (1 where it holds the number)."""
    count = len(picks)
    rows = bytearray(NUMBERS * (count + (-count) % LANES))
    for index, numbers in enumerate(picks):
        base = NUMBERS * index
        for number in numbers:
            rows[base + number] = 1
    laid = bytes(rows)
    holders: dict[int, int] = {}
    for number in range(1, NUMBERS):
        held = 0
        for lane in range(LANES):
            held |= int.from_bytes(
                laid[number + NUMBERS * lane :: NUMBERS * LANES].translate(_lane_table(lane)), "little"
            )
        if held:
            holders[number] = held
    return holders


@cache
def _lane_table(lane: int) -> bytes:
    """Sends the byte 1 to the bit of `lane` (ticket 8k+lane is bit `lane` of byte k)."""
    table = bytearray(256)
    table[1] = 1 << lane
    return bytes(table)
