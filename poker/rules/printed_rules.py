"""The printed tournament rules, generated from the setup (28 Del. C. ch. 18, printed rules ¶(1)-(5);
MCA 23-5-317(3)): the standard rules of play, the entry fee, whether re-buys are allowed and on what
conditions, the starting antes and blinds and how they rise, how the final round is reached and how
the tournament ends, and every prize exactly; with the problem-gambling helpline. Pure: text only."""

from __future__ import annotations

from dataclasses import dataclass

from poker.rules.profiles import Profile
from poker.rules.setup import Prize, Setup, posted_tables
from shared.core.money import format_cents
from shared.printing.documents import Receipt

HELPLINE = "Delaware Council on Gambling Problems helpline: 888-850-8888"

GAME = (
    "The game is No-Limit Texas Hold'em, dealt by a licensed dealer from a standard 52-card deck with the jokers "
    "removed.",
    "Each player receives two cards face down; five community cards are dealt face up: the flop (three), the turn "
    "and the river, "
    "each after a burn card, with a round of betting before the flop and after each deal.",
    "There is no limit to a bet or raise; a player may go all in at any time.",
)
TABLE_CONDUCT = (
    "Pots are awarded by the dealer only; each player plays only their own hand, without advice, and may not "
    "transfer chips.",
    "No camera, camera phone or recording device at the table.",
)
SHOWDOWN = (
    "At showdown the last bettor or raiser shows first; if the last round was checked, the first player to act shows "
    "first; "
    "then clockwise. A player may discard without showing.",
    "The tournament director settles every dispute and is the final arbiter.",
)
PLAY = GAME + TABLE_CONDUCT + SHOWDOWN
CONDUCT_1804_B = (
    "All players will receive an equal number of tournament chips for their entry fee and any subsequent re-buys.",
    "Initial table and seat assignments shall be determined by random draw or assignment. As tables are combined "
    "following player elimination, the remaining players shall also draw or be reassigned to new seating assignments.",
    "Players are eliminated from the tournament when they lose all their chips.",
    "Play will continue until only one player has not been eliminated.",
    "No agreement concerning division of prizes shall be made.",
    "The sponsoring organization shall have two separate decks of cards available at each table. The color or "
    "markings of the backs of the cards of the two decks must be different.",
    "All cards used to play No Limit Texas Hold'em Poker must be dealt out of the hand by the dealer.",
    "The dealer, at least once each hour, shall count the cards in the deck to verify that the deck is complete. The "
    "dealer, at least once every two hours, shall change the deck of cards. When the two separate decks of cards at "
    "the table have been used, the sponsoring organization or licensed third party vendor dealer shall replace the "
    "used decks with a new set of two separate decks of cards.",
    "All pots are to be awarded by the dealer only. When the dealer has awarded a pot and it has been taken in by "
    "that player without a claim made against it, the award stands. No player may make an agreement with any other "
    "player regarding the pot. Each game must be played to conclusion and the pot awarded to the actual winning "
    "player.",
    "Each player shall be permitted to play only one hand and the player shall make all decisions without advice from "
    "any other person. Any communication between a player with a live hand and a spectator about the play of the "
    "hand or other players at the table is prohibited.",
    "No player may allow a person to sit in on a tournament game on the player's behalf. No player may wager on "
    "another player's hand, nor may any player play other than the player's own hand. No player may exchange or "
    "otherwise transfer their chips to any other player during the tournament.",
    "No player shall have a camera, cell phone with camera or recording device at the poker table.",
    "Only tournament chips on the table at the start of a game may be in play for that pot. Concealed chips may not "
    "be used in play.",
    "A player may assemble chips in front of the player before acting. A player must be considered to have made a "
    "bet if the player pushes assembled chips forward or releases chips into the pot at a sufficient distance from "
    "the player to make it obvious that the player intends it as a bet. If the situation is unclear and the player "
    "allows the dealer to pull the player's chips into the pot without making an immediate objection, it must be "
    "considered a bet by the player.",
    "If a player is absent from the table they will be dealt in and all antes, forced bets and blinds will be posted "
    "as required. A player's hand will be immediately declared dead if they are not in their seat when it is their "
    "turn to act.",
)
"""28 Del. C. §1804 B(1)-(15), word for word as enacted (the apostrophes written plainly, for thermal
printers): the conduct rules that "must be included in the printed rules for each tournament"."""
BY_PROFILE = (
    ("equal_chips", "Every entry and every re-buy receives the same number of tournament chips"),
    ("random_seats", "Tables and seats are drawn at random, and drawn or assigned again as tables combine"),
    ("play_to_one", "A player who loses all their chips is eliminated; play continues until one player has every chip"),
    ("no_deals", "No agreement to divide the prizes may be made"),
    ("decks_per_table", "Each table has two decks with different backs"),
    ("deck_change_minutes", "The dealer counts the deck at least once an hour and changes it at least every two hours"),
    ("chip_value_not_prize", "The face value of the chips does not set the prizes"),
    ("no_rake", "No rake is taken"),
)


def standard_play(profile: Profile) -> tuple[str, ...]:
    """28 Del. C. ch. 18, printed rules ¶(1): the standard rules of play, with each jurisdiction's own
    requirements and their citations (Delaware's citations only in Delaware rules). Where the profile
    prints §1804 B in full (conduct), its items are not repeated here in short.

    >>> from poker.rules.profiles import DELAWARE, MONTANA_SMALL
    >>> standard_play(DELAWARE) == GAME + SHOWDOWN
    True
    >>> standard_play(MONTANA_SMALL)[-1]
    'No rake is taken (MCA 23-5-317(9)).'
    """
    printed = profile.printed_conduct
    own = []
    for name, text in BY_PROFILE:
        held = getattr(profile, name)
        if held is not None and not (printed and held.rule.startswith(printed.rule + "(")):
            own.append(f"{text} ({held.rule}).")
    return (GAME + SHOWDOWN if printed else PLAY) + tuple(own)


def conduct(profile: Profile) -> tuple[str, ...]:
    """28 Del. C. §1804 B: "The following rules shall apply to all No Limit Texas Hold'em Poker tournament
    play and must be included in the printed rules for each tournament": every item (1)-(15), in the
    Act's words, each with its citation, where the profile holds the rule (Delaware); none elsewhere.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> lines = conduct(DELAWARE)
    >>> len(lines), lines[6][-60:]
    (15, 'dealt out of the hand by the dealer. (28 Del. C. §1804 B(7))')
    >>> conduct(NEW_HAMPSHIRE)
    ()
    """
    printed = profile.printed_conduct
    if printed is None:
        return ()
    return tuple(f"{text} ({printed.rule}({number}))" for number, text in enumerate(CONDUCT_1804_B, start=1))


@dataclass(frozen=True)
class Section:
    title: str
    lines: tuple[str, ...]


def _rebuys(setup: Setup) -> tuple[str, ...]:
    rebuy = setup.rebuy
    if not rebuy.allowed and not rebuy.reentry:
        return ("Re-buys are not permitted.",)
    lines = []
    if rebuy.allowed:
        conditions = [f"{format_cents(rebuy.cost_cents)} for {rebuy.chips:,} chips"]
        if rebuy.at_or_below_chips is not None:
            conditions.append(f"only while the player has {rebuy.at_or_below_chips:,} chips or fewer")
        if rebuy.until_level is not None:
            conditions.append(f"until the end of level {rebuy.until_level}")
        if rebuy.max_per_player is not None:
            conditions.append(f"at most {rebuy.max_per_player} per player")
        lines.append("Re-buys are permitted: " + "; ".join(conditions) + ".")
    else:
        lines.append("Re-buys are not permitted.")
    if rebuy.reentry:
        lines.append(
            f"A player who is eliminated may enter again for {format_cents(rebuy.cost_cents or setup.entry_fee_cents)}"
            + (f", up to {rebuy.max_per_player} times." if rebuy.max_per_player is not None else ".")
        )
    return tuple(lines)


def _levels(setup: Setup) -> tuple[str, ...]:
    lines = []
    number = 0
    for level in setup.levels:
        if level.is_break:
            lines.append(f"Break: {level.minutes} minutes.")
            continue
        number += 1
        ante = f", ante {level.ante:,}" if level.ante else ""
        lines.append(
            f"Level {number}: blinds {level.small_blind:,}/{level.big_blind:,}{ante}, {level.minutes} minutes."
        )
    first = next(lv for lv in setup.levels if not lv.is_break)
    return (
        f"Play starts at blinds {first.small_blind:,}/{first.big_blind:,}"
        + (f" with an ante of {first.ante:,}" if first.ante else " with no ante")
        + "; the blinds and antes rise at the end of each level on the tournament clock as follows.",
        *lines,
        "After the last level shown, each further level doubles the blinds and ante of the one before and lasts as "
        "long.",
    )


def _prize_lines(prizes: tuple[Prize, ...]) -> list[str]:
    lines = []
    for prize in prizes:
        amount = (
            format_cents(prize.fixed_cents)
            if prize.fixed_cents is not None
            else f"{(prize.percent_bp or 0) / 100:g}% of the prize pool"
        )
        words = prize.description.strip()
        same = words.rstrip(".").casefold() == amount.casefold()
        lines.append(f"Place {prize.place}: {amount}." + ("" if same or not words else f" {words}"))
    return lines


def _prizes(setup: Setup) -> tuple[str, ...]:
    """28 Del. C. ch. 18, printed rules ¶(5): how many prizes and the exact description of each, for
    every posted prize table, and how the table is picked, so players know in advance.

    >>> from poker.rules.setup import Level, PrizeTable
    >>> one = (Prize(1, "The pool", percent_bp=10_000),)
    >>> two = (Prize(1, "60%", percent_bp=6_000), Prize(2, "40%", percent_bp=4_000))
    >>> tables = (PrizeTable(2, 9, one), PrizeTable(10, None, two))
    >>> lines = _prizes(Setup(5_000, 5_000, (Level(25, 50, 0, 20),), (), prize_tables=tables))
    >>> lines[0].startswith("The prizes depend on how many players enter.")
    True
    >>> lines[1]
    'Prize table 1, for 2-9 entrants: 1 prize will be awarded:'
    >>> lines[3]
    'Prize table 2, for 10 or more entrants: 2 prizes will be awarded:'
    """
    tables = posted_tables(setup)
    lines: list[str] = []
    if setup.prize_tables:
        lines.append(
            "The prizes depend on how many players enter. When registration closes and the seats are drawn, the "
            "tournament director picks the table below for the number of entrants (the first listed for it, "
            "unless another listed for it is announced); it stays for the whole tournament, late entries included."
        )
    for number, table in enumerate(tables, start=1):
        count = len(table.prizes)
        awarded = f"{count} prize{'s' if count != 1 else ''} will be awarded:"
        lines.append(f"Prize table {number}, for {table.label}: {awarded}" if setup.prize_tables else awarded)
        lines += _prize_lines(table.prizes)
    if not setup.prize_tables:
        lines.append(f"The tournament starts with at least {setup.min_players} players.")
    lines.append(
        "The prize pool is the entry fees and re-buys collected; chips have no cash value and are not exchanged."
    )
    return tuple(lines)


def printed_rules(setup: Setup, profile: Profile, organization: str, title: str) -> tuple[Section, ...]:
    """28 Del. C. ch. 18, printed rules ¶(1)-(5), and the helpline the sponsoring organization's rules
    must name (posting ¶(1)).

    >>> from poker.rules.profiles import DELAWARE
    >>> from poker.rules.setup import Level, Prize
    >>> setup = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "Trophy and cash", fixed_cents=50_000),))
    >>> sections = printed_rules(setup, DELAWARE, "Elks Lodge 1234", "Spring Classic")
    >>> sections[3].lines[0]
    'The entry fee is $100.00 for 5,000 chips.'
    >>> sections[-1].lines
    ('Delaware Council on Gambling Problems helpline: 888-850-8888',)
    """
    spend = (
        f" A player may spend at most {format_cents(profile.spend_cap_cents.value)} in all."
        if profile.spend_cap_cents
        else ""
    )
    return (
        Section(f"{title}: {organization}", (f"No-Limit Texas Hold'em tournament under {profile.name} law.",)),
        Section("1. Standard rules of play", standard_play(profile)),
        *((Section("1, continued. Standard rules of play: conduct", lines),) if (lines := conduct(profile)) else ()),
        Section(
            "2. Entry fee and re-buys",
            (
                f"The entry fee is {format_cents(setup.entry_fee_cents)} for {setup.starting_chips:,} chips." + spend,
                *_rebuys(setup),
            ),
        ),
        Section("3. Antes and blinds", _levels(setup)),
        Section(
            "4. The final round and the end of the tournament",
            (
                "As players are eliminated the tables are kept within one player of each other: the player due to be "
                "the big blind "
                "next moves to the worst open seat at the short table, never into the small blind.",
                "Tables break in order, the highest-numbered table first; its players draw new seats at random.",
                f"When {setup.final_table_size} players remain, they draw again for seats at the final table.",
                "The tournament ends when one player holds every chip; that player finishes first and the others "
                "place in the order "
                "they were eliminated. Players eliminated on the same hand at one table place by their chips at the "
                "start of that "
                "hand; on the same hand at different tables they tie and share the prizes for those places.",
            ),
        ),
        Section("5. Prizes", _prizes(setup)),
        Section(
            "Help",
            (
                HELPLINE
                if profile.helpline
                else "If gambling is a problem for you or someone close to you, ask the "
                "tournament director for the helpline number.",
            ),
        ),
    )


def as_receipt(sections: tuple[Section, ...]) -> Receipt:
    """28 Del. C. ch. 18, posting ¶(1): printed copies of the rules are provided to players on request (and
    MCA 23-5-317(3): before the start). The same rules on the desk's thermal printer, to hand to a player.
    "§" is written "sec." there: thermal printers' code pages do not agree on where the section sign lives.

    >>> receipt = as_receipt((Section("Title", ()), Section("Conduct", ("No deals (28 Del. C. §1804 B(5)).",))))
    >>> receipt.title, receipt.body
    ('TOURNAMENT RULES', ['CONDUCT', '- No deals (28 Del. C. sec. 1804 B(5)).'])
    """
    body: list[str] = []
    for section in sections[1:]:
        body += ["", section.title.upper(), *("- " + line.replace("§", "sec. ") for line in section.lines)]
    return Receipt(title="TOURNAMENT RULES", header=[sections[0].title, *sections[0].lines], lines=[], body=body[1:])


def as_text(sections: tuple[Section, ...]) -> str:
    """28 Del. C. ch. 18, posting ¶(1) and MCA 23-5-317(3): the rules as plain text, for posting and for the
    copy handed to players.

    >>> as_text((Section("1. Prizes", ("Place 1: $500.00.",)), Section("Help", ("Ask the director.",)))).splitlines()
    ['1. Prizes', 'Place 1: $500.00.', '', 'Help', 'Ask the director.']
    """
    return "\n\n".join(s.title + "\n" + "\n".join(s.lines) for s in sections) + "\n"
