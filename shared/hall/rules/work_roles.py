"""The roles a night's roster assigns: bingo roles are held by members (10 DE Admin Code 101-4.23),
poker roles by holders of the personal licence the role needs (28 Del. C. §1831(1))."""

from __future__ import annotations

from enum import StrEnum

from shared.hall.rules import licensing


class WorkRole(StrEnum):
    """Bingo roles are held by members (4.23); poker roles by licence holders (§1831(1))."""

    MEMBER_IN_CHARGE = "member_in_charge"
    CALLER = "caller"
    CASHIER = "cashier"
    VERIFIER = "verifier"
    FOOD_SERVICE = "food_service"
    DEALER = "dealer"
    TOURNAMENT_DIRECTOR = "tournament_director"
    VENDOR_STAFF = "vendor_staff"

    @property
    def is_poker(self) -> bool:
        """28 Del. C. §1831(1): a poker role is held by a holder of the personal licence it needs (dealer,
        tournament director, vendor staff); bingo roles are held by members (10 DE Admin Code 101-4.23).

        >>> WorkRole.DEALER.is_poker, WorkRole.CALLER.is_poker
        (True, False)
        """
        return self.value in licensing.WORK_ROLE_LICENSES
