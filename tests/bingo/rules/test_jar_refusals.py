"""10 DE Admin Code 101-4.31: the cookie-jar refusals the services ask, as pure rules (no database)."""

from __future__ import annotations

from bingo.rules.cookie_jar import Jars
from bingo.rules.jar_awards import award_refusal, close_refusal
from bingo.rules.jar_ledger import balance_refusal, opening_refusal
from bingo.rules.jar_sales import (
    entry_price_refusal,
    entry_sale_refusal,
    fee_refusal,
    refund_refusal,
    sale_void_refusal,
    settings_refusal,
)
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.31"
MAX = 100_000


def test_4_31_1_nothing_posts_to_a_jar_before_its_settings() -> None:
    assert settings_refusal(True) is None
    assert settings_refusal(False) == Violation(
        "jar_not_set_up", "Set the cookie jar's maximum and entry fee first.", f"{RULE}.1", "maximum", 409
    )
    at_the_till = settings_refusal(False, "lines.2.product_id")
    assert at_the_till is not None and at_the_till.field == "lines.2.product_id" and at_the_till.status == 409


def test_4_31_3_the_entry_fee_is_an_amount() -> None:
    assert fee_refusal(1) is None
    for cents in (0, -200):
        assert fee_refusal(cents) == Violation(
            "fee_required", "The cookie-jar entry fee must be more than $0.00.", f"{RULE}.3", "fee", 422
        )


def test_4_31_3_a_jar_entry_costs_the_fee_and_nothing_else() -> None:
    assert entry_price_refusal(None, 200) is None
    assert entry_price_refusal(200, 200) is None
    refusal = entry_price_refusal(700, 200)
    assert refusal == Violation(
        "jar_fee_bundled",
        "A cookie-jar entry costs exactly the jar fee, $2.00, and is sold on its own.",
        f"{RULE}.3",
        "price",
        422,
    )


def test_4_25_jar_entries_are_sold_once_the_balls_are_verified() -> None:
    for status in ("scheduled", "closed"):
        refusal = entry_sale_refusal(status, False)
        assert refusal is not None
        assert (refusal.code, refusal.rule, refusal.field, refusal.status) == (
            "occasion_not_running",
            "10 DE Admin Code 101-4.25",
            "occasion_id",
            409,
        )
    assert entry_sale_refusal("running", False) is None


def test_4_31_4_jar_entries_refused_after_the_posting() -> None:
    refusal = entry_sale_refusal("running", True)
    assert refusal == Violation(
        "jar_sales_closed",
        "The first number has been drawn and the fees posted: no more cookie-jar entries.",
        f"{RULE}.4",
        "quantity",
        409,
    )


def test_4_31_4_fees_are_refunded_and_sales_voided_only_before_the_posting() -> None:
    assert refund_refusal(False) is None and sale_void_refusal(False) is None
    assert refund_refusal(True) == Violation(
        "jar_fees_posted", "The fees are already posted to the jars.", f"{RULE}.4", "sale_id", 409
    )
    assert sale_void_refusal(True) == Violation(
        "jar_fees_posted", "The cookie-jar fees in this sale are already in the jars.", f"{RULE}.4", "sale_id", 409
    )


def test_4_31_1_opening_balances_stay_within_the_maximum() -> None:
    assert opening_refusal(MAX, MAX, 5_000, MAX) is None
    for jar1, jar2, field in ((MAX + 1, 0, "jar1"), (MAX, MAX + 1, "jar2")):
        assert opening_refusal(jar1, jar2, 0, MAX) == Violation(
            "over_maximum", "A jar holds at most $1,000.00.", f"{RULE}.1", field, 422
        )


def test_4_31_4_opening_balances_a_second_jar_or_held_fees_only_beside_a_full_first() -> None:
    assert opening_refusal(MAX - 1, 100, 0, MAX) == Violation(
        "jar1_not_full", "A second jar exists only once the first is full.", f"{RULE}.4", "jar2", 422
    )
    assert opening_refusal(MAX - 1, 0, 100, MAX) == Violation(
        "held_without_full_jar", "Fees are held only when jar 1 is full.", f"{RULE}.4", "held", 422
    )
    assert opening_refusal(MAX - 1, 0, 0, MAX) is None


def test_4_31_the_ledger_never_writes_a_line_out_of_balance() -> None:
    assert balance_refusal(Jars(pending=500, jar1=500, collected=1_000)) is None
    assert balance_refusal(Jars(jar1=-100, pending=100)) == Violation(
        "ledger_out_of_balance", "The cookie-jar ledger would not balance; nothing was written.", RULE, None, 409
    )
    assert balance_refusal(Jars(jar1=600, collected=500)) is not None


def test_4_31_6_the_jar_is_awarded_once_and_only_on_the_cookie_jar_number() -> None:
    assert award_refusal(False, True) is None
    assert award_refusal(True, True) == Violation(
        "jar_already_awarded", "The cookie jar was already awarded for this game.", f"{RULE}.6", "game_number", 409
    )
    refusal = award_refusal(False, False)
    assert refusal is not None and refusal.code == "not_on_cookie_jar_number"
    assert refusal.message == (
        "The cookie jar is won only by a bingo completed on the call of the cookie-jar number "
        "(or in the forced final blackout); this game's winning call was not."
    )
    assert (refusal.rule, refusal.field, refusal.status) == (f"{RULE}.6", "game_number", 409)


def test_4_31_6_an_occasion_does_not_close_with_a_jar_award_owed() -> None:
    assert close_refusal([], False, False) is None
    assert close_refusal([3, 5], False, False) == Violation(
        "jar_award_unpaid",
        "Game 3 was won on the cookie-jar number: award the cookie jar first.",
        f"{RULE}.6",
        "occasion_id",
        409,
    )


def test_4_31_5_with_both_jars_full_jar_1_goes_before_the_close() -> None:
    assert close_refusal([], True, False) == Violation(
        "jar_must_go",
        "Both cookie jars are full, so jar 1 must be awarded tonight: play the final blackout.",
        f"{RULE}.5",
        "occasion_id",
        409,
    )
    refusal = close_refusal([2], True, False)
    assert refusal is not None and refusal.code == "jar_award_unpaid"
