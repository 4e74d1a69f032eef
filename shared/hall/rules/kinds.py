"""Organization kinds that may sponsor charitable gaming."""

from __future__ import annotations

from enum import StrEnum


class OrganizationKind(StrEnum):
    """28 Del. C. §1801(33): veterans', religious or charitable organizations, volunteer fire
    companies and fraternal societies are the only sponsors."""

    VETERANS = "veterans"
    RELIGIOUS = "religious"
    CHARITABLE = "charitable"
    VOLUNTEER_FIRE_COMPANY = "volunteer_fire_company"
    FRATERNAL = "fraternal"

    @property
    def label(self) -> str:
        """28 Del. C. §1801(33): the sponsor's kind as the screens show it.

        >>> OrganizationKind.VOLUNTEER_FIRE_COMPANY.label
        'Volunteer fire company'
        """
        return self.value.replace("_", " ").capitalize()
