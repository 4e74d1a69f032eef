"""Finishing places and prizes. Places follow the eliminations: players out on the same hand at one
table place by their stacks at the start of that hand; out on the same hand at different tables they
tie and share the prizes of the places they cover. The pool is the entries and re-buys (NH Pari
1207.03(h)(4)); each place's prize is its set amount or its share of the pool, checked against the
profile's caps (NH (d)(6)-(7), MT 23-5-317(8)). Deals are refused (28 Del. C. §1804 B(5)). Pure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from poker.rules.profiles import Profile
from poker.rules.setup import WHOLE, Prize
from shared.core.money import format_cents
from shared.core.violations import Violation


def ordinal(n: int) -> str:
    """Settled reading (docs/rules.md, "places"), after 28 Del. C. §1804 B(3)-(4): a finishing place as
    the floor says it, once for every screen and paper.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 111)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '111th']
    """
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass(frozen=True)
class Bust:
    """One player out: on which hand, at which table, with how many chips at the start of that hand."""

    player: int
    hand: int
    table: int
    starting_stack: int


@dataclass(frozen=True)
class PaidPrize:
    """A prize already paid: the place, the amount, when (hall time, "21:14") and by whom."""

    place: int
    cents: int
    at: str
    by: str


PAID_ONCE = "Flashboard cashier rules (a prize is paid once)"


@dataclass(frozen=True)
class Place:
    players: tuple[int, ...]
    place: int

    @property
    def tied(self) -> bool:
        """Settled reading (docs/rules.md, "places"): players out on the same hand at different tables tie,
        so a place held by more than one player is a tie."""
        return len(self.players) > 1


def places(entrants: int, busts: Sequence[Bust], winner: int | None) -> list[Place]:
    """Settled reading (docs/rules.md, "places"), after 28 Del. C. §1804 B(3)-(4): places from last to
    first; `entrants` is how many started; each group of busts on one hand is ordered (same table: smaller
    stack first out) or tied (different tables).

    >>> busts = [Bust(1, hand=1, table=1, starting_stack=100), Bust(2, hand=1, table=1, starting_stack=50),
    ...          Bust(3, hand=2, table=1, starting_stack=200), Bust(4, hand=2, table=2, starting_stack=300)]
    >>> [(p.players, p.place) for p in places(5, busts, winner=5)]
    [((5,), 1), ((3, 4), 2), ((1,), 4), ((2,), 5)]
    """
    found: list[Place] = []
    next_place = entrants
    for hand in sorted({b.hand for b in busts}):
        out = [b for b in busts if b.hand == hand]
        by_table: dict[int, list[Bust]] = {}
        for bust in out:
            by_table.setdefault(bust.table, []).append(bust)
        if len(by_table) == 1:
            for bust in sorted(out, key=lambda b: b.starting_stack):
                found.append(Place((bust.player,), next_place))
                next_place -= 1
        else:
            top = next_place - len(out) + 1
            found.append(Place(tuple(sorted(b.player for b in out)), top))
            next_place = top - 1
    if winner is not None:
        found.append(Place((winner,), 1))
    return sorted(found, key=lambda p: p.place)


def prize_amounts(prizes: Sequence[Prize], pool_cents: int) -> dict[int, int]:
    """NH Pari 1207.03(d)(5) and 28 Del. C. ch. 18, printed rules ¶(5): each prize is a set amount or a
    share of the pool. Each place's prize in cents: set amounts as they are; percentages of the pool rounded
    down, the cents left over going to the best-placed percentage prizes, so the shares add up exactly.

    >>> from poker.rules.setup import Prize
    >>> prizes = [Prize(1, "Half the pool", percent_bp=5_000), Prize(2, "30% of the pool", percent_bp=3_000),
    ...           Prize(3, "$10.00", fixed_cents=1_000)]
    >>> prize_amounts(prizes, 10_003)
    {1: 5002, 2: 3000, 3: 1000}
    """
    amounts = {p.place: p.fixed_cents or 0 for p in prizes}
    shares = [p for p in prizes if p.percent_bp is not None]
    total_bp = sum(p.percent_bp or 0 for p in shares)
    exact = pool_cents * total_bp // WHOLE
    for prize in shares:
        amounts[prize.place] = pool_cents * (prize.percent_bp or 0) // WHOLE
    for prize in sorted(shares, key=lambda p: p.place)[: exact - sum(amounts[p.place] for p in shares)]:
        amounts[prize.place] += 1
    return amounts


def payouts(finish: Sequence[Place], amounts: dict[int, int]) -> dict[int, int]:
    """Settled reading (docs/rules.md, "places"): tied players share the prizes of every place their tie
    covers, the odd cents to the lower player number (the earlier registration). Player → cents.

    >>> payouts([Place((5,), 1), Place((3, 4), 2)], {1: 5_002, 2: 3_000, 3: 1_001})
    {5: 5002, 3: 2001, 4: 2000}
    """
    paid: dict[int, int] = {}
    for place in finish:
        covered = range(place.place, place.place + len(place.players))
        total = sum(amounts.get(p, 0) for p in covered)
        if not total:
            continue
        share, rest = divmod(total, len(place.players))
        for index, player in enumerate(sorted(place.players)):
            paid[player] = share + (1 if index < rest else 0)
    return paid


def payout_refusal(
    profile: Profile,
    starting_players: int,
    collected_cents: int,
    entry_fees_cents: int,
    charity_percent: int,
    charitable: bool,
    amounts: dict[int, int],
) -> Violation | None:
    """NH Pari 1207.03(d)(6)-(7), (h)(4) and MCA 23-5-317(8): the caps on what may be paid, as the profile
    holds them: New Hampshire prizes to at most half the starting players and at most 80% of what was
    collected; Montana charitable tournaments keep at least half the entry fees for the nonprofit.

    >>> from poker.rules.profiles import MONTANA_SMALL, NEW_HAMPSHIRE
    >>> payout_refusal(NEW_HAMPSHIRE, 4, 40_000, 40_000, 0, False, {1: 20_000, 2: 12_000}) is None
    True
    >>> payout_refusal(NEW_HAMPSHIRE, 4, 40_000, 40_000, 0, False, {1: 20_000, 2: 10_000, 3: 2_000}).rule
    'N.H. Admin. Code Pari 1207.03(d)(6)'
    >>> payout_refusal(NEW_HAMPSHIRE, 4, 40_000, 40_000, 0, False, {1: 32_001}).code
    'prizes_over_pool_share'
    >>> payout_refusal(MONTANA_SMALL, 2, 10_000, 10_000, 50, True, {1: 6_000}).rule
    'MCA 23-5-317(8)'
    """
    paid_places = sum(1 for a in amounts.values() if a > 0)
    total = sum(amounts.values())
    places_cap = profile.paid_places_percent_of_players
    if places_cap is not None and paid_places * 100 > starting_players * places_cap.value:
        return Violation(
            "too_many_places",
            f"{paid_places} prizes for {starting_players} starting players; at most "
            f"{places_cap.value}% of them may win a prize.",
            places_cap.rule,
            "prizes",
            409,
        )
    pool_cap = profile.prizes_percent_of_pool
    if pool_cap is not None and total * 100 > collected_cents * pool_cap.value:
        return Violation(
            "prizes_over_pool_share",
            f"Prizes of {format_cents(total)} are more than {pool_cap.value}% of the "
            f"{format_cents(collected_cents)} collected.",
            pool_cap.rule,
            "prizes",
            409,
        )
    charity = profile.charity_percent_of_fees
    if charity is not None and charitable:
        kept = collected_cents - total
        needed = entry_fees_cents * max(charity.value, charity_percent) // 100
        if kept < needed:
            return Violation(
                "charity_share",
                f"Only {format_cents(kept)} is left for the nonprofit; it must receive at least "
                f"{format_cents(needed)} of the entry fees.",
                charity.rule,
                "prizes",
                409,
            )
    return None


@dataclass(frozen=True)
class Awarded:
    """The prizes a finish awards (place → cents) and the posted places it does not award."""

    amounts: dict[int, int]
    not_awarded: tuple[int, ...]


def awardable(
    profile: Profile,
    entrants: int,
    collected_cents: int,
    entry_fees_cents: int,
    charity_percent: int,
    charitable: bool,
    amounts: dict[int, int],
) -> Awarded:
    """28 Del. C. §1804 B(4) and NH Pari 1207.03(h)(1): play continues until one player is left and the
    posted prizes are paid, so the last elimination is never refused. A posted place beyond the field
    (no player can finish there) is not awarded, and should the caps (NH (d)(6)-(7), MCA 23-5-317(8))
    still refuse what is left, the lowest places are not awarded until they allow it; the money of a
    place not awarded stays in what is left after prizes. A table checked at setup for the least field
    it is for never loses a place here: this is the way out for a field that shrank below its table
    (a tournament started before tables were checked at the draw).

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> awardable(DELAWARE, 2, 20_000, 20_000, 0, False, {1: 10_000, 2: 6_000, 3: 4_000})
    Awarded(amounts={1: 10000, 2: 6000}, not_awarded=(3,))
    >>> awardable(NEW_HAMPSHIRE, 4, 40_000, 40_000, 0, False, {1: 16_000, 2: 8_000, 3: 8_000})
    Awarded(amounts={1: 16000, 2: 8000}, not_awarded=(3,))
    """
    kept = {place: cents for place, cents in amounts.items() if place <= entrants}
    while kept and payout_refusal(
        profile, entrants, collected_cents, entry_fees_cents, charity_percent, charitable, kept
    ):
        del kept[max(kept)]
    return Awarded(kept, tuple(sorted(set(amounts) - set(kept))))


def deal_refusal(profile: Profile) -> Violation | None:
    """28 Del. C. §1804 B(5): no agreement to divide the prizes; play goes on to one player.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> deal_refusal(DELAWARE).rule
    '28 Del. C. §1804 B(5)'
    >>> deal_refusal(NEW_HAMPSHIRE) is None
    True
    """
    if profile.no_deals is None:
        return None
    return Violation(
        "deal_refused",
        "No agreement concerning division of prizes may be made; play continues until one player remains.",
        profile.no_deals.rule,
        "deal",
        409,
    )


def second_payment_refusal(profile: Profile, paid: PaidPrize | None) -> Violation | None:
    """28 Del. C. ch. 18, printed rules ¶(5) (each prize as the printed rules describe it) and Flashboard's
    cashier rules: a place's prize is paid once. A second payment for it is refused, saying when and by
    whom the first was made, so the desk never hands it out twice.

    >>> from poker.rules.profiles import DELAWARE, NEW_HAMPSHIRE
    >>> second_payment_refusal(DELAWARE, None) is None
    True
    >>> refused = second_payment_refusal(DELAWARE, PaidPrize(2, 48_000, "21:14", "Dana Desk"))
    >>> refused.code, refused.rule, refused.status
    ('already_paid', '28 Del. C. ch. 18, printed rules ¶(5)', 409)
    >>> refused.message
    'Place 2 was already paid: $480.00 at 21:14 by Dana Desk. A prize is paid once.'
    >>> second_payment_refusal(NEW_HAMPSHIRE, PaidPrize(1, 100, "20:00", "Sam")).rule
    'Flashboard cashier rules (a prize is paid once)'
    """
    if paid is None:
        return None
    return Violation(
        "already_paid",
        f"Place {paid.place} was already paid: {format_cents(paid.cents)} at {paid.at} by {paid.by}. "
        "A prize is paid once.",
        profile.prizes_described.rule if profile.prizes_described else PAID_ONCE,
        "entry_number",
        409,
    )
