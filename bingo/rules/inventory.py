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
        return self.faces_per_sheet * self.sheets_per_pack

    @property
    def packs(self) -> int:
        return self.serial_to - self.serial_from + 1

    @property
    def last_face(self) -> int:
        return self.first_face + self.packs * self.faces_per_pack - 1

    def faces_of(self, serial: int) -> range:
        """The face numbers in the pack with this serial."""
        start = self.first_face + (serial - self.serial_from) * self.faces_per_pack
        return range(start, start + self.faces_per_pack)


def set_refusal(terms: SetTerms, series_faces: int) -> Violation | None:
    """A set's serials run upward, its packs hold whole sheets, and its faces are all in the series."""
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
