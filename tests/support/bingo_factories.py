"""Bingo test data: a licensed organization with premises and members, a generated series, and
call orders found by searching seeds for the situation a test needs."""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date

from sqlalchemy.orm import Session

from bingo.rules.faces import Face, generate_series
from bingo.rules.patterns import Pattern
from bingo.rules.winners import CoverageIndex
from bingo.services import jars
from shared.core.roles import Role
from shared.hall.models import Member, Organization, Premises
from shared.hall.rules.addendum import LicenceContents, LicensedAlternate, LicensedAttendancePrize, LicensedUPickGame
from shared.hall.schemas import BingoLicenseRequest, PremisesRequest
from shared.hall.services import licenses, organizations
from shared.platform.audit import SYSTEM
from tests.support.factories import NOW, make_member, make_org, make_user

SERIES_SEED = 7
SERIES_SIZE = 400


@dataclass
class Hall:
    org: Organization
    premises: Premises
    mic: Member
    caller: Member
    verifier: Member
    officer: Member


# What the test licence specifies (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6): every alternate prize,
# attendance prize and U Pick Em game (numbers picked, payout) the tests' programs offer.
TEST_LICENCE = LicenceContents(
    alternates=(LicensedAlternate(20, 25_000), LicensedAlternate(52, 35_000), LicensedAlternate(75, 20_000)),
    attendance_prizes=(
        LicensedAttendancePrize(100, 15_000),
        LicensedAttendancePrize(100, 30_000),
        LicensedAttendancePrize(150, 20_000),
        LicensedAttendancePrize(150, 25_000),
    ),
    upick_games=tuple(
        LicensedUPickGame(picks, cents)
        for picks, cents in (
            (2, 10_000),
            (4, 5_000),
            (4, 8_000),
            (4, 10_000),
            (6, 10_000),
            (8, 5_000),
            (8, 10_000),
            (8, 20_000),
        )
    ),
)


def licence_lists(
    contents: LicenceContents,
) -> tuple[tuple[LicensedAlternate, ...], tuple[LicensedAttendancePrize, ...], tuple[LicensedUPickGame, ...]]:
    return contents.alternates, contents.attendance_prizes, contents.upick_games


def make_hall(
    session: Session,
    name: str | None = None,
    first_licensed_on: date = date(2010, 1, 1),
    cookie_jar: bool = True,
    licensed: LicenceContents = TEST_LICENCE,
) -> Hall:
    """An organization licensed for 2026, its hall, and the people who run an occasion, each with
    a login named after their role (mic, caller, verifier, officer; password tests.support.factories.PASSWORD);
    with `cookie_jar`, the hall runs a cookie jar ($1,000.00 at most, a $2.00 fee, both jars empty). The
    licence specifies `licensed` (by default, everything the tests' programs offer)."""
    org = make_org(session, **({"name": name} if name else {}), bingo_first_licensed_on=first_licensed_on)
    licenses.add_bingo_license_term(
        session,
        SYSTEM,
        NOW,
        org.id,
        BingoLicenseRequest(f"B-{org.id}", date(2026, 1, 1), date(2026, 12, 31), *licence_lists(licensed)),
    )
    premises = organizations.create_premises(
        session, SYSTEM, NOW, org.id, PremisesRequest(f"Hall {org.id}", "1 Main St", owned_by_organization=True)
    )
    people = {}
    for role, is_officer in [("mic", False), ("caller", False), ("verifier", False), ("officer", True)]:
        member = make_member(session, org, name=f"{role.title()} {org.id}", is_officer=is_officer)
        people[role] = member
        roles = {
            "mic": [Role.MEMBER_IN_CHARGE],
            "caller": [Role.CALLER],
            "verifier": [Role.VERIFIER],
            "officer": [Role.OFFICER],
        }[role]
        make_user(session, roles, member=member, username=f"{role}{org.id}")
    if cookie_jar:
        jars.save_settings(session, SYSTEM, NOW, org.id, 100_000, 200)
    return Hall(org, premises, people["mic"], people["caller"], people["verifier"], people["officer"])


def series_faces() -> list[Face]:
    return generate_series(SERIES_SIZE, SERIES_SEED)


@dataclass(frozen=True)
class Script:
    """A call order and what happens on it: `early` completed first (and is left unclaimed), then
    `winners` all complete together on call `on_call`."""

    calls: list[int]
    early: list[int]
    winners: list[int]
    on_call: int


def split_script(pattern: Pattern, winners: int) -> Script:
    """Search seeds for a game where some faces complete, nobody claims, and later exactly
    `winners` faces complete on the same call."""
    faces = series_faces()
    for seed in range(10_000):
        order = random.Random(seed).sample(range(1, 76), 75)
        index = CoverageIndex(faces)
        early: list[int] = []
        for position, ball in enumerate(order, start=1):
            index.call(ball)
            fresh = [f.number for f in index.new_winners(pattern)]
            if not fresh:
                continue
            if not early:
                early = fresh
                continue
            if len(fresh) == winners:
                return Script(order[:position], early, fresh, position)
            break
    raise AssertionError("no seed gives that game")
