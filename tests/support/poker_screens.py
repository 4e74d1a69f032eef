"""The poker screens in a real Chromium: the floor staff signed in by PIN under their own names, a
two-tap confirmation as a person gives it, a dialog or bar checked to be inside the viewport, and a
screen checked (and photographed) at each size it must fit."""

from __future__ import annotations

from playwright.sync_api import Page
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.models import Organization
from tests.support.factories import make_member, make_user
from tests.support.screens import audit, out_of_view, shoot

TV, TOUCH, TABLET = (1920, 1080), (1280, 800), (800, 1280)
SIZES = (TOUCH, TV, TABLET)
NAMES = {"director": "Dale Director", "desk": "Dana Desk", "dealer": "Dee Dealer"}


def floor_staff(session: Session, org_id: int) -> None:
    """A director, a desk cashier and a dealer: usernames director{org}, desk{org}, dealer{org}."""
    org = session.get(Organization, org_id)
    assert org is not None
    for role, name in [(Role.TOURNAMENT_DIRECTOR, "director"), (Role.CASHIER, "desk"), (Role.DEALER, "dealer")]:
        make_user(
            session, [role], member=make_member(session, org), username=f"{name}{org_id}", display_name=NAMES[name]
        )


def fits(page: Page, name: str, *in_view: str, sizes: tuple[tuple[int, int], ...] = SIZES) -> list[str]:
    """At each size: no horizontal overflow, the audit (56 px targets, AA contrast) clean, the elements
    named inside the viewport; a screenshot of each. The page is left at its first size."""
    problems: list[str] = []
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        if overflow > 0:
            problems.append(f"{name} at {width}x{height} is {overflow}px too wide")
        problems.extend(f"{name} at {width}x{height}: {p}" for p in audit(page))
        for selector in in_view:
            problems.extend(
                f"{name} at {width}x{height}: {p}" for p in out_of_view(page, [selector], clear_of_bar=False)
            )
        shoot(page, f"{name}-{width}x{height}")
    page.set_viewport_size({"width": sizes[0][0], "height": sizes[0][1]})
    return problems


def errors_of(page: Page) -> list[str]:
    """The page's uncaught script errors, as they happen."""
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found
