"""Paper inventory (after WA WAC 230-10-390): a received set of packs, each pack's serial and the face
numbers it holds. Settled reading: a set's faces are numbered consecutively pack after pack, so a
pack holds `on × up` faces starting at the set's first face plus its offset."""

from __future__ import annotations

from dataclasses import dataclass

from shared.core.violations import Violation


@dataclass(frozen=True)
class SetTerms:
    faces_per_sheet: int
    sheets_per_pack: int
    serial_from: int
    serial_to: int
    first_face: int

    @property
    def faces_per_pack(self) -> int:
        """Settled reading (docs/rules.md, "paper inventory"): a pack holds on × up faces."""
        return self.faces_per_sheet * self.sheets_per_pack

    @property
    def packs(self) -> int:
        """Settled reading (docs/rules.md, "paper inventory"): one pack per serial, the first serial to the
        last inclusive."""
        return self.serial_to - self.serial_from + 1

    @property
    def last_face(self) -> int:
        """Settled reading (docs/rules.md, "paper inventory"): faces are numbered consecutively pack after
        pack, so the set ends at its first face plus every pack's faces."""
        return self.first_face + self.packs * self.faces_per_pack - 1

    def faces_of(self, serial: int) -> range:
        """Settled reading (docs/rules.md, "paper inventory"): the face numbers in the pack with this
        serial, its on × up faces counted on from the set's first face.

        >>> terms = SetTerms(faces_per_sheet=3, sheets_per_pack=2, serial_from=500, serial_to=509, first_face=1)
        >>> terms.faces_of(501)
        range(7, 13)
        >>> terms.packs, terms.last_face
        (10, 60)
        """
        start = self.first_face + (serial - self.serial_from) * self.faces_per_pack
        return range(start, start + self.faces_per_pack)


def set_refusal(terms: SetTerms, series_faces: int) -> Violation | None:
    """Settled reading (docs/rules.md, "paper inventory"): a set's serials run upward, it holds at most
    10,000 packs of whole sheets, and its faces are all in the series (10 DE Admin Code 101-4.12, the rule
    the refusal cites).

    >>> terms = SetTerms(faces_per_sheet=3, sheets_per_pack=2, serial_from=500, serial_to=509, first_face=8_990)
    >>> set_refusal(terms, 9_000).code
    'faces_outside_series'
    >>> set_refusal(terms, 9_049) is None
    True
    """
    if terms.serial_to < terms.serial_from:
        return Violation("bad_serials", "The last serial comes before the first.", None, "serial_to", 422)
    if terms.packs > 10_000:
        return Violation("too_many_packs", "A set holds at most 10,000 packs.", None, "serial_to", 422)
    if terms.last_face > series_faces:
        return Violation(
            "faces_outside_series",
            f"The set's faces run to {terms.last_face}, past the series' {series_faces} faces.",
            "10 DE Admin Code 101-4.12",
            "first_face",
            422,
        )
    return None
