"""Break-open / game-event bingo (10 DE Admin Code 101-4.29): sealed sheets are sold until calling resumes
after the game, and the game's predetermined quantity of numbers is posted together, once, instead of
being called one by one."""

from __future__ import annotations

from collections.abc import Sequence

from bingo.rules.limits import GameKind
from shared.core.violations import Violation

RULE_POSTED = "10 DE Admin Code 101-4.29.1"


def sheet_sale_refusal(game_status: str, later_game_called: bool) -> Violation | None:
    """10 DE Admin Code 101-4.29.2: sealed sheets may be sold throughout the occasion, until the game's
    numbers are posted and the organization resumes calling (a later game has a call).

    >>> sheet_sale_refusal("pending", True) is None
    True
    >>> sheet_sale_refusal("in_play", False) is None
    True
    >>> sheet_sale_refusal("closed", True).rule
    '10 DE Admin Code 101-4.29.2'
    """
    if game_status == "pending" or not later_game_called:
        return None
    return Violation(
        "break_open_sales_closed",
        "Calling has resumed after this break-open game: no more sheets for it.",
        "10 DE Admin Code 101-4.29.2",
        "game_number",
        409,
    )


def posting_refusal(number: int, game_status: str) -> Violation | None:
    """10 DE Admin Code 101-4.29.1: the predetermined numbers are drawn and posted when the game comes up
    on the program, once; a second posting would be a second game.

    >>> posting_refusal(4, "pending") is None
    True
    >>> posting_refusal(4, "in_play").message
    "Game 4's numbers are already posted."
    """
    if game_status == "pending":
        return None
    return Violation("already_posted", f"Game {number}'s numbers are already posted.", RULE_POSTED, "game_number", 409)


def quantity_refusal(quantity: int, balls: Sequence[int] | None) -> Violation | None:
    """10 DE Admin Code 101-4.29.1: the quantity of numbers posted is predetermined (the program states
    it); numbers keyed from the blower are exactly that many (none keyed: the hall draws them).

    >>> quantity_refusal(5, None) is None and quantity_refusal(2, [7, 60]) is None
    True
    >>> quantity_refusal(5, [7, 60]).message
    'This game posts exactly 5 numbers.'
    """
    if balls is None or len(balls) == quantity:
        return None
    return Violation("wrong_quantity", f"This game posts exactly {quantity} numbers.", RULE_POSTED, "balls")


def announced_start_refusal(number: int, kind: str) -> Violation | None:
    """10 DE Admin Code 101-4.29.1: a break-open game is not started and called like the others: its
    numbers are posted together when it comes up, and the posting begins it.

    >>> announced_start_refusal(2, "regular") is None
    True
    >>> announced_start_refusal(2, "break_open").code
    'break_open_posts_numbers'
    """
    if kind != GameKind.BREAK_OPEN:
        return None
    return Violation(
        "break_open_posts_numbers",
        f"Game {number} is a break-open game: post its numbers instead.",
        RULE_POSTED,
        "game_number",
        409,
    )


def further_call_refusal(kind: str) -> Violation | None:
    """10 DE Admin Code 101-4.29.1: a break-open game's numbers are the predetermined quantity posted
    together; a further call would change the game the sheets were sold for.

    >>> further_call_refusal("special") is None
    True
    >>> further_call_refusal("break_open").field
    'ball'
    """
    if kind != GameKind.BREAK_OPEN:
        return None
    return Violation(
        "break_open_posted",
        "A break-open game's numbers are posted together; no further calls.",
        RULE_POSTED,
        "ball",
        409,
    )


def sheets_void_refusal(game_number: int, game_status: str) -> Violation | None:
    """10 DE Admin Code 101-4.29.1: once a game's numbers are posted every sheet can be checked against
    them, so a sheet sold for it is not taken back; a game withdrawn unplayed (4.17) posts none, so its
    sheets are.

    >>> sheets_void_refusal(3, "pending") is None and sheets_void_refusal(3, "withdrawn") is None
    True
    >>> sheets_void_refusal(3, "in_play").message
    "Game 3's break-open numbers are posted: its sheets cannot be taken back."
    """
    if game_status in ("pending", "withdrawn"):
        return None
    return Violation(
        "break_open_posted",
        f"Game {game_number}'s break-open numbers are posted: its sheets cannot be taken back.",
        RULE_POSTED,
        "sale_id",
        409,
    )
