"""Cookie jar bingo (10 DE Admin Code 101-4.31) set up through the API: a hall with its jars opened,
and an occasion with its balls verified and the cookie-jar number posted."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import Session

from tests.support.bingo_factories import Hall, make_hall
from tests.support.client import Api, staff
from tests.support.occasions import setup_occasion
from tests.support.replies import ok, refused

JAR_RULE = "10 DE Admin Code 101-4.31"


def jar_hall(admin: Api, session: Session, jar1: str, jar2: str) -> Hall:
    """A hall with the cookie jar set ($1,000.00 at most, a cent more refused; a $2.00 fee) and both jars
    opened with these amounts."""
    hall = make_hall(session)
    org = f"/api/v1/organizations/{hall.org.id}/cookie-jar"
    refused(
        admin.put(org, {"maximum": "1000.01", "fee": "2.00"}),
        422,
        "jar_maximum_out_of_range",
        JAR_RULE + ".1",
        "maximum",
    )
    ok(admin.put(org, {"maximum": "1000.00", "fee": "2.00"}))
    ok(admin.post(org + "/opening", {"jar1": jar1, "jar2": jar2}), 201)
    return hall


def opened(admin: Api, hall: Hall, games: list[dict[str, Any]], jar_ball: int) -> tuple[str, Api, Api]:
    """An occasion with its balls verified and the cookie-jar number posted: its API URL and the
    caller's and the verifier's clients."""
    occasion = setup_occasion(admin, hall, games)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": jar_ball}))
    return occ, caller, verifier
