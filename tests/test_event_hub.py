"""The live screens' event hub (issue 10 load test): a poll wakes only the streams with news they
show. A claim verified ten times a second wakes the caller's console, never the three hundred TVs
that skip claims, and one occasion's call wakes nobody watching another."""
from __future__ import annotations

import threading
from typing import cast

from shared.db import Database
from shared.views.events import Channel, Group, Hub

CHANNEL = Channel(kind="board", after=lambda *_: [], recent=lambda *_: [], latest=lambda _: 0)
TV_SKIPS = frozenset({"claim"})


class Wakes:
    """Counts notify_all in place of a threading.Condition."""

    def __init__(self) -> None:
        self.count = 0

    def notify_all(self) -> None:
        self.count += 1


def hub_with(groups: dict[str, tuple[int, frozenset[str]]]) -> tuple[Hub, dict[str, Wakes]]:
    hub = Hub(CHANNEL, cast(Database, None), threading.Event())
    wakes = {name: Wakes() for name in groups}
    hub.groups = {spec: Group(cast(threading.Condition, wakes[name]), *spec) for name, spec in groups.items()}
    return hub, wakes


def test_issue_10_claim_event_wakes_consoles_not_tvs() -> None:
    hub, wakes = hub_with({"tv": (1, TV_SKIPS), "console": (1, frozenset()), "other tv": (2, TV_SKIPS)})
    hub._wake([(10, 1, "claim", "{}"), (11, 1, "claim", "{}")])
    assert {name: w.count for name, w in wakes.items()} == {"tv": 0, "console": 1, "other tv": 0}


def test_issue_10_call_wakes_every_screen_of_its_occasion_only() -> None:
    hub, wakes = hub_with({"tv": (1, TV_SKIPS), "console": (1, frozenset()), "other tv": (2, TV_SKIPS)})
    hub._wake([(10, 1, "claim", "{}"), (11, 1, "call", "{}")])
    assert {name: w.count for name, w in wakes.items()} == {"tv": 1, "console": 1, "other tv": 0}


def test_issue_10_streams_share_a_group_and_it_goes_when_the_last_leaves() -> None:
    hub = Hub(CHANNEL, cast(Database, None), threading.Event())
    hub.running = True
    first = hub.subscribe(1, TV_SKIPS)
    assert hub.subscribe(1, TV_SKIPS) is first and hub.subscribe(1, frozenset()) is not first
    hub.unsubscribe(1, TV_SKIPS)
    assert hub.groups[(1, TV_SKIPS)].streams == 1
    hub.unsubscribe(1, TV_SKIPS)
    hub.unsubscribe(1, frozenset())
    assert hub.groups == {} and hub.listeners == 0
