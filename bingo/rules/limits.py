"""Limits on a bingo occasion's program, prizes and schedule: 10 DE Admin Code 101-4.2, 4.4, 4.6,
4.7, 4.10, 4.15, 4.17 and 4.18. Pure checks that return the Violation refusing an action.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from enum import StrEnum

from bingo.rules.holidays import holiday_within_week
from shared.core.calendar import add_years
from shared.core.money import format_cents
from shared.core.violations import Violation
from shared.hall.rules.licensing import BingoLicenseClass

MAX_GAMES = 40
MAX_GAME_PRIZE_CENTS = 35_000
MAX_OCCASION_PRIZES_CENTS = 300_000
MAX_PROMOTIONS_CENTS_PER_YEAR = 50_000
MAX_HOLIDAY_PROMOTIONS_PER_YEAR = 3
INDUCEMENT_PERCENT = 15
EARLIEST_START = time(12, 0)
MAX_OCCASION_HOURS = 6
PRE_444_DAYS_PER_MONTH = 10


class GameKind(StrEnum):
    REGULAR = "regular"
    SPECIAL = "special"
    EARLY_BIRD = "early_bird"
    U_PICK_EM = "u_pick_em"
    BREAK_OPEN = "break_open"
    COOKIE_JAR_FINAL = "cookie_jar_final"


# 10 DE Admin Code 101-4.6: the occasion report and the printed program name each game's kind, since
# the prize limits (4.15), specials' sheets (4.13) and the jar (4.31) differ by kind
KIND_TITLES = {
    GameKind.REGULAR: "Regular",
    GameKind.SPECIAL: "Special",
    GameKind.EARLY_BIRD: "Early bird",
    GameKind.U_PICK_EM: "U Pick Em",
    GameKind.BREAK_OPEN: "Break-open",
    GameKind.COOKIE_JAR_FINAL: "Cookie-jar final",
}


@dataclass(frozen=True)
class PrizeTerms:
    """A game's prize: money or merchandise of a stated value, optionally an alternate amount when
    bingo comes within a number of calls (4.15), and amounts by attendance (4.18)."""

    amount_cents: int
    merchandise: str | None = None
    alternate_within_calls: int | None = None
    alternate_cents: int | None = None
    attendance_tiers: tuple[tuple[int, int], ...] = ()

    def worst_case(self) -> int:
        """Settled reading (DESIGN.md): limits are checked on the highest amount the game could pay.

        >>> PrizeTerms(10_000, alternate_within_calls=50, alternate_cents=35_000).worst_case()
        35000
        """
        amounts = [self.amount_cents, *(amount for _, amount in self.attendance_tiers)]
        if self.alternate_cents is not None:
            amounts.append(self.alternate_cents)
        return max(amounts)

    def for_attendance(self, attendance: int | None) -> int:
        """10 DE Admin Code 101-4.18: the highest tier the attendance reaches, else the base amount.

        >>> terms = PrizeTerms(10_000, attendance_tiers=((100, 15_000), (150, 20_000)))
        >>> terms.for_attendance(None), terms.for_attendance(120), terms.for_attendance(150)
        (10000, 15000, 20000)
        """
        reached = [amount for least, amount in self.attendance_tiers if attendance is not None and attendance >= least]
        return max(reached) if reached else self.amount_cents

    def payable(self, attendance: int | None, winning_call: int | None) -> int:
        """10 DE Admin Code 101-4.15: the alternate amount when bingo came within its number of calls.

        >>> terms = PrizeTerms(10_000, alternate_within_calls=50, alternate_cents=35_000)
        >>> terms.payable(None, 50), terms.payable(None, 51)
        (35000, 10000)
        """
        base = self.for_attendance(attendance)
        if (
            self.alternate_within_calls is not None
            and self.alternate_cents is not None
            and winning_call is not None
            and winning_call <= self.alternate_within_calls
        ):
            return self.alternate_cents
        return base


@dataclass(frozen=True)
class ProgramGame:
    number: int
    kind: GameKind
    prize: PrizeTerms


def counts_toward_limits(game: ProgramGame) -> bool:
    """10 DE Admin Code 101-4.31.2: cookie-jar money is outside the prize limits, so the forced cookie-jar
    final's prize (jar 1) is not counted toward the $350 and $3,000; the game itself is one of the 40
    (4.17 counts every game conducted)."""
    return game.kind is not GameKind.COOKIE_JAR_FINAL


def program_violations(games: Sequence[ProgramGame]) -> list[Violation]:
    """10 DE Admin Code 101-4.6 and 4.17: at most 40 games (a cookie-jar final among them), no prize over
    $350, and no more than $3,000 in prizes for the occasion, each on its worst case.

    >>> games = [ProgramGame(n, GameKind.REGULAR, PrizeTerms(5_000)) for n in range(1, 42)]
    >>> [v.code for v in program_violations(games)]
    ['too_many_games']
    >>> [v.rule for v in program_violations([ProgramGame(1, GameKind.REGULAR, PrizeTerms(35_001))])]
    ['10 DE Admin Code 101-4.6']
    >>> [v.code for v in program_violations(games[:40] + [ProgramGame(41, GameKind.COOKIE_JAR_FINAL, PrizeTerms(0))])]
    ['too_many_games']
    >>> program_violations(games[:39] + [ProgramGame(40, GameKind.COOKIE_JAR_FINAL, PrizeTerms(100_000))])
    []
    """
    counted = [g for g in games if counts_toward_limits(g)]
    found = []
    if len(games) > MAX_GAMES:
        found.append(
            Violation(
                "too_many_games",
                f"The program has {len(games)} games; an occasion may have at most {MAX_GAMES}.",
                "10 DE Admin Code 101-4.17",
                "games",
            )
        )
    for game in counted:
        worst = game.prize.worst_case()
        if worst > MAX_GAME_PRIZE_CENTS:
            found.append(
                Violation(
                    "game_prize_over_limit",
                    f"Game {game.number} could pay {format_cents(worst)}; no single game may offer more than "
                    f"{format_cents(MAX_GAME_PRIZE_CENTS)}.",
                    "10 DE Admin Code 101-4.6",
                    f"games.{game.number}.prize",
                )
            )
    total = sum(g.prize.worst_case() for g in counted)
    if total > MAX_OCCASION_PRIZES_CENTS:
        found.append(
            Violation(
                "occasion_prizes_over_limit",
                f"The program's prizes could total {format_cents(total)}; an occasion may offer at most "
                f"{format_cents(MAX_OCCASION_PRIZES_CENTS)}.",
                "10 DE Admin Code 101-4.6",
                "games",
            )
        )
    return found


def start_refusal(now: datetime, training: bool) -> Violation | None:
    """10 DE Admin Code 101-4.2 and 4.25: the occasion starts when the balls are verified, never
    before 12:00 p.m. hall time; a training occasion at any hour (Flashboard house rule, training
    mode: nothing is played for money, so a new hall can practise in the morning).

    >>> start_refusal(datetime(2026, 12, 5, 11, 59), False).code
    'before_noon'
    >>> start_refusal(datetime(2026, 12, 5, 12, 0), False) is None
    True
    >>> start_refusal(datetime(2026, 12, 5, 9, 0), True) is None
    True
    """
    if now.time() < EARLIEST_START and not training:
        return Violation(
            "before_noon",
            "Bingo may not begin before 12:00 p.m.; verify the balls at or after noon.",
            "10 DE Admin Code 101-4.2",
            "verified_at",
            409,
        )
    return None


def running_refusal(started_at: datetime, now: datetime) -> Violation | None:
    """10 DE Admin Code 101-4.2 and 4.10: play stops six hours after the start, and at midnight, since
    every prize is determined and awarded on the calendar day the game is played. What stops is the
    drawing of numbers and the start of games; the game in play is still finished (bingo.rules.play
    settle_refusal).

    >>> start = datetime(2026, 12, 5, 19, 0)
    >>> running_refusal(start, datetime(2026, 12, 5, 23, 59)) is None
    True
    >>> running_refusal(start, datetime(2026, 12, 6, 0, 1)).code
    'past_midnight'
    >>> running_refusal(datetime(2026, 12, 5, 12, 0), datetime(2026, 12, 5, 18, 1)).rule
    '10 DE Admin Code 101-4.2'
    """
    if now > started_at + timedelta(hours=MAX_OCCASION_HOURS):
        return Violation(
            "over_six_hours",
            "The occasion has run six hours: no more numbers are called and no game starts. Finish the game "
            "in play (verify, close and pay it) and close the occasion.",
            "10 DE Admin Code 101-4.2",
            None,
            409,
        )
    if now.date() != started_at.date():
        return Violation(
            "past_midnight",
            "Midnight has passed: no more numbers are called and no game starts, since every prize is "
            "determined the calendar day its game is played. Finish the game in play and close the occasion.",
            "10 DE Admin Code 101-4.10",
            None,
            409,
        )
    return None


def week_of(day: date) -> tuple[date, date]:
    """Settled reading (docs/rules.md, "101-4.4 frequency"): a "week" in 10 DE Admin Code 101-4.4 and 4.7 is
    Sunday through Saturday.

    >>> week_of(date(2026, 3, 4))
    (datetime.date(2026, 3, 1), datetime.date(2026, 3, 7))
    >>> week_of(date(2026, 3, 1))[0], week_of(date(2026, 3, 7))[0]
    (datetime.date(2026, 3, 1), datetime.date(2026, 3, 1))
    """
    start = day - timedelta(days=(day.weekday() + 1) % 7)
    return start, start + timedelta(days=6)


@dataclass(frozen=True)
class Booking:
    organization_id: int
    premises_id: int
    day: date


def schedule_refusal(
    organization_id: int,
    license_class: BingoLicenseClass,
    premises_id: int,
    building_of_licensee: bool,
    day: date,
    bookings: Sequence[Booking],
) -> Violation | None:
    """10 DE Admin Code 101-4.4 and 4.7: the licence class's frequency limit, one organization per
    premises per day, and for post-444 licensees one organization per licensed organization's
    building per week.

    >>> booked = [Booking(1, 10, date(2026, 3, 2))]
    >>> schedule_refusal(1, BingoLicenseClass.POST_444, 10, False, date(2026, 3, 7), booked).code
    'one_per_week'
    >>> schedule_refusal(1, BingoLicenseClass.POST_444, 10, False, date(2026, 3, 8), booked) is None
    True
    >>> schedule_refusal(2, BingoLicenseClass.PRE_444, 10, False, date(2026, 3, 2), booked).rule
    '10 DE Admin Code 101-4.7'
    """
    others_here = [b for b in bookings if b.premises_id == premises_id and b.organization_id != organization_id]
    if any(b.day == day for b in others_here):
        return Violation(
            "premises_taken",
            "Another organization holds bingo at these premises on that day.",
            "10 DE Admin Code 101-4.7",
            "premises_id",
            409,
        )
    own = [b for b in bookings if b.organization_id == organization_id]
    first, last = week_of(day)
    if license_class is BingoLicenseClass.PRE_444:
        days = {b.day for b in own if (b.day.year, b.day.month) == (day.year, day.month)} | {day}
        if len(days) > PRE_444_DAYS_PER_MONTH:
            return Violation(
                "too_many_days",
                f"That would be {len(days)} bingo days in {day:%B %Y}; an organization licensed "
                f"before 71 Del. Laws 444 may hold bingo on at most {PRE_444_DAYS_PER_MONTH} days a month.",
                "10 DE Admin Code 101-4.4",
                "date",
                409,
            )
        return None
    if any(first <= b.day <= last for b in own):
        return Violation(
            "one_per_week",
            "An organization licensed after 71 Del. Laws 444 may hold one bingo occasion a week "
            f"(Sunday {first.isoformat()} to Saturday {last.isoformat()}).",
            "10 DE Admin Code 101-4.4",
            "date",
            409,
        )
    if building_of_licensee and any(first <= b.day <= last for b in others_here):
        return Violation(
            "building_taken_this_week",
            "Another licensed organization holds bingo in this organization's building that week.",
            "10 DE Admin Code 101-4.7",
            "premises_id",
            409,
        )
    return None


class PromotionOccasion(StrEnum):
    ANNIVERSARY = "anniversary"
    HOLIDAY = "holiday"


@dataclass(frozen=True)
class Promotion:
    day: date
    value_cents: int
    occasion: PromotionOccasion


def promotion_refusal(new: Promotion, same_year: Sequence[Promotion], anniversary: date | None) -> Violation | None:
    """10 DE Admin Code 101-4.6: promotional giveaways total at most $500 a year, only at the
    organization's anniversary occasion and at most three holiday occasions, each within the seven
    days before a Delaware holiday or on it. Settled reading: the anniversary occasion uses the same
    seven-day window before (or on) the anniversary date.

    >>> christmas = Promotion(date(2026, 12, 19), 30_000, PromotionOccasion.HOLIDAY)
    >>> promotion_refusal(christmas, [], None) is None
    True
    >>> promotion_refusal(Promotion(date(2026, 12, 24), 20_001, PromotionOccasion.HOLIDAY), [christmas], None).code
    'promotions_over_limit'
    >>> promotion_refusal(Promotion(date(2026, 12, 12), 100, PromotionOccasion.HOLIDAY), [], None).code
    'not_holiday'
    >>> promotion_refusal(Promotion(date(2026, 5, 9), 100, PromotionOccasion.ANNIVERSARY), [], date(1950, 5, 16))
    >>> promotion_refusal(Promotion(date(2026, 5, 17), 100, PromotionOccasion.ANNIVERSARY), [], date(1950, 5, 16)).code
    'not_anniversary'
    """
    rule = "10 DE Admin Code 101-4.6"
    total = sum(p.value_cents for p in same_year) + new.value_cents
    if total > MAX_PROMOTIONS_CENTS_PER_YEAR:
        return Violation(
            "promotions_over_limit",
            f"Promotional giveaways would total {format_cents(total)} this year; "
            f"the limit is {format_cents(MAX_PROMOTIONS_CENTS_PER_YEAR)}.",
            rule,
            "value",
            409,
        )
    if new.occasion is PromotionOccasion.ANNIVERSARY:
        if anniversary is None:
            return Violation(
                "no_anniversary", "Record the organization's anniversary date first.", rule, "occasion", 409
            )
        this_year = add_years(anniversary, new.day.year - anniversary.year)
        if not timedelta(0) <= this_year - new.day <= timedelta(days=7):
            return Violation(
                "not_anniversary",
                f"The anniversary giveaway must be at an occasion within the seven days before "
                f"{this_year.isoformat()} or on it.",
                rule,
                "occasion",
                409,
            )
        if any(p.occasion is PromotionOccasion.ANNIVERSARY and p.day != new.day for p in same_year):
            return Violation(
                "second_anniversary",
                "This year's anniversary giveaway occasion is already recorded.",
                rule,
                "occasion",
                409,
            )
        return None
    holiday = holiday_within_week(new.day)
    if holiday is None:
        return Violation(
            "not_holiday",
            "A holiday giveaway must be at an occasion within the seven days before a Delaware holiday or on it.",
            rule,
            "occasion",
            409,
        )
    holiday_days = {p.day for p in same_year if p.occasion is PromotionOccasion.HOLIDAY} | {new.day}
    if len(holiday_days) > MAX_HOLIDAY_PROMOTIONS_PER_YEAR:
        return Violation(
            "too_many_holidays",
            f"Giveaways may be at no more than {MAX_HOLIDAY_PROMOTIONS_PER_YEAR} holiday occasions a year.",
            rule,
            "occasion",
            409,
        )
    return None


def inducement_refusal(inducements_cents: int, other_prizes_cents: int) -> Violation | None:
    """10 DE Admin Code 101-4.6: inducements (free refreshments, transport and the like) are worth at
    most 15% of the occasion's other prizes.

    >>> inducement_refusal(15_000, 100_000) is None
    True
    >>> inducement_refusal(15_001, 100_000).code
    'inducements_over_limit'
    """
    if inducements_cents * 100 <= INDUCEMENT_PERCENT * other_prizes_cents:
        return None
    allowed = other_prizes_cents * INDUCEMENT_PERCENT // 100
    return Violation(
        "inducements_over_limit",
        f"Inducements of {format_cents(inducements_cents)} exceed 15% of the other prizes ({format_cents(allowed)}).",
        "10 DE Admin Code 101-4.6",
        "value",
        409,
    )


APPROACHING_PERCENT = 80


@dataclass(frozen=True)
class LimitUse:
    """One occasion limit as the member in charge watches it: how much is used, of what, and under
    which rule; `approaching` from 80% so there is time to act, `reached` at the limit."""

    name: str
    used: int
    limit: int
    unit: str
    rule: str

    @property
    def percent(self) -> int:
        """Flashboard house rule (the member in charge's limit gauge): the share of the limit used, in whole
        percent, never shown past 100."""
        return min(100, self.used * 100 // self.limit)

    @property
    def level(self) -> str:
        """Flashboard house rule (the member in charge's limit gauge): "approaching" from 80% of the limit,
        so there is time to act, and "reached" at the limit; the limit itself is the rule in `rule`.

        >>> [LimitUse("Games played", n, 40, "games", "10 DE Admin Code 101-4.17").level for n in (31, 32, 40)]
        ['ok', 'approaching', 'reached']
        """
        if self.used >= self.limit:
            return "reached"
        return "approaching" if self.used * 100 >= self.limit * APPROACHING_PERCENT else "ok"


def limits_in_use(
    prizes_awarded_cents: int, games_played: int, started_at: datetime | None, now: datetime
) -> list[LimitUse]:
    """10 DE Admin Code 101-4.6 ($3,000 in prizes), 4.17 (40 games) and 4.2 (six hours from the start):
    the three limits an occasion runs against, as used so far. Time is counted in whole minutes.

    >>> start = datetime(2026, 12, 5, 18, 0)
    >>> [(u.name, u.used, u.percent) for u in limits_in_use(150_000, 20, start, datetime(2026, 12, 5, 21, 0))]
    [('Prizes awarded', 150000, 50), ('Games played', 20, 50), ('Time since the start', 180, 50)]
    """
    minutes = 0 if started_at is None else max(0, int((now - started_at).total_seconds() // 60))
    return [
        LimitUse(
            "Prizes awarded", prizes_awarded_cents, MAX_OCCASION_PRIZES_CENTS, "cents", "10 DE Admin Code 101-4.6"
        ),
        LimitUse("Games played", games_played, MAX_GAMES, "games", "10 DE Admin Code 101-4.17"),
        LimitUse("Time since the start", minutes, MAX_OCCASION_HOURS * 60, "minutes", "10 DE Admin Code 101-4.2"),
    ]
