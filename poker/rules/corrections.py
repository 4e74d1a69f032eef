"""Correcting the record: a bust keyed in error is undone by the tournament director, the final arbiter
of the tournament's disputes (28 Del. C. §1827(2); MCA 23-5-317(5)), since a player is eliminated only
when they have lost all their chips (28 Del. C. §1804 B(3)). Only the last bust is undone, and only
while nothing recorded after it depends on it. Pure: the service hands in what it counted."""

from __future__ import annotations

from dataclasses import dataclass

from poker.rules.profiles import Profile
from shared.core.violations import Violation

UNDO_RULE = "Flashboard house rule (undo the last bust)"


@dataclass(frozen=True)
class BustStanding:
    """What the undo rule reads about the bust the director wants undone, as the service counted it.

    - `out`: the player is out now (a re-entry has not brought them back);
    - `recorded`: Flashboard holds the record of that elimination (the seat they had and the tables
      before it), so every seat can be put back as it was;
    - `later_busts`: eliminations recorded after it that still stand;
    - `later_moves`: seat moves made after it by anything but that elimination itself (a director's
      move, a late entry or re-entry seated, a later balance or break);
    - `prizes_paid`: prizes already paid in the tournament.
    """

    out: bool
    recorded: bool
    later_busts: int
    later_moves: int
    prizes_paid: int


def undo_rule(profile: Profile) -> str:
    """28 Del. C. §1827(2); MCA 23-5-317(5): the citation an undo refusal carries: the director's
    authority where the jurisdiction names it, with Flashboard's house rule on what may be undone.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> undo_rule(DELAWARE)
    '28 Del. C. §1827(2); Flashboard house rule (undo the last bust)'
    >>> undo_rule(NEW_HAMPSHIRE)
    'Flashboard house rule (undo the last bust)'
    """
    return f"{profile.disputes.rule}; {UNDO_RULE}" if profile.disputes else UNDO_RULE


def undo_refusal(profile: Profile, standing: BustStanding) -> Violation | None:
    """28 Del. C. §1827(2) and §1804 B(3), as Flashboard's house rule reads them: the director undoes
    the last elimination recorded (every player out on that hand) while nothing later depends on it.
    What counts as depending on it: a later elimination still standing (undo that one first), any seat
    move after it other than its own balancing, breaking and redraw (those are put back with it), a
    re-entry that brought the player back, and any prize paid (the places it set are then settled).
    The elimination that left one player may be undone while no prize has been paid: the places and
    prizes are cleared and play resumes, with the clock left stopped for the director to resume.

    >>> from poker.rules.profiles import DELAWARE
    >>> clean = BustStanding(out=True, recorded=True, later_busts=0, later_moves=0, prizes_paid=0)
    >>> undo_refusal(DELAWARE, clean) is None
    True
    >>> undo_refusal(DELAWARE, BustStanding(True, True, later_busts=1, later_moves=0, prizes_paid=0)).code
    'later_elimination'
    >>> refused = undo_refusal(DELAWARE, BustStanding(True, True, later_busts=0, later_moves=2, prizes_paid=0))
    >>> refused.code, refused.rule
    ('later_seat_move', '28 Del. C. §1827(2); Flashboard house rule (undo the last bust)')
    >>> undo_refusal(DELAWARE, BustStanding(True, True, 0, 0, prizes_paid=1)).code
    'prize_paid'
    >>> undo_refusal(DELAWARE, BustStanding(out=False, recorded=True, later_busts=0, later_moves=0, prizes_paid=0)).code
    'not_out'
    """
    rule = undo_rule(profile)
    if not standing.out:
        return Violation("not_out", "This player is not out; there is no bust to undo.", rule, "entry_number", 409)
    if not standing.recorded:
        return Violation(
            "no_record",
            "This bust was recorded before Flashboard kept the seats it changed, so it cannot be undone here.",
            rule,
            "entry_number",
            409,
        )
    if standing.later_busts:
        return Violation(
            "later_elimination",
            "Only the last bust can be undone: undo the busts recorded after it first.",
            rule,
            "entry_number",
            409,
        )
    if standing.later_moves:
        return Violation(
            "later_seat_move",
            f"{standing.later_moves} seat move(s) came after this bust, so the seats it changed cannot be put back.",
            rule,
            "entry_number",
            409,
        )
    if standing.prizes_paid:
        return Violation(
            "prize_paid",
            "Prizes have been paid on these places; the bust can no longer be undone.",
            rule,
            "entry_number",
            409,
        )
    return None
