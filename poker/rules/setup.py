"""A tournament's setup (entry fee, chips, re-buys, levels, prizes, how it ends) checked against its
jurisdiction's profile. Every refusal cites the rule; an empty list means the setup may be used."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import date
from typing import Any

from poker.rules.profiles import Profile
from shared.core.money import format_cents
from shared.core.violations import Violation

SETUP = "Flashboard tournament setup"
WHOLE = 10_000  # basis points in 100%


@dataclass(frozen=True)
class Level:
    """A blind level (or a break): blinds and ante in chips, length in minutes."""

    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    is_break: bool = False


@dataclass(frozen=True)
class RebuyPolicy:
    allowed: bool = False
    cost_cents: int = 0
    chips: int = 0
    until_level: int | None = None
    at_or_below_chips: int | None = None
    max_per_player: int | None = None
    reentry: bool = False


@dataclass(frozen=True)
class Prize:
    """A place's prize: a fixed amount or a share of the pool in basis points, and its exact words."""

    place: int
    description: str
    fixed_cents: int | None = None
    percent_bp: int | None = None


@dataclass(frozen=True)
class PrizeTable:
    """The prizes for a field of `min_entrants` to `max_entrants` players (no upper end when None): the
    director picks, at the draw, the table whose range holds the number of entrants."""

    min_entrants: int
    max_entrants: int | None
    prizes: tuple[Prize, ...]

    def holds(self, entrants: int) -> bool:
        """28 Del. C. ch. 18, printed rules ¶(5): this table is posted for a field of this many entrants."""
        return self.min_entrants <= entrants and (self.max_entrants is None or entrants <= self.max_entrants)

    @property
    def label(self) -> str:
        """28 Del. C. ch. 18, printed rules ¶(5): the field the table is posted for, as the printed rules and
        screens say it: "2-9 entrants", "10 or more entrants", "12 entrants"."""
        if self.max_entrants is None:
            return f"{self.min_entrants} or more entrants"
        if self.max_entrants == self.min_entrants:
            return f"{self.min_entrants} entrants"
        return f"{self.min_entrants}-{self.max_entrants} entrants"


@dataclass(frozen=True)
class Setup:
    entry_fee_cents: int
    starting_chips: int
    levels: tuple[Level, ...]
    prizes: tuple[Prize, ...]
    rebuy: RebuyPolicy = field(default_factory=RebuyPolicy)
    final_table_size: int = 10
    min_players: int = 2
    prize_tables: tuple[PrizeTable, ...] = ()
    other_charges_cents: int = 0
    added_money_cents: int = 0
    deals_allowed: bool = False
    special_game: bool = False
    charitable: bool = False
    charity_percent: int = 0
    rake_cents: int = 0
    starts_on: date | None = None
    days: int = 1
    announced_on: date | None = None


def _v(code: str, message: str, rule: str, field_name: str) -> Violation:
    return Violation(code, message, rule, field_name, 422)


def posted_tables(setup: Setup) -> tuple[PrizeTable, ...]:
    """28 Del. C. ch. 18, printed rules ¶(5) (how many prizes and the exact description of each): the
    prize tables the printed rules post. A setup gives either one list of prizes, read as one table for
    `min_players` entrants or more, or its prize tables by field size.

    >>> one = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=5_000),), min_players=4)
    >>> [t.label for t in posted_tables(one)]
    ['4 or more entrants']
    """
    if setup.prize_tables:
        return setup.prize_tables
    return (PrizeTable(setup.min_players, None, setup.prizes),)


def spend_cap(setup: Setup, profile: Profile) -> int | None:
    """NH Pari 1207.03(d)(3)-(4) and MCA 23-5-317(1)(g), (2)(c): the most one player may spend on this
    tournament, if the jurisdiction sets one ($250 for New Hampshire's one special game). It counts the
    entry fee, re-buys, add-ons and re-entries, and in Montana "any ... other payment" (the setup's other
    charges, a payment every player makes); New Hampshire allows no other charge at all ((d)(2)).

    >>> from dataclasses import replace
    >>> from poker.rules.profiles import DELAWARE, MONTANA_LARGE, NEW_HAMPSHIRE
    >>> setup = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=5_000),))
    >>> spend_cap(setup, NEW_HAMPSHIRE), spend_cap(replace(setup, special_game=True), NEW_HAMPSHIRE)
    (15000, 25000)
    >>> spend_cap(setup, DELAWARE) is None
    True
    """
    if setup.special_game and profile.special_game_cap_cents is not None:
        return profile.special_game_cap_cents.value
    return profile.spend_cap_cents.value if profile.spend_cap_cents else None


def _cap_rule(setup: Setup, profile: Profile) -> str:
    chosen = (
        profile.special_game_cap_cents
        if setup.special_game and profile.special_game_cap_cents
        else profile.spend_cap_cents
    )
    return chosen.rule if chosen else SETUP


def _blinds(index: int, level: Level, profile: Profile) -> list[Violation]:
    """28 Del. C. §1801(32), §1801(8) where the profile holds them (Delaware): the small blind "is half
    the size of the big blind", so the big blind is an even number of chips and the small blind exactly
    half of it; the big blind "is the largest forced bet", so the ante is at most the big blind. Every
    jurisdiction, Flashboard tournament setup: the small blind is more than 0 and at most the big
    blind, the ante 0 or more (New Hampshire's and Montana's texts set no blinds for these tournaments).

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> [(v.code, v.rule, v.field) for v in _blinds(0, Level(25, 100, 0, 20), DELAWARE)]
    [('small_blind_not_half', '28 Del. C. §1801(32)', 'levels.0.small_blind')]
    >>> [(v.code, v.field) for v in _blinds(2, Level(50, 101, 0, 20), DELAWARE)]
    [('odd_big_blind', 'levels.2.big_blind')]
    >>> [(v.code, v.rule) for v in _blinds(1, Level(50, 100, 200, 20), DELAWARE)]
    [('ante_over_big_blind', '28 Del. C. §1801(8)')]
    >>> _blinds(0, Level(25, 75, 200, 20), NEW_HAMPSHIRE), _blinds(0, Level(50, 100, 100, 20), DELAWARE)
    ([], [])
    """
    name = f"Level {index + 1}"
    if not 0 < level.small_blind <= level.big_blind or level.ante < 0:
        return [
            _v(
                "level_blinds",
                f"{name}: the small blind is more than 0 and at most the big blind; the ante is 0 or more.",
                SETUP,
                f"levels.{index}.big_blind",
            )
        ]
    found = []
    half = profile.half_small_blind
    if half is not None and level.big_blind % 2:
        found.append(
            _v(
                "odd_big_blind",
                f"{name}: a big blind of {level.big_blind:,} has no exact half for the small blind; make it even.",
                half.rule,
                f"levels.{index}.big_blind",
            )
        )
    elif half is not None and level.small_blind * 2 != level.big_blind:
        found.append(
            _v(
                "small_blind_not_half",
                f"{name}: the small blind is half the big blind, {level.big_blind // 2:,}.",
                half.rule,
                f"levels.{index}.small_blind",
            )
        )
    largest = profile.ante_within_big_blind
    if largest is not None and level.ante > level.big_blind:
        found.append(
            _v(
                "ante_over_big_blind",
                f"{name}: the big blind is the largest forced bet; the ante is at most {level.big_blind:,}.",
                largest.rule,
                f"levels.{index}.ante",
            )
        )
    return found


def _basics(setup: Setup, profile: Profile) -> list[Violation]:
    found = []
    if setup.entry_fee_cents <= 0:
        found.append(_v("entry_fee_required", "The entry fee is more than $0.00.", SETUP, "entry_fee"))
    if setup.starting_chips <= 0:
        found.append(_v("chips_required", "Players start with some chips.", SETUP, "starting_chips"))
    playing = [lv for lv in setup.levels if not lv.is_break]
    if not playing:
        found.append(_v("levels_required", "Give at least one blind level.", SETUP, "levels"))
    for index, level in enumerate(setup.levels):
        if not 1 <= level.minutes <= 240:
            found.append(
                _v("level_minutes", f"Level {index + 1} lasts 1 to 240 minutes.", SETUP, f"levels.{index}.minutes")
            )
        if not level.is_break:
            found += _blinds(index, level, profile)
    bigs = [lv.big_blind for lv in playing]
    if any(later < earlier for earlier, later in zip(bigs, bigs[1:], strict=False)):
        found.append(_v("blinds_decrease", "Blinds only go up from level to level.", SETUP, "levels"))
    if not 2 <= setup.final_table_size <= 10:
        found.append(_v("final_table_size", "A final table seats 2 to 10 players.", SETUP, "final_table_size"))
    return found


def _prizes(setup: Setup, profile: Profile) -> list[Violation]:
    """Every posted prize table checked for the least field it is for (its `min_entrants`)."""
    if setup.prize_tables and setup.prizes:
        return [
            _v(
                "prizes_or_prize_tables",
                "Give one list of prizes or prize tables by field size, not both.",
                SETUP,
                "prize_tables",
            )
        ]
    if not setup.prize_tables:
        if not setup.prizes:
            return [_v("prizes_required", "Give the prizes, or prize tables by field size.", SETUP, "prizes")]
        return _table(setup, profile, posted_tables(setup)[0], "prizes")
    found = []
    for index, table in enumerate(setup.prize_tables):
        where = f"prize_tables.{index}"
        if table.min_entrants < 2 or (table.max_entrants is not None and table.max_entrants < table.min_entrants):
            found.append(
                _v(
                    "prize_table_range",
                    f"Prize table {index + 1}: a table is for 2 entrants or more, up to at least as many as it "
                    "starts at.",
                    SETUP,
                    f"{where}.min_entrants",
                )
            )
            continue
        if not table.prizes:
            found.append(_v("prizes_required", f"Prize table {index + 1} awards no prize.", SETUP, f"{where}.prizes"))
            continue
        found += _table(setup, profile, table, f"{where}.prizes", f"Prize table {index + 1} ({table.label}): ")
    return found


def _table(setup: Setup, profile: Profile, table: PrizeTable, where: str, named: str = "") -> list[Violation]:
    """One table's prizes: places 1, 2, 3 … each a set amount or a share (NH (d)(5)), each described
    (printed rules ¶(5)), within the caps for the least field the table is for (NH (d)(6)-(7), (h)(4)-(5);
    MCA 23-5-317(8)), and never more places than that field has players (§1804 B(4): every posted
    place can be reached)."""
    found = []
    prizes, least = table.prizes, table.min_entrants
    if [p.place for p in prizes] != list(range(1, len(prizes) + 1)):
        found.append(
            _v("prize_places", named + "Prizes are for places 1, 2, 3 … in order, with none missing.", SETUP, where)
        )
    form_rule = profile.prize_fixed_or_percent.rule if profile.prize_fixed_or_percent else SETUP
    for index, prize in enumerate(prizes):
        if (prize.fixed_cents is None) == (prize.percent_bp is None):
            found.append(
                _v(
                    "prize_form",
                    f"{named}Place {prize.place}: the prize is a set amount or a percentage of the pool, one of "
                    "the two.",
                    form_rule,
                    f"{where}.{index}",
                )
            )
        if not prize.description.strip():
            found.append(
                _v(
                    "prize_description",
                    f"{named}Place {prize.place}: describe the prize exactly.",
                    SETUP,
                    f"{where}.{index}.description",
                )
            )
    percent = sum(p.percent_bp or 0 for p in prizes)
    fixed = sum(p.fixed_cents or 0 for p in prizes)
    if percent > WHOLE:
        found.append(
            _v("prizes_over_pool", named + "The prizes' percentages add up to more than the pool.", SETUP, where)
        )
    pool_limit = profile.prizes_percent_of_pool
    least_pool = least * setup.entry_fee_cents
    if pool_limit is not None:
        if percent > pool_limit.value * 100:
            found.append(
                _v(
                    "prizes_over_pool_share",
                    f"{named}Prizes would be {percent / 100:g}% of the pool; at most {pool_limit.value}% of "
                    "what players pay may be awarded.",
                    pool_limit.rule,
                    where,
                )
            )
        elif fixed * WHOLE > least_pool * (pool_limit.value * 100 - percent):
            found.append(
                _v(
                    "guarantee_needs_house_money",
                    f"{named}Set prizes of {format_cents(fixed)}"
                    + (f" with {percent / 100:g}% of the pool" if percent else "")
                    + f" are more than {pool_limit.value}% of {format_cents(least_pool)} collected from {least} "
                    "players; no money may be added to reach a guarantee.",
                    pool_limit.rule,
                    where,
                )
            )
    charity = profile.charity_percent_of_fees
    if charity is not None and setup.charitable:
        share = max(charity.value, setup.charity_percent) * 100
        if fixed * WHOLE > least_pool * (WHOLE - share - percent):
            found.append(
                _v(
                    "charity_share",
                    f"{named}Prizes could leave less than {share // 100}% of the entry fees for the nonprofit "
                    f"when {least} players enter.",
                    charity.rule,
                    where,
                )
            )
    places = profile.paid_places_percent_of_players
    if places is not None and len(prizes) * 100 > least * places.value:
        found.append(
            _v(
                "too_many_places",
                f"{named}{len(prizes)} prizes for as few as {least} starting players; prizes go "
                f"to at most {places.value}% of them.",
                places.rule,
                where,
            )
        )
    elif len(prizes) > least:
        described = profile.prizes_described or profile.play_to_one
        found.append(
            _v(
                "places_beyond_field",
                f"{named}{len(prizes)} places for as few as {least} players; a table pays no more places than "
                "the least field it is for.",
                described.rule if described else SETUP,
                where,
            )
        )
    return found


def _money(setup: Setup, profile: Profile) -> list[Violation]:
    found = []
    rebuy = setup.rebuy
    if profile.equal_chips and rebuy.allowed and rebuy.chips != setup.starting_chips:
        found.append(
            _v(
                "unequal_chips",
                "Every entry and re-buy gets the same number of chips.",
                profile.equal_chips.rule,
                "rebuy.chips",
            )
        )
    if profile.rebuys_forbidden and (rebuy.allowed or rebuy.reentry):
        found.append(
            _v(
                "rebuys_forbidden",
                "No re-buy, add-on or re-entry in this kind of tournament.",
                profile.rebuys_forbidden.rule,
                "rebuy.allowed" if rebuy.allowed else "rebuy.reentry",
            )
        )
    elif profile.reentry_forbidden and rebuy.reentry:
        found.append(
            _v(
                "reentry_forbidden",
                "A player who loses all their chips is eliminated; there is no re-entry.",
                profile.reentry_forbidden.rule,
                "rebuy.reentry",
            )
        )
    if rebuy.allowed and (rebuy.cost_cents <= 0 or rebuy.chips <= 0):
        found.append(_v("rebuy_terms", "A re-buy has a price and a number of chips.", SETUP, "rebuy.cost"))
    if setup.special_game and profile.special_game_cap_cents is None:
        found.append(
            _v(
                "no_special_game",
                "This jurisdiction has no higher-limit special game.",
                _cap_rule(setup, profile),
                "special_game",
            )
        )
    cap = spend_cap(setup, profile)
    if cap is not None:
        buys = rebuy.max_per_player or 0 if rebuy.allowed or rebuy.reentry else 0
        chips_bought = setup.entry_fee_cents + buys * rebuy.cost_cents
        worst = chips_bought + setup.other_charges_cents
        if worst > cap:
            found.append(
                _v(
                    "over_spend_cap",
                    f"A player could spend {format_cents(worst)}; the limit is {format_cents(cap)} a player, "
                    "the entry fee, re-buys and any other payment included.",
                    _cap_rule(setup, profile),
                    "entry_fee" if chips_bought > cap else "other_charges",
                )
            )
    if profile.only_buyins_and_rebuys and setup.other_charges_cents:
        found.append(
            _v(
                "other_charges",
                "Only buy-ins and re-buys may be charged.",
                profile.only_buyins_and_rebuys.rule,
                "other_charges",
            )
        )
    if profile.no_added_money and setup.added_money_cents:
        found.append(
            _v(
                "added_money",
                "No money may be added to the prize pool to reach a guarantee.",
                profile.no_added_money.rule,
                "added_money",
            )
        )
    if profile.no_rake and setup.rake_cents:
        found.append(_v("rake", "No rake may be taken.", profile.no_rake.rule, "rake"))
    charity = profile.charity_percent_of_fees
    if charity is not None and setup.charitable and setup.charity_percent < charity.value:
        found.append(
            _v(
                "charity_share",
                f"A charitable tournament pays at least {charity.value}% of the entry fees to the nonprofit.",
                charity.rule,
                "charity_percent",
            )
        )
    return found


def _conduct(setup: Setup, profile: Profile) -> list[Violation]:
    found = []
    if profile.no_deals and setup.deals_allowed:
        found.append(
            _v(
                "deals_forbidden",
                "No agreement to divide the prizes may be made; play continues until one player remains.",
                profile.no_deals.rule,
                "deals_allowed",
            )
        )
    if profile.max_consecutive_days and setup.days > profile.max_consecutive_days.value:
        found.append(
            _v(
                "too_many_days",
                f"A tournament runs at most {profile.max_consecutive_days.value} consecutive days.",
                profile.max_consecutive_days.rule,
                "days",
            )
        )
    notice = profile.notice_days
    if (
        notice is not None
        and setup.starts_on is not None
        and (setup.announced_on is None or (setup.starts_on - setup.announced_on).days < notice.value)
    ):
        found.append(
            _v(
                "notice_too_late",
                f"The department is notified at least {notice.value} days before the start.",
                notice.rule,
                "announced_on",
            )
        )
    return found


def setup_violations(setup: Setup, profile: Profile) -> list[Violation]:
    """28 Del. C. ch. 18, NH Pari 1207.03 or MCA 23-5-317, whichever the profile holds, and the Flashboard
    tournament setup's own checks: everything wrong with a setup under its profile, each with the rule it
    breaks.

    >>> from dataclasses import replace
    >>> from poker.rules.profiles import DELAWARE, MONTANA_LARGE, NEW_HAMPSHIRE
    >>> setup = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=5_000),))
    >>> setup_violations(setup, DELAWARE)
    []
    >>> [(v.code, v.rule) for v in setup_violations(replace(setup, deals_allowed=True), DELAWARE)]
    [('deals_forbidden', '28 Del. C. §1804 B(5)')]
    >>> [(v.code, v.rule) for v in setup_violations(replace(setup, entry_fee_cents=20_000), NEW_HAMPSHIRE)]
    [('over_spend_cap', 'N.H. Admin. Code Pari 1207.03(d)(3)')]
    """
    return _basics(setup, profile) + _prizes(setup, profile) + _money(setup, profile) + _conduct(setup, profile)


def to_json(setup: Setup) -> dict[str, Any]:
    """Flashboard house rule (the setup is stored with the tournament): the setup as stored, dates as ISO
    text; from_json reads it back.

    >>> from dataclasses import replace
    >>> from poker.rules.profiles import DELAWARE, MONTANA_LARGE, NEW_HAMPSHIRE
    >>> setup = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=5_000),))
    >>> stored = to_json(replace(setup, starts_on=date(2026, 5, 9)))
    >>> stored["starts_on"], stored["levels"]
    ('2026-05-09', ({'small_blind': 25, 'big_blind': 50, 'ante': 0, 'minutes': 20, 'is_break': False},))
    >>> from_json(stored) == replace(setup, starts_on=date(2026, 5, 9))
    True
    """
    data = asdict(setup)
    for key in ("starts_on", "announced_on"):
        data[key] = data[key].isoformat() if data[key] else None
    return data


_READ_APART = {
    "entry_fee_cents",
    "starting_chips",
    "levels",
    "prizes",
    "prize_tables",
    "rebuy",
    "starts_on",
    "announced_on",
}


def from_json(data: dict[str, Any]) -> Setup:
    """Flashboard house rule (the setup is stored with the tournament): the setup to_json stored, read back."""
    return Setup(
        entry_fee_cents=data["entry_fee_cents"],
        starting_chips=data["starting_chips"],
        levels=tuple(Level(**lv) for lv in data["levels"]),
        prizes=tuple(Prize(**p) for p in data["prizes"]),
        prize_tables=tuple(
            PrizeTable(t["min_entrants"], t["max_entrants"], tuple(Prize(**p) for p in t["prizes"]))
            for t in data.get("prize_tables", ())
        ),
        rebuy=RebuyPolicy(**data["rebuy"]),
        **{k: v for k, v in data.items() if k not in _READ_APART},
        starts_on=date.fromisoformat(data["starts_on"]) if data.get("starts_on") else None,
        announced_on=date.fromisoformat(data["announced_on"]) if data.get("announced_on") else None,
    )


@dataclass(frozen=True)
class Booked:
    """An earlier tournament of the same organization and jurisdiction."""

    starts_on: date
    special_game: bool
    charitable: bool


def calendar_refusal(setup: Setup, profile: Profile, earlier: Sequence[Booked]) -> Violation | None:
    """NH Pari 1207.03(d)(4): one $250 game per authorized event (read: per organization per day).
    MCA 23-5-317(1)(a), (f): at most 16 large-stakes tournaments a year, plus up to three charitable
    ones that do not count toward the 16.

    >>> from dataclasses import replace
    >>> from poker.rules.profiles import DELAWARE, MONTANA_LARGE, NEW_HAMPSHIRE
    >>> setup = Setup(10_000, 5_000, (Level(25, 50, 0, 20),), (Prize(1, "First", fixed_cents=5_000),))
    >>> special = replace(setup, special_game=True, starts_on=date(2026, 5, 9))
    >>> calendar_refusal(special, NEW_HAMPSHIRE, [Booked(date(2026, 5, 9), True, False)]).code
    'one_special_game'
    >>> calendar_refusal(special, NEW_HAMPSHIRE, [Booked(date(2026, 5, 10), True, False)]) is None
    True
    >>> sixteen = [Booked(date(2026, 1, day), False, False) for day in range(1, 17)]
    >>> calendar_refusal(replace(setup, starts_on=date(2026, 9, 1)), MONTANA_LARGE, sixteen).rule
    'MCA 23-5-317(1)(a)'
    >>> calendar_refusal(replace(setup, starts_on=date(2026, 9, 1), charitable=True), MONTANA_LARGE, sixteen)
    """
    special = profile.special_game_cap_cents
    if (
        special is not None
        and setup.special_game
        and setup.starts_on is not None
        and any(b.special_game and b.starts_on == setup.starts_on for b in earlier)
    ):
        return _v(
            "one_special_game", "This event already has its one game with the $250 limit.", special.rule, "special_game"
        )
    yearly = profile.tournaments_per_year
    if yearly is None or setup.starts_on is None:
        return None
    year = [b for b in earlier if b.starts_on.year == setup.starts_on.year]
    charitable = sum(b.charitable for b in year)
    free = profile.charitable_per_year.value if profile.charitable_per_year else 0
    counted = sum(not b.charitable for b in year) + max(0, charitable - free)
    if setup.charitable and charitable < free:
        return None
    if counted >= yearly.value:
        return _v(
            "too_many_this_year",
            f"This would be more than {yearly.value} large-stakes tournaments in {setup.starts_on.year}"
            + (f" (besides {free} charitable ones)" if free else "")
            + ".",
            yearly.rule,
            "starts_on",
        )
    return None
