"""Hypothesis state machines (issue 10): an occasion driven through the API by random calls, claims,
corrections and closes, checked after every step against a model of what the rules allow (101-4.12
calls, 4.27 claims, the house correction rule, 4.11 the winners are the valid claims on the final
call; a game may be closed without a winner); and the 4.31
cookie-jar ledger under random sales, refunds, postings and awards, which must always balance."""

from __future__ import annotations

from typing import Any

from flask import Flask
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)
from sqlalchemy.orm import Session

from bingo.rules.cookie_jar import Jars, apply_all, award, collect, post, refund
from shared.platform import audit
from tests.support.bingo_factories import SERIES_SIZE, make_hall
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.occasions import started
from tests.support.replies import ok

GAMES = [{"pattern": {"kind": "four_corners"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "100.00"}]


class OccasionMachine(RuleBasedStateMachine):
    """One occasion per run, two manual games; the model holds the calls and whether a valid bingo is
    verified on the current call."""

    admin: Api
    session: Session

    def __init__(self) -> None:
        super().__init__()
        hall = make_hall(self.session)
        occasion, self.occ, self.caller = started(self.admin, hall, GAMES, 75)
        self.game = 1
        self.calls: list[int] = []
        self.claimed_on_last = 0
        self.bingo = False
        self.done = False

    def url(self, tail: str = "") -> str:
        return f"{self.occ}/games/{self.game}{tail}"

    @precondition(lambda self: not self.done)
    @rule(ball=st.integers(1, 74))
    def call(self, ball: int) -> None:
        reply = self.caller.post(self.url("/calls"), {"ball": ball})
        if self.bingo:
            assert reply.status_code == 409 and reply.get_json()["error"] == "bingo_on_the_board"
        elif ball in self.calls:
            assert reply.status_code in (409, 422), reply.get_json()
        else:
            assert reply.status_code == 201, reply.get_json()
            self.calls.append(ball)
            self.claimed_on_last = 0

    @precondition(lambda self: not self.done)
    @rule(ball=st.integers(1, 74))
    def correct(self, ball: int) -> None:
        reply = self.caller.post(self.url("/calls/last/correction"), {"ball": ball, "reason": "mis-keyed"})
        allowed = (
            bool(self.calls) and not self.claimed_on_last and ball != self.calls[-1] and ball not in self.calls[:-1]
        )
        if allowed:
            assert reply.status_code == 200, reply.get_json()
            self.calls[-1] = ball
        else:
            assert 400 <= reply.status_code < 500, reply.get_json()

    @precondition(lambda self: not self.done)
    @rule(face=st.integers(1, SERIES_SIZE))
    def claim(self, face: int) -> None:
        reply = self.caller.post(self.url("/claims"), {"face_number": face})
        if not self.calls:
            assert reply.status_code == 409
            return
        assert reply.status_code == 201, reply.get_json()
        self.claimed_on_last += 1
        self.bingo = self.bingo or reply.get_json()["valid"]

    @precondition(lambda self: not self.done)
    @rule()
    def close(self) -> None:
        reply = self.caller.post(self.url("/close"))
        assert reply.status_code == 200, reply.get_json()
        winners = [c for c in reply.get_json()["claims"] if c["valid"] and c["on_call"] == len(self.calls)]
        assert bool(winners) == self.bingo, "the winners are the valid claims on the final call"
        if self.game == len(GAMES):
            self.done = True
            return
        self.game += 1
        ok(self.caller.post(self.url("/start"), {}))
        self.calls, self.claimed_on_last, self.bingo = [], 0, False

    @precondition(lambda self: self.done)
    @rule(ball=st.integers(1, 74))
    def after_the_last_game(self, ball: int) -> None:
        reply = self.caller.post(self.url("/calls"), {"ball": ball})
        assert reply.status_code == 409 and reply.get_json()["error"] == "game_closed"

    @invariant()
    def the_api_agrees(self) -> None:
        game = ok(self.caller.get(self.occ))["games"][self.game - 1]
        assert [c["ball"] for c in game["calls"]] == self.calls
        assert game["status"] == ("closed" if self.done else "in_play")

    def teardown(self) -> None:
        with self.session.info["database"].readers() as reader:
            found = audit.verify(reader)
            assert found.intact, audit.problems(found)


def test_101_4_occasion_state_machine_calls_claims_corrections_closes(
    app: Flask, admin: Api, session: Session, clock: Clock
) -> None:
    OccasionMachine.admin, OccasionMachine.session = admin, session
    run_state_machine_as_test(
        OccasionMachine,
        settings=settings(
            max_examples=25, stateful_step_count=40, deadline=None, suppress_health_check=list(HealthCheck)
        ),
    )


class JarMachine(RuleBasedStateMachine):
    """Occasions one after another: fees sold and refunded before the first call, posted once by it,
    and jar 1 awarded when won; the ledger balances and no jar passes the maximum."""

    def __init__(self) -> None:
        super().__init__()
        self.maximum = 0
        self.jars = Jars()
        self.posted = False
        self.sold_this_occasion: list[int] = []

    @precondition(lambda self: self.maximum == 0)
    @rule(maximum=st.integers(100, 100_000))
    def open_ledger(self, maximum: int) -> None:
        self.maximum = maximum

    @precondition(lambda self: self.maximum and not self.posted)
    @rule(entries=st.integers(1, 20), fee=st.sampled_from([100, 200, 500]))
    def sell(self, entries: int, fee: int) -> None:
        self.jars = apply_all(self.jars, collect(entries * fee))
        self.sold_this_occasion.append(entries * fee)

    @precondition(lambda self: self.maximum and not self.posted and self.sold_this_occasion)
    @rule(data=st.data())
    def void(self, data: Any) -> None:
        cents = self.sold_this_occasion.pop(data.draw(st.integers(0, len(self.sold_this_occasion) - 1)))
        self.jars = apply_all(self.jars, refund(cents))

    @precondition(lambda self: self.maximum and not self.posted)
    @rule()
    def first_call(self) -> None:
        self.jars = apply_all(self.jars, post(self.jars, self.maximum))
        self.posted = True
        assert self.jars.pending == 0

    @precondition(lambda self: self.posted)
    @rule()
    def won_on_the_jar_number(self) -> None:
        before = self.jars.jar1
        self.jars = apply_all(self.jars, award(self.jars, self.maximum))
        assert self.jars.awarded >= before

    @precondition(lambda self: self.posted)
    @rule()
    def next_occasion(self) -> None:
        self.posted, self.sold_this_occasion = False, []

    @invariant()
    def balanced_and_capped(self) -> None:
        assert self.jars.balanced()
        assert self.jars.jar1 <= max(self.maximum, 0) and self.jars.jar2 <= max(self.maximum, 0)
        assert self.jars.jar2 == 0 or self.jars.jar1 == self.maximum, "a second jar only beside a full first one"


TestJarLedgerStateMachine = JarMachine.TestCase
TestJarLedgerStateMachine.settings = settings(max_examples=200, stateful_step_count=40, deadline=None)
