"""The work roster: who works which role on which day, with every assignment checked against the
rules for that role before it is written."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.violations import Violation, refuse
from shared.hall.models import Member, PersonalLicense, WorkAssignment
from shared.hall.rules import hall_refusals, licensing, people
from shared.hall.rules.people import MemberStatus
from shared.hall.rules.work_roles import WorkRole
from shared.hall.schemas import AssignmentRequest
from shared.hall.services.licenses import license_facts, list_personal_licenses
from shared.hall.services.organizations import get_organization, member_facts
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse


@dataclass(frozen=True)
class Candidate:
    name: str
    member_id: int | None
    personal_license_id: int | None


def member_refusal(role: WorkRole, member: Member, on: date) -> Violation | None:
    """10 DE Admin Code 101-4.1, 4.3 and 4.23, by role."""
    facts = member_facts(member)
    if role is WorkRole.MEMBER_IN_CHARGE:
        return people.member_in_charge_refusal(facts, on)
    if role is WorkRole.FOOD_SERVICE:
        return people.food_service_refusal(member.date_of_birth, on)
    return people.assist_refusal(facts, on)


def licenses_of(session: Session, org_id: int, member_id: int | None, license_id: int | None) -> list[PersonalLicense]:
    if license_id is not None:
        chosen = get_or_refuse(session, PersonalLicense, license_id, "personal_license_id", "personal licence")
        if chosen.organization_id != org_id:
            raise refuse(
                "wrong_organization",
                "That licence is recorded for another organization.",
                None,
                field="personal_license_id",
                status=409,
            )
        if chosen.member_id is None:
            return [chosen]
        member_id = chosen.member_id
    query = select(PersonalLicense).where(
        PersonalLicense.organization_id == org_id, PersonalLicense.member_id == member_id
    )
    return list(session.scalars(query))


def assign(session: Session, actor: Actor, now: datetime, org_id: int, data: AssignmentRequest) -> WorkAssignment:
    """Put a person on the roster for a role and day, refusing anyone the rules do not allow."""
    row = add_assignment(session, org_id, data)
    finish(
        session,
        actor,
        now,
        "roster.assign",
        row,
        "work_assignment",
        {"role": row.role, "work_date": str(row.work_date), "person": row.person_name},
    )
    return row


def add_assignment(session: Session, org_id: int, data: AssignmentRequest) -> WorkAssignment:
    """The checks and the row, inside the caller's transaction (scheduling an occasion adds its
    workers this way)."""
    org = get_organization(session, org_id)
    role, on = WorkRole(data.role), data.work_date
    member_id, license_id = data.member_id, data.personal_license_id
    if member_id is None and license_id is None:
        raise refuse("person_required", "Choose a member or a licence holder.", None, field="member_id")
    member = None
    if member_id is not None:
        member = get_or_refuse(session, Member, member_id, "member_id", "member")
        if member.organization_id != org.id:
            raise refuse(
                "wrong_organization",
                "That member belongs to another organization.",
                None,
                field="member_id",
                status=409,
            )
    if role.is_poker:
        licenses = licenses_of(session, org.id, member_id, license_id)
        check(licensing.poker_assignment_refusal(role.value, [license_facts(lic) for lic in licenses], on))
        name = member.name if member else licenses[0].holder_name
    else:
        check(hall_refusals.bingo_member_refusal(member_named=member is not None))
        assert member is not None  # refused above
        check(member_refusal(role, member, on))
        name = member.name
    duplicate = select(WorkAssignment.id).where(
        WorkAssignment.organization_id == org.id,
        WorkAssignment.work_date == on,
        WorkAssignment.role == role.value,
        WorkAssignment.person_name == name,
    )
    if session.scalar(duplicate) is not None:
        raise refuse(
            "duplicate",
            f"{name} is already on the roster as {role.value} that day.",
            None,
            field="member_id",
            status=409,
        )
    row = WorkAssignment(
        organization_id=org.id,
        work_date=on,
        role=role.value,
        member_id=member_id,
        personal_license_id=license_id,
        person_name=name,
    )
    session.add(row)
    session.flush()
    return row


def roster(session: Session, org_id: int, on: date) -> list[WorkAssignment]:
    get_organization(session, org_id)
    query = select(WorkAssignment).where(WorkAssignment.organization_id == org_id, WorkAssignment.work_date == on)
    return list(session.scalars(query.order_by(WorkAssignment.role, WorkAssignment.person_name)))


def is_working(session: Session, org_id: int, member_id: int, on: date) -> bool:
    """10 DE Admin Code 101-4.1.1: anyone on the day's roster may not play."""
    query = select(WorkAssignment.id).where(
        WorkAssignment.organization_id == org_id, WorkAssignment.work_date == on, WorkAssignment.member_id == member_id
    )
    return session.scalar(query) is not None


def eligible(session: Session, org_id: int, role: WorkRole, on: date) -> list[Candidate]:
    """Who may work role R on day D: members the bingo rules allow, or holders of a licence in force."""
    if role.is_poker:
        rows = list_personal_licenses(session, org_id)
        return [
            Candidate(row.holder_name, row.member_id, row.id)
            for row in rows
            if licensing.poker_assignment_refusal(role.value, [license_facts(row)], on) is None
        ]
    query = select(Member).where(Member.organization_id == org_id, Member.status == MemberStatus.ACTIVE.value)
    return [
        Candidate(member.name, member.id, None)
        for member in session.scalars(query.order_by(Member.name))
        if member_refusal(role, member, on) is None
    ]
