"""poker/rules/conduct.py: the floor's cited refusals as pure functions (no database, no app). Each
answer must be the one the API gave when the services refused these themselves: same code, message,
citation, field and status."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from poker.rules.conduct import (
    Holding,
    OccasionLicence,
    director_required_refusal,
    last_player_refusal,
    occasion_licence_refusal,
    prize_before_finish_refusal,
    proposed_deal_refusal,
    second_director_refusal,
    setup_refusal,
    showdown_cards_refusal,
)
from poker.rules.profiles import DELAWARE, MONTANA_LARGE, MONTANA_SMALL, NEW_HAMPSHIRE
from poker.rules.setup import Level, Prize, Setup
from shared.core.violations import Violation
from shared.hall.rules.work_roles import WorkRole

FRIDAY = date(2026, 12, 4)
DIRECTOR, DEALER = WorkRole.TOURNAMENT_DIRECTOR, WorkRole.DEALER


GOOD = Setup(
    entry_fee_cents=6_000,
    starting_chips=10_000,
    levels=(Level(25, 50, 0, 20), Level(50, 100, 0, 20)),
    prizes=(Prize(1, "60% of the prize pool", None, 6_000), Prize(2, "40% of the prize pool", None, 4_000)),
    starts_on=FRIDAY,
)


# Delaware general provisions ¶(1), ¶(3): the occasion licence


def test_de_general_provisions_3_a_tournament_needs_its_occasion_licence() -> None:
    assert occasion_licence_refusal(DELAWARE, None, FRIDAY) == Violation(
        "occasion_license_required",
        "A Delaware tournament runs under this organization's tournament occasion licence ($250 an occasion).",
        "28 Del. C. ch. 18, general provisions ¶(3)",
        "license_id",
        422,
    )


def test_de_general_provisions_1_another_organizations_licence_does_not_count() -> None:
    refused = occasion_licence_refusal(DELAWARE, OccasionLicence("P-1", FRIDAY, ours=False), FRIDAY)
    assert refused is not None
    assert (refused.code, refused.field, refused.status) == ("occasion_license_required", "license_id", 422)


def test_de_general_provisions_3_the_licence_is_for_the_tournament_day() -> None:
    refused = occasion_licence_refusal(DELAWARE, OccasionLicence("P-7", FRIDAY, ours=True), date(2026, 12, 5))
    assert refused == Violation(
        "license_date", "Licence P-7 is for 2026-12-04.", "28 Del. C. ch. 18, general provisions ¶(3)", "starts_on", 422
    )


def test_de_general_provisions_3_the_days_own_licence_passes() -> None:
    assert occasion_licence_refusal(DELAWARE, OccasionLicence("P-7", FRIDAY, ours=True), FRIDAY) is None


def test_de_general_provisions_1_no_occasion_licence_outside_delaware() -> None:
    for profile in (NEW_HAMPSHIRE, MONTANA_LARGE, MONTANA_SMALL):
        assert occasion_licence_refusal(profile, None, FRIDAY) is None


# Flashboard tournament setup: the setup's refusals, first named, others listed


def test_setup_a_good_setup_passes() -> None:
    assert setup_refusal(GOOD, DELAWARE) is None


def test_setup_the_first_rule_broken_is_named_and_the_others_follow_with_their_citations() -> None:
    refused = setup_refusal(replace(GOOD, entry_fee_cents=0, starting_chips=0), DELAWARE)
    assert refused is not None
    assert (refused.code, refused.rule, refused.field, refused.status) == (
        "entry_fee_required",
        "Flashboard tournament setup",
        "entry_fee",
        422,
    )
    assert refused.message == (
        "The entry fee is more than $0.00. Also: Players start with some chips. (Flashboard tournament setup)"
    )


def test_setup_a_single_rule_broken_has_no_also() -> None:
    refused = setup_refusal(replace(GOOD, starting_chips=0), DELAWARE)
    assert refused is not None
    assert refused.message == "Players start with some chips."


# 28 Del. C. §1827(1); MCA 23-5-317(5): the tournament director


def test_1827_1_a_second_tournament_director_is_refused() -> None:
    assert second_director_refusal(DELAWARE, DIRECTOR, {DIRECTOR, DEALER}) == Violation(
        "director_appointed", "This tournament already has its tournament director.", "28 Del. C. §1827(1)", "role", 409
    )


def test_mca_23_5_317_5_a_second_director_is_refused_in_montana_too() -> None:
    refused = second_director_refusal(MONTANA_LARGE, DIRECTOR, [DIRECTOR])
    assert refused is not None and refused.rule == "MCA 23-5-317(5)"


def test_1827_1_a_second_director_elsewhere_is_refused_without_a_citation() -> None:
    refused = second_director_refusal(NEW_HAMPSHIRE, DIRECTOR, [DIRECTOR])
    assert refused is not None and refused.code == "director_appointed" and refused.rule is None


def test_1827_1_the_first_director_and_any_dealer_are_put_on() -> None:
    assert second_director_refusal(DELAWARE, DIRECTOR, [DEALER]) is None
    assert second_director_refusal(DELAWARE, DEALER, [DIRECTOR, DEALER]) is None


def test_1827_1_no_draw_without_the_tournament_director() -> None:
    assert director_required_refusal(DELAWARE, [DEALER]) == Violation(
        "director_required",
        "Appoint the tournament director (a licensed holder) before the draw.",
        "28 Del. C. §1827(1)",
        "tournament_id",
        409,
    )


def test_mca_23_5_317_5_no_draw_without_the_director_in_montana() -> None:
    refused = director_required_refusal(MONTANA_SMALL, [])
    assert refused is not None and refused.rule == "MCA 23-5-317(5)"


def test_1827_1_with_the_director_appointed_the_draw_goes_ahead() -> None:
    assert director_required_refusal(DELAWARE, [DIRECTOR]) is None


def test_1827_1_new_hampshire_asks_for_no_director() -> None:
    assert director_required_refusal(NEW_HAMPSHIRE, []) is None


# 28 Del. C. §1804 B(3)-(4): play to one player


def test_1804_b3_a_hand_cannot_put_out_every_player_still_in() -> None:
    assert last_player_refusal(DELAWARE, 3, 3) == Violation(
        "last_player",
        "Play continues until one player remains; at least one player must still hold chips.",
        "28 Del. C. §1804 B(3)-(4)",
        "busts",
        409,
    )
    assert last_player_refusal(DELAWARE, 4, 3) is not None


def test_1804_b3_busts_that_leave_one_player_are_taken() -> None:
    assert last_player_refusal(DELAWARE, 2, 3) is None


def test_1804_b3_elsewhere_the_last_player_refusal_cites_nothing() -> None:
    refused = last_player_refusal(NEW_HAMPSHIRE, 2, 2)
    assert refused is not None and refused.code == "last_player" and refused.rule is None


def test_1804_b4_no_prize_is_paid_before_the_tournament_finishes() -> None:
    assert prize_before_finish_refusal(DELAWARE, finished=False) == Violation(
        "tournament_not_finished",
        "Prizes are paid when one player remains and the places are set.",
        "28 Del. C. §1804 B(3)-(4)",
        "tournament_id",
        409,
    )
    assert prize_before_finish_refusal(DELAWARE, finished=True) is None


def test_1804_b4_elsewhere_an_early_prize_is_refused_without_a_citation() -> None:
    refused = prize_before_finish_refusal(MONTANA_LARGE, finished=False)
    assert refused is not None and refused.code == "tournament_not_finished" and refused.rule is None


# 28 Del. C. §1804 B(5): no deals


def test_1804_b5_a_deal_is_refused_in_delaware() -> None:
    assert proposed_deal_refusal(DELAWARE) == Violation(
        "deal_refused",
        "No agreement concerning division of prizes may be made; play continues until one player remains.",
        "28 Del. C. §1804 B(5)",
        "deal",
        409,
    )


def test_1804_b5_flashboard_offers_no_deal_elsewhere() -> None:
    for profile in (NEW_HAMPSHIRE, MONTANA_LARGE, MONTANA_SMALL):
        assert proposed_deal_refusal(profile) == Violation(
            "deal_refused",
            "Flashboard plays every tournament to one player; prizes follow the posted places.",
            "Flashboard tournament setup",
            "deal",
            409,
        )


# 28 Del. C. §1815(1): every hand still in is shown


def test_1815_1_a_hand_still_in_needs_its_cards() -> None:
    holdings = [Holding(folded=False, cards="AsAd"), Holding(folded=True, cards=None), Holding(False, None)]
    assert showdown_cards_refusal(holdings) == Violation(
        "cards_required",
        "Enter the two cards of every hand still in, or mark it folded.",
        "28 Del. C. §1815(1)",
        "stakes.2.cards",
        422,
    )


def test_1815_1_blank_cards_count_as_none() -> None:
    refused = showdown_cards_refusal([Holding(False, "")])
    assert refused is not None and refused.field == "stakes.0.cards"


def test_1815_1_the_first_seat_missing_cards_is_named() -> None:
    refused = showdown_cards_refusal([Holding(False, None), Holding(False, None)])
    assert refused is not None and refused.field == "stakes.0.cards"


def test_1815_1_folded_hands_need_no_cards() -> None:
    assert showdown_cards_refusal([Holding(False, "AsAd"), Holding(True, None), Holding(False, "KhKd")]) is None
