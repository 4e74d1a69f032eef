"""The whole night through the screens (tests/test_whole_night_through_the_screens.py): each station's
hands on its page, counted (taps, keyed entries, scans) per step of the night; every screen state looked
at (audited, and photographed for docs/screens); and what no screen can do yet, seeded through the
services before the browser starts: the poker tournament, its licence and its appointed director."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

from playwright.sync_api import Browser, Page
from sqlalchemy.orm import Session

from poker.schemas import StaffIn, TournamentIn
from poker.services import staff as poker_staff
from poker.services import tournaments
from shared.hall.rules.licensing import PersonalLicenseKind
from shared.hall.schemas import PokerOccasionLicenseRequest
from shared.hall.services import licenses
from shared.platform.audit import SYSTEM
from tests.support.factories import NOW, PASSWORD, PIN, make_license, make_member, make_org
from tests.support.poker_factories import DE_SETUP
from tests.support.poker_screens import floor_staff
from tests.support.screens import audit, shoot, two_taps


@dataclass
class Tally:
    """What a step asked of the people at the screens."""

    taps: int = 0
    entries: int = 0
    scans: int = 0


@dataclass
class Counter:
    """The taps, keyed entries (a field typed, or a key pressed) and scans (digits typed into the
    focused field, then Enter) of each step, in the order the steps ran."""

    steps: dict[str, Tally] = field(default_factory=dict)
    now: str = "setup"
    problems: list[str] = field(default_factory=list)

    def step(self, name: str) -> None:
        self.now = name
        self.steps.setdefault(name, Tally())

    @property
    def tally(self) -> Tally:
        return self.steps.setdefault(self.now, Tally())

    def table(self) -> str:
        rows = ["| step | taps | entries | scans |", "|---|---:|---:|---:|"]
        total = Tally()
        for name, t in self.steps.items():
            rows.append(f"| {name} | {t.taps} | {t.entries} | {t.scans} |")
            total.taps, total.entries, total.scans = (
                total.taps + t.taps,
                total.entries + t.entries,
                total.scans + t.scans,
            )
        rows.append(f"| **the whole night** | **{total.taps}** | **{total.entries}** | **{total.scans}** |")
        return "\n".join(rows)


class Hands:
    """One person at one screen: every interaction goes through here, so it is counted."""

    def __init__(self, page: Page, counter: Counter, screen: str) -> None:
        self.page, self.counter, self.screen = page, counter, screen

    def tap(self, selector: str) -> None:
        self.page.click(selector)
        self.counter.tally.taps += 1

    def tick(self, selector: str) -> None:
        self.page.check(selector)
        self.counter.tally.taps += 1

    def choose(self, selector: str, value: str | None = None, label: str | None = None) -> None:
        """A select: open it and tap the option (two taps)."""
        if label is not None:
            self.page.select_option(selector, label=label)
        else:
            self.page.select_option(selector, value)
        self.counter.tally.taps += 2

    def key(self, selector: str, text: str) -> None:
        self.page.fill(selector, text)
        self.counter.tally.entries += 1

    def enter(self, selector: str, text: str) -> None:
        """Type into a field and press Enter: one keyed entry."""
        self.page.fill(selector, text)
        self.page.press(selector, "Enter")
        self.counter.tally.entries += 1

    def press(self, selector: str, key: str = "Enter") -> None:
        self.page.press(selector, key)
        self.counter.tally.entries += 1

    def scan(self, text: str) -> None:
        """A barcode scanner: it types into whatever field has the focus and presses Enter."""
        self.page.keyboard.type(text)
        self.page.keyboard.press("Enter")
        self.counter.tally.scans += 1

    def two_taps(self, selector: str, armed: str = "Tap again") -> None:
        two_taps(self.page, selector, armed)
        self.counter.tally.taps += 2

    def look(self, state: str, full_page: bool = False) -> None:
        """This screen in this state, at each of the hall's screen sizes (its own first, then back to it):
        audited (problems kept for the end) and photographed."""
        own = self.page.viewport_size or {"width": 0, "height": 0}
        sizes = [(own["width"], own["height"]), *(s for s in HALL_SIZES if s != (own["width"], own["height"]))]
        for width, height in sizes:
            self.page.set_viewport_size({"width": width, "height": height})
            self.page.evaluate(SETTLED)
            name = f"{self.screen}-{state}-{width}x{height}"
            shoot(self.page, name, full_page=full_page)
            self.counter.problems.extend(f"{name}: {p}" for p in audit(self.page))
        self.page.set_viewport_size(own)


HALL_SIZES = ((1280, 800), (1920, 1080), (800, 1280))
# The screen's own resize handlers run at once with the new size (the TV scales itself in one): a page with
# Playwright's clock installed fakes requestAnimationFrame, so two frames can pass before the browser's resize.
SETTLED = """() => {
  window.dispatchEvent(new Event("resize"));
  return new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
}"""


def screen(browser: Browser, counter: Counter, name: str, width: int, height: int) -> Hands:
    """A station's own browser context at its size."""
    page = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True).new_page()
    return Hands(page, counter, name)


def password_sign_in(hands: Hands, live_url: str, username: str) -> None:
    hands.page.goto(live_url + "/signin")
    hands.key("#username", username)
    hands.enter("#password", PASSWORD)
    hands.page.wait_for_url(lambda url: "/signin" not in url)


def pin_sign_in(hands: Hands, live_url: str, username: str, station: str) -> None:
    """The station named once (its bookmark), then the username and the PIN with Enter."""
    hands.page.goto(f"{live_url}/pin?station={station}")
    hands.key("#username", username)
    hands.enter("#pin", PIN)
    hands.page.wait_for_url(lambda url: "/pin" not in url)
    hands.page.wait_for_load_state("load")


@dataclass(frozen=True)
class Tournament:
    org_id: int
    tournament_id: int
    display_token: str


def seed_tournament(session: Session) -> Tournament:
    """No screen sets up a tournament or appoints its director yet, so the poker side is seeded through
    the services: an organization, its occasion licence for 2026-12-05 (28 Del. C. ch. 18 ¶(1)), the
    Delaware setup of tests/support/poker_factories.py, a licensed director appointed (§1827(1)) and the
    floor staff's accounts (director, desk cashier, dealer; PIN tests.support.factories.PIN)."""
    org = make_org(session, name="Millbrook Lodge No. 12")
    licence = licenses.create_poker_occasion_license(
        session, SYSTEM, NOW, PokerOccasionLicenseRequest(f"P-{org.id}", date(2026, 12, 5), [org.id], 25_000)
    )
    request: Any = TournamentIn().load({**DE_SETUP, "license_id": licence.id})
    tournament = tournaments.create(session, SYSTEM, NOW, org.id, request)
    member = make_member(session, org, name="Dale Director")
    make_license(
        session, org, holder_name=member.name, member_id=member.id, kind=PersonalLicenseKind.TOURNAMENT_DIRECTOR
    )
    appointment: Any = StaffIn().load({"role": "tournament_director", "member_id": member.id})
    poker_staff.assign(session, SYSTEM, NOW, tournament.id, appointment)
    floor_staff(session, org.id)
    session.commit()
    return Tournament(org.id, tournament.id, tournament.display_token or "")
