"""Poker station home pages: where the tournament director and dealers land after signing in."""
from __future__ import annotations

from flask import Blueprint
from flask.typing import ResponseReturnValue

from shared.access import allow
from shared.roles import Role
from shared.views.station import station_page

bp = Blueprint("poker", __name__, url_prefix="/poker")


@bp.get("/director")
@allow(Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def director_home() -> ResponseReturnValue:
    """28 Del. C. §1827(1): the tournament director runs the tournament and settles disputes."""
    return station_page("Tournament director", Role.TOURNAMENT_DIRECTOR, "No tournament is running today.")


@bp.get("/dealer")
@allow(Role.DEALER, Role.TOURNAMENT_DIRECTOR, Role.ADMIN)
def dealer_home() -> ResponseReturnValue:
    return station_page("Dealer", Role.DEALER, "No table is assigned to you yet.")
