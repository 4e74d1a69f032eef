"""How a tournament is conducted, as the floor refuses it: under its occasion licence (28 Del. C. ch. 18,
general provisions ¶(1), ¶(3)), with its tournament director (28 Del. C. §1827(1); MCA 23-5-317(5)),
played out to one player with no deal (28 Del. C. §1804 B(3)-(5)) and every hand still in shown at a
disputed showdown (28 Del. C. §1815(1)). Pure: the services hand in what they loaded as plain values.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from datetime import date

from poker.rules.payouts import deal_refusal
from poker.rules.profiles import Profile
from poker.rules.setup import SETUP, Setup, setup_violations
from shared.core.violations import Violation
from shared.hall.rules.work_roles import WorkRole

RULE_SHOWDOWN_CARDS = "28 Del. C. §1815(1)"


@dataclass(frozen=True)
class OccasionLicence:
    """The tournament occasion licence a setup names, as the rule reads it: its number, its day, and
    whether it was issued to the organization setting the tournament up."""

    number: str
    occasion_date: date
    ours: bool


@dataclass(frozen=True)
class Holding:
    """A seat at a disputed showdown: whether the hand was folded, and the cards entered for it."""

    folded: bool
    cards: str | None


def setup_refusal(setup: Setup, profile: Profile) -> Violation | None:
    """Flashboard tournament setup and the jurisdiction's profile: a setup that breaks any rule is
    refused with the first one named and cited, and the others listed with their citations, so the
    director fixes everything in one pass.

    >>> from poker.rules.profiles import DELAWARE
    >>> from poker.rules.setup import Level, Prize
    >>> good = Setup(5_000, 10_000, (Level(25, 50, 0, 20),), (Prize(1, "The pool", None, 10_000),))
    >>> setup_refusal(good, DELAWARE) is None
    True
    >>> refused = setup_refusal(Setup(0, 0, (Level(25, 50, 0, 20),), (Prize(1, "All", None, 10_000),)), DELAWARE)
    >>> refused.code, refused.field
    ('entry_fee_required', 'entry_fee')
    >>> "Also: Players start with some chips." in refused.message
    True
    """
    found = setup_violations(setup, profile)
    if not found:
        return None
    first = found[0]
    others = "; ".join(f"{v.message} ({v.rule})" for v in found[1:])
    return Violation(
        first.code, first.message + (f" Also: {others}" if others else ""), first.rule, first.field, first.status
    )


def occasion_licence_refusal(profile: Profile, licence: OccasionLicence | None, starts_on: date) -> Violation | None:
    """28 Del. C. ch. 18, general provisions ¶(1), ¶(3): a Delaware tournament is conducted by one
    sponsoring organization under its tournament occasion licence ($250 an occasion) for that day, so a
    setup naming no licence, another organization's, or one for another day is refused. Elsewhere no
    occasion licence is asked for.

    >>> from datetime import date
    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> friday = date(2026, 12, 4)
    >>> occasion_licence_refusal(DELAWARE, OccasionLicence("P-1", friday, True), friday) is None
    True
    >>> occasion_licence_refusal(DELAWARE, None, friday).rule
    '28 Del. C. ch. 18, general provisions ¶(3)'
    >>> occasion_licence_refusal(DELAWARE, OccasionLicence("P-1", friday, False), friday).code
    'occasion_license_required'
    >>> occasion_licence_refusal(DELAWARE, OccasionLicence("P-1", friday, True), date(2026, 12, 5)).message
    'Licence P-1 is for 2026-12-04.'
    >>> occasion_licence_refusal(NEW_HAMPSHIRE, None, friday) is None
    True
    """
    if profile.one_sponsor is None:
        return None
    rule = profile.occasion_fee_cents.rule if profile.occasion_fee_cents else profile.one_sponsor.rule
    if licence is None or not licence.ours:
        return Violation(
            "occasion_license_required",
            "A Delaware tournament runs under this organization's tournament occasion licence ($250 an occasion).",
            rule,
            "license_id",
            422,
        )
    if licence.occasion_date != starts_on:
        return Violation(
            "license_date",
            f"Licence {licence.number} is for {licence.occasion_date.isoformat()}.",
            rule,
            "starts_on",
            422,
        )
    return None


def second_director_refusal(profile: Profile, role: WorkRole, appointed: Collection[WorkRole]) -> Violation | None:
    """28 Del. C. §1827(1); MCA 23-5-317(5): a tournament has one tournament director, who runs it and
    settles its disputes; a second is refused (any number of dealers may be put on).

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> second_director_refusal(DELAWARE, WorkRole.TOURNAMENT_DIRECTOR, [WorkRole.TOURNAMENT_DIRECTOR]).rule
    '28 Del. C. §1827(1)'
    >>> second_director_refusal(DELAWARE, WorkRole.DEALER, [WorkRole.TOURNAMENT_DIRECTOR]) is None
    True
    >>> second_director_refusal(NEW_HAMPSHIRE, WorkRole.TOURNAMENT_DIRECTOR, [WorkRole.TOURNAMENT_DIRECTOR]).rule
    """
    if role is not WorkRole.TOURNAMENT_DIRECTOR or WorkRole.TOURNAMENT_DIRECTOR not in appointed:
        return None
    return Violation(
        "director_appointed",
        "This tournament already has its tournament director.",
        profile.director.rule if profile.director else None,
        "role",
        409,
    )


def director_required_refusal(profile: Profile, appointed: Collection[WorkRole]) -> Violation | None:
    """28 Del. C. §1827(1); MCA 23-5-317(5): no tournament starts without its tournament director (a
    licensed holder) appointed, where the law asks for one.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> director_required_refusal(DELAWARE, [WorkRole.DEALER]).code
    'director_required'
    >>> director_required_refusal(DELAWARE, [WorkRole.TOURNAMENT_DIRECTOR]) is None
    True
    >>> director_required_refusal(NEW_HAMPSHIRE, []) is None
    True
    """
    rule = profile.director
    if rule is None or WorkRole.TOURNAMENT_DIRECTOR in appointed:
        return None
    return Violation(
        "director_required",
        "Appoint the tournament director (a licensed holder) before the draw.",
        rule.rule,
        "tournament_id",
        409,
    )


def last_player_refusal(profile: Profile, busts: int, in_play: int) -> Violation | None:
    """28 Del. C. §1804 B(3)-(4): play continues until one player holds every chip, so a hand cannot
    put out every player still in; at least one must remain.

    >>> from poker.rules.profiles import DELAWARE
    >>> last_player_refusal(DELAWARE, 2, 3) is None
    True
    >>> last_player_refusal(DELAWARE, 3, 3).rule
    '28 Del. C. §1804 B(3)-(4)'
    """
    if busts < in_play:
        return None
    to_one = profile.play_to_one
    return Violation(
        "last_player",
        "Play continues until one player remains; at least one player must still hold chips.",
        to_one.rule if to_one else None,
        "busts",
        409,
    )


def prize_before_finish_refusal(profile: Profile, finished: bool) -> Violation | None:
    """28 Del. C. §1804 B(3)-(4): the places, and so the prizes, are set only when one player remains;
    no prize is paid before the tournament has finished.

    >>> from poker.rules.profiles import DELAWARE
    >>> prize_before_finish_refusal(DELAWARE, False).code
    'tournament_not_finished'
    >>> prize_before_finish_refusal(DELAWARE, True) is None
    True
    """
    if finished:
        return None
    to_one = profile.play_to_one
    return Violation(
        "tournament_not_finished",
        "Prizes are paid when one player remains and the places are set.",
        to_one.rule if to_one else None,
        "tournament_id",
        409,
    )


def proposed_deal_refusal(profile: Profile) -> Violation:
    """28 Del. C. §1804 B(5), and Flashboard tournament setup elsewhere: a deal to divide the prizes is
    always refused. Delaware forbids it; in the other jurisdictions Flashboard plays every tournament to
    one player so that the prizes follow the posted places.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> proposed_deal_refusal(DELAWARE).rule
    '28 Del. C. §1804 B(5)'
    >>> proposed_deal_refusal(NEW_HAMPSHIRE).rule
    'Flashboard tournament setup'
    """
    return deal_refusal(profile) or Violation(
        "deal_refused",
        "Flashboard plays every tournament to one player; prizes follow the posted places.",
        SETUP,
        "deal",
        409,
    )


def showdown_cards_refusal(holdings: Sequence[Holding]) -> Violation | None:
    """28 Del. C. §1815(1): at a showdown every hand still in is shown, so the helper ranks hands only
    when each seat that did not fold has its cards entered; the first seat missing them is named.

    >>> showdown_cards_refusal([Holding(False, "AsAd"), Holding(True, None)]) is None
    True
    >>> showdown_cards_refusal([Holding(True, None), Holding(False, None)]).field
    'stakes.1.cards'
    """
    for index, holding in enumerate(holdings):
        if not holding.folded and not holding.cards:
            return Violation(
                "cards_required",
                "Enter the two cards of every hand still in, or mark it folded.",
                RULE_SHOWDOWN_CARDS,
                f"stakes.{index}.cards",
                422,
            )
    return None
