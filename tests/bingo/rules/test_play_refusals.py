"""The gates of an occasion and its games that the services ask, as pure rules (no database): scheduling
(10 DE Admin Code 101-4.4), the ball check and the cookie-jar number (4.25, 4.31.6), starting, calling
and closing (4.10, 4.18, 4.29, 4.30), the witness of a verification (4.16), the program's games (4.14,
4.29.1, 4.30.1.5, 4.31.6) and giveaways (4.6)."""

from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from bingo.rules.game_events import (
    announced_start_refusal,
    further_call_refusal,
    posting_refusal,
    quantity_refusal,
    sheet_sale_refusal,
    sheets_void_refusal,
)
from bingo.rules.giveaways import promotion_occasion_refusal
from bingo.rules.limits import Booking, GameKind, PromotionOccasion
from bingo.rules.play import (
    GameState,
    OccasionState,
    attendance_refusal,
    ball_check_refusal,
    close_refusal,
    game_kind_refusal,
    jar_number_refusal,
    play_refusal,
)
from bingo.rules.program_games import designation_refusal, kind_settings_refusal, pattern_refusal
from bingo.rules.scheduling import licensed_schedule_refusal
from bingo.rules.upick_play import face_price_refusal, face_sale_refusal, keyed_claim_refusal, ticket_void_refusal
from bingo.rules.witnesses import witness_refusal, witness_role
from shared.core.violations import Violation
from shared.hall.rules.licensing import BingoLicenseClass

DAY = date(2026, 12, 5)


def test_4_4_no_occasion_without_a_licence_in_force_on_the_day() -> None:
    assert licensed_schedule_refusal("Millbrook VFC", 1, None, 10, True, DAY, []) == Violation(
        "no_license",
        "Millbrook VFC holds no bingo licence in force on 2026-12-05.",
        "10 DE Admin Code 101-4.4",
        "occasion_date",
        409,
    )
    assert licensed_schedule_refusal("Millbrook VFC", 1, BingoLicenseClass.PRE_444, 10, True, DAY, []) is None


def test_4_7_with_a_licence_the_premises_rules_still_apply() -> None:
    taken = [Booking(2, 10, DAY)]
    refusal = licensed_schedule_refusal("Millbrook VFC", 1, BingoLicenseClass.PRE_444, 10, False, DAY, taken)
    assert refusal is not None and refusal.code == "premises_taken" and refusal.rule == "10 DE Admin Code 101-4.7"


def test_4_25_the_balls_are_verified_once_on_the_day() -> None:
    assert ball_check_refusal("scheduled", DAY, DAY, False) is None
    assert ball_check_refusal("running", DAY, DAY, False) == Violation(
        "already_started",
        "The balls were already verified; the occasion has started.",
        "10 DE Admin Code 101-4.25",
        "occasion_id",
        409,
    )
    assert ball_check_refusal("scheduled", date(2026, 12, 4), DAY, False) == Violation(
        "wrong_day", "This occasion is scheduled for 2026-12-05.", None, "occasion_id", 409
    )


def test_4_2_4_10_a_training_occasion_plays_past_six_hours_and_midnight_but_not_once_closed() -> None:
    start = datetime(2026, 12, 5, 21, 0, tzinfo=timezone.utc)
    late = start + timedelta(hours=7)
    real = play_refusal(OccasionState("running", start, True, False), late)
    assert real is not None and real.rule == "10 DE Admin Code 101-4.2"
    assert play_refusal(OccasionState("running", start, True, True), late) is None
    closed = play_refusal(OccasionState("closed", start, True, True), late)
    assert closed is not None and closed.code == "occasion_closed"
    unverified = play_refusal(OccasionState("scheduled", None, False, True), late)
    assert unverified is not None and unverified.code == "balls_not_verified"


def test_4_25_a_training_occasion_is_verified_once_on_any_day() -> None:
    assert ball_check_refusal("scheduled", date(2026, 12, 6), DAY, True) is None
    refusal = ball_check_refusal("running", DAY, DAY, True)
    assert refusal is not None and refusal.code == "already_started"


def test_4_25_the_cookie_jar_number_is_drawn_after_the_ball_check() -> None:
    assert jar_number_refusal("scheduled", None, True) == Violation(
        "balls_not_verified",
        "Verify the balls before drawing the cookie-jar number.",
        "10 DE Admin Code 101-4.25",
        "occasion_id",
        409,
    )
    assert jar_number_refusal("running", None, True) is None


def test_4_31_6_the_cookie_jar_number_is_drawn_once() -> None:
    assert jar_number_refusal("running", 61, True) == Violation(
        "jar_number_drawn", "The cookie-jar number is already O-61.", "10 DE Admin Code 101-4.31.6", "ball", 409
    )


def test_4_18_a_prize_by_attendance_needs_the_count_at_the_start() -> None:
    assert attendance_refusal(False, None) is None and attendance_refusal(True, 0) is None
    assert attendance_refusal(True, None) == Violation(
        "attendance_required",
        "This game's prize depends on attendance: enter the number of people present.",
        "10 DE Admin Code 101-4.18",
        "attendance",
        422,
    )


def test_4_10_an_occasion_closes_with_no_game_in_play() -> None:
    games = [GameState(1, "closed"), GameState(2, "in_play"), GameState(3, "in_play")]
    assert close_refusal("running", games) == Violation(
        "game_in_play", "Close game 2 first, so its prize is awarded.", "10 DE Admin Code 101-4.10", "occasion_id", 409
    )
    assert close_refusal("running", [GameState(1, "closed"), GameState(2, "pending")]) is None
    assert close_refusal("closed", []) == Violation(
        "not_running", "Only a running occasion can be closed.", None, "occasion_id", 409
    )


def test_4_29_and_4_30_1_6_a_game_of_the_kind_named() -> None:
    assert game_kind_refusal(2, "break_open", GameKind.BREAK_OPEN, "10 DE Admin Code 101-4.29") is None
    assert game_kind_refusal(2, None, GameKind.U_PICK_EM, "10 DE Admin Code 101-4.30.1.6") == Violation(
        "not_u_pick_em_game",
        "Game 2 is not a u pick em game on this program.",
        "10 DE Admin Code 101-4.30.1.6",
        "game_number",
        404,
    )


def test_4_29_2_sheets_are_sold_until_calling_resumes() -> None:
    assert sheet_sale_refusal("pending", False) is None
    assert sheet_sale_refusal("in_play", False) is None
    assert sheet_sale_refusal("pending", True) is None
    assert sheet_sale_refusal("closed", True) == Violation(
        "break_open_sales_closed",
        "Calling has resumed after this break-open game: no more sheets for it.",
        "10 DE Admin Code 101-4.29.2",
        "game_number",
        409,
    )


def test_4_29_1_the_numbers_are_posted_once_and_exactly_as_many_as_stated() -> None:
    assert posting_refusal(4, "pending") is None
    assert posting_refusal(4, "closed") == Violation(
        "already_posted", "Game 4's numbers are already posted.", "10 DE Admin Code 101-4.29.1", "game_number", 409
    )
    assert quantity_refusal(3, None) is None and quantity_refusal(3, [1, 2, 3]) is None
    assert quantity_refusal(3, [1, 2]) == Violation(
        "wrong_quantity", "This game posts exactly 3 numbers.", "10 DE Admin Code 101-4.29.1", "balls", 422
    )


def test_4_29_1_a_break_open_game_is_posted_not_started_or_called() -> None:
    assert announced_start_refusal(2, "regular") is None and further_call_refusal("u_pick_em") is None
    assert announced_start_refusal(2, "break_open") == Violation(
        "break_open_posts_numbers",
        "Game 2 is a break-open game: post its numbers instead.",
        "10 DE Admin Code 101-4.29.1",
        "game_number",
        409,
    )
    assert further_call_refusal("break_open") == Violation(
        "break_open_posted",
        "A break-open game's numbers are posted together; no further calls.",
        "10 DE Admin Code 101-4.29.1",
        "ball",
        409,
    )


def test_4_29_1_sheets_are_taken_back_only_before_the_posting() -> None:
    assert sheets_void_refusal(3, "pending") is None
    assert sheets_void_refusal(3, "in_play") == Violation(
        "break_open_posted",
        "Game 3's break-open numbers are posted: its sheets cannot be taken back.",
        "10 DE Admin Code 101-4.29.1",
        "sale_id",
        409,
    )


def test_4_30_1_5_a_face_costs_the_programs_price() -> None:
    assert face_price_refusal(100, 100) is None
    assert face_price_refusal(None, 250) == Violation(
        "price_mismatch", "The program prices a U Pick Em face at $2.50.", "10 DE Admin Code 101-4.30.1.5", "price", 409
    )


def test_4_30_1_7_faces_are_sold_and_voided_only_before_their_game() -> None:
    assert face_sale_refusal(5, "pending") is None and ticket_void_refusal("ABC123", 5, "pending") is None
    assert face_sale_refusal(5, "in_play") == Violation(
        "game_started",
        "Game 5 has started: U Pick Em faces for it can no longer be sold.",
        "10 DE Admin Code 101-4.30.1.7",
        "game_number",
        409,
    )
    assert ticket_void_refusal("ABC123", 5, "closed") == Violation(
        "game_started",
        "U Pick Em ticket ABC123 in this sale is for game 5, which has started.",
        "10 DE Admin Code 101-4.30.1.7",
        "sale_id",
        409,
    )


def test_4_30_1_8_u_pick_em_winners_are_not_claimed_by_face() -> None:
    assert keyed_claim_refusal("regular") is None
    assert keyed_claim_refusal("u_pick_em") == Violation(
        "upick_found_automatically",
        "U Pick Em winners are found by the system after each call; scan the ticket to look it up.",
        "10 DE Admin Code 101-4.30.1.8",
        "face_number",
        409,
    )


def test_4_16_the_member_in_charge_witnesses_unless_calling() -> None:
    assert witness_role(False) == "member_in_charge" and witness_role(True) == "officer"
    assert witness_refusal(False, True, False) is None
    assert witness_refusal(False, False, True) == Violation(
        "member_in_charge_witness_required",
        "The member in charge must witness the verification.",
        "10 DE Admin Code 101-4.16",
        "witness_member_id",
        409,
    )


def test_4_16_an_active_officer_witnesses_when_the_member_in_charge_calls() -> None:
    assert witness_refusal(True, False, True) is None
    officer_required = Violation(
        "officer_witness_required",
        "The member in charge is calling, so an officer must witness the verification.",
        "10 DE Admin Code 101-4.16",
        "witness_member_id",
        409,
    )
    assert witness_refusal(True, True, True) == officer_required
    assert witness_refusal(True, False, False) == officer_required


def test_4_14_a_programs_game_plays_a_permitted_pattern() -> None:
    assert pattern_refusal(1, {"kind": "any_row"}) is None
    refusal = pattern_refusal(3, {"kind": "no_such_pattern"})
    assert refusal is not None
    assert (refusal.code, refusal.rule, refusal.field) == (
        "pattern_not_permitted",
        "10 DE Admin Code 101-4.14",
        "games.3.pattern",
    )
    assert refusal.message.startswith("Game 3: ") and refusal.message.endswith(".")


def test_4_31_6_no_program_game_is_the_cookie_jar_game() -> None:
    assert designation_refusal(1, GameKind.SPECIAL) is None
    assert designation_refusal(4, GameKind.COOKIE_JAR_FINAL) == Violation(
        "jar_game_not_designated",
        "No program game may be designated the cookie-jar game; "
        "the forced final blackout is added only when the rules require it.",
        "10 DE Admin Code 101-4.31.6",
        "games.4.kind",
        422,
    )


def test_4_30_1_5_and_4_29_1_a_games_kind_states_its_settings() -> None:
    assert kind_settings_refusal(1, GameKind.REGULAR, None, None, None) is None
    assert kind_settings_refusal(1, GameKind.BREAK_OPEN, None, None, 6) is None
    upick = kind_settings_refusal(2, GameKind.U_PICK_EM, 8, None, None)
    assert upick is not None and (upick.code, upick.rule, upick.field) == (
        "upick_terms_required",
        "10 DE Admin Code 101-4.30.1.5",
        "games.2.pick_count",
    )
    too_many = kind_settings_refusal(2, GameKind.U_PICK_EM, 26, 100, None)
    assert too_many is not None and too_many.code == "pick_count_out_of_range"
    assert kind_settings_refusal(5, GameKind.BREAK_OPEN, None, None, None) == Violation(
        "break_open_count_required",
        "Game 5: a break-open game states how many numbers are posted.",
        "10 DE Admin Code 101-4.29.1",
        "games.5.break_open_numbers",
        422,
    )


def test_4_6_a_promotional_giveaway_names_its_occasion() -> None:
    assert promotion_occasion_refusal("inducement", None) is None
    assert promotion_occasion_refusal("promotion", PromotionOccasion.ANNIVERSARY) is None
    assert promotion_occasion_refusal("promotion", None) == Violation(
        "promotion_occasion_required",
        "Say whether this is the anniversary or a holiday occasion.",
        "10 DE Admin Code 101-4.6",
        "promotion_occasion",
        422,
    )
