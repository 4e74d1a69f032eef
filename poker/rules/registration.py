"""Buying in at the cashier: an entry, a re-buy or a re-entry, each checked against the setup's
re-buy policy and the jurisdiction's spending cap (NH Pari 1207.03(d)(3)-(4), (h)(3); MCA
23-5-317(1)(g), (2)(c)) and never on credit. Pure: the player's history comes in as numbers."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from poker.rules.profiles import Profile
from poker.rules.setup import SETUP, Setup, spend_cap
from shared.core.money import format_cents
from shared.core.violations import Violation


class Buy(StrEnum):
    ENTRY = "entry"
    REBUY = "rebuy"
    REENTRY = "reentry"


@dataclass(frozen=True)
class PlayerState:
    """Where a player stands when they ask to buy: spent so far, re-buys and re-entries taken,
    chips in front of them, and whether they are out."""

    spent_cents: int = 0
    rebuys: int = 0
    reentries: int = 0
    chips: int = 0
    eliminated: bool = False
    entered: bool = False


def price(setup: Setup, buy: Buy) -> int:
    """28 Del. C. ch. 18, printed rules ¶(2): the printed rules state the entry fee and the re-buy's terms;
    an entry costs the entry fee, a re-buy or re-entry its own cost (the entry fee when none is set)."""
    return setup.entry_fee_cents if buy is Buy.ENTRY else setup.rebuy.cost_cents or setup.entry_fee_cents


def age_refusal(profile: Profile, confirmed: bool) -> Violation | None:
    """NH Pari 1207.03(b): "no one under the age of 18 years shall be admitted to the area
    where the games of chance are being conducted", so where the profile holds the rule the desk confirms,
    for each new entry, that the player is 18 or older, and an entry without that confirmation is refused.
    Delaware's ch. 18 and Montana's 23-5-317 set no age for players, so none is asked there.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> refusal = age_refusal(NEW_HAMPSHIRE, False)
    >>> refusal.field, refusal.rule, refusal.status
    ('age_confirmed', 'N.H. Admin. Code Pari 1207.03(b)', 422)
    >>> age_refusal(NEW_HAMPSHIRE, True) is None, age_refusal(DELAWARE, False) is None
    (True, True)
    """
    adults = profile.adults_only
    if adults is None or confirmed:
        return None
    return Violation(
        "age_not_confirmed",
        "Confirm that the player is 18 or older: no one under 18 is admitted where the games are played.",
        adults.rule,
        "age_confirmed",
        422,
    )


def buy_refusal(setup: Setup, profile: Profile, state: PlayerState, buy: Buy, level: int) -> Violation | None:
    """NH Pari 1207.03(d)(3)-(4), (h)(3) and MCA 23-5-317(1)(g), (2)(c), as the profile holds them (spending
    caps, counting what the player has spent, this buy and the setup's other payments, which the desk does
    not take and so are never in `spent_cents`; no re-buy or re-entry in Montana small stakes), and the
    re-buy terms of the printed rules (28 Del. C. ch. 18, printed rules ¶(2)): why this purchase may not be
    made now, or None. The tender (never credit, under the profile's no-credit rule) is checked by
    shared.core.tills.tender_refusal at the same door.

    >>> from poker.rules.profiles import MONTANA_SMALL, NEW_HAMPSHIRE
    >>> from poker.rules.setup import Level, Prize, RebuyPolicy
    >>> setup = Setup(5_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=4_000),),
    ...               rebuy=RebuyPolicy(allowed=True, cost_cents=5_000, chips=5_000, until_level=3))
    >>> buy_refusal(setup, NEW_HAMPSHIRE, PlayerState(spent_cents=5_000, entered=True), Buy.REBUY, 2) is None
    True
    >>> refusal = buy_refusal(setup, NEW_HAMPSHIRE, PlayerState(spent_cents=15_000, entered=True), Buy.REBUY, 2)
    >>> refusal.code, refusal.rule
    ('spend_cap', 'N.H. Admin. Code Pari 1207.03(d)(3)')
    >>> buy_refusal(setup, NEW_HAMPSHIRE, PlayerState(spent_cents=5_000, entered=True), Buy.REBUY, 4).code
    'rebuy_period_over'
    >>> buy_refusal(setup, MONTANA_SMALL, PlayerState(spent_cents=5_000, entered=True), Buy.REBUY, 1).rule
    'MCA 23-5-317(2)(c)'
    """
    policy = setup.rebuy
    if buy is Buy.ENTRY and state.entered:
        return Violation(
            "already_entered",
            "This player has already entered; a further buy is a re-buy or a re-entry.",
            SETUP,
            "kind",
            409,
        )
    if buy is Buy.REBUY:
        forbidden = profile.rebuys_forbidden
        if forbidden is not None or not policy.allowed:
            return Violation(
                "rebuys_not_allowed",
                "This tournament takes no re-buys.",
                forbidden.rule if forbidden else SETUP,
                "kind",
                409,
            )
        if not state.entered or state.eliminated:
            return Violation("not_in_play", "Only a player still in the tournament may re-buy.", SETUP, "kind", 409)
        if policy.until_level is not None and level > policy.until_level:
            return Violation("rebuy_period_over", f"Re-buys ended with level {policy.until_level}.", SETUP, "kind", 409)
        if policy.at_or_below_chips is not None and state.chips > policy.at_or_below_chips:
            return Violation(
                "too_many_chips_to_rebuy",
                f"A re-buy is for a player with {policy.at_or_below_chips:,} chips or fewer.",
                SETUP,
                "chips",
                409,
            )
        if policy.max_per_player is not None and state.rebuys >= policy.max_per_player:
            return Violation("rebuy_limit", f"At most {policy.max_per_player} re-buys a player.", SETUP, "kind", 409)
    if buy is Buy.REENTRY:
        forbidden = profile.rebuys_forbidden or profile.reentry_forbidden
        if forbidden is not None or not policy.reentry:
            return Violation(
                "reentry_not_allowed",
                "A player who is eliminated may not enter again.",
                forbidden.rule if forbidden else SETUP,
                "kind",
                409,
            )
        if not state.eliminated:
            return Violation("not_eliminated", "Only an eliminated player may enter again.", SETUP, "kind", 409)
        if policy.until_level is not None and level > policy.until_level:
            return Violation(
                "reentry_period_over", f"Re-entries ended with level {policy.until_level}.", SETUP, "kind", 409
            )
    cap = spend_cap(setup, profile)
    total = state.spent_cents + price(setup, buy) + setup.other_charges_cents
    if cap is not None and total > cap:
        rule = (
            profile.special_game_cap_cents
            if setup.special_game and profile.special_game_cap_cents
            else profile.spend_cap_cents
        )
        return Violation(
            "spend_cap",
            f"This would bring the player's spending to {format_cents(total)}"
            + (
                f", with other payments of {format_cents(setup.other_charges_cents)}"
                if setup.other_charges_cents
                else ""
            )
            + f"; the limit is {format_cents(cap)}.",
            rule.rule if rule else SETUP,
            "kind",
            409,
        )
    return None
