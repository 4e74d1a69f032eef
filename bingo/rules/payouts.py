"""Paying a bingo prize at the cashier (10 DE Admin Code 101-4.6 and 4.11): only for a closed game, whose
split is announced, and in cash only for a money prize."""

from __future__ import annotations

from enum import StrEnum

from shared.core.violations import Violation


class Prize(StrEnum):
    """Which purse a share is paid from: the game's prize (4.11), the cookie jar (4.31.6) or the later
    drawing among a merchandise game's other qualifiers (4.11)."""

    GAME = "game"
    COOKIE_JAR = "cookie_jar"
    DRAWING = "drawing"


def share_key(prize: str, claim_id: int | None, ticket_code: str | None) -> str:
    """10 DE Admin Code 101-4.11: each winner's share is paid once, so every share has one name, unique
    among payouts, and the database refuses a second payment of it.

    >>> share_key("game", 12, None)
    'claim:12:game'
    >>> share_key("game", None, "U7K2")
    'ticket:U7K2:game'
    """
    return f"ticket:{ticket_code}:{prize}" if ticket_code else f"claim:{claim_id}:{prize}"


def game_closed_refusal(number: int, game_status: str | None) -> Violation | None:
    """10 DE Admin Code 101-4.6: the prize of a game is what was announced and split when it closed, so a
    winner is paid once the game is closed (a game not on the program has nothing to pay).

    >>> game_closed_refusal(3, "closed") is None
    True
    >>> game_closed_refusal(3, "in_play").message
    'Game 3 must be closed, with its split announced, before paying.'
    >>> game_closed_refusal(9, None).code
    'game_not_closed'
    """
    if game_status == "closed":
        return None
    return Violation(
        "game_not_closed",
        f"Game {number} must be closed, with its split announced, before paying.",
        "10 DE Admin Code 101-4.6",
        "game_number",
        409,
    )


def drawing_refusal(face_number: int, won: bool, merchandise: str | None) -> Violation | None:
    """10 DE Admin Code 101-4.11: the later drawing's prize is paid to the qualifier it drew, in cash when
    it is money; merchandise is handed over.

    >>> drawing_refusal(12, True, None) is None
    True
    >>> drawing_refusal(12, False, None).code
    'nothing_to_pay'
    >>> drawing_refusal(12, True, "a gift basket").message
    'Face 12 won a gift basket in the drawing: hand over the merchandise; it is not paid in cash.'
    """
    if not won:
        return Violation(
            "nothing_to_pay", f"Face {face_number} did not win a drawing for this game.", None, "claim_id", 409
        )
    if merchandise is None:
        return None
    return Violation(
        "merchandise_prize",
        f"Face {face_number} won {merchandise} in the drawing: hand over the merchandise; it is not paid in cash.",
        "10 DE Admin Code 101-4.11",
        "claim_id",
        409,
    )


def merchandise_refusal(
    face_number: int, merchandise: str | None, merchandise_won: bool, prize: str
) -> Violation | None:
    """10 DE Admin Code 101-4.11: a merchandise prize goes to its winner as the merchandise; its announced
    value is not paid in cash instead (a cookie-jar share of the same claim is money and is paid).

    >>> merchandise_refusal(77, "a television", False, "game") is None
    True
    >>> merchandise_refusal(77, "a television", True, "cookie_jar") is None
    True
    >>> merchandise_refusal(77, "a television", True, "game").message
    'Face 77 won a television: hand over the merchandise; it is not paid in cash.'
    """
    if not merchandise_won or prize != "game":
        return None
    return Violation(
        "merchandise_prize",
        f"Face {face_number} won {merchandise}: hand over the merchandise; it is not paid in cash.",
        "10 DE Admin Code 101-4.11",
        "claim_id",
        409,
    )
