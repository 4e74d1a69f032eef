"""The program against the licence's lists (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6), as pure checks."""

from __future__ import annotations

from bingo.rules.licence_contents import OfferedGame, licence_refusals
from bingo.rules.limits import GameKind, PrizeTerms
from shared.hall.rules.addendum import (
    LicenceContents,
    LicensedAlternate,
    LicensedAttendancePrize,
    LicensedUPickGame,
    contents_refusal,
)

LICENCE = LicenceContents(
    alternates=(LicensedAlternate(52, 35_000),),
    attendance_prizes=(LicensedAttendancePrize(100, 15_000), LicensedAttendancePrize(150, 25_000)),
    upick_games=(LicensedUPickGame(8, 10_000),),
)


def fields(games: list[OfferedGame], contents: LicenceContents = LICENCE) -> list[str | None]:
    return [v.field for v in licence_refusals(games, contents, "B-1")]


def test_4_15_only_the_listed_calls_and_amount_are_licensed() -> None:
    def alternate(calls: int, cents: int) -> OfferedGame:
        return OfferedGame(1, GameKind.REGULAR, PrizeTerms(10_000, alternate_within_calls=calls, alternate_cents=cents))

    assert fields([alternate(52, 35_000)]) == []
    assert fields([alternate(50, 35_000)]) == ["games.1.alternate_prize"]
    assert fields([alternate(52, 30_000)]) == ["games.1.alternate_prize"]
    assert fields([OfferedGame(1, GameKind.REGULAR, PrizeTerms(10_000))], LicenceContents()) == []


def test_4_18_every_tier_is_a_listed_attendance_and_amount() -> None:
    tiers = PrizeTerms(10_000, attendance_tiers=((100, 15_000), (150, 25_000)))
    assert fields([OfferedGame(2, GameKind.SPECIAL, tiers)]) == []
    one_short = LicenceContents(attendance_prizes=(LicensedAttendancePrize(150, 25_000),))
    assert fields([OfferedGame(2, GameKind.SPECIAL, tiers)], one_short) == ["games.2.attendance_tiers.1"]


def test_4_30_1_6_a_u_pick_em_game_is_on_addendum_a_with_its_payout() -> None:
    assert fields([OfferedGame(3, GameKind.U_PICK_EM, PrizeTerms(10_000), 8)]) == []
    assert fields([OfferedGame(3, GameKind.U_PICK_EM, PrizeTerms(10_000), 4)]) == ["games.3.pick_count"]
    assert fields([OfferedGame(3, GameKind.U_PICK_EM, PrizeTerms(12_500), 8)]) == ["games.3.prize"]


def test_4_15_4_18_4_30_1_6_every_refusal_is_named_in_game_order() -> None:
    games = [
        OfferedGame(1, GameKind.U_PICK_EM, PrizeTerms(5_000, alternate_within_calls=40, alternate_cents=9_000), 6),
        OfferedGame(2, GameKind.REGULAR, PrizeTerms(5_000, attendance_tiers=((90, 6_000),))),
    ]
    refusals = licence_refusals(games, LICENCE, "B-1")
    assert [(v.field, v.rule, v.status) for v in refusals] == [
        ("games.1.alternate_prize", "10 DE Admin Code 101-4.15", 409),
        ("games.1.pick_count", "10 DE Admin Code 101-4.30.1.6", 409),
        ("games.2.attendance_tiers.1", "10 DE Admin Code 101-4.18", 409),
    ]


def test_4_15_4_18_4_30_1_6_a_licence_lists_each_item_once_and_within_range() -> None:
    def refused(contents: LicenceContents) -> tuple[str, str | None] | None:
        found = contents_refusal(contents)
        return (found.code, found.field) if found else None

    assert refused(LICENCE) is None
    twice = LicenceContents(alternates=(LicensedAlternate(52, 35_000), LicensedAlternate(52, 35_000)))
    assert refused(twice) == ("listed_twice", "alternates.2")
    assert refused(LicenceContents(upick_games=(LicensedUPickGame(26, 100),))) == (
        "pick_count_out_of_range",
        "upick_games.1",
    )
    assert (
        refused(LicenceContents(attendance_prizes=(LicensedAttendancePrize(0, 100),)))[0] == "attendance_out_of_range"
    )
    assert refused(LicenceContents(alternates=(LicensedAlternate(50, 0),))) == ("amount_required", "alternates.1")
