"""The printed rules hold every item 28 Del. C. ch. 18 requires (printed rules ¶(1)-(5)) and the
helpline 888-850-8888 (posting ¶(1)), generated from the setup; Montana's rules are given to players
too (MCA 23-5-317(3)), without Delaware's citations."""

from __future__ import annotations

from dataclasses import replace

from poker.rules.printed_rules import as_receipt, as_text, printed_rules
from poker.rules.profiles import DELAWARE, MONTANA_SMALL, NEW_HAMPSHIRE
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


def test_1804_b_printed_rules_carry_every_conduct_item_in_the_acts_words() -> None:
    text = as_text(printed_rules(BASE, DELAWARE, "Millbrook Volunteer Fire Company", "Winter Classic"))
    for number in range(1, 16):
        assert f"(28 Del. C. §1804 B({number}))" in text, number
    for words in [
        "All cards used to play No Limit Texas Hold'em Poker must be dealt out of the hand by the dealer.",
        "When the dealer has awarded a pot and it has been taken in by that player without a claim made against it, "
        "the award stands. No player may make an agreement with any other player regarding the pot. Each game must "
        "be played to conclusion and the pot awarded to the actual winning player. (28 Del. C. §1804 B(9))",
        "Any communication between a player with a live hand and a spectator about the play of the hand or other "
        "players at the table is prohibited. (28 Del. C. §1804 B(10))",
        "No player may allow a person to sit in on a tournament game on the player's behalf. No player may wager on "
        "another player's hand",
        "Only tournament chips on the table at the start of a game may be in play for that pot. Concealed chips may "
        "not be used in play. (28 Del. C. §1804 B(13))",
        "If the situation is unclear and the player allows the dealer to pull the player's chips into the pot "
        "without making an immediate objection, it must be considered a bet by the player. (28 Del. C. §1804 B(14))",
        "A player's hand will be immediately declared dead if they are not in their seat when it is their turn to "
        "act. (28 Del. C. §1804 B(15))",
    ]:
        assert words in text, words
    assert text.count("(28 Del. C. §1804 B(5))") == 1
    receipt = as_receipt(printed_rules(BASE, DELAWARE, "Millbrook Volunteer Fire Company", "Winter Classic"))
    assert "1, CONTINUED. STANDARD RULES OF PLAY: CONDUCT" in receipt.body
    assert receipt.body[receipt.body.index("1, CONTINUED. STANDARD RULES OF PLAY: CONDUCT") + 15].endswith(
        "(28 Del. C. sec. 1804 B(15))"
    )


def test_1804_b_is_delawares_alone_new_hampshire_and_montana_print_their_own() -> None:
    for profile, entry_fee in ((NEW_HAMPSHIRE, 10_000), (MONTANA_SMALL, 8_000)):
        text = as_text(printed_rules(replace(BASE, entry_fee_cents=entry_fee), profile, "Lodge", "Friday"))
        assert "§1804" not in text and "Concealed chips" not in text
        assert "Pots are awarded by the dealer only" in text
