"""Demo data for trying Flashboard: a fire company, its hall, members, licences, a vendor and one
login per role. Passwords and PINs are generated on every run, so no credential is in the code."""

from __future__ import annotations

import secrets
from datetime import date, datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from bingo.rules.limits import GameKind
from bingo.schemas import ProgramGameRequest, ProgramRequest
from bingo.services import cash, programs, series
from bingo.services import jars as cookie_jar
from poker.rules.profiles import Jurisdiction
from poker.rules.registration import Buy
from poker.schemas import BuyRequest, LevelRequest, PrizeRequest, RebuyRequest, StaffRequest, TournamentRequest
from poker.services import staff as poker_staff
from poker.services import tournaments
from shared.core.calendar import add_years
from shared.core.roles import Role
from shared.hall.models import Member, Organization
from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import (
    PERSONAL_LICENSE_FEE_CENTS,
    PERSONAL_LICENSE_YEARS,
    CompensationBasis,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.hall.rules.people import MemberStatus
from shared.hall.rules.work_roles import WorkRole
from shared.hall.schemas import (
    BingoLicenseRequest,
    MemberRequest,
    OrganizationRequest,
    PersonalLicenseRequest,
    PokerOccasionLicenseRequest,
    PremisesRequest,
    SecretsRequest,
    UserRequest,
    VendorContractRequest,
    VendorRequest,
)
from shared.hall.services import licenses, organizations, staff
from shared.hall.services.staff import KdfCost
from shared.platform.audit import SYSTEM, Actor

DEMO_ORG = "Millbrook Volunteer Fire Company"

MEMBERS: list[tuple[str, date, date, bool]] = [
    ("Dorothy Keller", date(1951, 4, 2), date(1979, 6, 1), True),
    ("Frank Moretti", date(1958, 9, 14), date(1985, 2, 1), True),
    ("Linda Osei", date(1966, 1, 30), date(1999, 9, 1), False),
    ("Ray Donnelly", date(1948, 11, 5), date(1970, 3, 1), False),
    ("Carol Whitfield", date(1972, 7, 19), date(2004, 5, 1), False),
    ("Jim Park", date(1980, 2, 11), date(2011, 1, 1), False),
    ("Marisol Vega", date(1990, 12, 1), date(2016, 8, 1), False),
    ("Tom Brennan", date(1975, 5, 23), date(2008, 10, 1), True),
    ("Kayla Moretti", date(2010, 3, 9), date(2025, 1, 1), False),
]

LOGINS: list[tuple[Role, str, str]] = [
    (Role.ADMIN, "admin", "Dorothy Keller"),
    (Role.MEMBER_IN_CHARGE, "mic", "Frank Moretti"),
    (Role.OFFICER, "officer", "Tom Brennan"),
    (Role.CALLER, "caller", "Ray Donnelly"),
    (Role.CASHIER, "cashier", "Linda Osei"),
    (Role.VERIFIER, "verifier", "Carol Whitfield"),
    (Role.TOURNAMENT_DIRECTOR, "director", "Jim Park"),
    (Role.DEALER, "dealer", "Marisol Vega"),
]


def _password() -> str:
    return "demo-" + secrets.token_urlsafe(9)


def _pin() -> str:
    while True:
        pin = f"{secrets.randbelow(10**6):06d}"
        if len(set(pin)) > 1:
            return pin


def _build(session: Session, now: datetime) -> Organization:
    today = now.date()
    org = organizations.create_organization(
        session,
        SYSTEM,
        now,
        OrganizationRequest(
            name=DEMO_ORG,
            kind=OrganizationKind.VOLUNTEER_FIRE_COMPANY,
            bingo_first_licensed_on=date(1994, 3, 1),
        ),
    )
    organizations.create_premises(
        session,
        SYSTEM,
        now,
        org.id,
        PremisesRequest(
            name="Millbrook Fire Hall",
            address="12 Station Road, Millbrook, DE 19963",
            owned_by_organization=True,
        ),
    )
    for name, born, since, officer in MEMBERS:
        organizations.create_member(
            session,
            SYSTEM,
            now,
            org.id,
            MemberRequest(
                name=name,
                date_of_birth=born,
                active_since=since,
                is_officer=officer,
                status=MemberStatus.ACTIVE,
            ),
        )
    licenses.add_bingo_license_term(
        session,
        SYSTEM,
        now,
        org.id,
        BingoLicenseRequest(
            number="B-1147", valid_from=date(today.year - 1, 1, 1), valid_to=date(today.year - 1, 12, 31)
        ),
    )
    licenses.add_bingo_license_term(
        session,
        SYSTEM,
        now,
        org.id,
        BingoLicenseRequest(number="B-1147", valid_from=date(today.year, 1, 1), valid_to=date(today.year, 12, 31)),
    )
    vendor = licenses.create_vendor(
        session,
        SYSTEM,
        now,
        VendorRequest(
            name="Brandywine Card Room Services",
            license_number="TPV-0042",
            licensed_until=date(today.year + 1, 6, 30),
        ),
    )
    licenses.create_vendor_contract(
        session,
        SYSTEM,
        now,
        org.id,
        VendorContractRequest(
            vendor_id=vendor.id,
            starts_on=today,
            ends_on=date(today.year + 1, 6, 30),
            compensation_basis=CompensationBasis.PER_TABLE,
            compensation_cents=15_000,
            terms="Dealers and two decks per table.",
        ),
    )
    by_name = {m.name: m for m in session.scalars(select(Member).where(Member.organization_id == org.id))}
    for holder, kind, issued in [
        ("Jim Park", PersonalLicenseKind.TOURNAMENT_DIRECTOR, date(today.year - 1, 3, 1)),
        ("Marisol Vega", PersonalLicenseKind.DEALER, add_years(today, -PERSONAL_LICENSE_YEARS) + timedelta(days=20)),
    ]:
        member = by_name[holder]
        licenses.record_personal_license(
            session,
            SYSTEM,
            now,
            org.id,
            PersonalLicenseRequest(
                holder_name=holder,
                date_of_birth=member.date_of_birth,
                kind=kind,
                number=f"NLH-{member.id:04d}",
                issued_on=issued,
                fee_cents=PERSONAL_LICENSE_FEE_CENTS,
                status=PersonalLicenseStatus.ACTIVE,
                member_id=member.id,
                vendor_id=None,
            ),
        )
    _bingo(session, org, now)
    _poker(session, org, now)
    return org


SAMPLE_PROGRAM: list[dict[str, Any]] = [
    {"pattern": {"kind": "any_row"}, "prize_cents": 10_000},
    {"pattern": {"kind": "four_corners"}, "prize_cents": 7_500},
    {"pattern": {"kind": "letter_x"}, "prize_cents": 15_000},
    {
        "pattern": {
            "kind": "shape",
            "name": "Postage stamp",
            "rows": ["XX...", "XX...", ".....", ".....", "....."],
            "anywhere": True,
        },
        "prize_cents": 12_500,
    },
    {"pattern": {"kind": "two_rows"}, "prize_cents": 20_000, "ball_mode": "electronic"},
    {"pattern": {"kind": "frame"}, "prize_cents": 25_000},
    {"pattern": {"kind": "blackout"}, "prize_cents": 15_000, "alternate_within_calls": 52, "alternate_cents": 35_000},
    {
        "kind": "u_pick_em",
        "pattern": {"kind": "blackout"},
        "prize_cents": 10_000,
        "pick_count": 8,
        "face_price_cents": 100,
    },
]


def _bingo(session: Session, org: Organization, now: datetime) -> None:
    """A 9,000-face series, a sample program within the 4.6 limits, and the cookie jar at $1,000."""
    series.generate(session, SYSTEM, now, org.id, "Demo perm (9,000 faces)", 9_000, 1994)
    games = [
        ProgramGameRequest(
            kind=GameKind(str(g.get("kind", "regular"))),
            **{k: v for k, v in g.items() if k != "kind"},
        )
        for g in SAMPLE_PROGRAM
    ]
    programs.create_program(session, SYSTEM, now, org.id, ProgramRequest(name="Saturday night", games=games))
    cookie_jar.save_settings(session, SYSTEM, now, org.id, 100_000, 200)


DEMO_PLAYERS = [
    "Ann Lyons",
    "Ben Ortiz",
    "Cass Reilly",
    "Dev Patel",
    "Eli Brooks",
    "Fay Nguyen",
    "Gus Walsh",
    "Hal Kemp",
    "Ida Flores",
    "Jon Mercer",
    "Kim Sato",
    "Lou Grant",
    "Max Duffy",
    "Nia Cole",
]


def _poker(session: Session, org: Organization, now: datetime) -> None:
    """Tonight's Delaware tournament under its occasion licence: Jim Park directing, Marisol Vega
    dealing table 1, fourteen players registered and paid, waiting for the draw."""
    today = now.date()
    licence = licenses.create_poker_occasion_license(
        session,
        SYSTEM,
        now,
        PokerOccasionLicenseRequest(
            number=f"P-{today.isoformat()}",
            occasion_date=today,
            sponsor_organization_ids=[org.id],
            fee_cents=25_000,
        ),
    )
    tournament = tournaments.create(
        session,
        SYSTEM,
        now,
        org.id,
        TournamentRequest(
            name="Friday Night Hold'em",
            jurisdiction=Jurisdiction.DELAWARE,
            license_id=licence.id,
            starts_on=today,
            entry_fee_cents=6_000,
            starting_chips=10_000,
            rebuy=RebuyRequest(
                allowed=True,
                cost_cents=6_000,
                chips=10_000,
                until_level=3,
                at_or_below_chips=None,
                max_per_player=None,
                reentry=False,
            ),
            levels=[LevelRequest(sb, sb * 2, ante, 20, False) for sb, ante in ((25, 0), (50, 0), (75, 0))]
            + [LevelRequest(0, 0, 0, 10, True)]
            + [LevelRequest(sb, sb * 2, sb // 4, 20, False) for sb in (100, 150, 200)],
            prizes=[
                PrizeRequest(1, "50% of the prize pool", None, 5000),
                PrizeRequest(2, "30% of the prize pool", None, 3000),
                PrizeRequest(3, "20% of the prize pool", None, 2000),
            ],
            final_table_size=9,
            min_players=6,
            other_charges_cents=0,
            added_money_cents=0,
            deals_allowed=False,
            special_game=False,
            charitable=False,
            charity_percent=0,
            rake_cents=0,
            days=1,
            announced_on=None,
        ),
    )
    by_name = {m.name: m for m in session.scalars(select(Member).where(Member.organization_id == org.id))}
    poker_staff.assign(
        session,
        SYSTEM,
        now,
        tournament.id,
        StaffRequest(WorkRole.TOURNAMENT_DIRECTOR, by_name["Jim Park"].id, None, None),
    )
    poker_staff.assign(
        session,
        SYSTEM,
        now,
        tournament.id,
        StaffRequest(WorkRole.DEALER, by_name["Marisol Vega"].id, None, 1),
    )
    desk = Actor(user_id=None, name="registration", station="registration")
    till = tournaments.open_desk_till(session, desk, now, tournament.id, 0)
    for name in DEMO_PLAYERS:
        tournaments.buy(
            session,
            desk,
            now,
            tournament.id,
            BuyRequest(Buy.ENTRY, name, None, 0, "cash", 6_000),
            secrets.SystemRandom(),
        )
    cash.close_till(session, desk, now, till.id, {2_000: 3 * len(DEMO_PLAYERS)})


def load_demo(
    sessions: sessionmaker[Session], now: datetime, cost: KdfCost | None = None
) -> list[tuple[str, str, str, str]]:
    """Create the demo organization once; on every run give the demo logins new secrets and return them."""
    cost = cost or KdfCost()
    logins = []
    with sessions() as session:
        org = session.scalar(select(Organization).where(Organization.name == DEMO_ORG)) or _build(session, now)
        by_name = {m.name: m for m in session.scalars(select(Member).where(Member.organization_id == org.id))}
        for role, username, member_name in LOGINS:
            password, pin = _password(), _pin()
            user = staff.find_user(session, username)
            if user is None:
                staff.create_user(
                    session,
                    SYSTEM,
                    now,
                    UserRequest(
                        username=username,
                        display_name=member_name,
                        password=password,
                        pin=pin,
                        member_id=by_name[member_name].id,
                        roles=[role],
                    ),
                    cost,
                )
            else:
                staff.set_secrets(session, SYSTEM, now, user.id, SecretsRequest(password=password, pin=pin), cost)
                staff.unlock(session, SYSTEM, now, user.id)
            logins.append((role.value, username, password, pin))
    return logins
