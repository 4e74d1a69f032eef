"""Jurisdiction profiles: what each state's charitable-poker law requires of a No-Limit Hold'em
tournament, as data, each rule with its citation. The setup check (poker/rules/setup.py), registration and
payouts read these fields; no code asks "which state is this?".

- Delaware: 28 Del. C. ch. 18 (general provisions, §1804 B, printed rules, §1827, §1831).
- New Hampshire: N.H. Admin. Code Pari 1207.03 (d) and (h), tournaments with chips of no face value.
- Montana: MCA 23-5-317, large-stakes (1) and small-stakes (2) tournaments.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

DE = "28 Del. C. ch. 18"
NH = "N.H. Admin. Code Pari 1207.03"
MT = "MCA 23-5-317"


class Jurisdiction(StrEnum):
    DELAWARE = "de"
    NEW_HAMPSHIRE = "nh"
    MONTANA_LARGE = "mt_large"
    MONTANA_SMALL = "mt_small"


@dataclass(frozen=True)
class Limit:
    """A number the law sets, and where it says so."""

    value: int
    rule: str


@dataclass(frozen=True)
class Rule:
    """A requirement with no number: present when the jurisdiction has it."""

    rule: str


@dataclass(frozen=True)
class Profile:
    jurisdiction: Jurisdiction
    name: str
    occasion_fee_cents: Limit | None = None
    one_sponsor: Rule | None = None
    equal_chips: Rule | None = None
    half_small_blind: Rule | None = None
    ante_within_big_blind: Rule | None = None
    random_seats: Rule | None = None
    play_to_one: Rule | None = None
    no_deals: Rule | None = None
    decks_per_table: Limit | None = None
    deck_count_minutes: Limit | None = None
    deck_change_minutes: Limit | None = None
    director: Rule | None = None
    disputes: Rule | None = None
    licensed_dealers: Rule | None = None
    printed_rules: Rule | None = None
    printed_conduct: Rule | None = None
    prizes_described: Rule | None = None
    helpline: str | None = None
    spend_cap_cents: Limit | None = None
    special_game_cap_cents: Limit | None = None
    rebuys: Rule | None = None
    rebuys_forbidden: Rule | None = None
    reentry_forbidden: Rule | None = None
    reentry_up_to_cap: Rule | None = None
    only_buyins_and_rebuys: Rule | None = None
    adults_only: Rule | None = None
    prize_fixed_or_percent: Rule | None = None
    paid_places_percent_of_players: Limit | None = None
    prizes_percent_of_pool: Limit | None = None
    no_added_money: Rule | None = None
    charity_percent_of_fees: Limit | None = None
    no_rake: Rule | None = None
    chip_value_not_prize: Rule | None = None
    max_consecutive_days: Limit | None = None
    tournament_permit: Rule | None = None
    permit_fee_cents: Limit | None = None
    notice_days: Limit | None = None
    tournaments_per_year: Limit | None = None
    charitable_per_year: Limit | None = None
    no_credit: Rule = Rule("Flashboard cashier rules (no credit)")


DELAWARE = Profile(
    Jurisdiction.DELAWARE,
    "Delaware",
    occasion_fee_cents=Limit(25_000, f"{DE}, general provisions ¶(3)"),
    one_sponsor=Rule(f"{DE}, general provisions ¶(1)"),
    equal_chips=Rule("28 Del. C. §1804 B(1)"),
    half_small_blind=Rule("28 Del. C. §1801(32)"),
    ante_within_big_blind=Rule("28 Del. C. §1801(8)"),
    random_seats=Rule("28 Del. C. §1804 B(2)"),
    play_to_one=Rule("28 Del. C. §1804 B(3)-(4)"),
    no_deals=Rule("28 Del. C. §1804 B(5)"),
    decks_per_table=Limit(2, "28 Del. C. §1804 B(6)"),
    deck_count_minutes=Limit(60, "28 Del. C. §1804 B(8)"),
    deck_change_minutes=Limit(120, "28 Del. C. §1804 B(8)"),
    director=Rule("28 Del. C. §1827(1)"),
    disputes=Rule("28 Del. C. §1827(2)"),
    licensed_dealers=Rule("28 Del. C. §1831(1)"),
    printed_rules=Rule(f"{DE}, printed rules ¶(1)-(5)"),
    printed_conduct=Rule("28 Del. C. §1804 B"),
    prizes_described=Rule(f"{DE}, printed rules ¶(5)"),
    helpline="888-850-8888",
    rebuys=Rule(f"{DE}, printed rules ¶(2)"),
    reentry_forbidden=Rule("28 Del. C. §1804 B(3)"),
)

NEW_HAMPSHIRE = Profile(
    Jurisdiction.NEW_HAMPSHIRE,
    "New Hampshire",
    equal_chips=Rule(f"{NH}(h)(1)"),
    spend_cap_cents=Limit(15_000, f"{NH}(d)(3)"),
    special_game_cap_cents=Limit(25_000, f"{NH}(d)(4)"),
    rebuys=Rule(f"{NH}(d)(3)"),
    reentry_up_to_cap=Rule(f"{NH}(h)(3)"),
    only_buyins_and_rebuys=Rule(f"{NH}(d)(2)"),
    adults_only=Rule(f"{NH}(b)"),
    prize_fixed_or_percent=Rule(f"{NH}(d)(5)"),
    paid_places_percent_of_players=Limit(50, f"{NH}(d)(6)"),
    prizes_percent_of_pool=Limit(80, f"{NH}(d)(7), (h)(4)"),
    no_added_money=Rule(f"{NH}(h)(5)"),
    no_credit=Rule(f"{NH}(j)"),
)

MONTANA = Profile(
    Jurisdiction.MONTANA_SMALL,
    "Montana",
    printed_rules=Rule(f"{MT}(3)"),
    licensed_dealers=Rule(f"{MT}(6)"),
    director=Rule(f"{MT}(5)"),
    disputes=Rule(f"{MT}(5)"),
    charity_percent_of_fees=Limit(50, f"{MT}(8)"),
    no_rake=Rule(f"{MT}(9)"),
    chip_value_not_prize=Rule(f"{MT}(7)"),
)

MONTANA_LARGE = replace(
    MONTANA,
    jurisdiction=Jurisdiction.MONTANA_LARGE,
    name="Montana, large-stakes",
    spend_cap_cents=Limit(187_500, f"{MT}(1)(g)"),
    rebuys=Rule(f"{MT}(1)(g)"),
    max_consecutive_days=Limit(5, f"{MT}(1)(c)"),
    tournament_permit=Rule(f"{MT}(1)(a)"),
    permit_fee_cents=Limit(12_000, f"{MT}(1)(b)"),
    notice_days=Limit(5, f"{MT}(1)(d)"),
    tournaments_per_year=Limit(16, f"{MT}(1)(a)"),
    charitable_per_year=Limit(3, f"{MT}(1)(f)"),
)

MONTANA_SMALL = replace(
    MONTANA,
    name="Montana, small-stakes",
    spend_cap_cents=Limit(8_000, f"{MT}(2)(c)"),
    tournament_permit=Rule(f"{MT}(2)(a)"),
    permit_fee_cents=Limit(50_000, f"{MT}(2)(b)"),
    rebuys_forbidden=Rule(f"{MT}(2)(c)"),
    reentry_forbidden=Rule(f"{MT}(2)(c)"),
)

PROFILES = {p.jurisdiction: p for p in (DELAWARE, NEW_HAMPSHIRE, MONTANA_LARGE, MONTANA_SMALL)}
