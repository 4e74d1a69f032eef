"""Montana's annual tournament permits (MCA 23-5-317(1)(a)-(b), (d), (f); (2)(a)-(b)): a large-stakes
permit ($120 a year) allows up to 16 large-stakes tournaments, plus three charitable ones, each notified
to the department at least 5 days before it starts; a small-stakes permit ($500 a year) allows daily
small-stakes tournaments. Neither fee is prorated. A permit is held for a calendar year, the year the
16 are counted in. Pure: the services hand in what they loaded."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from poker.rules.profiles import Profile
from shared.core.money import format_cents
from shared.core.violations import Violation


@dataclass(frozen=True)
class Notified:
    """A tournament held under a permit, with the day the department was told of it (its setup's
    `announced_on`, which the setup refuses when it is under 5 days before the start)."""

    tournament_id: int
    name: str
    starts_on: date
    notified_on: date | None
    charitable: bool


@dataclass(frozen=True)
class Notice:
    """One notice to the department as the permit's record shows it: the tournament, the day it was
    notified, how many days before the start, and whether it counts toward the yearly 16."""

    tournament_id: int
    name: str
    starts_on: date
    notified_on: date | None
    days_before: int | None
    charitable: bool
    counted: bool


def permit_fee_refusal(profile: Profile, fee_cents: int) -> Violation | None:
    """MCA 23-5-317(1)(b), (2)(b): the department charges an annual fee of $120 for a large-stakes
    permit and $500 for a small-stakes one, and "the permit fee may not be prorated": the fee recorded is
    the whole fee, whatever month the permit is taken out.

    >>> from poker.rules.profiles import MONTANA_LARGE, MONTANA_SMALL
    >>> permit_fee_refusal(MONTANA_LARGE, 12_000) is None
    True
    >>> refusal = permit_fee_refusal(MONTANA_SMALL, 25_000)
    >>> refusal.code, refusal.rule, refusal.field
    ('wrong_permit_fee', 'MCA 23-5-317(2)(b)', 'fee')
    """
    fee = profile.permit_fee_cents
    if fee is None:
        return Violation("no_tournament_permit", f"{profile.name} has no tournament permit.", None, "jurisdiction", 422)
    if fee_cents == fee.value:
        return None
    return Violation(
        "wrong_permit_fee",
        f"The {profile.name} tournament permit's annual fee is {format_cents(fee.value)}, never prorated.",
        fee.rule,
        "fee",
        422,
    )


def permit_refusal(profile: Profile, permit_years: Sequence[int], starts_on: date) -> Violation | None:
    """MCA 23-5-317(1)(a), (2)(a): an operator conducts large-stakes tournaments under its annual
    large-stakes tournament permit, and small-stakes ones under its small-stakes permit; a tournament
    whose year has no such permit recorded for the organization is refused. Elsewhere no permit is asked.

    >>> from poker.rules.profiles import DELAWARE, MONTANA_LARGE
    >>> permit_refusal(MONTANA_LARGE, [2026], date(2026, 12, 5)) is None
    True
    >>> refusal = permit_refusal(MONTANA_LARGE, [2025], date(2026, 1, 3))
    >>> refusal.code, refusal.rule, refusal.field
    ('tournament_permit_required', 'MCA 23-5-317(1)(a)', 'starts_on')
    >>> permit_refusal(DELAWARE, [], date(2026, 1, 3)) is None
    True
    """
    needed = profile.tournament_permit
    if needed is None or starts_on.year in permit_years:
        return None
    return Violation(
        "tournament_permit_required",
        f"Record the organization's {profile.name} tournament permit for {starts_on.year} first: "
        "a tournament is held under a permit in force for its year.",
        needed.rule,
        "starts_on",
        422,
    )


def notices(profile: Profile, held: Sequence[Notified]) -> list[Notice]:
    """MCA 23-5-317(1)(d), (f): the notices to the department of the tournaments under a permit, in
    the order they start, each with the days between the notice and the start; a charitable tournament is
    counted toward the 16 only once the year's three charitable ones are used (as calendar_refusal counts).

    >>> from poker.rules.profiles import MONTANA_LARGE
    >>> held = [Notified(n, f"T{n}", date(2026, 3, n), date(2026, 2, 20), True) for n in range(1, 5)]
    >>> [(n.days_before, n.counted) for n in notices(MONTANA_LARGE, held)]
    [(9, False), (10, False), (11, False), (12, True)]
    """
    free = profile.charitable_per_year.value if profile.charitable_per_year else 0
    found = []
    charitable = 0
    for item in sorted(held, key=lambda n: (n.starts_on, n.tournament_id)):
        charitable += item.charitable
        found.append(
            Notice(
                item.tournament_id,
                item.name,
                item.starts_on,
                item.notified_on,
                (item.starts_on - item.notified_on).days if item.notified_on else None,
                item.charitable,
                profile.tournaments_per_year is not None and (not item.charitable or charitable > free),
            )
        )
    return found
