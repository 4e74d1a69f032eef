"""The printed program (10 DE Admin Code 101-4.13, 4.15, 4.18, 4.30.1.5, 4.31.1) and the house-rules
sheet (4.20) as pure values, and both laid out for the PDF page and the receipt printer."""

from __future__ import annotations

from datetime import date, time

from bingo.rules.house_rules import HouseTerms, house_rules_sheet
from bingo.rules.limits import GameKind
from bingo.rules.patterns import FOUR_CORNERS, STANDARD, PatternKind
from bingo.rules.posted_papers import as_document, as_receipt, shown_ways
from bingo.rules.printed_program import Evening, JarTerms, ProgramGame, printed_program


def _game(number: int, shape: PatternKind, cents: int, game: str = "regular", **terms: object) -> ProgramGame:
    pattern = STANDARD[shape]
    return ProgramGame(
        number,
        GameKind(game),
        pattern.name,
        pattern.announcement,
        pattern.rule,
        pattern.alternatives,
        cents,
        **terms,  # type: ignore[arg-type]
    )


GAMES = (
    _game(1, PatternKind.FOUR_CORNERS, 7_500),
    _game(2, PatternKind.ANY_ROW, 10_000, tiers=((100, 15_000), (150, 20_000))),
    _game(3, PatternKind.BLACKOUT, 15_000, alternate_within_calls=52, alternate_cents=35_000),
    _game(4, PatternKind.BLACKOUT, 10_000, game="u_pick_em", pick_count=8, face_price_cents=100),
    _game(5, PatternKind.LETTER_X, 5_000, game="special", merchandise="A handmade quilt"),
)
EVENING = Evening("Millbrook VFC", "Saturday night", date(2026, 12, 5), time(18, 0), "Fire hall, 1 Main St")
JAR = JarTerms(200, 100_000, jar1_cents=64_000, jar2_cents=0, number="N-37")


def test_4_13_printed_program_lists_games_in_order_with_patterns_and_prizes() -> None:
    paper = printed_program(EVENING, GAMES, JAR)
    games = paper.parts[0]
    assert [row.cells[0] for row in games.rows] == [
        "1. Four corners (regular)",
        "2. Any row (regular)",
        "3. Blackout (regular)",
        "4. U Pick Em, pick 8",
        "5. Letter X (special: its own sheet)",
    ]
    corners, any_row, blackout, upick, quilt = games.rows
    assert corners.masks == (FOUR_CORNERS,) and "Cover the four corner squares." in corners.cells[1]
    assert "Any one of 12 ways, three drawn." in any_row.cells[1]
    assert upick.masks == () and "all 8 of their own numbers called" in upick.cells[1]
    assert corners.cells[2] == "$75.00" and quilt.cells[2] == "A handmade quilt (value $50.00)"
    assert paper.heading == "Saturday night, Saturday December 5, 2026"


def test_4_15_4_18_printed_program_states_alternates_and_attendance_tiers() -> None:
    _, any_row, blackout, *_ = printed_program(EVENING, GAMES, JAR).parts[0].rows
    assert any_row.cells[2] == "$100.00; $150.00 with 100 or more players; $200.00 with 150 or more"
    assert blackout.cells[2] == "$150.00; $350.00 if bingo is within 52 calls"


def test_4_30_1_5_printed_program_lists_each_upick_games_count_and_face_price() -> None:
    upick = printed_program(EVENING, GAMES, JAR).parts[1]
    assert upick.title == "U Pick Em games (10 DE Admin Code 101-4.30.1.5)"
    assert [row.cells for row in upick.rows] == [("Game 4", "8", "$1.00", "$100.00")]
    assert len(printed_program(EVENING, GAMES[:3], JAR).parts) == 3


def test_4_31_printed_program_posts_the_jar_fee_maximum_balances_and_how_it_is_won() -> None:
    jar = next(p for p in printed_program(EVENING, GAMES, JAR).parts if p.title.startswith("Cookie jar"))
    terms = {row.cells[0]: row.cells[1] for row in jar.rows}
    assert terms["Entry fee"].startswith("$2.00, paid separately") and "(101-4.31.3)" in terms["Entry fee"]
    assert terms["Most a jar holds"] == "$1,000.00 (101-4.31.1)"
    assert terms["To be won tonight"].startswith("$640.00") and "Second jar" not in terms
    assert terms["Cookie-jar number"] == "N-37"
    assert "on the call of the cookie-jar number" in terms["How it is won"] and "4.31.6" in terms["How it is won"]
    assert "separate single card" in terms["Both jars full"]
    unset = printed_program(EVENING, GAMES, None)
    assert not any(p.title.startswith("Cookie jar") for p in unset.parts)


def test_printed_program_ends_with_the_delaware_helpline() -> None:
    help_part = printed_program(EVENING, GAMES, None).parts[-1]
    assert help_part.rows[0].cells == (
        "Gambling problem? Call the Delaware Council on Gambling Problems helpline, 1-888-850-8888.",
        "28 Del. C. ch. 18, posting ¶(2)",
    )


def test_4_13_program_receipt_draws_each_pattern_as_a_text_grid_and_names_the_helpline() -> None:
    receipt = as_receipt(printed_program(EVENING, GAMES, JAR))
    assert receipt.title == "MILLBROOK VFC: BINGO PROGRAM"
    body = receipt.body
    first = body.index("- 1. Four corners (regular)")
    assert body[first + 1 : first + 8] == [
        "  How to win: Cover the four corner squares. The free space counts.",
        "  Prize: $75.00",
        "  X . . . X",
        "  . . . . .",
        "  . . * . .",
        "  . . . . .",
        "  X . . . X",
    ]
    row = body.index("- 2. Any row (regular)")
    assert body[row + 3] == "  X X X X X   X . . . .   . . . . X"
    assert "- Cookie-jar number: N-37" in body and "28 Del. C. ch. 18, posting para. (2)" in body[-1]
    assert max(len(line) for line in body if line.startswith(("  X", "  ."))) <= 48


def test_4_13_program_pdf_document_draws_up_to_three_ways_per_game() -> None:
    document = as_document(printed_program(EVENING, GAMES, JAR))
    games = document.tables[0]
    assert document.portrait and games.grids[0] == (FOUR_CORNERS,) and len(games.grids[1]) == 3
    assert games.grids[3] == () and shown_ways(STANDARD[PatternKind.ANY_ROW].alternatives)[0] == 0b11111
    trained = as_document(printed_program(EVENING, GAMES, JAR), training=True)
    assert trained.training and trained.title.startswith("TRAINING")
    assert as_receipt(printed_program(EVENING, GAMES, JAR), training=True).training


def test_4_20_house_rules_sheet_states_the_occasions_own_house_rules_with_their_sections() -> None:
    sheet = house_rules_sheet("Millbrook VFC", "Saturday", HouseTerms())
    rules = {row.cells[0]: row.cells[1] for row in sheet.parts[0].rows}
    sleepers = next(text for text in rules if text.startswith("A bingo counts only if the last number"))
    assert "(a sleeper) does not win" in sleepers and "101-4.27" in rules[sleepers]
    split = next(text for text in rules if text.startswith("Winners on the same number"))
    assert "to the cent" in split and "Each winning face gets a share." in split and "101-4.11" in rules[split]
    assert any(text.startswith("Call BINGO before the next number") for text in rules)
    assert sheet.parts[0].note is not None and "10 DE Admin Code 101-4.20" in sheet.parts[0].note
    assert "posted in at least four places" in sheet.parts[0].note


def test_4_20_house_rules_sheet_follows_the_occasions_switches() -> None:
    terms = HouseTerms(
        last_call_only=False, whole_dollars=True, per_player=True, other_tenders=("checks",), merchandise=True
    )
    text = " ".join(row.cells[0] for row in house_rules_sheet("Elks", "Saturday", terms).parts[0].rows)
    assert "even if an earlier number completed it" in text and "sleeper" not in text
    assert "in whole dollars" in text and "A player holding several winning faces gets one share." in text
    assert "one winner is drawn at random" in text and "We take cash, checks (for the exact amount)" in text


def test_4_20_house_rules_sheet_lists_the_rules_every_player_must_know() -> None:
    sheet = house_rules_sheet("Elks", "Saturday", HouseTerms(upick=True, break_open=True, cookie_jar=True))
    fixed = {row.cells[1]: row.cells[0] for row in sheet.parts[1].rows}
    assert fixed["10 DE Admin Code 101-4.3"] == "You must be 18 or older to play."
    assert "may not play" in fixed["10 DE Admin Code 101-4.1.1"]
    for section in ("101-4.26", "101-4.8", "101-4.16", "101-4.6, 4.10", "101-4.30.1.1", "101-4.29.2", "101-4.31.3"):
        assert any(section in rule for rule in fixed), section
    plain = house_rules_sheet("Elks", "Saturday", HouseTerms())
    assert not any("4.30" in row.cells[1] for row in plain.parts[1].rows)
    receipt = as_receipt(sheet)
    assert receipt.title == "ELKS: HOUSE RULES"
    assert "- You must be 18 or older to play. (10 DE Admin Code 101-4.3)" in receipt.body
