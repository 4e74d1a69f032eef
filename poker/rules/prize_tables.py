"""Prize tables by field size, as tournament directors' tools keep them: a setup posts one or more tables,
each for a range of entrants (28 Del. C. ch. 18, printed rules ¶(5)); when registration closes at the draw
the director picks the table whose range holds the number of entrants (the first one listed for that
count unless another is picked), and a field that no posted table is for cannot start, since its
prizes were never posted and, under a table for a larger field, it could not be played out to one
player (§1804 B(4); NH Pari 1207.03(d)(6), (h)(1)). Pure."""

from __future__ import annotations

from poker.rules.profiles import Profile
from poker.rules.setup import SETUP, PrizeTable, Setup, posted_tables
from shared.core.violations import Violation


def choices(setup: Setup, entrants: int) -> list[int]:
    """28 Del. C. ch. 18, printed rules ¶(5): the tables (numbered from 1 as posted) whose range holds
    this many entrants; the first is the default.

    >>> from poker.rules.setup import Level, Prize
    >>> one = (Prize(1, "The pool", percent_bp=8_000),)
    >>> three = tuple(Prize(n, "Share", percent_bp=2_000) for n in (1, 2, 3))
    >>> setup = Setup(5_000, 5_000, (Level(25, 50, 0, 20),), (), prize_tables=(
    ...     PrizeTable(2, 9, one), PrizeTable(8, 19, three), PrizeTable(20, None, three)))
    >>> choices(setup, 5), choices(setup, 8), choices(setup, 40), choices(setup, 1)
    ([1], [1, 2], [3], [])
    """
    return [number for number, table in enumerate(posted_tables(setup), start=1) if table.holds(entrants)]


def in_force(setup: Setup, entrants: int, picked: int | None, drawn: bool) -> int | None:
    """28 Del. C. ch. 18, printed rules ¶(5): the posted table a tournament pays (numbered from 1): the
    one picked at the draw; before the draw the default for the field entered so far (None while no
    table is for it); a tournament drawn before tables were picked pays its first, its only, table.

    >>> from poker.rules.setup import Level, Prize
    >>> setup = Setup(5_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "The pool", percent_bp=8_000),), min_players=4)
    >>> in_force(setup, 3, None, False), in_force(setup, 5, None, False), in_force(setup, 3, None, True)
    (None, 1, 1)
    """
    if picked is not None:
        return picked
    if drawn:
        return 1
    return next(iter(choices(setup, entrants)), None)


def table_rule(profile: Profile) -> str:
    """NH Pari 1207.03(d)(6) where the share of players paid is capped; else 28 Del. C. ch. 18, printed
    rules ¶(5), or MCA 23-5-317(3): the printed prizes a field must have before it starts.

    >>> from poker.rules.profiles import DELAWARE, MONTANA_SMALL, NEW_HAMPSHIRE
    >>> table_rule(NEW_HAMPSHIRE), table_rule(DELAWARE), table_rule(MONTANA_SMALL)
    ('N.H. Admin. Code Pari 1207.03(d)(6)', '28 Del. C. ch. 18, printed rules ¶(5)', 'MCA 23-5-317(3)')
    """
    found = profile.paid_places_percent_of_players or profile.prizes_described or profile.printed_rules
    return found.rule if found else SETUP


def _places(table: PrizeTable) -> str:
    count = len(table.prizes)
    return f"{table.label}: {count} place{'s' if count != 1 else ''}"


def start_refusal(setup: Setup, profile: Profile, entrants: int, picked: int | None) -> Violation | None:
    """NH Pari 1207.03(d)(6), (h)(1); 28 Del. C. §1804 B(4) and ch. 18, printed rules ¶(5): the draw is
    refused when no posted table is for this many entrants (too few for the least one, too many for the
    largest, or between two ranges), naming the tables, and when the director picks a table that is not
    for this field. A table is checked at setup for the least field it is for, so any table whose range
    holds the field can be played out to one player and pays only places the field can reach.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> from poker.rules.setup import Level, Prize
    >>> three = tuple(Prize(n, "Share", percent_bp=2_000) for n in (1, 2, 3))
    >>> setup = Setup(5_000, 5_000, (Level(25, 50, 0, 20),), three, min_players=6)
    >>> refused = start_refusal(setup, NEW_HAMPSHIRE, 4, None)
    >>> refused.code, refused.rule, refused.field, refused.status
    ('no_prize_table', 'N.H. Admin. Code Pari 1207.03(d)(6)', 'prize_tables', 409)
    >>> refused.message
    '4 players entered; the prize tables are for 6 or more entrants: 3 places. Register more players to start.'
    >>> start_refusal(setup, DELAWARE, 6, None) is None, start_refusal(setup, DELAWARE, 6, 2).code
    (True, 'prize_table_not_for_field')
    """
    tables = posted_tables(setup)
    fitting = choices(setup, entrants)
    rule = table_rule(profile)
    if not fitting:
        posted = "; ".join(_places(t) for t in tables)
        least = min(t.min_entrants for t in tables)
        advice = (
            "Register more players to start."
            if entrants < least
            else "No posted table is for a field this size, so its prizes were never posted."
        )
        return Violation(
            "no_prize_table",
            f"{entrants} players entered; the prize tables are for {posted}. {advice}",
            rule,
            "prize_tables",
            409,
        )
    if picked is not None and picked not in fitting:
        named = (
            f"Prize table {picked} is for {tables[picked - 1].label}"
            if 1 <= picked <= len(tables)
            else "No such prize table"
        )
        return Violation(
            "prize_table_not_for_field",
            f"{named}; {entrants} players entered, so choose prize table " + " or ".join(str(n) for n in fitting) + ".",
            rule,
            "prize_table",
            409,
        )
    return None
