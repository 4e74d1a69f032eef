"""Paper accountability as pure rules (docs/rules.md, "paper accountability"): serial ranges, a set's
packs received and accounted for, and one occasion's packs by station."""

from __future__ import annotations

from bingo.rules.paper_accounts import (
    IN_STOCK,
    ISSUE,
    ISSUED,
    MISSING,
    RETURN,
    RETURNED,
    SOLD,
    VOID,
    Move,
    PackLife,
    occasion_account,
    serial_ranges,
    set_account,
)


def test_paper_accountability_serials_compress_into_runs() -> None:
    assert serial_ranges([509, 500, 501, 502, 503, 504, 505, 506, 507, 508, 512]) == "500–509, 512"
    assert serial_ranges([1, 3, 5]) == "1, 3, 5"
    assert serial_ranges([42]) == "42"
    assert serial_ranges(range(1, 10_001)) == "1–10000"


def issued(occasion: int, station: str = "front") -> Move:
    return Move(ISSUE, occasion, station)


def test_paper_accountability_every_received_pack_is_accounted_for_or_missing() -> None:
    packs = [PackLife(s, IN_STOCK) for s in range(100, 110)]
    packs += [PackLife(s, SOLD, 7, moves=(issued(7),)) for s in range(110, 115)]
    packs += [PackLife(115, RETURNED, 7, moves=(issued(7), Move(RETURN)))]
    packs += [PackLife(116, MISSING, 7, "dropped", moves=(issued(7), Move(MISSING)))]
    packs += [PackLife(117, ISSUED, 7, moves=(issued(7), Move(VOID, 7)))]
    packs += [PackLife(118, ISSUED, 8, moves=(issued(8),))]
    packs += [PackLife(119, MISSING, None, "never unpacked", moves=(Move(MISSING),))]
    account = set_account(packs, closed_occasions=frozenset({7}))
    assert account.balances
    assert (account.received.count, account.received.ranges) == (20, "100–119")
    assert account.in_stock.ranges == "100–109"
    assert account.issued.ranges == "110–118"
    assert account.sold.ranges == "110–114"
    assert account.returned.ranges == "115"
    assert account.voided.ranges == "117"
    assert account.at_stations.ranges == "118"
    assert account.recorded_missing.ranges == "116, 119"
    assert account.unaccounted.ranges == "117"
    assert (account.missing.count, account.missing.ranges) == (3, "116–117, 119")


def test_paper_accountability_a_pack_returned_and_issued_again_counts_at_both_occasions() -> None:
    life = PackLife(
        200,
        SOLD,
        2,
        moves=(issued(1), Move(RETURN), issued(2, "back"), Move(VOID, 2)),
    )
    first, second = occasion_account([life], 1, closed=True), occasion_account([life], 2, closed=False)
    assert [(line.label, line.ranges) for line in first.issued_by_station] == [("Issued to front", "200")]
    assert (first.returned.ranges, first.sold.count, first.missing.count) == ("200", 0, 0)
    assert [(line.label, line.ranges) for line in second.issued_by_station] == [("Issued to back", "200")]
    assert (second.sold.ranges, second.voided.ranges, second.returned.count) == ("200", "200", 0)


def test_paper_accountability_a_closed_occasions_packs_still_out_are_unaccounted() -> None:
    packs = [PackLife(s, ISSUED, 3, moves=(issued(3),)) for s in (300, 301, 305)]
    open_night = occasion_account(packs, 3, closed=False)
    assert (open_night.at_stations.ranges, open_night.unaccounted.count) == ("300–301, 305", 0)
    closed_night = occasion_account(packs, 3, closed=True)
    assert (closed_night.at_stations.count, closed_night.unaccounted.ranges) == (0, "300–301, 305")
    assert closed_night.missing.ranges == "300–301, 305"


def test_paper_accountability_a_pack_with_no_recorded_move_counts_where_it_stands() -> None:
    account = occasion_account([PackLife(400, SOLD, 4), PackLife(401, IN_STOCK)], 4, closed=True)
    assert [(line.label, line.ranges) for line in account.issued_by_station] == [("Issued", "400")]
    assert account.sold.ranges == "400"
