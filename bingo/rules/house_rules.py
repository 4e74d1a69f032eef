"""The house-rules sheet (10 DE Admin Code 101-4.20): the house rules the occasion applies that affect
the players' conduct or the awarding of prizes (the last-number rule, how a split is rounded, per face or
per player, merchandise, the claim procedure, corrections, what the cashier takes), each with its
section, then the rules of 101-4 every player must know (18 or older, workers do not play, present to
play, ...). Pure: made from the occasion's own settings, the ones the claim checks and splits use."""

from __future__ import annotations

from dataclasses import dataclass

from bingo.rules.posted_papers import Paper, Part, Row
from bingo.rules.printed_program import HELPLINE, HELPLINE_RULE
from shared.core.citations import BINGO_AGE, BINGO_WORKERS_MAY_NOT_PLAY

RULE = "10 DE Admin Code 101-4"
HOUSE_NOTE = (
    "This organization's own rules, posted in at least four places in the room (10 DE Admin Code 101-4.20); "
    "beside each, the section it applies."
)
NO_CREDIT = "house rule: no credit"


@dataclass(frozen=True)
class HouseTerms:
    """What the occasion applies: its house-rule switches (bingo_occasions), the tender the hall takes
    besides cash (FLASHBOARD_TENDERS), and which kinds of game its program has."""

    last_call_only: bool = True
    whole_dollars: bool = False
    per_player: bool = False
    other_tenders: tuple[str, ...] = ()
    merchandise: bool = False
    upick: bool = False
    break_open: bool = False
    cookie_jar: bool = False


def _split(terms: HouseTerms) -> str:
    rounding = (
        "in whole dollars, any cents left over going to the first bingo verified"
        if terms.whole_dollars
        else "to the cent, any odd cent going to the earliest bingos verified"
    )
    per = (
        "A player holding several winning faces gets one share"
        if terms.per_player
        else "Each winning face gets a share"
    )
    return f"Winners on the same number share a money prize as equally as possible, {rounding}. {per}."


def occasion_rules(terms: HouseTerms) -> tuple[Row, ...]:
    """10 DE Admin Code 101-4.20: the house rules this occasion applies that affect the players' conduct or
    the awarding of prizes, as the claim check (the last-number rule) and the split (whole dollars, per
    player) apply them.

    >>> rows = occasion_rules(HouseTerms(last_call_only=True, whole_dollars=True))
    >>> rows[0].cells[0].startswith("A bingo counts only if the last number called completes it")
    True
    >>> "in whole dollars" in rows[2].cells[0], rows[2].cells[1]
    (True, '10 DE Admin Code 101-4.11')
    """
    sleepers = (
        "A bingo counts only if the last number called completes it: a card that was already complete "
        "on an earlier number (a sleeper) does not win."
        if terms.last_call_only
        else "A bingo counts when the pattern is covered on the numbers called so far, even if an earlier "
        "number completed it, as long as it is claimed before the next number is called."
    )
    tender = "cash" + "".join(f", {name}" for name in terms.other_tenders)
    rows = [
        Row((sleepers, f"{RULE}.27")),
        Row(
            (
                "Call BINGO before the next number is called and hold up your card for a volunteer. Once a "
                "bingo is verified no further number is called, so every winner on that number shares.",
                f"{RULE}.28, 4.11",
            )
        ),
        Row((_split(terms), f"{RULE}.11")),
    ]
    if terms.merchandise:
        rows.append(
            Row(
                (
                    "When a prize is merchandise and several players win it, one winner is drawn at random "
                    "and the others qualify for a later game or drawing.",
                    f"{RULE}.11",
                )
            )
        )
    rows += [
        Row(
            (
                "Only cards of tonight's series (and, where packs are tracked, sold tonight) can win.",
                f"{RULE}.9, 4.27",
            )
        ),
        Row(
            (
                "A number called in error is corrected only before the next number is called and before any "
                "bingo on it is verified; the correction is announced.",
                f"{RULE}.12",
            )
        ),
        Row(
            (
                f"We take {tender}"
                + (" (for the exact amount)" if terms.other_tenders else "")
                + "; never credit. A sale is voided only by the member in charge.",
                NO_CREDIT,
            )
        ),
    ]
    return tuple(rows)


def fixed_rules(terms: HouseTerms) -> tuple[Row, ...]:
    """10 DE Admin Code 101-4.20 (with 101-4.3, 4.1.1, 4.26, ...): the rules of the regulation itself a
    player must know, posted beside the house rules, with the sections
    for the kinds of game the program has (U Pick Em 4.30, break-open 4.29, the cookie jar 4.31).

    >>> [row.cells[1] for row in fixed_rules(HouseTerms())][:2]
    ['10 DE Admin Code 101-4.3', '10 DE Admin Code 101-4.1.1']
    >>> any("4.30.1.2" in row.cells[1] for row in fixed_rules(HouseTerms(upick=True)))
    True
    """
    rows = [
        Row(("You must be 18 or older to play.", BINGO_AGE)),
        Row(
            (
                "Members running tonight's games, and anyone working the event, may not play.",
                BINGO_WORKERS_MAY_NOT_PLAY,
            )
        ),
        Row(("You must be in the room to play a game or claim a prize.", f"{RULE}.26")),
        Row(("No alcoholic drinks in the room from opening until the last game ends.", f"{RULE}.8")),
        Row(
            (
                "Each game's pattern and prize are announced before it begins; at its end, the number of "
                "winners and what each is paid.",
                f"{RULE}.13, 4.6",
            )
        ),
        Row(
            (
                "When a winner is found, any player may have the numbers drawn and the balls left checked in "
                "front of the member in charge or an officer.",
                f"{RULE}.16",
            )
        ),
        Row(
            (
                "No prize over $350 in a game, nor over $3,000 in all tonight; every prize is awarded today.",
                f"{RULE}.6, 4.10",
            )
        ),
        Row(("Admission gives a card for every regular game; special games cost extra.", f"{RULE}.22")),
        Row(
            (
                "Seats may be reserved for players with disabilities; all others are open to all.",
                f"{RULE}.21",
            )
        ),
    ]
    if terms.upick:
        rows.append(
            Row(
                (
                    "U Pick Em: pick from 1 to 75, at most five a column; a face with a number twice is void. "
                    "Faces are sold and voided only before their game starts.",
                    f"{RULE}.30.1.1, 4.30.1.2",
                )
            )
        )
    if terms.break_open:
        rows.append(
            Row(
                (
                    "Break-open sheets are sold until calling resumes after their numbers are posted.",
                    f"{RULE}.29.2",
                )
            )
        )
    if terms.cookie_jar:
        rows.append(
            Row(
                (
                    "The cookie-jar fee is paid separately, before the first number of the first game; the jar "
                    "is won only by a bingo on the call of the cookie-jar number.",
                    f"{RULE}.31.3, 4.31.4, 4.31.6",
                )
            )
        )
    rows.append(Row((HELPLINE, HELPLINE_RULE)))
    return tuple(rows)


def house_rules_sheet(organization: str, heading: str, terms: HouseTerms) -> Paper:
    """10 DE Admin Code 101-4.20: the house rules affecting the players' conduct or the awarding of
    prizes, posted in at least four places in the room, with the rules of 101-4 every player must know
    and the helpline.

    >>> sheet = house_rules_sheet("Elks 1234", "Saturday", HouseTerms())
    >>> [part.title for part in sheet.parts]
    ["Tonight's house rules (10 DE Admin Code 101-4.20)", 'Rules of the game (10 DE Admin Code 101-4)']
    >>> sheet.parts[-1].rows[-1].cells[1]
    '28 Del. C. ch. 18, posting ¶(2)'
    """
    columns = ("Rule", "Section")
    return Paper(
        f"{organization}: house rules",
        heading,
        (),
        (
            Part(
                "Tonight's house rules (10 DE Admin Code 101-4.20)",
                columns,
                occasion_rules(terms),
                HOUSE_NOTE,
                form="{0} ({1})",
            ),
            Part("Rules of the game (10 DE Admin Code 101-4)", columns, fixed_rules(terms), form="{0} ({1})"),
        ),
    )
