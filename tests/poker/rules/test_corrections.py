"""Undoing a bust keyed in error (28 Del. C. §1827(2): the director is the final arbiter; §1804 B(3): a
player is out only when out of chips): only the last elimination, and only while nothing recorded after
it depends on it; each refusal names what stands in the way and cites the director's authority with
Flashboard's house rule."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from poker.rules.corrections import UNDO_RULE, BustStanding, undo_refusal, undo_rule
from poker.rules.profiles import DELAWARE, MONTANA_LARGE, NEW_HAMPSHIRE

CLEAN = BustStanding(out=True, recorded=True, later_busts=0, later_moves=0, prizes_paid=0)


def test_1827_2_the_last_bust_with_nothing_after_it_may_be_undone() -> None:
    assert undo_refusal(DELAWARE, CLEAN) is None


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"later_busts": 1}, "later_elimination"),
        ({"later_moves": 1}, "later_seat_move"),
        ({"prizes_paid": 1}, "prize_paid"),
        ({"out": False}, "not_out"),
        ({"recorded": False}, "no_record"),
    ],
)
def test_1827_2_anything_recorded_after_the_bust_that_depends_on_it_refuses_the_undo(
    change: dict[str, Any], code: str
) -> None:
    refused = undo_refusal(DELAWARE, replace(CLEAN, **change))
    assert refused is not None
    assert (refused.code, refused.status, refused.field) == (code, 409, "entry_number")
    assert refused.rule == f"28 Del. C. §1827(2); {UNDO_RULE}"


def test_1827_2_a_later_bust_is_named_before_the_moves_it_made() -> None:
    """A later bust usually brings its own balancing moves: the director is told to undo it first."""
    refused = undo_refusal(DELAWARE, replace(CLEAN, later_busts=1, later_moves=3))
    assert refused is not None and refused.code == "later_elimination"


def test_the_finishing_bust_may_be_undone_until_a_prize_is_paid() -> None:
    """The finish sets places and prizes; nothing depends on them until money leaves the desk."""
    assert undo_refusal(DELAWARE, CLEAN) is None
    refused = undo_refusal(DELAWARE, replace(CLEAN, prizes_paid=2))
    assert refused is not None and refused.code == "prize_paid"


def test_the_citation_follows_the_jurisdiction() -> None:
    assert undo_rule(MONTANA_LARGE) == f"MCA 23-5-317(5); {UNDO_RULE}"
    assert undo_rule(NEW_HAMPSHIRE) == UNDO_RULE
