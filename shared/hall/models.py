"""Tables shared by bingo and poker: organizations, premises, members, licences, vendors, the work
roster and staff accounts. Money columns are integer cents."""

from __future__ import annotations

from datetime import date, datetime

from sqlalchemy import (
    Boolean,
    Date,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import PersonalLicenseKind, PersonalLicenseStatus
from shared.hall.rules.people import MemberStatus
from shared.platform.db import Base, EnumText, UtcDateTime


class Organization(Base):
    __tablename__ = "organizations"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    kind: Mapped[OrganizationKind] = mapped_column(EnumText(OrganizationKind, 32))
    bingo_first_licensed_on: Mapped[date | None] = mapped_column(Date)
    anniversary_on: Mapped[date | None] = mapped_column(Date)

    premises: Mapped[list[Premises]] = relationship(back_populates="organization", order_by="Premises.name")
    members: Mapped[list[Member]] = relationship(back_populates="organization", order_by="Member.name")


class Premises(Base):
    __tablename__ = "premises"
    __table_args__ = (UniqueConstraint("organization_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    address: Mapped[str] = mapped_column(String(500))
    owned_by_organization: Mapped[bool] = mapped_column(Boolean, default=False)

    organization: Mapped[Organization] = relationship(back_populates="premises")


class Member(Base):
    __tablename__ = "members"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    date_of_birth: Mapped[date] = mapped_column(Date)
    active_since: Mapped[date | None] = mapped_column(Date)
    is_officer: Mapped[bool] = mapped_column(Boolean, default=False)
    status: Mapped[MemberStatus] = mapped_column(EnumText(MemberStatus))

    organization: Mapped[Organization] = relationship(back_populates="members")


class BingoLicense(Base):
    """One term of an organization's bingo licence; a renewal is a new row with the same number. Its child
    rows are what it specifies (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6): a program offers only those."""

    __tablename__ = "bingo_licenses"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    number: Mapped[str] = mapped_column(String(50))
    valid_from: Mapped[date] = mapped_column(Date)
    valid_to: Mapped[date] = mapped_column(Date)

    alternates: Mapped[list[BingoLicenseAlternate]] = relationship(
        cascade="all, delete-orphan",
        order_by=lambda: [BingoLicenseAlternate.within_calls, BingoLicenseAlternate.prize_cents],
    )
    attendance_prizes: Mapped[list[BingoLicenseAttendancePrize]] = relationship(
        cascade="all, delete-orphan",
        order_by=lambda: [BingoLicenseAttendancePrize.min_players, BingoLicenseAttendancePrize.prize_cents],
    )
    upick_games: Mapped[list[BingoLicenseUPickGame]] = relationship(
        cascade="all, delete-orphan",
        order_by=lambda: [BingoLicenseUPickGame.pick_count, BingoLicenseUPickGame.payout_cents],
    )


class BingoLicenseAlternate(Base):
    """10 DE Admin Code 101-4.15: an alternate prize the licence term specifies, by the calls within which
    bingo is reached."""

    __tablename__ = "bingo_license_alternates"
    __table_args__ = (UniqueConstraint("license_id", "within_calls", "prize_cents"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    license_id: Mapped[int] = mapped_column(ForeignKey("bingo_licenses.id"), index=True)
    within_calls: Mapped[int] = mapped_column(Integer)
    prize_cents: Mapped[int] = mapped_column(Integer)


class BingoLicenseAttendancePrize(Base):
    """10 DE Admin Code 101-4.18: a prize the licence term allows when at least `min_players` attend."""

    __tablename__ = "bingo_license_attendance_prizes"
    __table_args__ = (UniqueConstraint("license_id", "min_players", "prize_cents"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    license_id: Mapped[int] = mapped_column(ForeignKey("bingo_licenses.id"), index=True)
    min_players: Mapped[int] = mapped_column(Integer)
    prize_cents: Mapped[int] = mapped_column(Integer)


class BingoLicenseUPickGame(Base):
    """10 DE Admin Code 101-4.30.1.6: a U Pick Em game listed on the licence's Addendum A, with its payout."""

    __tablename__ = "bingo_license_upick_games"
    __table_args__ = (UniqueConstraint("license_id", "pick_count", "payout_cents"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    license_id: Mapped[int] = mapped_column(ForeignKey("bingo_licenses.id"), index=True)
    pick_count: Mapped[int] = mapped_column(Integer)
    payout_cents: Mapped[int] = mapped_column(Integer)


class BingoLicenseSuspension(Base):
    __tablename__ = "bingo_license_suspensions"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    reason: Mapped[str] = mapped_column(String(500))


class PokerOccasionLicense(Base):
    """28 Del. C. ch. 18: one licence per tournament occasion, one sponsoring organization, $250."""

    __tablename__ = "poker_occasion_licenses"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    number: Mapped[str] = mapped_column(String(50), unique=True)
    occasion_date: Mapped[date] = mapped_column(Date)
    fee_cents: Mapped[int] = mapped_column(Integer)


class Vendor(Base):
    """A third-party vendor supplying dealers or equipment for poker."""

    __tablename__ = "vendors"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    license_number: Mapped[str | None] = mapped_column(String(50))
    licensed_until: Mapped[date | None] = mapped_column(Date)


class VendorContract(Base):
    __tablename__ = "vendor_contracts"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    vendor_id: Mapped[int] = mapped_column(ForeignKey("vendors.id"), index=True)
    starts_on: Mapped[date] = mapped_column(Date)
    ends_on: Mapped[date] = mapped_column(Date)
    compensation_basis: Mapped[str] = mapped_column(String(32))
    compensation_cents: Mapped[int] = mapped_column(Integer)
    terms: Mapped[str] = mapped_column(Text, default="")

    vendor: Mapped[Vendor] = relationship()


class PersonalLicense(Base):
    """28 Del. C. ch. 18: a dealer's, director's or vendor staff member's gaming licence."""

    __tablename__ = "personal_licenses"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"), index=True)
    vendor_id: Mapped[int | None] = mapped_column(ForeignKey("vendors.id"), index=True)
    holder_name: Mapped[str] = mapped_column(String(200))
    date_of_birth: Mapped[date] = mapped_column(Date)
    kind: Mapped[PersonalLicenseKind] = mapped_column(EnumText(PersonalLicenseKind, 32))
    number: Mapped[str | None] = mapped_column(String(50))
    issued_on: Mapped[date] = mapped_column(Date)
    expires_on: Mapped[date] = mapped_column(Date, index=True)
    fee_cents: Mapped[int] = mapped_column(Integer)
    status: Mapped[PersonalLicenseStatus] = mapped_column(EnumText(PersonalLicenseStatus))
    status_changed_on: Mapped[date] = mapped_column(Date)
    photo: Mapped[bytes | None] = mapped_column(LargeBinary)
    photo_type: Mapped[str | None] = mapped_column(String(32))


class WorkAssignment(Base):
    """Who works which role on which day: the roster that licensing checks and that 4.1.1 keeps off
    the player list."""

    __tablename__ = "work_assignments"
    __table_args__ = (UniqueConstraint("organization_id", "work_date", "role", "member_id", "personal_license_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    work_date: Mapped[date] = mapped_column(Date, index=True)
    role: Mapped[str] = mapped_column(String(32))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    personal_license_id: Mapped[int | None] = mapped_column(ForeignKey("personal_licenses.id"))
    person_name: Mapped[str] = mapped_column(String(200))


class User(Base):
    """A staff account. Back-office sign-in by password; stations switch user by PIN."""

    __tablename__ = "users"

    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(64), unique=True)
    display_name: Mapped[str] = mapped_column(String(200))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    password_hash: Mapped[str] = mapped_column(String(200))
    pin_hash: Mapped[str | None] = mapped_column(String(200))
    is_active: Mapped[bool] = mapped_column(Boolean, default=True)

    roles: Mapped[list[UserRole]] = relationship(cascade="all, delete-orphan", order_by="UserRole.role")
    member: Mapped[Member | None] = relationship()
    guards: Mapped[list[SignInGuard]] = relationship(viewonly=True)

    @property
    def role_names(self) -> list[str]:
        return [r.role for r in self.roles]


class UserRole(Base):
    __tablename__ = "user_roles"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    role: Mapped[str] = mapped_column(String(32), primary_key=True)


class SignInGuard(Base):
    """Flashboard staff access: one lockout counter, for an account tried from one address (subject
    "user:ID" or, for a name that is no account, "name:NAME") or for the address itself (subject "*").
    Its row is locked while a secret is checked, so parallel guesses are counted one by one."""

    __tablename__ = "sign_in_guards"
    __table_args__ = (UniqueConstraint("subject", "source"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    subject: Mapped[str] = mapped_column(String(100))
    source: Mapped[str] = mapped_column(String(100))
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), index=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    lockouts: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[datetime | None] = mapped_column(UtcDateTime())
    window_start: Mapped[datetime | None] = mapped_column(UtcDateTime())


class StaffSession(Base):
    """Flashboard staff access: a signed-in session, held on the server. The browser's cookie carries
    a random token; the table keeps only its SHA-256, so reading the database gives no session.
    Sign-out, an idle lock, a PIN or password change, a role change and an admin's "sign out
    everywhere" end the record, and a copied cookie stops working with it."""

    __tablename__ = "staff_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    station: Mapped[str | None] = mapped_column(String(100))
    address: Mapped[str | None] = mapped_column(String(100))
    started_at: Mapped[datetime] = mapped_column(UtcDateTime())
    ended_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    ended_why: Mapped[str | None] = mapped_column(String(32))

    user: Mapped[User] = relationship()
