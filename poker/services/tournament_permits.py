"""Montana tournament permits (MCA 23-5-317(1)(a)-(b), (d), (f); (2)(a)-(b)): recorded once a year
per organization and kind with the whole fee, audited; listed with the notices to the department of the
tournaments held under each; and the permit a new Montana tournament is held under."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from poker.models import Tournament, TournamentPermit
from poker.rules import permits
from poker.rules.profiles import PROFILES, Jurisdiction, Profile
from poker.rules.setup import from_json
from poker.schemas import PermitRequest
from shared.core.violations import refuse
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish


@dataclass(frozen=True)
class PermitRecord:
    """A permit as the office and the API show it: the row, with its tournaments' notices."""

    id: int
    organization_id: int
    jurisdiction: str
    kind: str
    year: int
    number: str
    fee_cents: int
    tournaments_allowed: int | None
    charitable_allowed: int | None
    counted: int
    notices: list[permits.Notice]


def record_permit(session: Session, actor: Actor, now: datetime, org_id: int, data: PermitRequest) -> PermitRecord:
    """MCA 23-5-317(1)(a)-(b), (2)(a)-(b): one permit of each kind a year for an organization, at the
    whole annual fee; audited."""
    get_organization(session, org_id)
    profile = PROFILES[Jurisdiction(data.jurisdiction)]
    check(permits.permit_fee_refusal(profile, data.fee_cents))
    taken = select(TournamentPermit.id).where(
        TournamentPermit.organization_id == org_id,
        TournamentPermit.jurisdiction == data.jurisdiction,
        TournamentPermit.year == data.year,
    )
    if session.scalar(taken) is not None:
        raise refuse("duplicate", f"The {profile.name} permit for {data.year} is already recorded.", None, "year", 409)
    row = TournamentPermit(
        organization_id=org_id,
        jurisdiction=data.jurisdiction,
        year=data.year,
        number=data.number.strip(),
        fee_cents=data.fee_cents,
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "tournament_permit.create",
        row,
        "poker_tournament_permit",
        {"jurisdiction": row.jurisdiction, "year": row.year, "number": row.number, "fee_cents": row.fee_cents},
    )
    return shown(session, row)


def shown(session: Session, row: TournamentPermit) -> PermitRecord:
    profile = PROFILES[Jurisdiction(row.jurisdiction)]
    held = session.scalars(select(Tournament).where(Tournament.permit_id == row.id))
    found = permits.notices(profile, [_notified(t) for t in held])
    return PermitRecord(
        id=row.id,
        organization_id=row.organization_id,
        jurisdiction=row.jurisdiction,
        kind=profile.name,
        year=row.year,
        number=row.number,
        fee_cents=row.fee_cents,
        tournaments_allowed=profile.tournaments_per_year.value if profile.tournaments_per_year else None,
        charitable_allowed=profile.charitable_per_year.value if profile.charitable_per_year else None,
        counted=sum(n.counted for n in found),
        notices=found,
    )


def _notified(tournament: Tournament) -> permits.Notified:
    setup = from_json(json.loads(tournament.setup))
    return permits.Notified(tournament.id, tournament.name, tournament.starts_on, setup.announced_on, setup.charitable)


def list_permits(session: Session, org_id: int) -> list[PermitRecord]:
    get_organization(session, org_id)
    query = select(TournamentPermit).where(TournamentPermit.organization_id == org_id)
    rows = session.scalars(query.order_by(TournamentPermit.year.desc(), TournamentPermit.jurisdiction))
    return [shown(session, r) for r in rows]


def permit_for(session: Session, profile: Profile, org_id: int, starts_on: date) -> int | None:
    """MCA 23-5-317(1)(a), (2)(a): the permit a new tournament is held under, refused when none is in
    force for its year; None where the jurisdiction asks no permit."""
    if profile.tournament_permit is None:
        return None
    rows = session.scalars(
        select(TournamentPermit).where(
            TournamentPermit.organization_id == org_id,
            TournamentPermit.jurisdiction == profile.jurisdiction.value,
        )
    ).all()
    check(permits.permit_refusal(profile, [r.year for r in rows], starts_on))
    return next(r.id for r in rows if r.year == starts_on.year)
