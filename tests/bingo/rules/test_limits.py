"""Program, time, schedule, promotion and inducement limits: 10 DE Admin Code 101-4.2, 4.4, 4.6,
4.7, 4.10, 4.15, 4.17, 4.18."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

from bingo.rules.holidays import delaware_holidays, easter, holiday_within_week
from bingo.rules.limits import (
    Booking,
    GameKind,
    PrizeTerms,
    ProgramGame,
    Promotion,
    PromotionOccasion,
    inducement_refusal,
    program_violations,
    promotion_refusal,
    running_refusal,
    schedule_refusal,
    start_refusal,
    week_of,
)
from shared.hall.rules.licensing import BingoLicenseClass

HALL = ZoneInfo("America/New_York")


def game(n: int, cents: int, kind: GameKind = GameKind.REGULAR, **terms: object) -> ProgramGame:
    return ProgramGame(n, kind, PrizeTerms(amount_cents=cents, **terms))  # type: ignore[arg-type]


def codes(games: list[ProgramGame]) -> set[str]:
    return {v.code for v in program_violations(games)}


def test_4_17_at_most_40_games() -> None:
    assert codes([game(i, 5_000) for i in range(1, 41)]) == set()
    violations = program_violations([game(i, 5_000) for i in range(1, 42)])
    assert {v.code for v in violations} == {"too_many_games"} and violations[0].rule == "10 DE Admin Code 101-4.17"


def test_4_6_no_game_prize_over_350() -> None:
    assert codes([game(1, 35_000)]) == set()
    violations = program_violations([game(1, 35_001)])
    assert violations[0].code == "game_prize_over_limit" and violations[0].field == "games.1.prize"


def test_4_6_occasion_prizes_at_most_3000() -> None:
    assert codes([game(i, 30_000) for i in range(1, 11)]) == set()
    assert codes([game(i, 30_000) for i in range(1, 11)] + [game(11, 1)]) == {"occasion_prizes_over_limit"}


def test_4_15_alternate_prize_counts_at_its_worst_case() -> None:
    blackout = game(1, 15_000, alternate_within_calls=52, alternate_cents=35_000)
    assert blackout.prize.worst_case() == 35_000
    assert blackout.prize.payable(None, 50) == 35_000 and blackout.prize.payable(None, 53) == 15_000
    assert codes([game(1, 15_000, alternate_within_calls=52, alternate_cents=36_000)]) == {"game_prize_over_limit"}


def test_4_18_attendance_tiers_count_at_their_highest() -> None:
    tiered = game(1, 10_000, attendance_tiers=((100, 20_000), (150, 30_000)))
    assert tiered.prize.worst_case() == 30_000
    assert tiered.prize.payable(90, None) == 10_000
    assert tiered.prize.payable(120, None) == 20_000
    assert tiered.prize.payable(151, None) == 30_000
    assert codes([game(i, 10_000, attendance_tiers=((150, 30_000),)) for i in range(1, 12)]) == {
        "occasion_prizes_over_limit"
    }


def test_4_31_2_the_cookie_jar_final_prize_is_outside_the_prize_limits() -> None:
    games = [game(i, 30_000) for i in range(1, 11)] + [game(11, 100_000, GameKind.COOKIE_JAR_FINAL)]
    assert codes(games) == set()


def test_4_17_the_cookie_jar_final_is_one_of_the_40_games() -> None:
    assert codes([game(i, 1_000) for i in range(1, 41)] + [game(41, 100_000, GameKind.COOKIE_JAR_FINAL)]) == {
        "too_many_games"
    }
    assert codes([game(i, 1_000) for i in range(1, 40)] + [game(40, 100_000, GameKind.COOKIE_JAR_FINAL)]) == set()


def test_4_2_no_start_before_noon_hall_time() -> None:
    refusal = start_refusal(datetime(2026, 12, 5, 11, 59, tzinfo=HALL), False)
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.2"
    assert start_refusal(datetime(2026, 12, 5, 12, 0, tzinfo=HALL), False) is None


def test_4_2_a_training_occasion_starts_at_any_hour() -> None:
    for hour in (0, 6, 9, 11):
        assert start_refusal(datetime(2026, 12, 5, hour, 0, tzinfo=HALL), True) is None


def test_4_2_six_hours_and_4_10_same_calendar_day() -> None:
    start = datetime(2026, 12, 5, 13, 0, tzinfo=HALL)
    assert running_refusal(start, start + timedelta(hours=6)) is None
    over = running_refusal(start, start + timedelta(hours=6, seconds=1))
    assert over is not None and over.rule == "10 DE Admin Code 101-4.2"
    late = datetime(2026, 12, 5, 19, 0, tzinfo=HALL)
    past = running_refusal(late, late + timedelta(hours=5, minutes=30))
    assert past is not None and past.rule == "10 DE Admin Code 101-4.10"


def test_4_4_weeks_run_sunday_to_saturday() -> None:
    assert week_of(date(2026, 12, 2)) == (date(2026, 11, 29), date(2026, 12, 5))
    assert week_of(date(2026, 11, 29)) == (date(2026, 11, 29), date(2026, 12, 5))


def test_4_4_pre_444_licensee_holds_at_most_10_days_a_month() -> None:
    ten = [Booking(1, 1, date(2026, 12, d)) for d in range(1, 11)]
    refusal = schedule_refusal(1, BingoLicenseClass.PRE_444, 1, False, date(2026, 12, 20), ten)
    assert refusal is not None and refusal.code == "too_many_days" and refusal.rule == "10 DE Admin Code 101-4.4"
    assert schedule_refusal(1, BingoLicenseClass.PRE_444, 1, False, date(2026, 12, 5), ten) is None
    assert schedule_refusal(1, BingoLicenseClass.PRE_444, 1, False, date(2027, 1, 2), ten) is None


def test_4_4_post_444_licensee_holds_one_occasion_a_week() -> None:
    booked = [Booking(1, 1, date(2026, 12, 1))]
    refusal = schedule_refusal(1, BingoLicenseClass.POST_444, 1, False, date(2026, 12, 5), booked)
    assert refusal is not None and refusal.code == "one_per_week"
    assert schedule_refusal(1, BingoLicenseClass.POST_444, 1, False, date(2026, 12, 6), booked) is None


def test_4_7_two_organizations_never_share_premises_on_a_day() -> None:
    refusal = schedule_refusal(
        2, BingoLicenseClass.PRE_444, 1, False, date(2026, 12, 5), [Booking(1, 1, date(2026, 12, 5))]
    )
    assert refusal is not None and refusal.code == "premises_taken" and refusal.rule == "10 DE Admin Code 101-4.7"
    assert (
        schedule_refusal(2, BingoLicenseClass.PRE_444, 2, False, date(2026, 12, 5), [Booking(1, 1, date(2026, 12, 5))])
        is None
    )


def test_4_7_post_444_one_organization_per_licensed_building_per_week() -> None:
    other = [Booking(1, 1, date(2026, 12, 1))]
    refusal = schedule_refusal(2, BingoLicenseClass.POST_444, 1, True, date(2026, 12, 3), other)
    assert refusal is not None and refusal.code == "building_taken_this_week"
    assert schedule_refusal(2, BingoLicenseClass.PRE_444, 1, True, date(2026, 12, 3), other) is None
    assert schedule_refusal(2, BingoLicenseClass.POST_444, 1, False, date(2026, 12, 3), other) is None


def test_4_6_delaware_holidays_by_statute() -> None:
    holidays = delaware_holidays(2026)
    assert holidays[date(2026, 4, 3)] == "Good Friday" and easter(2026) == date(2026, 4, 5)
    assert holidays[date(2026, 11, 26)] == "Thanksgiving Day"
    assert holidays[date(2026, 7, 3)] == "Independence Day (observed)"
    assert date(2026, 11, 3) in holidays and date(2027, 11, 2) not in delaware_holidays(2027)
    assert holiday_within_week(date(2026, 12, 18)) == (date(2026, 12, 25), "Christmas Day")
    assert holiday_within_week(date(2026, 12, 17)) is None
    assert holiday_within_week(date(2026, 12, 28)) == (date(2027, 1, 1), "New Year's Day")


def test_4_6_promotions_at_most_500_a_year() -> None:
    earlier = [Promotion(date(2026, 12, 24), 40_000, PromotionOccasion.HOLIDAY)]
    refusal = promotion_refusal(Promotion(date(2026, 12, 31), 10_001, PromotionOccasion.HOLIDAY), earlier, None)
    assert refusal is not None and refusal.code == "promotions_over_limit"
    assert promotion_refusal(Promotion(date(2026, 12, 31), 10_000, PromotionOccasion.HOLIDAY), earlier, None) is None


def test_4_6_promotions_only_at_three_holiday_occasions() -> None:
    three = [
        Promotion(d, 1_000, PromotionOccasion.HOLIDAY) for d in (date(2026, 1, 1), date(2026, 5, 25), date(2026, 7, 4))
    ]
    refusal = promotion_refusal(Promotion(date(2026, 12, 25), 1_000, PromotionOccasion.HOLIDAY), three, None)
    assert refusal is not None and refusal.code == "too_many_holidays"
    outside = promotion_refusal(Promotion(date(2026, 12, 10), 1_000, PromotionOccasion.HOLIDAY), [], None)
    assert outside is not None and outside.code == "not_holiday" and outside.rule == "10 DE Admin Code 101-4.6"


def test_4_6_promotion_at_the_anniversary_occasion() -> None:
    founded = date(1921, 3, 14)
    assert promotion_refusal(Promotion(date(2026, 3, 14), 5_000, PromotionOccasion.ANNIVERSARY), [], founded) is None
    assert promotion_refusal(Promotion(date(2026, 3, 7), 5_000, PromotionOccasion.ANNIVERSARY), [], founded) is None
    refusal = promotion_refusal(Promotion(date(2026, 3, 15), 5_000, PromotionOccasion.ANNIVERSARY), [], founded)
    assert refusal is not None and refusal.code == "not_anniversary"
    assert promotion_refusal(Promotion(date(2026, 3, 14), 5_000, PromotionOccasion.ANNIVERSARY), [], None) is not None


def test_4_6_inducements_at_most_15_percent_of_other_prizes() -> None:
    assert inducement_refusal(45_000, 300_000) is None
    refusal = inducement_refusal(45_001, 300_000)
    assert refusal is not None and refusal.code == "inducements_over_limit"
