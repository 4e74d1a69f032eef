"""Decks at each table (28 Del. C. §1804 B(6), B(8)): two decks with different backs; the dealer
counts the deck in play at least hourly and changes it at least every two hours; when both decks of
a set have been used, a new set of two replaces them. Pure: the log and the time come in."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum

from poker.rules.profiles import Profile
from shared.core.violations import Violation


class DeckEvent(StrEnum):
    NEW_SET = "new_set"
    COUNT = "count"
    CHANGE = "change"


@dataclass(frozen=True)
class DeckEntry:
    table: int
    at: datetime
    event: DeckEvent
    backs: tuple[str, ...] = ()
    complete: bool = True


def new_set_refusal(profile: Profile, backs: Sequence[str]) -> Violation | None:
    """28 Del. C. §1804 B(6): two decks whose backs differ in colour or markings, where the profile requires
    them.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> new_set_refusal(DELAWARE, ["red", "blue"]) is None
    True
    >>> refusal = new_set_refusal(DELAWARE, ["Red", "red "])
    >>> refusal.code, refusal.rule
    ('decks_must_differ', '28 Del. C. §1804 B(6)')
    >>> new_set_refusal(NEW_HAMPSHIRE, ["red"]) is None
    True
    """
    rule = profile.decks_per_table
    if rule is None:
        return None
    cleaned = [b.strip().lower() for b in backs]
    if len(cleaned) != rule.value or len(set(cleaned)) != len(cleaned) or not all(cleaned):
        return Violation(
            "decks_must_differ",
            f"Each table has {rule.value} decks whose backs differ in colour or markings.",
            rule.rule,
            "backs",
            422,
        )
    return None


@dataclass(frozen=True)
class Due:
    table: int
    what: str
    since: datetime
    rule: str


def reminders(profile: Profile, log: Sequence[DeckEntry], tables: Sequence[int], now: datetime) -> list[Due]:
    """28 Del. C. §1804 B(6), B(8): what the director's screen shows: a count overdue after an hour, a
    change after two hours, a new set once both decks of the set have been played.

    >>> from poker.rules.profiles import DELAWARE
    >>> log = [DeckEntry(1, datetime(2026, 5, 9, 19, 0), DeckEvent.NEW_SET, ("red", "blue"))]
    >>> [(d.table, d.what, d.rule) for d in reminders(DELAWARE, log, [1, 2], datetime(2026, 5, 9, 20, 0))]
    [(1, 'count the deck', '28 Del. C. §1804 B(8)'), (2, 'no decks logged', '28 Del. C. §1804 B(6)')]
    """
    found: list[Due] = []
    count_rule, change_rule = profile.deck_count_minutes, profile.deck_change_minutes
    if count_rule is None or change_rule is None:
        return found
    for table in tables:
        entries = sorted((e for e in log if e.table == table), key=lambda e: e.at)
        sets = [e for e in entries if e.event is DeckEvent.NEW_SET]
        if not sets:
            found.append(
                Due(
                    table,
                    "no decks logged",
                    now,
                    profile.decks_per_table.rule if profile.decks_per_table else change_rule.rule,
                )
            )
            continue
        since_set = [e for e in entries if e.at >= sets[-1].at]
        changes = [e for e in since_set if e.event is DeckEvent.CHANGE]
        in_play_since = changes[-1].at if changes else sets[-1].at
        counted = [e.at for e in since_set if e.event is DeckEvent.COUNT and e.at >= in_play_since]
        last_count = counted[-1] if counted else in_play_since
        if now - last_count >= timedelta(minutes=count_rule.value):
            found.append(Due(table, "count the deck", last_count, count_rule.rule))
        if now - in_play_since >= timedelta(minutes=change_rule.value):
            found.append(
                Due(
                    table,
                    "new set of two decks" if len(changes) >= 1 else "change the deck",
                    in_play_since,
                    change_rule.rule,
                )
            )
        if any(not e.complete for e in since_set if e.event is DeckEvent.COUNT):
            found.append(Due(table, "replace the incomplete deck", since_set[-1].at, count_rule.rule))
    return found
