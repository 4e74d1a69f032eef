"""U Pick Em at the cashier and the verifier (10 DE Admin Code 101-4.30.1): a face costs the price the
program states, faces are sold and voided only before their game starts, and winners are found by the
hall's system rather than claimed by face number."""

from __future__ import annotations

from bingo.rules.limits import GameKind
from shared.core.money import format_cents
from shared.core.violations import Violation


def face_price_refusal(price_cents: int | None, face_price_cents: int | None) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.5: the program states the price of a U Pick Em face, so the product
    selling it asks that price and no other.

    >>> face_price_refusal(100, 100) is None
    True
    >>> face_price_refusal(150, 100).message
    'The program prices a U Pick Em face at $1.00.'
    """
    if price_cents == face_price_cents:
        return None
    return Violation(
        "price_mismatch",
        f"The program prices a U Pick Em face at {format_cents(face_price_cents or 0)}.",
        "10 DE Admin Code 101-4.30.1.5",
        "price",
        409,
    )


def face_sale_refusal(number: int, game_status: str) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.7: a player's numbers are picked before the game; once it has started
    (numbers are being called) no face for it is sold.

    >>> face_sale_refusal(5, "pending") is None
    True
    >>> face_sale_refusal(5, "in_play").message
    'Game 5 has started: U Pick Em faces for it can no longer be sold.'
    """
    if game_status == "pending":
        return None
    return Violation(
        "game_started",
        f"Game {number} has started: U Pick Em faces for it can no longer be sold.",
        "10 DE Admin Code 101-4.30.1.7",
        "game_number",
        409,
    )


def ticket_void_refusal(code: str, game_number: int, game_status: str) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.7: a U Pick Em ticket is voided only before its game starts; once numbers
    are called, taking it back would let a player withdraw a losing pick. A game withdrawn unplayed (the
    cookie-jar final took its place, 4.17) is never called, so its tickets are refunded.

    >>> ticket_void_refusal("K7Q2XZ", 5, "pending") is None
    True
    >>> ticket_void_refusal("K7Q2XZ", 5, "withdrawn") is None
    True
    >>> ticket_void_refusal("K7Q2XZ", 5, "closed").message
    'U Pick Em ticket K7Q2XZ in this sale is for game 5, which has started.'
    """
    if game_status in ("pending", "withdrawn"):
        return None
    return Violation(
        "game_started",
        f"U Pick Em ticket {code} in this sale is for game {game_number}, which has started.",
        "10 DE Admin Code 101-4.30.1.7",
        "sale_id",
        409,
    )


def keyed_claim_refusal(kind: str) -> Violation | None:
    """10 DE Admin Code 101-4.30.1.8: in a U Pick Em game the hall's system finds the tickets whose
    numbers are all called after each call, so no claim is keyed by face number.

    >>> keyed_claim_refusal("regular") is None
    True
    >>> keyed_claim_refusal("u_pick_em").code
    'upick_found_automatically'
    """
    if kind != GameKind.U_PICK_EM:
        return None
    return Violation(
        "upick_found_automatically",
        "U Pick Em winners are found by the system after each call; scan the ticket to look it up.",
        "10 DE Admin Code 101-4.30.1.8",
        "face_number",
        409,
    )
