"""The gates every game and every number drawn passes, whichever way it is drawn: a regular call, a
break-open posting or the forced cookie-jar final (10 DE Admin Code 101-4.2, 4.10, 4.12, 4.13, 4.25 and
4.31.6). One set of gates, so a rule checked at one door is never skipped at the next.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime

from bingo.rules.faces import ball_label
from bingo.rules.limits import GameKind, running_refusal
from shared.core.violations import Violation

RULE_VERIFIED = "10 DE Admin Code 101-4.25"


@dataclass(frozen=True)
class OccasionState:
    """What the gates read about an occasion: its status ("scheduled", "running" or "closed"), when
    the balls were verified (the start), whether the cookie-jar number is posted, whether it is a
    training occasion (the hours of 4.2 and 4.10 are lifted for it alone) and whether the hall runs a
    cookie jar at all (one that does not draws no cookie-jar number)."""

    status: str
    started_at: datetime | None
    jar_number_drawn: bool
    training: bool = False
    runs_cookie_jar: bool = True


@dataclass(frozen=True)
class GameState:
    """A game on the program as the gates see it: its number and status ("pending", "in_play" or
    "closed")."""

    number: int
    status: str


def open_refusal(occasion: OccasionState) -> Violation | None:
    """10 DE Admin Code 101-4.25: an occasion is played and settled only between its start (the balls
    verified) and its close.

    >>> open_refusal(OccasionState("scheduled", None, False)).code
    'balls_not_verified'
    """
    if occasion.status == "closed":
        return Violation("occasion_closed", "This occasion is closed.", None, "occasion_id", 409)
    if occasion.status == "scheduled" or occasion.started_at is None:
        return Violation(
            "balls_not_verified",
            "Verify the balls first: the occasion starts there.",
            RULE_VERIFIED,
            "occasion_id",
            409,
        )
    return None


def play_refusal(occasion: OccasionState, now: datetime) -> Violation | None:
    """10 DE Admin Code 101-4.25, 4.2 and 4.10: nothing is played before the balls are verified (the
    occasion starts there), after it closed, past six hours from the start or past midnight. A training
    occasion keeps every gate but the hours (Flashboard house rule, training mode: no money is at
    stake, so a new hall can practise at any hour).

    >>> from datetime import datetime, timedelta, timezone
    >>> start = datetime(2026, 12, 5, 18, 0, tzinfo=timezone.utc)
    >>> play_refusal(OccasionState("running", start, True), start + timedelta(hours=2)) is None
    True
    >>> play_refusal(OccasionState("scheduled", None, False), start).code
    'balls_not_verified'
    >>> play_refusal(OccasionState("running", start, True), start + timedelta(hours=6, minutes=1)).rule
    '10 DE Admin Code 101-4.2'
    >>> play_refusal(OccasionState("running", start, True, True), start + timedelta(hours=9)) is None
    True
    >>> play_refusal(OccasionState("closed", start, True, True), start).code
    'occasion_closed'
    """
    refusal = open_refusal(occasion)
    if refusal is not None or occasion.training:
        return refusal
    assert occasion.started_at is not None  # refused above
    return running_refusal(occasion.started_at.astimezone(now.tzinfo), now)


def start_refusal(occasion: OccasionState, games: Sequence[GameState], number: int, now: datetime) -> Violation | None:
    """10 DE Admin Code 101-4.12, 4.13 and 4.31.6: a game (or a break-open posting) begins only in a
    running occasion, after the cookie-jar number is posted (where the hall runs a cookie jar), once,
    while no other game is in play, and in program order.

    >>> from datetime import datetime, timezone
    >>> now = datetime(2026, 12, 5, 19, 0, tzinfo=timezone.utc)
    >>> running = OccasionState("running", now, True)
    >>> program = [GameState(1, "in_play"), GameState(2, "pending")]
    >>> start_refusal(running, program, 2, now).code
    'game_in_play'
    >>> start_refusal(running, [GameState(1, "pending"), GameState(2, "pending")], 2, now).code
    'out_of_order'
    >>> start_refusal(running, [GameState(1, "closed"), GameState(2, "pending")], 2, now) is None
    True
    >>> no_jar = OccasionState("running", now, False, runs_cookie_jar=False)
    >>> start_refusal(no_jar, [GameState(1, "pending")], 1, now) is None
    True
    """
    game = next((g for g in games if g.number == number), None)
    if game is None:
        return Violation("not_found", f"This occasion has no game {number}.", None, "game_number", 404)
    refusal = play_refusal(occasion, now)
    if refusal is not None:
        return refusal
    if occasion.runs_cookie_jar and not occasion.jar_number_drawn:
        return Violation(
            "jar_number_not_drawn",
            "Draw and post the cookie-jar number before the first game.",
            "10 DE Admin Code 101-4.31.6",
            "occasion_id",
            409,
        )
    if game.status == "withdrawn":
        return Violation(
            "game_withdrawn",
            f"Game {number} is withdrawn: the cookie-jar final blackout takes its place as the occasion's 40th game.",
            "10 DE Admin Code 101-4.17",
            "game_number",
            409,
        )
    if game.status != "pending":
        return Violation("game_started", f"Game {number} has already been started.", None, "game_number", 409)
    unfinished = [g.number for g in games if g.status == "in_play"]
    if unfinished:
        return Violation("game_in_play", f"Close game {unfinished[0]} first.", None, "game_number", 409)
    skipped = sorted(g.number for g in games if g.number < number and g.status == "pending")
    if skipped:
        return Violation(
            "out_of_order",
            f"Games are played in program order; game {skipped[0]} comes first.",
            None,
            "game_number",
            409,
        )
    return None


def in_play_refusal(occasion: OccasionState, game: GameState, now: datetime) -> Violation | None:
    """10 DE Admin Code 101-4.13, 4.25 and 4.2: a number is drawn only in a game that was started and
    announced and is not closed, in a running occasion, within its hours (settle_refusal is the gate
    for finishing that game once the hours are up).

    >>> from datetime import datetime, timedelta, timezone
    >>> now = datetime(2026, 12, 5, 19, 0, tzinfo=timezone.utc)
    >>> in_play_refusal(OccasionState("running", now, True), GameState(1, "pending"), now).rule
    '10 DE Admin Code 101-4.13'
    >>> in_play_refusal(OccasionState("running", now, True), GameState(1, "in_play"), now + timedelta(hours=7)).code
    'over_six_hours'
    """
    refusal = play_refusal(occasion, now)
    if refusal is not None:
        return refusal
    return settle_refusal(occasion, game)


def settle_refusal(occasion: OccasionState, game: GameState) -> Violation | None:
    """10 DE Admin Code 101-4.2 against 4.10 and 4.11 (settled reading, docs/rules.md "the end of the
    night"): when the six hours or the calendar day run out, play stops (no number is drawn and no game
    starts) but the game in play is finished: its bingos on the numbers already called are held,
    verified, corrected and split, the game closes and its winners are paid, so every winner of the
    night is determined and the occasion can close. This gate has no clock: it asks only that the game
    was started and is not closed, in an occasion that started and is not closed.

    >>> from datetime import datetime, timezone
    >>> start = datetime(2026, 12, 5, 18, 0, tzinfo=timezone.utc)
    >>> settle_refusal(OccasionState("running", start, True), GameState(4, "in_play")) is None
    True
    >>> settle_refusal(OccasionState("running", start, True), GameState(4, "closed")).code
    'game_closed'
    >>> settle_refusal(OccasionState("closed", start, True), GameState(4, "in_play")).code
    'occasion_closed'
    """
    refusal = open_refusal(occasion)
    if refusal is not None:
        return refusal
    if game.status == "pending":
        return Violation(
            "game_not_started",
            f"Game {game.number} has not been started and announced.",
            "10 DE Admin Code 101-4.13",
            "game_number",
            409,
        )
    if game.status == "closed":
        return Violation("game_closed", f"Game {game.number} is closed.", None, "game_number", 409)
    return None


def ball_check_refusal(status: str, today: date, occasion_date: date, training: bool) -> Violation | None:
    """10 DE Admin Code 101-4.25: the occasion starts when the balls are verified present, once, on the
    day it is scheduled for (the time of day is limits.start_refusal's). A training occasion may start
    on another day (Flashboard house rule, training mode: a practice begun before midnight and checked
    after it still plays).

    >>> from datetime import date
    >>> ball_check_refusal("scheduled", date(2026, 12, 5), date(2026, 12, 5), False) is None
    True
    >>> ball_check_refusal("running", date(2026, 12, 5), date(2026, 12, 5), True).rule
    '10 DE Admin Code 101-4.25'
    >>> ball_check_refusal("scheduled", date(2026, 12, 4), date(2026, 12, 5), False).message
    'This occasion is scheduled for 2026-12-05.'
    >>> ball_check_refusal("scheduled", date(2026, 12, 6), date(2026, 12, 5), True) is None
    True
    """
    if status != "scheduled":
        return Violation(
            "already_started",
            "The balls were already verified; the occasion has started.",
            RULE_VERIFIED,
            "occasion_id",
            409,
        )
    if today != occasion_date and not training:
        return Violation(
            "wrong_day", f"This occasion is scheduled for {occasion_date.isoformat()}.", None, "occasion_id", 409
        )
    return None


def jar_number_refusal(status: str, cookie_jar_number: int | None, runs_cookie_jar: bool) -> Violation | None:
    """10 DE Admin Code 101-4.25 and 4.31.6: the cookie-jar number is drawn and posted after the balls are
    verified, once per occasion, so every game is played knowing it; a hall that runs no cookie jar
    draws none (a posted number would promise a jar there is not).

    >>> jar_number_refusal("running", None, True) is None
    True
    >>> jar_number_refusal("scheduled", None, True).code
    'balls_not_verified'
    >>> jar_number_refusal("running", 17, True).message
    'The cookie-jar number is already I-17.'
    >>> jar_number_refusal("running", None, False).code
    'no_cookie_jar'
    """
    if not runs_cookie_jar:
        return Violation(
            "no_cookie_jar",
            "This hall runs no cookie jar, so no cookie-jar number is drawn; start the first game.",
            "10 DE Admin Code 101-4.31.6",
            "occasion_id",
            409,
        )
    if status == "scheduled":
        return Violation(
            "balls_not_verified",
            "Verify the balls before drawing the cookie-jar number.",
            RULE_VERIFIED,
            "occasion_id",
            409,
        )
    if cookie_jar_number is not None:
        return Violation(
            "jar_number_drawn",
            f"The cookie-jar number is already {ball_label(cookie_jar_number)}.",
            "10 DE Admin Code 101-4.31.6",
            "ball",
            409,
        )
    return None


def attendance_refusal(varies_with_attendance: bool, attendance: int | None) -> Violation | None:
    """10 DE Admin Code 101-4.18: where a game's prize depends on the number of players present, that number
    is announced before the game begins, so it is entered at the start.

    >>> attendance_refusal(True, 120) is None and attendance_refusal(False, None) is None
    True
    >>> attendance_refusal(True, None).field
    'attendance'
    """
    if not varies_with_attendance or attendance is not None:
        return None
    return Violation(
        "attendance_required",
        "This game's prize depends on attendance: enter the number of people present.",
        "10 DE Admin Code 101-4.18",
        "attendance",
    )


def close_refusal(status: str, games: Sequence[GameState]) -> Violation | None:
    """10 DE Admin Code 101-4.10: every prize is awarded the day it is won, so a running occasion closes
    only once no game is still in play.

    >>> close_refusal("running", [GameState(1, "closed"), GameState(2, "pending")]) is None
    True
    >>> close_refusal("running", [GameState(1, "closed"), GameState(2, "in_play")]).message
    'Close game 2 first, so its prize is awarded.'
    >>> close_refusal("scheduled", []).code
    'not_running'
    """
    if status != "running":
        return Violation("not_running", "Only a running occasion can be closed.", None, "occasion_id", 409)
    in_play = [g.number for g in games if g.status == "in_play"]
    if in_play:
        return Violation(
            "game_in_play",
            f"Close game {in_play[0]} first, so its prize is awarded.",
            "10 DE Admin Code 101-4.10",
            "occasion_id",
            409,
        )
    return None


def game_kind_refusal(number: int, found_kind: str | None, wanted: GameKind, rule: str) -> Violation | None:
    """10 DE Admin Code 101-4.29 and 4.30.1.6: a break-open posting or a U Pick Em face belongs to a game of
    that kind on the occasion's program (`found_kind` is None when the program has no game `number`);
    `rule` is the section the caller acts under.

    >>> game_kind_refusal(3, "u_pick_em", GameKind.U_PICK_EM, "10 DE Admin Code 101-4.30.1.6") is None
    True
    >>> refusal = game_kind_refusal(3, "regular", GameKind.BREAK_OPEN, "10 DE Admin Code 101-4.29")
    >>> refusal.code, refusal.message, refusal.status
    ('not_break_open_game', 'Game 3 is not a break open game on this program.', 404)
    """
    if found_kind == wanted.value:
        return None
    label = wanted.value.replace("_", " ")
    return Violation(
        f"not_{wanted.value}_game", f"Game {number} is not a {label} game on this program.", rule, "game_number", 404
    )


RULE_HOLD = "10 DE Admin Code 101-4.16"


def hold_refusal(held: bool, calls: int) -> Violation | None:
    """10 DE Admin Code 101-4.16 and 4.27: when a player calls bingo the caller holds the game, so the numbers
    drawn at the time a winner is determined stay the numbers drawn while the claim is checked. A game is
    held once at a time, and only after a ball is called (no card is covered before one).

    >>> hold_refusal(False, 12) is None
    True
    >>> hold_refusal(True, 12).code
    'game_held'
    >>> hold_refusal(False, 0).message
    'No ball has been called in this game yet: there is no bingo to hold for.'
    """
    if held:
        return Violation("game_held", "This game is already held for a bingo.", RULE_HOLD, "game_number", 409)
    if calls == 0:
        return Violation(
            "no_calls",
            "No ball has been called in this game yet: there is no bingo to hold for.",
            RULE_HOLD,
            "game_number",
            409,
        )
    return None


def resume_refusal(held: bool) -> Violation | None:
    """10 DE Admin Code 101-4.16: calling resumes only in a game that is held (a claim checked and found
    invalid, or a bingo called by mistake); a valid claim or the close ends the hold by itself.

    >>> resume_refusal(True) is None
    True
    >>> resume_refusal(False).code
    'game_not_held'
    """
    if held:
        return None
    return Violation("game_not_held", "This game is not held: calling goes on.", RULE_HOLD, "game_number", 409)


def held_call_refusal(held: bool) -> Violation | None:
    """10 DE Admin Code 101-4.16: no ball is called while the game is held for a bingo, so the numbers drawn
    when the winner is determined are the ones verified; the caller resumes calling, or a valid claim is
    verified and the game is closed.

    >>> held_call_refusal(False) is None
    True
    >>> refusal = held_call_refusal(True)
    >>> refusal.code, refusal.rule, refusal.status
    ('game_held', '10 DE Admin Code 101-4.16', 409)
    """
    if not held:
        return None
    return Violation(
        "game_held",
        "The game is held while a bingo is checked: no ball is called until the claim is verified or you resume.",
        RULE_HOLD,
        "ball",
        409,
    )
