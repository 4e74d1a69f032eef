"""The occasion's money as the Board's reports state it: 10 DE Admin Code 101-4.1 (the report the
member in charge makes), 4.6 (prizes and their announcement) and 28 Del. C. §1521 (the sworn
statement: gross receipts per game, expenses with payees, net profit per game, prizes offered and
given, filed within 30 days). Pure: plain values in, cents out, the same answer every time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta

from bingo.rules.limits import GameKind
from bingo.rules.sales import ProductKind
from shared.core.money import format_cents
from shared.core.violations import Violation

STATEMENT_DAYS = 30
ADMISSION_GAMES = frozenset({GameKind.REGULAR.value, GameKind.EARLY_BIRD.value})
GAME_PRODUCTS = frozenset({ProductKind.SPECIAL.value, ProductKind.UPICK_FACE.value, ProductKind.BREAK_OPEN.value})


@dataclass(frozen=True)
class SoldLine:
    """One completed sale line: what kind of product, for which game if it names one, how much."""

    kind: str
    game_number: int | None
    cents: int


@dataclass(frozen=True)
class Expense:
    payee_name: str
    payee_address: str
    description: str
    cents: int
    game_number: int | None


@dataclass(frozen=True)
class GameMoney:
    """One game's line on the sworn statement."""

    number: int
    receipts_cents: int
    prizes_cents: int
    expenses_cents: int

    @property
    def net_cents(self) -> int:
        """28 Del. C. §1521: the game's net profit on the sworn statement, receipts less prizes less
        expenses."""
        return self.receipts_cents - self.prizes_cents - self.expenses_cents


def statement_due(occasion_date: date) -> date:
    """28 Del. C. §1521: the sworn statement is due within 30 days after the game.

    >>> statement_due(date(2026, 12, 5))
    datetime.date(2027, 1, 4)
    """
    return occasion_date + timedelta(days=STATEMENT_DAYS)


def allocate(total_cents: int, weights: Sequence[int]) -> list[int]:
    """28 Del. C. §1521 (receipts and expenses stated per game; money is integer cents, DESIGN.md): share
    cents in proportion to the weights, the leftover cents to the largest remainders (ties to the earlier
    share), so the parts always add up to the total. No weight at all: equal parts.

    >>> allocate(100, [1, 1, 1])
    [34, 33, 33]
    >>> allocate(1_000, [3_000, 1_000, 0])
    [750, 250, 0]
    >>> allocate(5, [0, 0])
    [3, 2]
    """
    if not weights:
        return []
    basis = list(weights) if any(weights) else [1] * len(weights)
    whole = sum(basis)
    parts = [total_cents * w // whole for w in basis]
    order = sorted(range(len(basis)), key=lambda i: (-(total_cents * basis[i] % whole), i))
    for i in order[: total_cents - sum(parts)]:
        parts[i] += 1
    return parts


def receipts_by_game(lines: Sequence[SoldLine], games: Sequence[tuple[int, str]]) -> tuple[dict[int, int], int, int]:
    """28 Del. C. §1521: gross receipts per game. A special, U Pick Em face or break-open sheet counts to
    its game; admission (the card for every regular game, 10 DE Admin Code 101-4.22) is shared evenly among
    the regular and early-bird games. Cookie-jar entries (4.31.2) and non-gaming items are reported on their
    own. Returns (by game, cookie-jar entries, non-gaming).

    >>> lines = [SoldLine("admission", None, 1_000), SoldLine("special", 2, 500), SoldLine("cookie_jar", None, 200)]
    >>> receipts_by_game(lines, [(1, "regular"), (2, "special"), (3, "regular")])
    ({1: 500, 2: 500, 3: 500}, 200, 0)
    """
    by_game = {number: 0 for number, _ in games}
    admission_games = [number for number, kind in games if kind in ADMISSION_GAMES] or [
        n for n, k in games if k != GameKind.COOKIE_JAR_FINAL.value
    ]
    admission = jar = other = 0
    for line in lines:
        if line.kind in GAME_PRODUCTS and line.game_number in by_game:
            by_game[line.game_number] += line.cents
        elif line.kind == ProductKind.COOKIE_JAR.value:
            jar += line.cents
        elif line.kind == ProductKind.NON_GAMING.value:
            other += line.cents
        else:
            admission += line.cents
    for number, share in zip(admission_games, allocate(admission, [1] * len(admission_games)), strict=True):
        by_game[number] += share
    return by_game, jar, other


def game_money(receipts: dict[int, int], prizes: dict[int, int], expenses: Sequence[Expense]) -> list[GameMoney]:
    """28 Del. C. §1521: net profit per game, receipts less prizes less expenses. An expense naming a game
    is that game's; the others are shared among the games in proportion to their receipts.

    >>> rent = Expense("Hall Co.", "1 Main St", "rent", 300, None)
    >>> [(g.number, g.expenses_cents, g.net_cents) for g in game_money({1: 1_000, 2: 2_000}, {1: 500}, [rent])]
    [(1, 100, 400), (2, 200, 1800)]
    """
    numbers = sorted(receipts)
    charged = {n: 0 for n in numbers}
    shared = 0
    for expense in expenses:
        if expense.game_number in charged:
            charged[expense.game_number] += expense.cents
        else:
            shared += expense.cents
    for number, part in zip(numbers, allocate(shared, [receipts[n] for n in numbers]), strict=True):
        charged[number] += part
    return [GameMoney(n, receipts[n], prizes.get(n, 0), charged[n]) for n in numbers]


def close_refusal(unpaid: Sequence[str], unposted_jar_cents: int, open_tills: Sequence[str] = ()) -> Violation | None:
    """10 DE Admin Code 101-4.10 and 4.31.4: every prize is paid the day it is won and every
    cookie-jar fee is posted before the occasion closes; and (28 Del. C. §1521, the books complete
    when they close) every till is counted. The refusal lists what is missing.

    >>> close_refusal([], 0) is None
    True
    >>> refusal = close_refusal(["game 3"], 1_500)
    >>> refusal.rule
    '10 DE Admin Code 101-4.10'
    >>> print(refusal.message)
    The occasion cannot close yet: unpaid: game 3; cookie-jar fees not posted: $15.00.
    >>> close_refusal([], 0, ["Cashier 1"]).message
    'The occasion cannot close yet: till not closed: Cashier 1.'
    """
    missing = [f"unpaid: {u}" for u in unpaid]
    if unposted_jar_cents:
        missing.append(f"cookie-jar fees not posted: {format_cents(unposted_jar_cents)}")
    missing.extend(f"till not closed: {station}" for station in open_tills)
    if not missing:
        return None
    return Violation(
        "closeout_incomplete",
        "The occasion cannot close yet: " + "; ".join(missing) + ".",
        "10 DE Admin Code 101-4.10",
        "occasion_id",
        409,
    )
