"""The year at a glance for the Board (10 DE Admin Code 101-4.4, 4.6 and 4.7): occasions against the
licence class's frequency, premises shared on a day, and promotional giveaways against $500 and their
windows. The scheduler already refuses these; the annual view checks what the records hold, whatever
their source (an import, an edit, a licence class that changed after a lapse)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from bingo.rules.limits import (
    MAX_PROMOTIONS_CENTS_PER_YEAR,
    PRE_444_DAYS_PER_MONTH,
    Booking,
    Promotion,
    promotion_refusal,
    week_of,
)
from shared.core.money import format_cents
from shared.hall.rules.licensing import BingoLicenseClass


@dataclass(frozen=True)
class Finding:
    """One line of the annual view; `flag` says what is wrong, empty when nothing is."""

    period: str
    count: str
    limit: str
    flag: str
    rule: str


def frequency(license_class: BingoLicenseClass, days: Sequence[date]) -> list[Finding]:
    """10 DE Admin Code 101-4.4: at most 10 bingo days a calendar month before 71 Del. Laws 444, one
    occasion a week (Sunday to Saturday) after; the day that goes over the limit is named.

    >>> from datetime import date
    >>> found = frequency(BingoLicenseClass.POST_444, [date(2026, 3, 1), date(2026, 3, 7), date(2026, 3, 8)])
    >>> [(f.period, f.flag) for f in found]
    [('week of 2026-03-01', 'second occasion on 2026-03-07'), ('week of 2026-03-08', '')]
    """
    rule = "10 DE Admin Code 101-4.4"
    ordered = sorted(days)
    found = []
    if license_class is BingoLicenseClass.PRE_444:
        months = sorted({(d.year, d.month) for d in ordered})
        for year, month in months:
            held = sorted({d for d in ordered if (d.year, d.month) == (year, month)})
            over = held[PRE_444_DAYS_PER_MONTH] if len(held) > PRE_444_DAYS_PER_MONTH else None
            found.append(
                Finding(
                    f"{year}-{month:02d}",
                    str(len(held)),
                    str(PRE_444_DAYS_PER_MONTH),
                    f"day {PRE_444_DAYS_PER_MONTH + 1} on {over.isoformat()}" if over else "",
                    rule,
                )
            )
        return found
    for first in sorted({week_of(d)[0] for d in ordered}):
        held = [d for d in ordered if week_of(d)[0] == first]
        found.append(
            Finding(
                f"week of {first.isoformat()}",
                str(len(held)),
                "1",
                f"second occasion on {held[1].isoformat()}" if len(held) > 1 else "",
                rule,
            )
        )
    return found


def premises_conflicts(organization_id: int, bookings: Sequence[Booking]) -> list[Finding]:
    """10 DE Admin Code 101-4.7: one organization's bingo on a premises on a day."""
    own = [b for b in bookings if b.organization_id == organization_id]
    found = []
    for mine in own:
        others = [
            b
            for b in bookings
            if b.premises_id == mine.premises_id and b.day == mine.day and b.organization_id != organization_id
        ]
        if others:
            found.append(
                Finding(
                    mine.day.isoformat(),
                    str(1 + len(others)),
                    "1",
                    f"premises {mine.premises_id} shared with organization {others[0].organization_id}",
                    "10 DE Admin Code 101-4.7",
                )
            )
    return found


def promotions(given: Sequence[Promotion], anniversary: date | None) -> list[Finding]:
    """10 DE Admin Code 101-4.6: promotional giveaways at most $500 a year, only at the anniversary
    occasion and three holiday occasions; each is checked against those before it."""
    ordered = sorted(given, key=lambda p: p.day)
    found = []
    for index, promotion in enumerate(ordered):
        refusal = promotion_refusal(promotion, ordered[:index], anniversary)
        found.append(
            Finding(
                promotion.day.isoformat(),
                format_cents(promotion.value_cents),
                format_cents(MAX_PROMOTIONS_CENTS_PER_YEAR) + " a year",
                refusal.message if refusal else "",
                "10 DE Admin Code 101-4.6",
            )
        )
    return found
