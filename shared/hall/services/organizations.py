"""Organizations, their premises and their members."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.violations import refuse
from shared.hall.models import Member, Organization, Premises
from shared.hall.rules.people import MemberFacts, MemberStatus
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


def create_organization(session: Session, actor: Actor, now: datetime, data: dict[str, Any]) -> Organization:
    """28 Del. C. §1801(33): the kind is one of the five sponsoring kinds (checked by the schema)."""
    _unique_name(session, data["name"])
    org = Organization(
        name=data["name"],
        kind=data["kind"].value,
        bingo_first_licensed_on=data.get("bingo_first_licensed_on"),
        anniversary_on=data.get("anniversary_on"),
    )
    session.add(org)
    finish(session, actor, now, "organization.create", org, "organization", {"name": org.name, "kind": org.kind})
    return org


def update_organization(
    session: Session, actor: Actor, now: datetime, org_id: int, data: dict[str, Any]
) -> Organization:
    org = get_organization(session, org_id)
    if "name" in data:
        _unique_name(session, data["name"], exclude_id=org.id)
        org.name = data["name"]
    if "kind" in data:
        org.kind = data["kind"].value
    for key in ("bingo_first_licensed_on", "anniversary_on"):
        if key in data:
            setattr(org, key, data[key])
    finish(session, actor, now, "organization.update", org, "organization", _plain(data))
    return org


def create_premises(session: Session, actor: Actor, now: datetime, org_id: int, data: dict[str, Any]) -> Premises:
    org = get_organization(session, org_id)
    if any(p.name.lower() == data["name"].lower() for p in org.premises):
        raise refuse(
            "duplicate", f"{org.name} already has premises named {data['name']!r}.", None, field="name", status=409
        )
    premises = Premises(organization_id=org.id, **data)
    session.add(premises)
    finish(session, actor, now, "premises.create", premises, "premises", _plain(data))
    return premises


def list_members(session: Session, org_id: int) -> list[Member]:
    get_organization(session, org_id)
    return list(session.scalars(select(Member).where(Member.organization_id == org_id).order_by(Member.name)))


def create_member(session: Session, actor: Actor, now: datetime, org_id: int, data: dict[str, Any]) -> Member:
    org = get_organization(session, org_id)
    _check_dates(data, now.date())
    member = Member(organization_id=org.id, **{**data, "status": data["status"].value})
    session.add(member)
    finish(session, actor, now, "member.create", member, "member", _plain(data))
    return member


def update_member(
    session: Session, actor: Actor, now: datetime, org_id: int, member_id: int, data: dict[str, Any]
) -> Member:
    member = get_or_refuse(session, Member, member_id, "member_id", "member")
    if member.organization_id != org_id:
        raise refuse("not_found", f"No member {member_id} in this organization.", None, field="member_id", status=404)
    merged = {"date_of_birth": member.date_of_birth, "active_since": member.active_since, **data}
    _check_dates(merged, now.date())
    for key, value in data.items():
        setattr(member, key, value.value if key == "status" else value)
    finish(session, actor, now, "member.update", member, "member", _plain(data))
    return member


def member_facts(member: Member) -> MemberFacts:
    return MemberFacts(
        name=member.name,
        date_of_birth=member.date_of_birth,
        status=MemberStatus(member.status),
        active_since=member.active_since,
    )


def _check_dates(data: dict[str, Any], today: date) -> None:
    born: date = data["date_of_birth"]
    if born > today:
        raise refuse("future_date", "A date of birth cannot be in the future.", None, field="date_of_birth")
    since = data.get("active_since")
    if since is not None and since < born:
        raise refuse("before_birth", "Membership cannot start before the member was born.", None, field="active_since")


def _plain(data: dict[str, Any]) -> dict[str, object]:
    return {key: (getattr(value, "value", value)) for key, value in data.items()}
