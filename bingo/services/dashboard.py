"""The member in charge's dashboard (10 DE Admin Code 101-4.1: the member in charge supervises the
occasion): the limits in use, the cookie jar, tonight's voids, the last backup and the alerts that
need a decision."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo.models import Occasion, OccasionStatus, QualifierDrawing, Sale, SaleStatus, UPickTicket
from bingo.rules.figures import statement_due
from bingo.rules.limits import GameKind, LimitUse, limits_in_use
from bingo.services import jars as jar_service
from bingo.services.jars import JarSummary
from bingo.services.occasions import DONE
from shared.core.backup_age import backup_warning
from shared.core.money import format_cents
from shared.hall.models import PersonalLicense
from shared.hall.services.licenses import bingo_terms, renewals_due
from shared.platform.backups import BackupRecord, last_backup

LICENCE_WARNING_DAYS = 30
STATEMENT_WARNING_DAYS = 7


@dataclass(frozen=True)
class Alert:
    level: str
    message: str
    rule: str | None = None


@dataclass(frozen=True)
class Overview:
    occasion: Occasion | None
    limits: list[LimitUse]
    jar: JarSummary
    voids: list[Sale]
    alerts: list[Alert]
    renewals: list[PersonalLicense]
    backup: BackupRecord | None


@dataclass(frozen=True)
class DrawingSlot:
    """10 DE Admin Code 101-4.11: a closed merchandise game whose other qualifiers may enter a later
    drawing: the game, its merchandise, the qualifiers' faces, and the drawing once held."""

    game_number: int
    merchandise: str
    faces: list[int]
    drawing: QualifierDrawing | None


def drawings_offered(occasion: Occasion | None) -> list[DrawingSlot]:
    """10 DE Admin Code 101-4.11: every closed merchandise game that left other qualifiers, with its
    drawing if held, in game order."""
    if occasion is None:
        return []
    held = {d.game_number: d for d in occasion.qualifier_drawings}
    found = []
    for game in occasion.games:
        if game.status != DONE or not game.merchandise:
            continue
        faces = [c.face_number for c in sorted(game.claims, key=lambda c: c.id) if c.qualified_for_later]
        if faces:
            found.append(DrawingSlot(game.number, game.merchandise, faces, held.get(game.number)))
    return found


def prizes_awarded(session: Session, occasion: Occasion) -> int:
    """Prizes counted against the $3,000 (101-4.6): every closed game's shares and merchandise values and
    every later drawing's value among a merchandise game's qualifiers (4.11), without cookie-jar money
    (4.31.2)."""
    counted = [g for g in occasion.games if g.status == DONE and g.kind != GameKind.COOKIE_JAR_FINAL]
    claims = sum(c.share_cents or 0 for g in counted for c in g.claims)
    tickets = (
        session.scalar(
            select(func.coalesce(func.sum(UPickTicket.share_cents), 0)).where(UPickTicket.occasion_id == occasion.id)
        )
        or 0
    )
    drawings = sum(d.value_cents for d in occasion.qualifier_drawings)
    return claims + int(tickets) + drawings


def _licence_alerts(session: Session, org_id: int, today: date) -> list[Alert]:
    found = []
    terms = bingo_terms(session, org_id)
    current = next((t for t in terms if t.valid_from <= today <= t.valid_to), None)
    if current is None:
        found.append(Alert("reached", "No bingo licence is in force today.", "10 DE Admin Code 101-4.4"))
    elif current.valid_to - today <= timedelta(days=LICENCE_WARNING_DAYS) and not any(
        t.valid_from > current.valid_to for t in terms
    ):
        found.append(
            Alert(
                "approaching",
                f"Bingo licence {current.number} expires {current.valid_to.isoformat()}.",
                "10 DE Admin Code 101-4.4",
            )
        )
    for row in renewals_due(session, org_id, today):
        found.append(
            Alert(
                "approaching",
                f"{row.holder_name}'s {row.kind.replace('_', ' ')} licence {row.number} expires "
                f"{row.expires_on.isoformat()}: renew it now.",
                "28 Del. C. ch. 18, licence renewal",
            )
        )
    return found


def _statement_alerts(session: Session, org_id: int, today: date) -> list[Alert]:
    """28 Del. C. §1521: a sworn statement not yet sworn, overdue 30 days after its game or due within a
    week. A training occasion owes the Board none (training mode)."""
    found = []
    for occasion in session.scalars(
        select(Occasion)
        .where(
            Occasion.organization_id == org_id,
            Occasion.status == OccasionStatus.CLOSED,
            Occasion.statement_sworn_at.is_(None),
            Occasion.training.is_(False),
        )
        .order_by(Occasion.occasion_date)
    ):
        due = statement_due(occasion.occasion_date)
        if today > due:
            found.append(
                Alert(
                    "reached",
                    f"The sworn statement for {occasion.occasion_date.isoformat()} is overdue (due {due.isoformat()}).",
                    "28 Del. C. §1521",
                )
            )
        elif due - today <= timedelta(days=STATEMENT_WARNING_DAYS):
            found.append(
                Alert(
                    "approaching",
                    f"The sworn statement for {occasion.occasion_date.isoformat()} is due {due.isoformat()}.",
                    "28 Del. C. §1521",
                )
            )
    return found


def overview(session: Session, org_id: int, occasion: Occasion | None, today: date, now: datetime) -> Overview:
    jar = jar_service.summary(session, org_id)
    limits: list[LimitUse] = []
    voids: list[Sale] = []
    alerts: list[Alert] = []
    if occasion is not None:
        played = sum(1 for g in occasion.games if g.status == DONE and g.kind != GameKind.COOKIE_JAR_FINAL)
        started = occasion.started_at.astimezone(now.tzinfo) if occasion.started_at else None
        running_until = now if occasion.closed_at is None else occasion.closed_at.astimezone(now.tzinfo)
        limits = limits_in_use(prizes_awarded(session, occasion), played, started, running_until)
        voids = list(
            session.scalars(
                select(Sale)
                .where(Sale.occasion_id == occasion.id, Sale.status == SaleStatus.VOIDED)
                .order_by(Sale.number.desc())
            )
        )
        for use in limits:
            if use.level != "ok":
                shown = format_cents(use.used) if use.unit == "cents" else f"{use.used} {use.unit}"
                limit = format_cents(use.limit) if use.unit == "cents" else f"{use.limit} {use.unit}"
                alerts.append(Alert(use.level, f"{use.name}: {shown} of {limit}.", use.rule))
    if jar.maximum_cents and jar.jar1_cents >= jar.maximum_cents and jar.jar2_cents >= jar.maximum_cents:
        alerts.append(
            Alert(
                "approaching",
                "Both cookie jars are full: the next game adds the final blackout.",
                "10 DE Admin Code 101-4.31.5",
            )
        )
    alerts.extend(_statement_alerts(session, org_id, today))
    alerts.extend(_licence_alerts(session, org_id, today))
    backup = last_backup(session)
    under_way = occasion.started_at if occasion is not None and occasion.closed_at is None else None
    warning = backup_warning(backup.taken_at if backup else None, now, under_way)
    if warning:
        alerts.append(Alert("approaching", warning, "Flashboard house rule (backups)"))
    return Overview(occasion, limits, jar, voids, alerts, renewals_due(session, org_id, today), backup)
