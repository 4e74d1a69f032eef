"""Two tablets checking one face at once (10 DE Admin Code 101-4.11 and 4.27): the check decides under
the occasion lock, so one face on one call is one claim and one share, never two (PostgreSQL in CI
runs the checks truly at once)."""

from __future__ import annotations

import threading
from typing import Any

from sqlalchemy import update
from sqlalchemy.orm import Session

from bingo.models import Game
from bingo.rules.patterns import STANDARD, PatternKind
from bingo.services.locks import lock_occasion
from shared.platform.db import Database
from tests.support.bingo_factories import make_hall, split_script
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import started
from tests.support.races import race
from tests.support.replies import ok, refused


def test_4_11_two_tablets_checking_one_winning_face_at_once_record_one_claim(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=1)
    jar = next(b for b in range(75, 0, -1) if b not in script.calls)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "80.00"}], jar)
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    tablets = [staff(admin, f"verifier{hall.org.id}") for _ in range(4)]
    replies = race(
        [
            lambda api=api, n=n: api.post(
                occ + "/games/1/claims",
                {"face_number": script.winners[0]},
                headers={"Idempotency-Key": f"tablet-{n}"},
            )
            for n, api in enumerate(tablets)
        ]
    )
    assert [r.status_code for r in replies] == [201] * 4, [r.get_json() for r in replies]
    assert len({r.get_json()["id"] for r in replies}) == 1, "one face on one call is one claim"
    closed = ok(caller.post(occ + "/games/1/close"))
    assert [(c["face_number"], c["share"]) for c in closed["claims"] if c["valid"]] == [(script.winners[0], "80.00")]


def test_4_16_a_hold_committed_while_a_call_waits_for_the_lock_refuses_the_call(
    admin: Api, session: Session, database: Database, clock: Clock
) -> None:
    """The call's first statement reads the game before it waits for the occasion's lock, if it waits: a hold
    (or a verified bingo, or a close) committed meanwhile is read by its next statement, after the lock, and
    refuses the call (PostgreSQL reads again only the rows a statement locks; SQLite's writers wait at BEGIN)."""
    hall = make_hall(session)
    occasion, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "80.00"}], 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 1}), 201)
    replies: list[Any] = []
    with database.sessions() as holder:
        lock_occasion(holder, occasion["id"])
        holder.execute(update(Game).where(Game.occasion_id == occasion["id"], Game.number == 1).values(held_at=clock()))
        waiting = threading.Thread(target=lambda: replies.append(caller.post(occ + "/games/1/calls", {"ball": 2})))
        waiting.start()
        waiting.join(timeout=0.5)
        assert waiting.is_alive(), "the call waits for the occasion's lock"
        holder.commit()
    waiting.join()
    refused(replies[0], 409, "game_held", "10 DE Admin Code 101-4.16")
