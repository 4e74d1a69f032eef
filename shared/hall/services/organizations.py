"""Organizations, their premises and their members."""

from __future__ import annotations

from dataclasses import asdict
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.violations import refuse
from shared.hall.models import Member, Organization, Premises
from shared.hall.rules.people import MemberFacts, MemberStatus
from shared.hall.schemas import (
    OMITTED,
    MemberChanges,
    MemberRequest,
    OrganizationChanges,
    OrganizationRequest,
    PremisesRequest,
)
from shared.platform.audit import Actor
from shared.platform.service_kit import finish, get_or_refuse, same_text


def list_organizations(session: Session) -> list[Organization]:
    return list(session.scalars(select(Organization).order_by(Organization.name)))


def get_organization(session: Session, org_id: int) -> Organization:
    return get_or_refuse(session, Organization, org_id, "organization_id", "organization")


def _unique_name(session: Session, name: str, exclude_id: int | None = None) -> None:
    query = select(Organization.id).where(same_text(Organization.name, name))
    found = session.scalar(query)
    if found is not None and found != exclude_id:
        raise refuse("duplicate", f"An organization named {name!r} already exists.", None, field="name", status=409)


def create_organization(session: Session, actor: Actor, now: datetime, data: OrganizationRequest) -> Organization:
    """28 Del. C. §1801(33): the kind is one of the five sponsoring kinds (checked by the schema)."""
    _unique_name(session, data.name)
    org = Organization(
        name=data.name,
        kind=data.kind.value,
        bingo_first_licensed_on=data.bingo_first_licensed_on,
        anniversary_on=data.anniversary_on,
    )
    session.add(org)
    finish(session, actor, now, "organization.create", org, "organization", {"name": org.name, "kind": org.kind})
    return org


def update_organization(
    session: Session, actor: Actor, now: datetime, org_id: int, data: OrganizationChanges
) -> Organization:
    """Change the fields the request sent; one left out stays as it is (the dates may be cleared)."""
    org = get_organization(session, org_id)
    if data.name is not OMITTED:
        _unique_name(session, data.name, exclude_id=org.id)
        org.name = data.name
    if data.kind is not OMITTED:
        org.kind = data.kind
    if data.bingo_first_licensed_on is not OMITTED:
        org.bingo_first_licensed_on = data.bingo_first_licensed_on
    if data.anniversary_on is not OMITTED:
        org.anniversary_on = data.anniversary_on
    finish(session, actor, now, "organization.update", org, "organization", _plain(data))
    return org


def create_premises(session: Session, actor: Actor, now: datetime, org_id: int, data: PremisesRequest) -> Premises:
    org = get_organization(session, org_id)
    if any(p.name.lower() == data.name.lower() for p in org.premises):
        raise refuse(
            "duplicate", f"{org.name} already has premises named {data.name!r}.", None, field="name", status=409
        )
    premises = Premises(
        organization_id=org.id,
        name=data.name,
        address=data.address,
        owned_by_organization=data.owned_by_organization,
    )
    session.add(premises)
    finish(session, actor, now, "premises.create", premises, "premises", _plain(data))
    return premises


def list_members(session: Session, org_id: int) -> list[Member]:
    get_organization(session, org_id)
    return list(session.scalars(select(Member).where(Member.organization_id == org_id).order_by(Member.name)))


def create_member(session: Session, actor: Actor, now: datetime, org_id: int, data: MemberRequest) -> Member:
    org = get_organization(session, org_id)
    _check_dates(data.date_of_birth, data.active_since, now.date())
    member = Member(
        organization_id=org.id,
        name=data.name,
        date_of_birth=data.date_of_birth,
        active_since=data.active_since,
        is_officer=data.is_officer,
        status=data.status.value,
    )
    session.add(member)
    finish(session, actor, now, "member.create", member, "member", _plain(data))
    return member


def update_member(
    session: Session, actor: Actor, now: datetime, org_id: int, member_id: int, data: MemberChanges
) -> Member:
    """Change the fields the request sent; one left out stays as it is (`active_since` may be cleared).
    The dates are checked as they will stand after the change."""
    member = get_or_refuse(session, Member, member_id, "member_id", "member")
    if member.organization_id != org_id:
        raise refuse("not_found", f"No member {member_id} in this organization.", None, field="member_id", status=404)
    born = member.date_of_birth if data.date_of_birth is OMITTED else data.date_of_birth
    since = member.active_since if data.active_since is OMITTED else data.active_since
    _check_dates(born, since, now.date())
    if data.name is not OMITTED:
        member.name = data.name
    if data.date_of_birth is not OMITTED:
        member.date_of_birth = data.date_of_birth
    if data.active_since is not OMITTED:
        member.active_since = data.active_since
    if data.is_officer is not OMITTED:
        member.is_officer = data.is_officer
    if data.status is not OMITTED:
        member.status = data.status
    finish(session, actor, now, "member.update", member, "member", _plain(data))
    return member


def member_facts(member: Member) -> MemberFacts:
    return MemberFacts(
        name=member.name,
        date_of_birth=member.date_of_birth,
        status=MemberStatus(member.status),
        active_since=member.active_since,
    )


def _check_dates(born: date, since: date | None, today: date) -> None:
    if born > today:
        raise refuse("future_date", "A date of birth cannot be in the future.", None, field="date_of_birth")
    if since is not None and since < born:
        raise refuse("before_birth", "Membership cannot start before the member was born.", None, field="active_since")


def _plain(data: PremisesRequest | MemberRequest | OrganizationChanges | MemberChanges) -> dict[str, object]:
    """The audit entry's details: the fields the request gave (a change's left-out ones not at all),
    enumerations by their value."""
    return {key: getattr(value, "value", value) for key, value in asdict(data).items() if value is not OMITTED}
