"""Settled reading (docs/rules.md, "paper accountability"): every pack of a received set is accounted
for. A pack is in stock, at a station for an occasion still open, sold, or returned unsold; whatever
is none of these is missing or unaccounted: recorded missing, or issued to an occasion that has
closed and neither sold nor taken back. A sale voided puts its packs back at the station; the report
lists them apart, as they go on to be sold again, returned or missed like any pack at a station.

A pack's life is its state now (`bingo.models.PackStatus`, spelled here as plain text: the rules
import no models) and its moves in order, read from the audit chain: each issue to a station for an
occasion, each return, each sale voided, each record of it missing. A sale is not a move: a sold
pack never moves again but for a void, so its state says where it was sold."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

IN_STOCK, ISSUED, SOLD, RETURNED, MISSING = "in_stock", "issued", "sold", "returned", "missing"
ISSUE, RETURN, VOID = "issue", "return", "void"


@dataclass(frozen=True)
class Move:
    """One step of a pack's life: `issue` (to a station for an occasion), `return`, `void` (its sale
    voided at an occasion) or `missing`; the occasion is known for an issue and a void."""

    step: str
    occasion_id: int | None = None
    station: str | None = None


@dataclass(frozen=True)
class PackLife:
    """A pack: its serial, its state now, the occasion it was last issued to, its note (what is known
    of a missing pack) and its moves, oldest first."""

    serial: int
    status: str
    occasion_id: int | None = None
    note: str | None = None
    moves: tuple[Move, ...] = ()


def serial_ranges(serials: Iterable[int]) -> str:
    """Settled reading (docs/rules.md, "paper accountability"): serials are listed as runs, each run of
    consecutive serials as its first and last joined by an en dash, runs in order and apart by commas.

    >>> serial_ranges([512, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509])
    '500–509, 512'
    >>> serial_ranges([7, 8, 10, 8])
    '7–8, 10'
    >>> serial_ranges([])
    ''
    """
    runs: list[list[int]] = []
    for serial in sorted(set(serials)):
        if runs and serial == runs[-1][1] + 1:
            runs[-1][1] = serial
        else:
            runs.append([serial, serial])
    return ", ".join(str(a) if a == b else f"{a}–{b}" for a, b in runs)


@dataclass(frozen=True)
class Line:
    """One line of an account: what it counts and which serials."""

    label: str
    serials: tuple[int, ...]

    @property
    def count(self) -> int:
        """Settled reading (docs/rules.md, "paper accountability"): how many packs the line counts."""
        return len(self.serials)

    @property
    def ranges(self) -> str:
        """Settled reading (docs/rules.md, "paper accountability"): the line's serials as runs."""
        return serial_ranges(self.serials)


def _line(label: str, serials: Iterable[int]) -> Line:
    return Line(label, tuple(sorted(set(serials))))


@dataclass(frozen=True)
class SetAccount:
    """A set's account across every occasion: received = in stock + at stations + sold + returned +
    missing or unaccounted (`balances`); issued and voided count packs that went through those steps."""

    received: Line
    issued: Line
    in_stock: Line
    at_stations: Line
    sold: Line
    returned: Line
    voided: Line
    recorded_missing: Line
    unaccounted: Line

    @property
    def missing(self) -> Line:
        """Settled reading (docs/rules.md, "paper accountability"):
        missing or unaccounted, received minus every accounted state."""
        return _line("Missing or unaccounted", self.recorded_missing.serials + self.unaccounted.serials)

    @property
    def balances(self) -> bool:
        """Settled reading (docs/rules.md, "paper accountability"):
        every pack received is in exactly one of in stock, at stations, sold, returned, missing or
        unaccounted."""
        parts = (self.in_stock, self.at_stations, self.sold, self.returned, self.missing)
        return sorted(s for part in parts for s in part.serials) == list(self.received.serials)

    def lines(self) -> tuple[Line, ...]:
        """Settled reading (docs/rules.md, "paper accountability"):
        the set's lines in the order the report lists them."""
        return (
            self.received,
            self.issued,
            self.in_stock,
            self.at_stations,
            self.sold,
            self.returned,
            self.voided,
            self.recorded_missing,
            self.unaccounted,
        )


def set_account(packs: Sequence[PackLife], closed_occasions: frozenset[int]) -> SetAccount:
    """Settled reading (docs/rules.md, "paper accountability"): a set's packs by their state now. A pack
    still at a station once its occasion has closed is unaccounted (neither sold nor taken back), and
    it counts with the packs recorded missing.

    >>> packs = [PackLife(s, IN_STOCK) for s in range(500, 510)]
    >>> packs += [PackLife(s, SOLD, 1, moves=(Move(ISSUE, 1, "front"),)) for s in range(510, 518)]
    >>> packs += [PackLife(518, RETURNED, 1, moves=(Move(ISSUE, 1, "front"), Move(RETURN)))]
    >>> packs += [PackLife(519, ISSUED, 1, moves=(Move(ISSUE, 1, "front"),))]
    >>> packs += [PackLife(520, MISSING, None, "box torn", moves=(Move("missing"),))]
    >>> packs += [PackLife(521, SOLD, 1, moves=(Move(ISSUE, 1, "front"), Move(VOID, 1)))]
    >>> account = set_account(packs, frozenset({1}))
    >>> account.received.count, account.received.ranges
    (22, '500–521')
    >>> account.issued.ranges, account.sold.ranges, account.voided.ranges
    ('510–519, 521', '510–517, 521', '521')
    >>> account.missing.ranges, account.unaccounted.ranges, account.balances
    ('519–520', '519', True)
    >>> set_account(packs, frozenset()).at_stations.ranges
    '519'
    """
    by_status: dict[str, list[int]] = {}
    for pack in packs:
        by_status.setdefault(pack.status, []).append(pack.serial)
    out = [p for p in packs if p.status == ISSUED]
    return SetAccount(
        received=_line("Received", (p.serial for p in packs)),
        issued=_line(
            "Issued to stations",
            (p.serial for p in packs if p.status in (ISSUED, SOLD, RETURNED) or any(m.step == ISSUE for m in p.moves)),
        ),
        in_stock=_line("In stock", by_status.get(IN_STOCK, ())),
        at_stations=_line(
            "At stations (occasion open)", (p.serial for p in out if p.occasion_id not in closed_occasions)
        ),
        sold=_line("Sold", by_status.get(SOLD, ())),
        returned=_line("Returned unsold", by_status.get(RETURNED, ())),
        voided=_line("Sale voided (back at the station)", (p.serial for p in packs if _voided_at(p))),
        recorded_missing=_line("Recorded missing", by_status.get(MISSING, ())),
        unaccounted=_line(
            "Not accounted for (occasion closed)", (p.serial for p in out if p.occasion_id in closed_occasions)
        ),
    )


def _voided_at(pack: PackLife) -> set[int]:
    return {m.occasion_id or 0 for m in pack.moves if m.step == VOID}


@dataclass(frozen=True)
class OccasionAccount:
    """A set's packs at one occasion: issued (by station) = sold + returned + missing + unaccounted or
    still at a station; voided lists the packs whose sale was voided there."""

    issued_by_station: tuple[Line, ...]
    sold: Line
    returned: Line
    voided: Line
    recorded_missing: Line
    at_stations: Line
    unaccounted: Line

    @property
    def issued(self) -> Line:
        """Settled reading (docs/rules.md, "paper accountability"):
        every pack issued at the occasion, whichever station."""
        return _line("Issued to stations", (s for line in self.issued_by_station for s in line.serials))

    @property
    def missing(self) -> Line:
        """Settled reading (docs/rules.md, "paper accountability"):
        recorded missing from the occasion's stations, or not accounted for."""
        return _line("Missing or unaccounted", self.recorded_missing.serials + self.unaccounted.serials)

    def lines(self) -> tuple[Line, ...]:
        """Settled reading (docs/rules.md, "paper accountability"):
        the occasion's lines in the order the report lists them."""
        return (
            *self.issued_by_station,
            self.sold,
            self.returned,
            self.voided,
            self.recorded_missing,
            self.at_stations,
            self.unaccounted,
        )


def _walk(pack: PackLife, occasion_id: int) -> tuple[set[str], bool, bool]:
    """The stations the pack was issued to at the occasion, and whether it was returned or recorded
    missing from there: each return or missing record belongs to the occasion of the issue before it."""
    stations: set[str] = set()
    returned = missing = False
    at: int | None = None
    for move in pack.moves:
        if move.step == ISSUE:
            at = move.occasion_id
            if at == occasion_id:
                stations.add(move.station or "")
        elif move.step == RETURN:
            returned = returned or at == occasion_id
            at = None
        elif move.step == MISSING:
            missing = missing or at == occasion_id
            at = None
    if not any(m.step == ISSUE for m in pack.moves) and pack.occasion_id == occasion_id and pack.status != IN_STOCK:
        stations.add("")
    return stations, returned, missing


def occasion_account(packs: Sequence[PackLife], occasion_id: int, closed: bool) -> OccasionAccount:
    """Settled reading (docs/rules.md, "paper accountability"): a set's packs at one occasion, each
    issue by its station. A pack returned or recorded missing after it went back out to a later
    occasion still counts here as returned; a pack with no recorded move (older records) counts as
    issued where it stands now. Once the occasion is closed a pack still at its stations is
    unaccounted.

    >>> one = (Move(ISSUE, 1, "front"),)
    >>> packs = [PackLife(s, SOLD, 1, moves=one) for s in range(500, 505)]
    >>> packs += [PackLife(505, RETURNED, 2, moves=(*one, Move(RETURN), Move(ISSUE, 2, "front"), Move(RETURN)))]
    >>> packs += [PackLife(506, ISSUED, 1, moves=(*one, Move(VOID, 1)))]
    >>> packs += [PackLife(507, MISSING, 1, "not found", moves=(Move(ISSUE, 1, "back"), Move(MISSING)))]
    >>> packs += [PackLife(508, IN_STOCK)]
    >>> account = occasion_account(packs, 1, closed=True)
    >>> [(line.label, line.ranges) for line in account.issued_by_station]
    [('Issued to back', '507'), ('Issued to front', '500–506')]
    >>> account.sold.ranges, account.returned.ranges, account.voided.ranges
    ('500–504', '505', '506')
    >>> account.missing.ranges, account.unaccounted.ranges, account.at_stations.count
    ('506–507', '506', 0)
    >>> occasion_account(packs, 2, closed=False).returned.ranges
    '505'
    """
    stations: dict[str, list[int]] = {}
    returned: list[int] = []
    missing: list[int] = []
    for pack in packs:
        found, back, lost = _walk(pack, occasion_id)
        for station in found:
            stations.setdefault(station, []).append(pack.serial)
        if back:
            returned.append(pack.serial)
        if lost:
            missing.append(pack.serial)
    out = [p.serial for p in packs if p.status == ISSUED and p.occasion_id == occasion_id]
    return OccasionAccount(
        issued_by_station=tuple(
            _line(f"Issued to {station}" if station else "Issued", serials)
            for station, serials in sorted(stations.items())
        ),
        sold=_line("Sold", (p.serial for p in packs if p.status == SOLD and p.occasion_id == occasion_id)),
        returned=_line("Returned unsold", returned),
        voided=_line("Sale voided (back at the station)", (p.serial for p in packs if occasion_id in _voided_at(p))),
        recorded_missing=_line("Recorded missing", missing),
        at_stations=_line("At stations (occasion open)", () if closed else out),
        unaccounted=_line("Not accounted for (occasion closed)", out if closed else ()),
    )
