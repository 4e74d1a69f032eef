"""Test data built through the services, so every factory row has its audit entry like real data."""

from __future__ import annotations

from datetime import date, datetime, timezone
from itertools import count
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.models import Member, Organization, PersonalLicense, User
from shared.hall.rules.kinds import OrganizationKind
from shared.hall.rules.licensing import PersonalLicenseKind, PersonalLicenseStatus
from shared.hall.rules.people import MemberStatus
from shared.hall.schemas import MemberRequest, OrganizationRequest, PersonalLicenseRequest, UserRequest
from shared.hall.services import licenses, organizations, staff
from shared.hall.services.staff import KdfCost
from shared.platform.audit import SYSTEM, AuditEntry

TEST_KDF_N = 2**4
NOW = datetime(2026, 11, 30, 17, 0, tzinfo=timezone.utc)
PASSWORD = "correct horse battery"
PIN = "2468"
_seq = count(1)


def make_org(session: Session, **overrides: Any) -> Organization:
    data = {
        "name": f"Test Fire Company {next(_seq)}",
        "kind": OrganizationKind.VOLUNTEER_FIRE_COMPANY,
        "bingo_first_licensed_on": date(2005, 1, 1),
        **overrides,
    }
    return organizations.create_organization(session, SYSTEM, NOW, OrganizationRequest(**data))


def make_member(session: Session, org: Organization, **overrides: Any) -> Member:
    data = {
        "name": f"Member {next(_seq)}",
        "date_of_birth": date(1970, 5, 5),
        "active_since": date(2000, 1, 1),
        "is_officer": False,
        "status": MemberStatus.ACTIVE,
        **overrides,
    }
    return organizations.create_member(session, SYSTEM, NOW, org.id, MemberRequest(**data))


def make_user(session: Session, roles: list[Role], member: Member | None = None, **overrides: Any) -> User:
    data = {
        "username": f"user{next(_seq)}",
        "display_name": member.name if member else "Test User",
        "password": PASSWORD,
        "pin": PIN,
        "member_id": member.id if member else None,
        "roles": roles,
        **overrides,
    }
    return staff.create_user(session, SYSTEM, NOW, UserRequest(**data), KdfCost(TEST_KDF_N))


def make_license(session: Session, org: Organization, **overrides: Any) -> PersonalLicense:
    data = {
        "holder_name": f"Dealer {next(_seq)}",
        "date_of_birth": date(1985, 1, 1),
        "kind": PersonalLicenseKind.DEALER,
        "number": f"NLH-{next(_seq):04d}",
        "issued_on": date(2025, 6, 1),
        "fee_cents": 1500,
        "status": PersonalLicenseStatus.ACTIVE,
        "member_id": None,
        "vendor_id": None,
        **overrides,
    }
    return licenses.record_personal_license(session, SYSTEM, NOW, org.id, PersonalLicenseRequest(**data))


def audit_count(session: Session) -> int:
    """Counted in a separate read-only session, so the factory session's objects stay loaded and
    SQLite's write lock stays free for the app under test."""
    with session.info["database"].readers() as reader:
        return reader.scalar(select(func.count()).select_from(AuditEntry)) or 0
