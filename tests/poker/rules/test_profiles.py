"""Tournament setups against each jurisdiction's profile: Delaware (28 Del. C. ch. 18, §1804 B), New
Hampshire (Pari 1207.03 (d), (h)) and Montana (MCA 23-5-317 (1), (2), (7)-(9)). Each refusal names
its rule."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from poker.rules.profiles import (
    DELAWARE,
    MONTANA_LARGE,
    MONTANA_SMALL,
    NEW_HAMPSHIRE,
    PROFILES,
    Jurisdiction,
)
from poker.rules.setup import (
    Booked,
    Level,
    Prize,
    RebuyPolicy,
    Setup,
    calendar_refusal,
    setup_violations,
    spend_cap,
)
from tests.support.poker_setups import BASE


def codes(setup: Setup, profile: object) -> list[tuple[str, str | None]]:
    return [(v.code, v.rule) for v in setup_violations(setup, profile)]  # type: ignore[arg-type]


def test_every_jurisdiction_has_a_profile_and_a_plain_setup_passes_in_delaware() -> None:
    assert set(PROFILES) == set(Jurisdiction)
    assert codes(BASE, DELAWARE) == []


def test_1804_b1_rebuys_get_the_same_chips_as_the_entry() -> None:
    setup = replace(BASE, rebuy=RebuyPolicy(allowed=True, cost_cents=10_000, chips=5_000, until_level=3))
    assert codes(setup, DELAWARE) == [("unequal_chips", "28 Del. C. §1804 B(1)")]


def test_1804_b3_no_reentry_in_delaware_and_b5_no_deals() -> None:
    setup = replace(BASE, rebuy=RebuyPolicy(reentry=True, cost_cents=10_000, chips=10_000), deals_allowed=True)
    assert codes(setup, DELAWARE) == [
        ("reentry_forbidden", "28 Del. C. §1804 B(3)"),
        ("deals_forbidden", "28 Del. C. §1804 B(5)"),
    ]


def test_delaware_profile_carries_the_fee_decks_and_helpline() -> None:
    assert DELAWARE.occasion_fee_cents and DELAWARE.occasion_fee_cents.value == 25_000
    assert DELAWARE.decks_per_table and DELAWARE.decks_per_table.value == 2
    assert DELAWARE.deck_count_minutes and DELAWARE.deck_count_minutes.value == 60
    assert DELAWARE.deck_change_minutes and DELAWARE.deck_change_minutes.value == 120
    assert DELAWARE.helpline == "888-850-8888" and DELAWARE.one_sponsor is not None


def test_pari_1207_03_d3_d4_spend_cap_150_a_game_or_250_for_the_special_game() -> None:
    nh = replace(
        BASE,
        entry_fee_cents=5_000,
        rebuy=RebuyPolicy(allowed=True, cost_cents=5_000, chips=10_000, max_per_player=2, reentry=True),
        prizes=(Prize(1, "$400", fixed_cents=40_000), Prize(2, "$200", fixed_cents=20_000)),
    )
    assert codes(nh, NEW_HAMPSHIRE) == []
    more = replace(nh, rebuy=replace(nh.rebuy, max_per_player=3))
    assert codes(more, NEW_HAMPSHIRE) == [("over_spend_cap", "N.H. Admin. Code Pari 1207.03(d)(3)")]
    assert codes(replace(more, special_game=True), NEW_HAMPSHIRE) == []
    assert spend_cap(replace(more, special_game=True), NEW_HAMPSHIRE) == 25_000
    assert codes(replace(BASE, special_game=True), DELAWARE)[0][0] == "no_special_game"


def test_pari_1207_03_d6_d7_prizes_to_half_the_players_and_80_percent_of_the_pool() -> None:
    nh = replace(BASE, entry_fee_cents=5_000, min_players=4)
    assert codes(nh, NEW_HAMPSHIRE) == []
    three = replace(nh, prizes=(*nh.prizes, Prize(3, "10% of the pool", percent_bp=1_000)))
    assert codes(three, NEW_HAMPSHIRE) == [
        ("prizes_over_pool_share", "N.H. Admin. Code Pari 1207.03(d)(7), (h)(4)"),
        ("too_many_places", "N.H. Admin. Code Pari 1207.03(d)(6)"),
    ]
    guarantee = replace(nh, prizes=(Prize(1, "$200 guaranteed", fixed_cents=20_000),))
    assert codes(guarantee, NEW_HAMPSHIRE) == [
        ("guarantee_needs_house_money", "N.H. Admin. Code Pari 1207.03(d)(7), (h)(4)")
    ]


def test_pari_1207_03_d2_d5_h5_only_buyins_and_rebuys_set_or_percentage_prizes_no_added_money() -> None:
    nh = replace(
        BASE,
        entry_fee_cents=5_000,
        other_charges_cents=500,
        added_money_cents=10_000,
        prizes=(Prize(1, "Half the pool or $100", fixed_cents=10_000, percent_bp=5_000),),
    )
    assert codes(nh, NEW_HAMPSHIRE) == [
        ("prize_form", "N.H. Admin. Code Pari 1207.03(d)(5)"),
        ("other_charges", "N.H. Admin. Code Pari 1207.03(d)(2)"),
        ("added_money", "N.H. Admin. Code Pari 1207.03(h)(5)"),
    ]


def test_mca_23_5_317_2c_small_stakes_80_dollars_and_no_rebuy_or_reentry() -> None:
    small = replace(BASE, entry_fee_cents=8_000)
    assert codes(small, MONTANA_SMALL) == []
    assert codes(replace(small, entry_fee_cents=8_001), MONTANA_SMALL) == [("over_spend_cap", "MCA 23-5-317(2)(c)")]
    assert codes(replace(small, rebuy=RebuyPolicy(reentry=True)), MONTANA_SMALL) == [
        ("rebuys_forbidden", "MCA 23-5-317(2)(c)")
    ]


def test_mca_23_5_317_1_large_stakes_cap_days_and_notice() -> None:
    large = replace(
        BASE,
        entry_fee_cents=50_000,
        rebuy=RebuyPolicy(allowed=True, cost_cents=50_000, chips=10_000, max_per_player=2, reentry=True),
        starts_on=date(2026, 12, 10),
        days=5,
        announced_on=date(2026, 12, 5),
    )
    assert codes(large, MONTANA_LARGE) == []
    assert codes(replace(large, rebuy=replace(large.rebuy, max_per_player=3)), MONTANA_LARGE) == [
        ("over_spend_cap", "MCA 23-5-317(1)(g)")
    ]
    assert codes(replace(large, days=6, announced_on=date(2026, 12, 6)), MONTANA_LARGE) == [
        ("too_many_days", "MCA 23-5-317(1)(c)"),
        ("notice_too_late", "MCA 23-5-317(1)(d)"),
    ]


def test_mca_23_5_317_8_9_charity_half_of_fees_and_no_rake() -> None:
    charitable = replace(
        BASE,
        entry_fee_cents=8_000,
        charitable=True,
        charity_percent=40,
        rake_cents=100,
        prizes=(Prize(1, "Half the pool", percent_bp=5_000),),
    )
    assert codes(charitable, MONTANA_SMALL) == [("rake", "MCA 23-5-317(9)"), ("charity_share", "MCA 23-5-317(8)")]
    assert codes(replace(charitable, charity_percent=50, rake_cents=0), MONTANA_SMALL) == []


def test_setup_basics_refuse_empty_fees_falling_blinds_and_gaps_in_places() -> None:
    bad = replace(
        BASE,
        entry_fee_cents=0,
        levels=(Level(50, 100, 0, 20), Level(25, 50, 0, 20)),
        prizes=(Prize(1, "Half", percent_bp=5_000), Prize(3, "", percent_bp=1_000)),
    )
    assert [c for c, _ in codes(bad, DELAWARE)] == [
        "entry_fee_required",
        "blinds_decrease",
        "prize_places",
        "prize_description",
    ]


def test_pari_1207_03_d4_one_250_game_per_event() -> None:
    special = replace(
        BASE,
        entry_fee_cents=5_000,
        special_game=True,
        starts_on=date(2026, 12, 5),
        prizes=(Prize(1, "$100", fixed_cents=10_000),),
    )
    assert calendar_refusal(special, NEW_HAMPSHIRE, [Booked(date(2026, 12, 5), False, False)]) is None
    refused = calendar_refusal(special, NEW_HAMPSHIRE, [Booked(date(2026, 12, 5), True, False)])
    assert (
        refused is not None
        and refused.code == "one_special_game"
        and refused.rule == "N.H. Admin. Code Pari 1207.03(d)(4)"
    )
    assert calendar_refusal(special, NEW_HAMPSHIRE, [Booked(date(2026, 12, 6), True, False)]) is None


def test_mca_23_5_317_1a_1f_sixteen_large_stakes_a_year_plus_three_charitable() -> None:
    large = replace(BASE, entry_fee_cents=50_000, starts_on=date(2026, 12, 5))
    fifteen = [Booked(date(2026, m, 1), False, False) for m in range(1, 12)] + [
        Booked(date(2026, 3, d), False, False) for d in (2, 3, 4, 5)
    ]
    assert calendar_refusal(large, MONTANA_LARGE, fifteen) is None
    sixteen = [*fifteen, Booked(date(2026, 6, 2), False, False)]
    refused = calendar_refusal(large, MONTANA_LARGE, sixteen)
    assert refused is not None and refused.rule == "MCA 23-5-317(1)(a)"
    assert calendar_refusal(large, MONTANA_LARGE, [*sixteen[:-1], Booked(date(2025, 6, 2), False, False)]) is None
    charitable = replace(large, charitable=True, charity_percent=50)
    assert calendar_refusal(charitable, MONTANA_LARGE, sixteen + [Booked(date(2026, 7, 1), False, True)] * 2) is None
    assert (
        calendar_refusal(charitable, MONTANA_LARGE, sixteen + [Booked(date(2026, 7, 1), False, True)] * 3) is not None
    )


def test_1801_32_small_blind_is_half_the_big_blind() -> None:
    uneven = replace(BASE, levels=(Level(25, 50, 0, 20), Level(40, 100, 0, 20)))
    assert [(v.code, v.rule, v.field) for v in setup_violations(uneven, DELAWARE)] == [
        ("small_blind_not_half", "28 Del. C. §1801(32)", "levels.1.small_blind")
    ]
    assert codes(uneven, NEW_HAMPSHIRE) == [] and codes(uneven, MONTANA_LARGE) == []


def test_1801_32_an_odd_big_blind_has_no_half_and_is_refused() -> None:
    odd = replace(BASE, levels=(Level(25, 50, 0, 20), Level(0, 0, 0, 10, is_break=True), Level(37, 75, 0, 20)))
    assert [(v.code, v.rule, v.field) for v in setup_violations(odd, DELAWARE)] == [
        ("odd_big_blind", "28 Del. C. §1801(32)", "levels.2.big_blind")
    ]
    assert codes(odd, NEW_HAMPSHIRE) == []


def test_1801_8_the_big_blind_is_the_largest_forced_bet_so_the_ante_is_at_most_it() -> None:
    big_ante = replace(BASE, levels=(Level(25, 50, 50, 20), Level(50, 100, 150, 20)))
    assert [(v.code, v.rule, v.field) for v in setup_violations(big_ante, DELAWARE)] == [
        ("ante_over_big_blind", "28 Del. C. §1801(8)", "levels.1.ante")
    ]
    assert codes(big_ante, NEW_HAMPSHIRE) == []


def test_mca_23_5_317_1g_2c_the_caps_count_any_other_payment() -> None:
    small = replace(BASE, entry_fee_cents=7_000, other_charges_cents=1_001)
    assert [(v.code, v.rule, v.field) for v in setup_violations(small, MONTANA_SMALL)] == [
        ("over_spend_cap", "MCA 23-5-317(2)(c)", "other_charges")
    ]
    assert codes(replace(small, other_charges_cents=1_000), MONTANA_SMALL) == []
    large = replace(
        BASE,
        entry_fee_cents=50_000,
        other_charges_cents=37_501,
        rebuy=RebuyPolicy(allowed=True, cost_cents=50_000, chips=10_000, max_per_player=2),
    )
    assert codes(large, MONTANA_LARGE) == [("over_spend_cap", "MCA 23-5-317(1)(g)")]
    assert codes(replace(large, other_charges_cents=37_500), MONTANA_LARGE) == []
