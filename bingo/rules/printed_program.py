"""The printed bingo program (10 DE Admin Code 101-4.13, 4.15, 4.18, 4.30.1.5, 4.31): the games in the
order the caller plays them, each with its pattern drawn and described, its prize with any alternate
and attendance tiers; the U Pick Em games with how many numbers are picked and the price of a face; the
prices of admission and the specials; the cookie jar (its fee, its maximum, what is in it, how it is
won); and the problem-gambling helpline. Pure: made from frozen values the service loads from the
occasion's own game rows, the ones the caller announces from, so paper and console cannot disagree."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, time

from bingo.rules.board_states import draws_a_card, game_label, how_to_win
from bingo.rules.limits import GameKind
from bingo.rules.posted_papers import Paper, Part, Row
from shared.core.money import format_cents

HELPLINE = "Gambling problem? Call the Delaware Council on Gambling Problems helpline, 1-888-850-8888."
HELPLINE_RULE = "28 Del. C. ch. 18, posting ¶(2)"


@dataclass(frozen=True)
class ProgramGame:
    """A game as the caller will announce it (the occasion's game row, or a program entry before any
    occasion plays it)."""

    number: int
    kind: GameKind
    pattern_name: str
    announcement: str
    rule: str
    masks: tuple[int, ...]
    prize_cents: int
    merchandise: str | None = None
    alternate_within_calls: int | None = None
    alternate_cents: int | None = None
    tiers: tuple[tuple[int, int], ...] = ()
    pick_count: int | None = None
    face_price_cents: int | None = None
    break_open_numbers: int | None = None
    electronic: bool = False


@dataclass(frozen=True)
class JarTerms:
    """10 DE Admin Code 101-4.31.1: the jar's entry fee and maximum, and, when the ledger is known, what
    each jar holds now; the cookie-jar number once it is drawn (4.31.6)."""

    fee_cents: int
    maximum_cents: int
    jar1_cents: int | None = None
    jar2_cents: int | None = None
    number: str | None = None
    must_go: bool = False


@dataclass(frozen=True)
class Evening:
    """Whose program, where and when, and what the cashier sells at what price (101-4.22)."""

    organization: str
    program_name: str
    day: date | None = None
    start: time | None = None
    premises: str | None = None
    prices: tuple[tuple[str, int], ...] = ()


KIND_NAMES = {
    GameKind.REGULAR: "regular",
    GameKind.EARLY_BIRD: "early bird",
    GameKind.SPECIAL: "special: its own sheet",
}


def prize_text(game: ProgramGame) -> str:
    """10 DE Admin Code 101-4.6, 4.15 and 4.18: the prize as announced: the amount (or the merchandise and
    its value), the alternate prize and the calls it needs, and the amount at each attendance tier.

    >>> game = ProgramGame(7, GameKind.REGULAR, "Blackout", "", "", (), 15_000, alternate_within_calls=52,
    ...     alternate_cents=35_000, tiers=((100, 20_000), (150, 25_000)))
    >>> prize_text(game)
    '$150.00; $200.00 with 100 or more players; $250.00 with 150 or more; $350.00 if bingo is within 52 calls'
    >>> prize_text(ProgramGame(1, GameKind.REGULAR, "Any row", "", "", (), 5_000, merchandise="A quilt"))
    'A quilt (value $50.00)'
    """
    if game.kind is GameKind.COOKIE_JAR_FINAL:
        return "The cookie jar"
    text = f"{game.merchandise} (value {format_cents(game.prize_cents)})" if game.merchandise else ""
    text = text or format_cents(game.prize_cents)
    for n, (least, cents) in enumerate(game.tiers):
        text += f"; {format_cents(cents)} with {least} or more" + (" players" if n == 0 else "")
    if game.alternate_cents is not None and game.alternate_within_calls is not None:
        text += f"; {format_cents(game.alternate_cents)} if bingo is within {game.alternate_within_calls} calls"
    return text


def _how(game: ProgramGame) -> str:
    how = how_to_win(game.kind, game.announcement, game.pick_count)
    ways = len(game.masks)
    if draws_a_card(game.kind) and ways > 1:
        how += f" Any one of {ways} ways" + (", three drawn." if ways > 3 else ", all drawn.")
    if game.kind is GameKind.BREAK_OPEN and game.break_open_numbers:
        how += f" {game.break_open_numbers} numbers are drawn and posted at once."
    if game.electronic:
        how += " Balls drawn electronically."
    return how


def _game_row(game: ProgramGame) -> Row:
    label = game_label(game.kind, game.pattern_name, game.pick_count)
    kind = KIND_NAMES.get(game.kind)
    name = f"{game.number}. {label}" + (f" ({kind})" if kind else "")
    return Row((name, _how(game), prize_text(game)), game.masks if draws_a_card(game.kind) else ())


def _upick(games: tuple[ProgramGame, ...]) -> Part | None:
    """10 DE Admin Code 101-4.30.1.5: each U Pick Em game's count of numbers and price of a face."""
    rows = tuple(
        Row(
            (
                f"Game {g.number}",
                str(g.pick_count),
                format_cents(g.face_price_cents or 0),
                format_cents(g.prize_cents),
            )
        )
        for g in games
        if g.kind is GameKind.U_PICK_EM
    )
    if not rows:
        return None
    return Part(
        "U Pick Em games (10 DE Admin Code 101-4.30.1.5)",
        ("Game", "Numbers picked", "Price a face", "Payout"),
        rows,
        "Pick your numbers from 1 to 75, at most five from any column (B, I, N, G, O), no number twice; or "
        "ask for a quick pick. The first face with all its numbers called wins (101-4.30.1.1, 4.30.1.8).",
    )


def _jar(jar: JarTerms) -> Part:
    """10 DE Admin Code 101-4.31.1-4.31.6: the jar posted and announced: its fee, its maximum, the amount
    to be won, and how it is won."""
    rows = [
        Row(("Entry fee", f"{format_cents(jar.fee_cents)}, paid separately from every other fee (101-4.31.3)")),
        Row(("Most a jar holds", f"{format_cents(jar.maximum_cents)} (101-4.31.1)")),
    ]
    if jar.jar1_cents is not None:
        rows.append(Row(("To be won tonight", f"{format_cents(jar.jar1_cents)} (jar 1, 101-4.31.1)")))
    if jar.jar2_cents:
        rows.append(Row(("Second jar", f"{format_cents(jar.jar2_cents)}, next to be won (101-4.31.4)")))
    rows.append(Row(("Cookie-jar number", jar.number or "drawn after the balls are verified (101-4.25, 4.31.6)")))
    rows.append(
        Row(
            (
                "How it is won",
                "A bingo completed on the call of the cookie-jar number, in any game tonight, wins jar 1; "
                "several such bingos share it. If nobody makes bingo on that number the jar is not awarded "
                "and carries over (101-4.31.6).",
            )
        )
    )
    rows.append(
        Row(
            (
                "Both jars full",
                "Jar 1 must go tonight: if it is not won by the last game, a final blackout on a separate "
                "single card is played for it (101-4.31.5)." + (" Tonight both jars are full." if jar.must_go else ""),
            )
        )
    )
    rows.append(Row(("Entries", "Sold before the first number of the first game only (101-4.31.4).")))
    return Part("Cookie jar (10 DE Admin Code 101-4.31)", ("Item", "Terms"), tuple(rows), form="{0}: {1}")


def printed_program(evening: Evening, games: tuple[ProgramGame, ...], jar: JarTerms | None) -> Paper:
    """10 DE Admin Code 101-4.13, 4.15, 4.18, 4.30.1.5 and 4.31.1: the printed program, from the games the
    caller plays, in their order: each pattern drawn and described (4.13), each prize with its alternate
    (4.15) and attendance tiers (4.18), the U Pick Em counts and prices (4.30.1.5), the prices (4.22),
    the cookie jar posted (4.31.1) and the helpline (28 Del. C. ch. 18, posting ¶(2), the Delaware
    helpline the hall posts: 101-4 names none).

    >>> corners = ProgramGame(1, GameKind.REGULAR, "Four corners", "Cover the four corners.", "", (0b1,), 7_500)
    >>> upick = ProgramGame(2, GameKind.U_PICK_EM, "Blackout", "", "", (), 10_000, pick_count=8, face_price_cents=100)
    >>> paper = printed_program(Evening("Elks 1234", "Saturday"), (corners, upick), JarTerms(200, 100_000))
    >>> [row.cells[0] for row in paper.parts[0].rows]
    ['1. Four corners (regular)', '2. U Pick Em, pick 8']
    >>> paper.parts[1].rows[0].cells
    ('Game 2', '8', '$1.00', '$100.00')
    >>> paper.parts[-1].rows[0].cells[0].startswith("Gambling problem?")
    True
    """
    heading = evening.program_name
    if evening.day is not None:
        heading += f", {evening.day:%A %B} {evening.day.day}, {evening.day.year}"
    facts: list[tuple[str, str]] = []
    if evening.premises:
        facts.append(("Where", evening.premises))
    if evening.start is not None:
        facts.append(("Starts", f"{evening.start:%H:%M}, when the balls are verified (101-4.25)"))
    facts.append(("Games", f"{len(games)}, played in this order (101-4.13)"))
    parts = [
        Part(
            "Games in order",
            ("Game", "How to win", "Prize"),
            tuple(_game_row(g) for g in games),
            "Each pattern is announced and shown before its game begins; a marked square is one to cover, "
            "the free space counts (101-4.13, 4.14). Where the prize depends on attendance, the count "
            "present is announced with it (101-4.18).",
        )
    ]
    upick = _upick(games)
    if upick is not None:
        parts.append(upick)
    if evening.prices:
        parts.append(
            Part(
                "Prices (10 DE Admin Code 101-4.22)",
                ("Item", "Price"),
                tuple(Row((name, format_cents(cents))) for name, cents in evening.prices),
                "Admission gives a card for every regular game; a special game is played on its own sheet.",
                form="{0}: {1}",
            )
        )
    if jar is not None:
        parts.append(_jar(jar))
    parts.append(Part("Help", ("Helpline", "Rule"), (Row((HELPLINE, HELPLINE_RULE)),), form="{0} ({1})"))
    return Paper(f"{evening.organization}: bingo program", heading, tuple(facts), tuple(parts))
