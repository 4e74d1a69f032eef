"""The printed rules hold every item 28 Del. C. ch. 18 requires (printed rules ¶(1)-(5)) and the
helpline 888-850-8888 (posting ¶(1)), generated from the setup; Montana's rules are given to players
too (MCA 23-5-317(3)), without Delaware's citations."""

from __future__ import annotations

from dataclasses import replace

from poker.rules.printed_rules import as_text, printed_rules
from poker.rules.profiles import DELAWARE, MONTANA_SMALL
from poker.rules.setup import RebuyPolicy
from tests.support.poker_setups import BASE


def test_printed_rules_ch18_hold_every_required_item_and_the_helpline() -> None:
    setup = replace(
        BASE,
        rebuy=RebuyPolicy(
            allowed=True, cost_cents=10_000, chips=10_000, until_level=3, at_or_below_chips=5_000, max_per_player=2
        ),
        final_table_size=9,
    )
    text = as_text(printed_rules(setup, DELAWARE, "Millbrook Volunteer Fire Company", "Winter Classic"))
    for item in [
        "1. Standard rules of play",
        "No-Limit Texas Hold'em",
        "(28 Del. C. §1804 B(5))",
        "The entry fee is $100.00 for 10,000 chips.",
        "Re-buys are permitted: $100.00 for 10,000 chips; only while the player has 5,000 chips or fewer; until the "
        "end of "
        "level 3; at most 2 per player.",
        "Play starts at blinds 25/50 with no ante",
        "Level 3: blinds 100/200, ante 25, 20 minutes.",
        "Break: 10 minutes.",
        "When 9 players remain, they draw again for seats at the final table.",
        "Tables break in order, the highest-numbered table first",
        "never into the small blind",
        "The tournament ends when one player holds every chip",
        "2 prizes will be awarded:",
        "Place 1: 50% of the prize pool. 50% of the pool",
        "888-850-8888",
    ]:
        assert item in text, item


def test_printed_rules_say_when_rebuys_are_not_permitted_and_montana_has_no_delaware_citations() -> None:
    text = as_text(
        printed_rules(replace(BASE, entry_fee_cents=8_000), MONTANA_SMALL, "Big Sky Lodge", "Friday small stakes")
    )
    assert "Re-buys are not permitted." in text and "A player may spend at most $80.00 in all." in text
    assert "Del. C." not in text and "(MCA 23-5-317(9))" in text and "helpline" in text
