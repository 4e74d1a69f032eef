"""Prize tables by field size: each posted table checked for the least field it is for (28 Del. C.
ch. 18, printed rules ¶(5); §1804 B(4); NH Pari 1207.03(d)(6)-(7); MCA 23-5-317(8)), the table picked
at the draw for the number of entrants, the draw refused for a field no table is for, and a finish that
never refuses the last elimination (NH (h)(1))."""

from __future__ import annotations

from dataclasses import replace

from poker.rules.payouts import awardable, prize_amounts
from poker.rules.printed_rules import printed_rules
from poker.rules.prize_tables import choices, in_force, start_refusal
from poker.rules.profiles import DELAWARE, MONTANA_SMALL, NEW_HAMPSHIRE
from poker.rules.setup import Prize, PrizeTable, Setup, from_json, setup_violations, to_json
from tests.support.poker_setups import BASE

ONE = (Prize(1, "The whole pool", percent_bp=8_000),)
TWO = (Prize(1, "50% of the pool", percent_bp=5_000), Prize(2, "30% of the pool", percent_bp=3_000))
THREE = (
    Prize(1, "40% of the pool", percent_bp=4_000),
    Prize(2, "25% of the pool", percent_bp=2_500),
    Prize(3, "15% of the pool", percent_bp=1_500),
)
TABLES = replace(
    BASE,
    entry_fee_cents=5_000,
    prizes=(),
    prize_tables=(PrizeTable(2, 9, ONE), PrizeTable(8, 19, TWO), PrizeTable(20, None, THREE)),
)


def codes(setup: Setup, profile: object) -> list[tuple[str, str, str]]:
    return [(v.code, v.rule, v.field) for v in setup_violations(setup, profile)]  # type: ignore[arg-type]


def test_printed_rules_5_every_table_checked_for_the_least_field_of_its_range() -> None:
    assert codes(TABLES, NEW_HAMPSHIRE) == []
    assert codes(TABLES, DELAWARE) == []
    three_for_five = replace(TABLES, prize_tables=(PrizeTable(5, None, THREE),))
    assert codes(three_for_five, NEW_HAMPSHIRE) == [
        ("too_many_places", "N.H. Admin. Code Pari 1207.03(d)(6)", "prize_tables.0.prizes")
    ]
    three_for_two = replace(TABLES, prize_tables=(PrizeTable(2, 5, THREE),))
    assert codes(three_for_two, DELAWARE) == [
        ("places_beyond_field", "28 Del. C. ch. 18, printed rules ¶(5)", "prize_tables.0.prizes")
    ]
    backwards = replace(TABLES, prize_tables=(PrizeTable(9, 4, ONE), PrizeTable(10, None, ())))
    assert [c for c, _, _ in codes(backwards, DELAWARE)] == ["prize_table_range", "prizes_required"]
    both = replace(TABLES, prizes=ONE)
    assert [c for c, _, _ in codes(both, DELAWARE)] == ["prizes_or_prize_tables"]
    assert [c for c, _, _ in codes(replace(TABLES, prize_tables=()), DELAWARE)] == ["prizes_required"]


def test_1804_b4_one_table_setup_refused_when_it_pays_more_places_than_its_least_field() -> None:
    """Delaware accepted three places for a field of two: the third could never be reached."""
    assert codes(replace(BASE, prizes=THREE, min_players=2), DELAWARE) == [
        ("places_beyond_field", "28 Del. C. ch. 18, printed rules ¶(5)", "prizes")
    ]
    assert codes(replace(BASE, prizes=THREE, min_players=3), DELAWARE) == []


def test_nh_d7_set_prizes_and_shares_together_stay_within_80_percent_of_the_least_pool() -> None:
    """$30.00 set and 70% of a $200.00 pool is $170.00: more than 80% of what four players pay."""
    mixed = replace(
        BASE,
        entry_fee_cents=5_000,
        min_players=4,
        prizes=(Prize(1, "70% of the pool", percent_bp=7_000), Prize(2, "$30.00", fixed_cents=3_000)),
    )
    assert codes(mixed, NEW_HAMPSHIRE) == [
        ("guarantee_needs_house_money", "N.H. Admin. Code Pari 1207.03(d)(7), (h)(4)", "prizes")
    ]
    assert codes(replace(mixed, min_players=6), NEW_HAMPSHIRE) == []


def test_mca_23_5_317_8_prizes_leave_the_nonprofit_its_share_of_the_least_fees() -> None:
    charitable = replace(BASE, entry_fee_cents=8_000, charitable=True, charity_percent=50, min_players=4)
    assert codes(charitable, MONTANA_SMALL) == [("charity_share", "MCA 23-5-317(8)", "prizes")]
    half = replace(charitable, prizes=(Prize(1, "Half the pool", percent_bp=5_000),))
    assert codes(half, MONTANA_SMALL) == []


def test_printed_rules_5_the_table_for_the_field_is_the_first_listed_for_it_unless_picked() -> None:
    assert choices(TABLES, 8) == [1, 2] and in_force(TABLES, 8, None, False) == 1
    assert in_force(TABLES, 8, 2, True) == 2
    assert choices(TABLES, 25) == [3]
    assert start_refusal(TABLES, DELAWARE, 8, 2) is None
    wrong = start_refusal(TABLES, DELAWARE, 8, 3)
    assert wrong is not None and (wrong.code, wrong.field, wrong.status) == (
        "prize_table_not_for_field",
        "prize_table",
        409,
    )
    assert wrong.message == "Prize table 3 is for 20 or more entrants; 8 players entered, so choose prize table 1 or 2."


def test_nh_d6_start_refused_when_field_too_small_for_any_table() -> None:
    setup = replace(TABLES, prize_tables=(PrizeTable(6, 11, TWO), PrizeTable(12, None, THREE)))
    refused = start_refusal(setup, NEW_HAMPSHIRE, 5, None)
    assert refused is not None
    assert (refused.code, refused.rule, refused.field) == (
        "no_prize_table",
        "N.H. Admin. Code Pari 1207.03(d)(6)",
        "prize_tables",
    )
    assert refused.message == (
        "5 players entered; the prize tables are for 6-11 entrants: 2 places; 12 or more entrants: 3 places. "
        "Register more players to start."
    )
    gap = replace(TABLES, prize_tables=(PrizeTable(2, 9, ONE), PrizeTable(12, 20, TWO)))
    between = start_refusal(gap, DELAWARE, 10, None)
    assert between is not None and between.rule == "28 Del. C. ch. 18, printed rules ¶(5)"
    assert between.message.endswith("No posted table is for a field this size, so its prizes were never posted.")
    assert start_refusal(gap, DELAWARE, 21, None) is not None


def test_nh_h1_1804_b4_finish_awards_no_place_beyond_the_field_and_never_refuses() -> None:
    amounts = prize_amounts(THREE, 20_000)
    over = awardable(NEW_HAMPSHIRE, 4, 20_000, 20_000, 0, False, amounts)
    assert over.amounts == {1: 8_000, 2: 5_000} and over.not_awarded == (3,)
    two = awardable(DELAWARE, 2, 10_000, 10_000, 0, False, prize_amounts(THREE, 10_000))
    assert two.amounts == {1: 4_000, 2: 2_500} and two.not_awarded == (3,)
    whole = awardable(NEW_HAMPSHIRE, 6, 30_000, 30_000, 0, False, prize_amounts(THREE, 30_000))
    assert whole.not_awarded == () and sum(whole.amounts.values()) == 24_000


def test_printed_rules_5_every_posted_table_is_printed_and_stored_whole() -> None:
    assert from_json(to_json(TABLES)) == TABLES
    prizes = next(s for s in printed_rules(TABLES, DELAWARE, "Elks", "Spring") if s.title == "5. Prizes").lines
    assert "Prize table 1, for 2-9 entrants: 1 prize will be awarded:" in prizes
    assert "Prize table 2, for 8-19 entrants: 2 prizes will be awarded:" in prizes
    assert "Prize table 3, for 20 or more entrants: 3 prizes will be awarded:" in prizes
    assert "Place 3: 15% of the prize pool. 15% of the pool" in prizes
    one = next(s for s in printed_rules(BASE, DELAWARE, "Elks", "Spring") if s.title == "5. Prizes").lines
    assert one[0] == "2 prizes will be awarded:" and "The tournament starts with at least 20 players." in one
