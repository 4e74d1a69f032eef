"""Staff roles. Every route declares which of these may use it (see shared.platform.access)."""

from __future__ import annotations

from enum import StrEnum


class Role(StrEnum):
    ADMIN = "admin"
    MEMBER_IN_CHARGE = "member_in_charge"
    OFFICER = "officer"
    CALLER = "caller"
    CASHIER = "cashier"
    VERIFIER = "verifier"
    TOURNAMENT_DIRECTOR = "tournament_director"
    DEALER = "dealer"

    @property
    def label(self) -> str:
        """Flashboard house rule (staff roles; every route declares the roles that may use it): the role as
        the screens show it.

        >>> Role.MEMBER_IN_CHARGE.label
        'Member in charge'
        """
        return self.value.replace("_", " ").capitalize()


OFFICE_VIEW = (Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE)
OFFICE_EDIT = (Role.ADMIN, Role.OFFICER)
STAFF_ADMIN = (Role.ADMIN,)
