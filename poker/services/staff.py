"""A tournament's staff: the tournament director it must have (28 Del. C. §1827(1); MCA
23-5-317(5)) and its dealers, each at a table, every one holding a personal licence in force on the
tournament day (28 Del. C. §1831(1)); anyone else is refused with the licence's standing named."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from poker.models import StaffAssignment, Tournament
from poker.rules import conduct
from poker.rules.profiles import PROFILES, Jurisdiction
from poker.schemas import StaffRequest
from poker.services.tables import tables_of
from shared.core.violations import refuse
from shared.hall.models import Member
from shared.hall.rules import licensing
from shared.hall.rules.work_roles import WorkRole
from shared.hall.services.licenses import license_facts
from shared.hall.services.roster import licenses_of
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse


def staff_of(session: Session, tournament_id: int) -> list[StaffAssignment]:
    query = select(StaffAssignment).where(StaffAssignment.tournament_id == tournament_id)
    return list(
        session.scalars(query.order_by(StaffAssignment.role.desc(), StaffAssignment.table_number, StaffAssignment.id))
    )


def assign(session: Session, actor: Actor, now: datetime, tournament_id: int, data: StaffRequest) -> StaffAssignment:
    """Put a licensed person on the tournament: one director, any number of dealers (at a table or
    floating); an unlicensed, suspended or expired holder is refused and nothing is written."""
    tournament = get_or_refuse(session, Tournament, tournament_id, "tournament_id", "tournament")
    role = WorkRole(data.role)
    member_id = data.member_id
    if member_id is None and data.personal_license_id is None:
        raise refuse("person_required", "Choose a member or a licence holder.", None, "member_id", 422)
    if member_id is not None:
        member = get_or_refuse(session, Member, member_id, "member_id", "member")
        if member.organization_id != tournament.organization_id:
            raise refuse("wrong_organization", "That member belongs to another organization.", None, "member_id", 409)
    held = licenses_of(session, tournament.organization_id, member_id, data.personal_license_id)
    check(licensing.poker_assignment_refusal(role, [license_facts(lic) for lic in held], tournament.starts_on))
    licence = next(
        lic
        for lic in held
        if licensing.poker_assignment_refusal(role, [license_facts(lic)], tournament.starts_on) is None
    )
    name = licence.holder_name
    current = staff_of(session, tournament.id)
    profile = PROFILES[Jurisdiction(tournament.jurisdiction)]
    check(conduct.second_director_refusal(profile, role, _roles(current)))
    if any(s.role == role and s.person_name == name for s in current):
        raise refuse(
            "duplicate", f"{name} is already on this tournament as {role.replace('_', ' ')}.", None, "member_id", 409
        )
    tables = set(tables_of(tournament))
    if data.table is not None and tables and data.table not in tables:
        raise refuse("not_a_table", f"Table {data.table} is not in play.", None, "table", 409)
    row = StaffAssignment(
        tournament_id=tournament.id,
        role=role.value,
        table_number=data.table if role is WorkRole.DEALER else None,
        person_name=name,
        personal_license_id=licence.id,
        member_id=member_id or licence.member_id,
        assigned_at=now,
        assigned_by=person_name(session, actor),
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "tournament.staff",
        row,
        "poker_staff",
        {"tournament": tournament.id, "role": role.value, "person": name, "table": row.table_number},
    )
    return row


def _roles(assigned: list[StaffAssignment]) -> set[WorkRole]:
    return {WorkRole(s.role) for s in assigned}


def director_refusal(session: Session, tournament: Tournament) -> None:
    """28 Del. C. §1827(1); MCA 23-5-317(5): no tournament starts without its director appointed."""
    profile = PROFILES[Jurisdiction(tournament.jurisdiction)]
    check(conduct.director_required_refusal(profile, _roles(staff_of(session, tournament.id))))
