"""Demo data for trying Flashboard: a fire company, its hall, members, licences, a vendor and one
login per role, and tonight's night ready to play: a bingo occasion with its roster, paper issued to
the cashier's station and products on sale, and a poker tournament waiting for its seat draw.
Passwords and PINs are generated on every run, so no credential is in the code. Tonight's bingo
occasion is a training occasion (training mode): its screens and papers say TRAINING, it is left out of
what is filed with the Board, and the time-of-day rules are lifted for it alone, so the night can be
played at any hour of the real day."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from bingo.models import Pack, PackStatus, PaperSet, Program
from bingo.rules.limits import GameKind
from bingo.rules.sales import ProductKind
from bingo.schemas import (
    OccasionRequest,
    PackMoveRequest,
    PaperSetRequest,
    ProductRequest,
    ProgramGameRequest,
    ProgramRequest,
    WorkerRequest,
)
from bingo.services import cash, occasions, programs, selling, series, stock
from bingo.services import jars as cookie_jar
from poker.models import Tournament
from poker.rules.profiles import Jurisdiction
from poker.rules.registration import Buy
from poker.schemas import BuyRequest, LevelRequest, PrizeRequest, RebuyRequest, StaffRequest, TournamentRequest
from poker.services import staff as poker_staff
from poker.services import tournaments
from shared.core.calendar import add_years
from shared.core.roles import Role
from shared.core.violations import RuleViolation
from shared.hall.models import Member, Organization, Premises
from shared.hall.rules.addendum import LicensedAlternate, LicensedAttendancePrize, LicensedUPickGame
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
            number="B-1147",
            valid_from=date(today.year - 1, 1, 1),
            valid_to=date(today.year - 1, 12, 31),
            **DEMO_LICENCE_LISTS,
        ),
    )
    licenses.add_bingo_license_term(
        session,
        SYSTEM,
        now,
        org.id,
        BingoLicenseRequest(
            number="B-1147",
            valid_from=date(today.year, 1, 1),
            valid_to=date(today.year, 12, 31),
            **DEMO_LICENCE_LISTS,
        ),
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
    return org


SAMPLE_PROGRAM: list[dict[str, Any]] = [
    {"pattern": {"kind": "any_row"}, "prize_cents": 10_000},
    {"pattern": {"kind": "four_corners"}, "prize_cents": 7_500},
    {"kind": "special", "pattern": {"kind": "letter_x"}, "prize_cents": 15_000},
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

# What the demo's licence specifies (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6): the sample program's
# alternate blackout and its U Pick Em game, with an attendance prize and a second U Pick Em game it does
# not play, so the licences screen shows every list.
DEMO_LICENCE_LISTS: dict[str, Any] = {
    "alternates": (LicensedAlternate(within_calls=52, prize_cents=35_000),),
    "attendance_prizes": (LicensedAttendancePrize(min_players=150, prize_cents=30_000),),
    "upick_games": (
        LicensedUPickGame(pick_count=8, payout_cents=10_000),
        LicensedUPickGame(pick_count=4, payout_cents=5_000),
    ),
}


DEMO_CASHIER_STATION = "Cashier 1"
DEMO_EVENING = time(18, 0)
PACKS_A_NIGHT = 60
FIRST_PACK = 1001


def _bingo(session: Session, org: Organization, now: datetime) -> None:
    """A 9,000-face series printed as 1,800 packs of five faces, a sample program within the 4.6
    limits, and the cookie jar at $1,000."""
    made = series.generate(session, SYSTEM, now, org.id, "Demo perm (9,000 faces)", 9_000, 1994)
    stock.receive(
        session,
        SYSTEM,
        now,
        org.id,
        PaperSetRequest(made.id, "blue", 5, 1, FIRST_PACK, FIRST_PACK + 1_799, 1),
    )
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


def _tonights_bingo(session: Session, org: Organization, now: datetime) -> None:
    """Tonight's training occasion, set for 18:00 and playable at any hour, on the sample program: Frank
    Moretti in charge, Ray Donnelly calling, Linda Osei at the cashier's station with the next packs in
    stock issued to it, Carol Whitfield verifying; on sale a pack, the special, U Pick Em faces, the
    cookie jar and a dauber."""
    today = now.date()
    if occasions.todays_occasion(session, org.id, today) is not None:
        return
    by_name = {m.name: m for m in session.scalars(select(Member).where(Member.organization_id == org.id))}
    program = session.scalars(select(Program).where(Program.organization_id == org.id).order_by(Program.id)).first()
    paper = session.scalars(select(PaperSet).where(PaperSet.organization_id == org.id).order_by(PaperSet.id)).first()
    premises = session.scalars(select(Premises).where(Premises.organization_id == org.id)).first()
    if program is None or paper is None or premises is None:
        return
    occasion = occasions.schedule(
        session,
        SYSTEM,
        now,
        org.id,
        OccasionRequest(
            premises_id=premises.id,
            program_id=program.id,
            series_id=paper.series_id,
            occasion_date=today,
            start_time=DEMO_EVENING,
            member_in_charge_id=by_name["Frank Moretti"].id,
            workers=[
                WorkerRequest(by_name["Ray Donnelly"].id, "caller"),
                WorkerRequest(by_name["Linda Osei"].id, "cashier"),
                WorkerRequest(by_name["Carol Whitfield"].id, "verifier"),
            ],
        ),
        training=True,
    )
    serials = list(
        session.scalars(
            select(Pack.serial)
            .where(Pack.set_id == paper.id, Pack.status == PackStatus.IN_STOCK)
            .order_by(Pack.serial)
            .limit(PACKS_A_NIGHT)
        )
    )
    if serials:
        stock.move(
            session,
            SYSTEM,
            now,
            paper.id,
            PackMoveRequest("issue", serials, occasion_id=occasion.id, station=DEMO_CASHIER_STATION),
        )
    games = {g.kind: g for g in occasion.games}
    upick = games.get(GameKind.U_PICK_EM)
    special = games.get(GameKind.SPECIAL)
    products = [ProductRequest(ProductKind.ADMISSION, "Blue pack (5 faces)", 1_000, paper_set_id=paper.id)]
    if special is not None:
        products.append(ProductRequest(ProductKind.SPECIAL, f"Special: game {special.number}", 300, special.number))
    if upick is not None:
        products.append(ProductRequest(ProductKind.UPICK_FACE, "U Pick Em face", upick.face_price_cents, upick.number))
    products += [
        ProductRequest(ProductKind.COOKIE_JAR, "Cookie jar entry"),
        ProductRequest(ProductKind.NON_GAMING, "Dauber", 150),
    ]
    for product in products:
        selling.add_product(session, SYSTEM, now, occasion.id, product)


def _tonight(session: Session, org: Organization, now: datetime) -> list[str]:
    """Tonight's bingo occasion and poker tournament, each scheduled once a day; a night the rules
    refuse (a licence out of force, the frequency limit) is reported, not forced."""
    problems = []
    for label, part in (("bingo", _tonights_bingo), ("poker", _tonights_poker)):
        try:
            part(session, org, now)
        except RuleViolation as refused:
            session.rollback()
            problems.append(f"Tonight's {label} was not set up: {refused.violation.message} ({refused.violation.rule})")
    return problems


def _tonights_poker(session: Session, org: Organization, now: datetime) -> None:
    """Tonight's Delaware training tournament under its occasion licence: Jim Park directing, Marisol Vega
    dealing table 1, fourteen players registered and paid, waiting for the draw."""
    today = now.date()
    if session.scalar(select(Tournament.id).where(Tournament.organization_id == org.id, Tournament.starts_on == today)):
        return
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
        training=True,
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


@dataclass(frozen=True)
class DemoLoad:
    """What the demo prints: a login per role, and anything about tonight the rules refused."""

    logins: list[tuple[str, str, str, str]]
    problems: list[str]
    cashier_station: str = DEMO_CASHIER_STATION


def load_demo(sessions: sessionmaker[Session], now: datetime, cost: KdfCost | None = None) -> DemoLoad:
    """Create the demo organization once, and tonight's occasion and tournament once a day; on every run
    give the demo logins new secrets and return them."""
    cost = cost or KdfCost()
    logins = []
    with sessions() as session:
        org = session.scalar(select(Organization).where(Organization.name == DEMO_ORG)) or _build(session, now)
        problems = _tonight(session, org, now)
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
    return DemoLoad(logins, problems)
