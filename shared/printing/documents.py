"""A receipt as plain data, so it can be stored with its print job and composed again for a reprint."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any


@dataclass(frozen=True)
class Receipt:
    """What a receipt says, top to bottom. `grid` is the U Pick Em B-I-N-G-O layout, if any; `barcode`
        is the id a verifier scans back (Code128); `body` is running text, wrapped and left-aligned (a
        tournament's printed rules); `training` prints TRAINING above and below it (training mode); `copies`
    names each copy to print ("winner", "hall"), none for one unnamed paper; `banner` is printed large
    under the header, for what must be read at arm's length (a seat card's table and seat)."""

    title: str
    header: list[str]
    lines: list[tuple[str, str]]
    totals: list[tuple[str, str]] = field(default_factory=list)
    grid: str | None = None
    barcode: str | None = None
    footer: list[str] = field(default_factory=list)
    body: list[str] = field(default_factory=list)
    training: bool = False
    copies: list[str] = field(default_factory=list)
    banner: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Receipt:
        return cls(
            title=data["title"],
            header=list(data["header"]),
            lines=[tuple(x) for x in data["lines"]],
            totals=[tuple(x) for x in data["totals"]],
            grid=data.get("grid"),
            barcode=data.get("barcode"),
            footer=list(data.get("footer", [])),
            body=list(data.get("body", [])),
            training=bool(data.get("training", False)),
            copies=list(data.get("copies", [])),
            banner=list(data.get("banner", [])),
        )


def training_copy(receipt: Receipt, training: bool) -> Receipt:
    """Flashboard house rule (training mode): every paper of a training occasion or tournament says
    TRAINING above and below (shared/printing/compose.py), kept in the stored job, so a reprint does too."""
    return replace(receipt, training=True) if training else receipt
