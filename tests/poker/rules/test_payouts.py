"""Places and prizes: busts on one hand at one table place by starting stack, at different tables
they tie and share; percentage prizes add up to the cent; the NH caps (Pari 1207.03(d)(6)-(7)), the MT
charity share (MCA 23-5-317(8)) and Delaware's ban on deals (28 Del. C. §1804 B(5))."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from poker.rules.payouts import (
    PAID_ONCE,
    Bust,
    PaidPrize,
    Place,
    deal_refusal,
    payout_refusal,
    payouts,
    places,
    prize_amounts,
    second_payment_refusal,
)
from poker.rules.profiles import DELAWARE, MONTANA_SMALL, NEW_HAMPSHIRE
from poker.rules.setup import Prize


def test_tda_same_hand_same_table_larger_stack_places_higher_different_tables_tie() -> None:
    busts = [
        Bust(9, hand=10, table=1, starting_stack=500),
        Bust(8, hand=20, table=1, starting_stack=3_000),
        Bust(7, hand=20, table=1, starting_stack=1_000),
        Bust(6, hand=30, table=1, starting_stack=800),
        Bust(5, hand=30, table=2, starting_stack=900),
    ]
    found = places(6, busts, winner=4)
    assert [(p.place, p.players) for p in found] == [(1, (4,)), (2, (5, 6)), (4, (8,)), (5, (7,)), (6, (9,))]


def test_tied_players_share_the_prizes_of_the_places_they_cover() -> None:
    amounts = prize_amounts(
        [Prize(1, "50%", percent_bp=5_000), Prize(2, "30%", percent_bp=3_000), Prize(3, "20%", percent_bp=2_000)],
        100_001,
    )
    assert amounts == {1: 50_001, 2: 30_000, 3: 20_000}
    paid = payouts([Place((4,), 1), Place((5, 6), 2)], amounts)
    assert paid == {4: 50_001, 5: 25_000, 6: 25_000}


@given(st.integers(0, 10_000_000), st.lists(st.integers(1, 5_000), min_size=1, max_size=9))
def test_percentage_prizes_never_lose_or_make_a_cent(pool: int, weights: list[int]) -> None:
    total = sum(weights)
    bp = [w * 8_000 // total for w in weights]
    prizes = [Prize(i + 1, "share", percent_bp=b) for i, b in enumerate(bp)]
    amounts = prize_amounts(prizes, pool)
    assert sum(amounts.values()) == pool * sum(bp) // 10_000
    assert all(amounts[p.place] >= pool * (p.percent_bp or 0) // 10_000 for p in prizes)


def test_pari_1207_03_d6_d7_payouts_refused_over_half_the_players_or_80_percent() -> None:
    assert payout_refusal(NEW_HAMPSHIRE, 10, 100_000, 100_000, 0, False, {1: 50_000, 2: 30_000}) is None
    over = payout_refusal(NEW_HAMPSHIRE, 10, 100_000, 100_000, 0, False, {1: 60_000, 2: 30_000})
    assert over is not None and over.rule == "N.H. Admin. Code Pari 1207.03(d)(7), (h)(4)"
    many = payout_refusal(NEW_HAMPSHIRE, 4, 100_000, 100_000, 0, False, {1: 30_000, 2: 20_000, 3: 10_000})
    assert many is not None and many.rule == "N.H. Admin. Code Pari 1207.03(d)(6)"


def test_mca_23_5_317_8_charitable_tournament_keeps_half_the_entry_fees() -> None:
    assert payout_refusal(MONTANA_SMALL, 20, 160_000, 160_000, 50, True, {1: 50_000, 2: 30_000}) is None
    refused = payout_refusal(MONTANA_SMALL, 20, 160_000, 160_000, 50, True, {1: 60_000, 2: 30_000})
    assert refused is not None and refused.rule == "MCA 23-5-317(8)" and "$700.00" in refused.message


def test_1804_b5_deals_are_refused_in_delaware() -> None:
    refused = deal_refusal(DELAWARE)
    assert refused is not None and refused.rule == "28 Del. C. §1804 B(5)" and deal_refusal(NEW_HAMPSHIRE) is None


def test_printed_rules_5_a_place_is_paid_once_and_the_refusal_says_when_and_by_whom() -> None:
    assert second_payment_refusal(DELAWARE, None) is None
    refused = second_payment_refusal(DELAWARE, PaidPrize(2, 48_000, "21:14", "Dana Desk"))
    assert refused is not None
    assert (refused.code, refused.status, refused.rule) == (
        "already_paid",
        409,
        "28 Del. C. ch. 18, printed rules ¶(5)",
    )
    assert "Place 2 was already paid: $480.00 at 21:14 by Dana Desk." in refused.message
    other = second_payment_refusal(NEW_HAMPSHIRE, PaidPrize(1, 100, "20:00", "Sam"))
    assert other is not None and other.rule == PAID_ONCE
