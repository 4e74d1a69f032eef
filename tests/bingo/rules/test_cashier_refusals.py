"""The cashier's and the reports page's refusals that the services ask, as pure rules (no database):
paying a prize (10 DE Admin Code 101-4.6, 4.11) and the closed books, expenses and sworn statement of
28 Del. C. §1521."""

from __future__ import annotations

from bingo.rules.payouts import game_closed_refusal, merchandise_refusal
from bingo.rules.sworn_reports import (
    SWORN_RULE,
    adjustment_refusal,
    books_open_refusal,
    payee_refusal,
    swear_refusal,
)
from shared.core.violations import Violation


def test_4_6_a_prize_is_paid_once_its_game_is_closed() -> None:
    assert game_closed_refusal(2, "closed") is None
    for status in ("pending", "in_play", None):
        assert game_closed_refusal(2, status) == Violation(
            "game_not_closed",
            "Game 2 must be closed, with its split announced, before paying.",
            "10 DE Admin Code 101-4.6",
            "game_number",
            409,
        )


def test_4_11_a_merchandise_winner_gets_the_merchandise_not_cash() -> None:
    assert merchandise_refusal(41, "a quilt", False, "game") is None
    assert merchandise_refusal(41, "a quilt", True, "cookie_jar") is None
    assert merchandise_refusal(41, "a quilt", True, "game") == Violation(
        "merchandise_prize",
        "Face 41 won a quilt: hand over the merchandise; it is not paid in cash.",
        "10 DE Admin Code 101-4.11",
        "claim_id",
        409,
    )


def test_1521_nothing_posts_to_a_closed_occasions_books() -> None:
    assert books_open_refusal("scheduled") is None and books_open_refusal("running") is None
    assert books_open_refusal("closed") == Violation(
        "occasion_closed",
        "This occasion is closed and its books with it; a correction is an adjustment by the "
        "member in charge on the reports page.",
        "28 Del. C. §1521",
        "occasion_id",
        409,
    )


def test_1521_a_late_expense_is_an_adjustment_by_the_member_in_charge_with_a_reason() -> None:
    assert adjustment_refusal(True, "bill came late", True) is None
    assert adjustment_refusal(True, "", True) == Violation(
        "occasion_closed",
        "This occasion is closed and its books with it: an expense found later is an adjustment "
        "by the member in charge, with a reason.",
        SWORN_RULE,
        "adjustment_reason",
        409,
    )
    assert adjustment_refusal(True, "bill came late", False) == Violation(
        "member_in_charge_only",
        "Only the member in charge adjusts a closed occasion's books.",
        SWORN_RULE,
        "adjustment_reason",
        403,
    )


def test_1521_an_open_occasions_expense_is_recorded_as_it_is() -> None:
    assert adjustment_refusal(False, "", False) is None
    assert adjustment_refusal(False, "why not", True) == Violation(
        "not_closed",
        "An adjustment is for a closed occasion; record the expense as it is.",
        None,
        "adjustment_reason",
        422,
    )


def test_1521_an_expense_names_its_payee_and_address() -> None:
    assert payee_refusal("Hall Supply Co.", "1 Main St") is None
    for name, address, field in (
        ("", "1 Main St", "payee_name"),
        (" ", "", "payee_name"),
        ("Co.", "\t", "payee_address"),
    ):
        assert payee_refusal(name, address) == Violation(
            "payee_required", "An expense names its payee and the payee's address.", SWORN_RULE, field, 422
        )


def test_1521_the_statement_is_sworn_once_after_the_close_with_the_uses() -> None:
    assert swear_refusal(True, False, "new hose for Engine 2") is None
    assert swear_refusal(False, False, "new hose") == Violation(
        "occasion_not_closed", "Close the occasion before swearing its statement.", SWORN_RULE, "occasion_id", 409
    )
    assert swear_refusal(True, True, "new hose") == Violation(
        "statement_sworn", "This statement was already sworn.", SWORN_RULE, "occasion_id", 409
    )
    assert swear_refusal(True, False, "  ") == Violation(
        "uses_required", "State the general uses of the net profit.", SWORN_RULE, "net_profit_uses", 422
    )
