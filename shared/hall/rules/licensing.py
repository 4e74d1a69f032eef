"""License rules shared by bingo and poker: the 4.4 licence classes, personal gaming licences,
poker occasion licences and third-party vendor contracts. Pure functions over frozen facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from enum import StrEnum

from shared.core import citations
from shared.core.calendar import add_months, add_years
from shared.core.violations import Violation

LAW_444_ENACTED = date(1998, 7, 14)
LAPSE_RECLASSIFY_MONTHS = 6
PERSONAL_LICENSE_FEE_CENTS = 1_500
PERSONAL_LICENSE_YEARS = 3
RENEWAL_NOTICE_DAYS = 30
DENIAL_WAIT_MONTHS = 12
POKER_OCCASION_LICENSE_FEE_CENTS = 25_000


class BingoLicenseClass(StrEnum):
    """10 DE Admin Code 101-4.4: the class decides the schedule limit (10 days a month, or 1 a week)."""

    PRE_444 = "pre_444"
    POST_444 = "post_444"


@dataclass(frozen=True)
class Period:
    """An inclusive run of days."""

    starts_on: date
    ends_on: date

    def __post_init__(self) -> None:
        if self.ends_on < self.starts_on:
            raise ValueError("a period ends on or after it starts")


@dataclass(frozen=True)
class Lapse:
    """Days with no licence in force. `ends_on` is None while the lapse is still running."""

    starts_on: date
    ends_on: date | None

    def lasted_six_months(self, today: date) -> bool:
        """10 DE Admin Code 101-4.4: six months or more, counted from the first unlicensed day to the
        day licensed again (or today, while the lapse runs).

        >>> from datetime import date
        >>> Lapse(date(2026, 1, 1), date(2026, 6, 30)).lasted_six_months(date(2027, 1, 1))
        True
        >>> Lapse(date(2026, 1, 1), date(2026, 6, 29)).lasted_six_months(date(2027, 1, 1))
        False
        >>> Lapse(date(2026, 1, 1), None).lasted_six_months(date(2026, 6, 30))
        False
        """
        until = self.ends_on + timedelta(days=1) if self.ends_on is not None else today
        return until >= add_months(self.starts_on, LAPSE_RECLASSIFY_MONTHS)


def _subtract(period: Period, cut: Period) -> list[Period]:
    if cut.ends_on < period.starts_on or cut.starts_on > period.ends_on:
        return [period]
    pieces = []
    if cut.starts_on > period.starts_on:
        pieces.append(Period(period.starts_on, cut.starts_on - timedelta(days=1)))
    if cut.ends_on < period.ends_on:
        pieces.append(Period(cut.ends_on + timedelta(days=1), period.ends_on))
    return pieces


def coverage(terms: list[Period], suspensions: list[Period]) -> list[Period]:
    """10 DE Admin Code 101-4.4 (a lapse "due to nonrenewal or suspension or any other reason"): the days a
    bingo licence was in force: the terms, less suspensions, merged and sorted.

    >>> from datetime import date
    >>> terms = [Period(date(2020, 1, 1), date(2026, 12, 31))]
    >>> suspension = [Period(date(2021, 3, 1), date(2021, 8, 31))]
    >>> [(p.starts_on.isoformat(), p.ends_on.isoformat()) for p in coverage(terms, suspension)]
    [('2020-01-01', '2021-02-28'), ('2021-09-01', '2026-12-31')]
    """
    pieces = sorted(terms, key=lambda p: p.starts_on)
    for cut in suspensions:
        pieces = [piece for period in pieces for piece in _subtract(period, cut)]
    merged: list[Period] = []
    for period in sorted(pieces, key=lambda p: p.starts_on):
        if merged and period.starts_on <= merged[-1].ends_on + timedelta(days=1):
            last = merged[-1]
            merged[-1] = Period(last.starts_on, max(last.ends_on, period.ends_on))
        else:
            merged.append(period)
    return merged


def lapses(terms: list[Period], suspensions: list[Period], today: date) -> list[Lapse]:
    """10 DE Admin Code 101-4.4: the lapse history, for nonrenewal, suspension or any other reason.

    >>> from datetime import date
    >>> terms = [Period(date(2020, 1, 1), date(2026, 12, 31))]
    >>> suspension = [Period(date(2021, 3, 1), date(2021, 8, 31))]
    >>> lapses(terms, suspension, date(2026, 5, 9))
    [Lapse(starts_on=datetime.date(2021, 3, 1), ends_on=datetime.date(2021, 8, 31))]
    >>> lapses(terms, [], date(2027, 2, 1))
    [Lapse(starts_on=datetime.date(2027, 1, 1), ends_on=None)]
    """
    covered = [p for p in coverage(terms, suspensions) if p.starts_on <= today]
    found = [
        Lapse(before.ends_on + timedelta(days=1), after.starts_on - timedelta(days=1))
        for before, after in zip(covered, covered[1:])
    ]
    if covered and covered[-1].ends_on < today:
        found.append(Lapse(covered[-1].ends_on + timedelta(days=1), None))
    return found


def bingo_license_class(
    first_licensed_on: date, terms: list[Period], suspensions: list[Period], on: date
) -> BingoLicenseClass:
    """10 DE Admin Code 101-4.4: licensed before 71 Del. Laws 444 (1998-07-14) keeps the old class
    until a lapse of six months or more; after that, and for anyone licensed later, the new class.

    Settled reading: the organization's declared first licence date stands for continuous licensing up
    to the first term recorded here.

    >>> from datetime import date
    >>> terms = [Period(date(2020, 1, 1), date(2026, 12, 31))]
    >>> suspension = [Period(date(2021, 3, 1), date(2021, 8, 31))]
    >>> bingo_license_class(date(1990, 1, 1), terms, [], date(2026, 5, 9)).value
    'pre_444'
    >>> bingo_license_class(date(1990, 1, 1), terms, suspension, date(2026, 5, 9)).value
    'post_444'
    >>> short = [Period(date(2021, 3, 1), date(2021, 8, 30))]
    >>> bingo_license_class(date(1990, 1, 1), terms, short, date(2026, 5, 9)).value
    'pre_444'
    >>> bingo_license_class(date(1998, 7, 14), terms, [], date(2026, 5, 9)).value
    'post_444'
    """
    if first_licensed_on >= LAW_444_ENACTED:
        return BingoLicenseClass.POST_444
    history = terms
    if terms:
        earliest = min(t.starts_on for t in terms)
        if first_licensed_on < earliest:
            history = [*terms, Period(first_licensed_on, earliest - timedelta(days=1))]
    if any(lapse.lasted_six_months(on) for lapse in lapses(history, suspensions, on)):
        return BingoLicenseClass.POST_444
    return BingoLicenseClass.PRE_444


class PersonalLicenseKind(StrEnum):
    """28 Del. C. §1831(1): dealers, the tournament director, and third-party vendor staff."""

    DEALER = "dealer"
    TOURNAMENT_DIRECTOR = "tournament_director"
    VENDOR_STAFF = "vendor_staff"


class PersonalLicenseStatus(StrEnum):
    ACTIVE = "active"
    SUSPENDED = "suspended"
    REVOKED = "revoked"
    DENIED = "denied"
    EXPIRED = "expired"


@dataclass(frozen=True)
class PersonalLicenseFacts:
    kind: PersonalLicenseKind
    number: str
    issued_on: date
    status: PersonalLicenseStatus
    holder_name: str


def personal_license_expiry(issued_on: date) -> date:
    """28 Del. C. ch. 18, license renewal ¶(1): a licence expires three years after issue; this is the
    first day it is no longer valid.

    >>> personal_license_expiry(date(2026, 5, 9)), personal_license_expiry(date(2024, 2, 29))
    (datetime.date(2029, 5, 9), datetime.date(2027, 2, 28))
    """
    return add_years(issued_on, PERSONAL_LICENSE_YEARS)


def renewal_due_on(issued_on: date) -> date:
    """28 Del. C. ch. 18, license renewal ¶(1): the holder re-applies 30 days before expiry.

    >>> renewal_due_on(date(2026, 5, 9))
    datetime.date(2029, 4, 9)
    """
    return personal_license_expiry(issued_on) - timedelta(days=RENEWAL_NOTICE_DAYS)


def effective_status(facts: PersonalLicenseFacts, on: date) -> PersonalLicenseStatus:
    """28 Del. C. ch. 18, license renewal ¶(1): an active licence past its third anniversary is expired.

    >>> from datetime import date
    >>> dealer = PersonalLicenseFacts(PersonalLicenseKind.DEALER, "D-101", date(2026, 5, 9),
    ...                               PersonalLicenseStatus.ACTIVE, "Pat Doe")
    >>> effective_status(dealer, date(2029, 5, 8)).value, effective_status(dealer, date(2029, 5, 9)).value
    ('active', 'expired')
    """
    if facts.status is PersonalLicenseStatus.ACTIVE and on >= personal_license_expiry(facts.issued_on):
        return PersonalLicenseStatus.EXPIRED
    return facts.status


def renewal_is_due(facts: PersonalLicenseFacts, today: date, window_days: int = RENEWAL_NOTICE_DAYS) -> bool:
    """28 Del. C. ch. 18, license renewal ¶(1): due when the 30-day notice date falls within the next
    `window_days` days or has passed while the licence is still valid.

    >>> from datetime import date
    >>> dealer = PersonalLicenseFacts(PersonalLicenseKind.DEALER, "D-101", date(2026, 5, 9),
    ...                               PersonalLicenseStatus.ACTIVE, "Pat Doe")
    >>> renewal_is_due(dealer, date(2029, 3, 9)), renewal_is_due(dealer, date(2029, 3, 10))
    (False, True)
    >>> renewal_is_due(dealer, date(2029, 5, 9))
    False
    """
    if effective_status(facts, today) is not PersonalLicenseStatus.ACTIVE:
        return False
    return renewal_due_on(facts.issued_on) <= today + timedelta(days=window_days)


def reapply_refusal(denied_on: list[date], applied_on: date) -> Violation | None:
    """28 Del. C. §1831(4)(d): a person found unsuitable may not re-apply for twelve months.

    >>> refusal = reapply_refusal([date(2026, 1, 15)], date(2026, 12, 1))
    >>> refusal.code, refusal.rule
    ('denied_within_12_months', '28 Del. C. §1831(4)(d)')
    >>> reapply_refusal([date(2026, 1, 15)], date(2027, 1, 15)) is None
    True
    """
    recent = [d for d in denied_on if applied_on < add_months(d, DENIAL_WAIT_MONTHS)]
    if not recent:
        return None
    until = add_months(max(recent), DENIAL_WAIT_MONTHS)
    return Violation(
        code="denied_within_12_months",
        message=f"This person was denied a licence on {max(recent).isoformat()} and may not re-apply "
        f"before {until.isoformat()}.",
        rule=citations.POKER_DENIAL_WAIT,
        field="holder_name",
        status=409,
    )


def license_fee_refusal(fee_cents: int, required_cents: int, rule: str) -> Violation | None:
    """28 Del. C. ch. 18, license contents ¶(2) and general provisions ¶(3): the statutory fee is fixed; a
    different amount means a mis-keyed or mis-classified licence."""
    if fee_cents == required_cents:
        return None
    return Violation(
        code="wrong_fee",
        message=f"The licence fee is ${required_cents // 100:,}.{required_cents % 100:02d}.",
        rule=rule,
        field="fee",
    )


def personal_license_fee_refusal(fee_cents: int) -> Violation | None:
    """28 Del. C. ch. 18, license contents ¶(2): a fee of $15 for each individual licence.

    >>> personal_license_fee_refusal(1_500) is None
    True
    >>> refusal = personal_license_fee_refusal(1_000)
    >>> refusal.message, refusal.rule
    ('The licence fee is $15.00.', '28 Del. C. ch. 18, license contents ¶(2)')
    """
    return license_fee_refusal(fee_cents, PERSONAL_LICENSE_FEE_CENTS, citations.POKER_PERSONAL_LICENSE)


def occasion_license_fee_refusal(fee_cents: int) -> Violation | None:
    """28 Del. C. ch. 18, general provisions ¶(3): $250 for each tournament occasion.

    >>> occasion_license_fee_refusal(25_000) is None
    True
    >>> occasion_license_fee_refusal(15_000).rule
    '28 Del. C. ch. 18, general provisions ¶(3)'
    """
    return license_fee_refusal(fee_cents, POKER_OCCASION_LICENSE_FEE_CENTS, citations.POKER_OCCASION_LICENSE_FEE)


def sponsor_refusal(sponsor_ids: list[int]) -> Violation | None:
    """28 Del. C. ch. 18, general provisions ¶(1): a tournament is conducted by exactly one sponsoring
    organization; no two may jointly conduct one.

    >>> sponsor_refusal([7, 7]) is None
    True
    >>> sponsor_refusal([7, 9]).code
    'one_sponsor_only'
    """
    if len(set(sponsor_ids)) == 1:
        return None
    return Violation(
        code="one_sponsor_only",
        message="A tournament occasion licence has exactly one sponsoring organization.",
        rule=citations.POKER_SINGLE_SPONSOR,
        field="sponsor_organization_ids",
    )


WORK_ROLE_LICENSES: dict[str, frozenset[PersonalLicenseKind]] = {
    "dealer": frozenset({PersonalLicenseKind.DEALER}),
    "tournament_director": frozenset({PersonalLicenseKind.TOURNAMENT_DIRECTOR}),
    "vendor_staff": frozenset({PersonalLicenseKind.VENDOR_STAFF}),
}


def poker_assignment_refusal(role: str, licenses: list[PersonalLicenseFacts], on: date) -> Violation | None:
    """28 Del. C. §1831(1): dealers, the tournament director and vendor staff hold a licence in force on
    the day they work; suspended, revoked, denied or expired licences do not count.

    >>> from datetime import date
    >>> dealer = PersonalLicenseFacts(PersonalLicenseKind.DEALER, "D-101", date(2026, 5, 9),
    ...                               PersonalLicenseStatus.ACTIVE, "Pat Doe")
    >>> poker_assignment_refusal("dealer", [dealer], date(2026, 5, 9)) is None
    True
    >>> refusal = poker_assignment_refusal("tournament_director", [dealer], date(2026, 5, 9))
    >>> refusal.code, refusal.rule
    ('unlicensed', '28 Del. C. §1831(1)')
    >>> poker_assignment_refusal("dealer", [dealer], date(2029, 5, 9)).message
    'This person holds licence D-101, which is expired on 2029-05-09; a dealer must hold an active licence.'
    """
    wanted = WORK_ROLE_LICENSES[role]
    fitting = [lic for lic in licenses if lic.kind in wanted]
    if any(effective_status(lic, on) is PersonalLicenseStatus.ACTIVE and lic.issued_on <= on for lic in fitting):
        return None
    if not fitting:
        reason = "holds no personal gaming licence for this role"
    else:
        latest = max(fitting, key=lambda lic: lic.issued_on)
        reason = f"holds licence {latest.number}, which is {effective_status(latest, on).value} on {on.isoformat()}"
    return Violation(
        code="unlicensed",
        message=f"This person {reason}; a {role.replace('_', ' ')} must hold an active licence.",
        rule=citations.POKER_WHO_IS_LICENSED,
        field="personal_license_id",
        status=409,
    )


class CompensationBasis(StrEnum):
    FLAT_FEE = "flat_fee"
    PER_TABLE = "per_table"
    PER_HOUR = "per_hour"
    PERCENT_OF_ENTRIES = "percent_of_entries"


def vendor_contract_refusal(basis: CompensationBasis, vendor_licensed: bool) -> Violation | None:
    """28 Del. C. ch. 18, third party vendors ¶(1)-(2): only licensed vendors, and never paid a
    percentage of entry fees and re-buys.

    >>> vendor_contract_refusal(CompensationBasis.PER_TABLE, vendor_licensed=True) is None
    True
    >>> vendor_contract_refusal(CompensationBasis.PER_TABLE, vendor_licensed=False).code
    'vendor_unlicensed'
    >>> vendor_contract_refusal(CompensationBasis.PERCENT_OF_ENTRIES, vendor_licensed=True).rule
    '28 Del. C. ch. 18, third party vendors ¶(2)'
    """
    if not vendor_licensed:
        return Violation(
            code="vendor_unlicensed",
            message="Only a licensed third-party vendor may be contracted.",
            rule=citations.POKER_VENDOR_LICENSED,
            field="vendor_id",
            status=409,
        )
    if basis is CompensationBasis.PERCENT_OF_ENTRIES:
        return Violation(
            code="percentage_compensation",
            message="A vendor may not be paid a percentage of the entry fees and re-buys.",
            rule=citations.POKER_VENDOR_COMPENSATION,
            field="compensation_basis",
        )
    return None
