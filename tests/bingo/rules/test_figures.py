"""The reports' arithmetic (28 Del. C. §1521, 10 DE Admin Code 101-4.1, 4.10, 4.22): receipts per
game, expenses shared without losing a cent, net profit per game, the 30-day due date, and the
close-out refusal that lists what is missing."""

from __future__ import annotations

from datetime import date

from hypothesis import given
from hypothesis import strategies as st

from bingo.rules.compliance import frequency, premises_conflicts, promotions
from bingo.rules.figures import (
    Expense,
    SoldLine,
    allocate,
    close_refusal,
    game_money,
    receipts_by_game,
    statement_due,
)
from bingo.rules.limits import Booking, Promotion, PromotionOccasion
from shared.hall.rules.licensing import BingoLicenseClass


@given(st.integers(0, 10_000_000), st.lists(st.integers(0, 1_000_000), min_size=1, max_size=40))
def test_allocate_never_loses_or_makes_a_cent(total: int, weights: list[int]) -> None:
    parts = allocate(total, weights)
    assert sum(parts) == total and all(p >= 0 for p in parts) and len(parts) == len(weights)
    if any(weights):
        assert all(p == 0 for p, w in zip(parts, weights, strict=True) if w == 0)


def test_allocate_gives_leftover_cents_to_the_largest_remainders() -> None:
    assert allocate(100, [1, 1, 1]) == [34, 33, 33]
    assert allocate(1000, [2, 1]) == [667, 333]
    assert allocate(5, [0, 0]) == [3, 2]


def test_4_22_admission_is_shared_by_the_regular_games_and_game_products_count_to_their_game() -> None:
    games = [(1, "regular"), (2, "regular"), (3, "u_pick_em"), (4, "special")]
    lines = [
        SoldLine("admission", None, 2001),
        SoldLine("upick_face", 3, 500),
        SoldLine("special", 4, 300),
        SoldLine("cookie_jar", None, 400),
        SoldLine("non_gaming", None, 150),
    ]
    by_game, jar, other = receipts_by_game(lines, games)
    assert by_game == {1: 1001, 2: 1000, 3: 500, 4: 300} and (jar, other) == (400, 150)


def test_1521_net_profit_per_game_charges_named_expenses_and_shares_the_rest_by_receipts() -> None:
    expenses = [
        Expense("Hall Supply Co.", "1 Main St", "Paper", 3000, None),
        Expense("Caller Bob", "2 Elm St", "Sound", 500, 2),
    ]
    money = game_money({1: 30000, 2: 10000}, {1: 25000, 2: 5000}, expenses)
    assert [(m.number, m.expenses_cents, m.net_cents) for m in money] == [(1, 2250, 2750), (2, 1250, 3750)]
    assert sum(m.expenses_cents for m in money) == 3500


def test_1521_sworn_statement_is_due_30_days_after_the_game() -> None:
    assert statement_due(date(2026, 12, 5)) == date(2027, 1, 4)


def test_4_10_close_refusal_lists_unpaid_winners_and_unposted_jar_fees() -> None:
    assert close_refusal([], 0) is None
    found = close_refusal(["game 1, face 388: $250.00"], 600)
    assert found is not None and found.rule == "10 DE Admin Code 101-4.10"
    assert found.message == (
        "The occasion cannot close yet: unpaid: game 1, face 388: $250.00; cookie-jar fees not posted: $6.00."
    )


def test_4_4_annual_view_names_the_11th_day_in_a_month_for_a_pre_444_licensee() -> None:
    days = [date(2026, 3, d) for d in range(1, 12)] + [date(2026, 4, 2)]
    found = frequency(BingoLicenseClass.PRE_444, days)
    assert [(f.period, f.count, f.flag) for f in found] == [
        ("2026-03", "11", "day 11 on 2026-03-11"),
        ("2026-04", "1", ""),
    ]
    assert all(f.rule == "10 DE Admin Code 101-4.4" for f in found)


def test_4_4_annual_view_names_the_second_occasion_in_a_week_for_a_post_444_licensee() -> None:
    found = frequency(BingoLicenseClass.POST_444, [date(2026, 3, 1), date(2026, 3, 7), date(2026, 3, 8)])
    assert [(f.period, f.flag) for f in found] == [
        ("week of 2026-03-01", "second occasion on 2026-03-07"),
        ("week of 2026-03-08", ""),
    ]


def test_4_7_annual_view_finds_a_premises_shared_on_a_day() -> None:
    bookings = [Booking(1, 5, date(2026, 3, 1)), Booking(2, 5, date(2026, 3, 1)), Booking(1, 5, date(2026, 3, 8))]
    assert [(f.period, f.flag) for f in premises_conflicts(1, bookings)] == [
        ("2026-03-01", "premises 5 shared with organization 2")
    ]


def test_4_6_annual_view_checks_promotions_against_500_and_the_windows() -> None:
    given = [
        Promotion(date(2026, 12, 20), 30_000, PromotionOccasion.HOLIDAY),
        Promotion(date(2026, 12, 22), 25_000, PromotionOccasion.HOLIDAY),
        Promotion(date(2026, 3, 3), 1_000, PromotionOccasion.HOLIDAY),
    ]
    found = promotions(given, None)
    assert [f.period for f in found] == ["2026-03-03", "2026-12-20", "2026-12-22"]
    assert "holiday" in found[0].flag and found[1].flag == "" and "$560.00" in found[2].flag
