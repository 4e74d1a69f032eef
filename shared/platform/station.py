"""The common station home: who is signed in, their roster entries for today, and what the station
is waiting for. Bingo and poker stations both use it until their own screens replace it."""

from __future__ import annotations

from flask import render_template

from shared.core.roles import Role
from shared.hall.services import roster
from shared.platform.context import current_user, db_session, hall_today


def my_org_id() -> int | None:
    user = current_user()
    return user.member.organization_id if user is not None and user.member is not None else None


def station_page(title: str, role: Role, waiting: str) -> str:
    org_id = my_org_id()
    user = current_user()
    today = hall_today()
    mine = []
    if org_id is not None and user is not None:
        mine = [a for a in roster.roster(db_session(), org_id, today) if a.member_id == user.member_id]
    return render_template("stations/station.html", title=title, role=role, waiting=waiting, today=today, mine=mine)
