"""The deck log (28 Del. C. §1804 B(6), B(8)): two decks with different backs, an hourly count, a
change every two hours, a new set when both decks have been played."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from poker.rules.decks import DeckEntry, DeckEvent, new_set_refusal, reminders
from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE

START = datetime(2026, 12, 5, 19, 0, tzinfo=timezone.utc)


def due(log: list[DeckEntry], minutes: int) -> list[tuple[int, str]]:
    return [(d.table, d.what) for d in reminders(DELAWARE, log, [1], START + timedelta(minutes=minutes))]


def test_1804_b6_two_decks_with_different_backs() -> None:
    assert new_set_refusal(DELAWARE, ["red", "blue"]) is None
    refused = new_set_refusal(DELAWARE, ["Red", "red"])
    assert refused is not None and refused.rule == "28 Del. C. §1804 B(6)"
    assert new_set_refusal(DELAWARE, ["red"]) is not None and new_set_refusal(NEW_HAMPSHIRE, ["red"]) is None


def test_1804_b8_hourly_count_two_hourly_change_then_a_new_set() -> None:
    log = [DeckEntry(1, START, DeckEvent.NEW_SET, ("red", "blue"))]
    assert due(log, 59) == []
    assert due(log, 60) == [(1, "count the deck")]
    log.append(DeckEntry(1, START + timedelta(minutes=60), DeckEvent.COUNT))
    assert due(log, 119) == []
    assert due(log, 120) == [(1, "count the deck"), (1, "change the deck")]
    log.append(DeckEntry(1, START + timedelta(minutes=120), DeckEvent.CHANGE))
    assert due(log, 240) == [(1, "count the deck"), (1, "new set of two decks")]
    assert due([], 0) == [(1, "no decks logged")]


def test_1804_b8_an_incomplete_count_asks_for_a_replacement() -> None:
    log = [
        DeckEntry(1, START, DeckEvent.NEW_SET, ("red", "blue")),
        DeckEntry(1, START + timedelta(minutes=30), DeckEvent.COUNT, complete=False),
    ]
    assert (1, "replace the incomplete deck") in due(log, 31)
