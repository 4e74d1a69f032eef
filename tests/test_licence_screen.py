"""The office licences screen in Chromium (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6): an officer lists
what a licence term specifies by touch (an alternate prize, a prize by attendance, a U Pick Em game of
Addendum A), is refused a repeat beside its rule, removes an item, and the page is audited (56 px
targets, contrast, nothing clipped or wider than the screen) at 1280×800, 800×1280 and 1920×1080."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.hall.models import BingoLicense
from shared.hall.rules.addendum import LicenceContents
from tests.support.bingo_factories import make_hall
from tests.support.clock import Clock
from tests.support.factories import PASSWORD
from tests.support.screens import audit, shoot

pytestmark = pytest.mark.browser


def signed_in(browser: Browser, live_url: str, username: str, size: tuple[int, int]) -> Page:
    page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
    page.goto(live_url + "/signin")
    page.fill("#username", username)
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/signin" not in url)
    return page


def test_4_15_4_18_4_30_1_6_an_officer_lists_what_the_licence_specifies_by_touch(
    browser: Browser, live_url: str, session: Session, clock: Clock
) -> None:
    hall = make_hall(session, licensed=LicenceContents())
    with session.info["database"].readers() as reader:
        term = reader.scalars(select(BingoLicense.id).where(BingoLicense.organization_id == hall.org.id)).one()
    officer = signed_in(browser, live_url, f"officer{hall.org.id}", (1280, 800))
    officer.goto(f"{live_url}/office/organizations/{hall.org.id}/licenses")
    section = officer.locator(f"#term-{term}")
    expect(section).to_contain_text(f"Licence B-{hall.org.id}")
    expect(section.locator("[data-list=upick_games]")).to_contain_text("None: the licence allows none.")

    for kind, first, second, shown in (
        ("alternates", ("within_calls", "52"), ("prize", "350.00"), "$350.00"),
        ("attendance_prizes", ("min_attendance", "150"), ("prize", "250.00"), "$250.00"),
        ("upick_games", ("pick_count", "8"), ("payout", "100.00"), "$100.00"),
    ):
        officer.fill(f"#t{term}-{kind}-{first[0]}", first[1])
        officer.fill(f"#t{term}-{kind}-{second[0]}", second[1])
        officer.click(f"#t{term}-{kind}-add")
        expect(officer.locator(".notice")).to_have_text("Licence amended.")
        expect(officer.locator(f"#term-{term} [data-list={kind}] tbody")).to_contain_text(shown)

    officer.fill(f"#t{term}-upick_games-pick_count", "8")
    officer.fill(f"#t{term}-upick_games-payout", "100.00")
    officer.click(f"#t{term}-upick_games-add")
    expect(officer.locator(".refusal")).to_contain_text("The licence already lists this.")
    expect(officer.locator(".refusal .rule")).to_have_text("Rule: 10 DE Admin Code 101-4.30.1.6")

    officer.goto(f"{live_url}/office/organizations/{hall.org.id}/licenses")
    officer.locator(f"#term-{term} [data-list=alternates] button", has_text="Remove").click()
    expect(officer.locator(".notice")).to_have_text("Licence amended.")
    expect(officer.locator(f"#term-{term} [data-list=alternates] tbody")).to_contain_text(
        "None: the licence allows none."
    )
    expect(officer.locator(f"#term-{term} [data-list=upick_games] tbody")).to_contain_text("8")
    expect(officer.locator("#licence-pdf")).to_be_visible()

    problems: list[str] = []
    for size in ((1280, 800), (800, 1280), (1920, 1080)):
        officer.set_viewport_size({"width": size[0], "height": size[1]})
        officer.goto(f"{live_url}/office/organizations/{hall.org.id}/licenses")
        shoot(officer, f"office-licences-{size[0]}x{size[1]}", full_page=True)
        problems += [f"{size}: {p}" for p in audit(officer)]
    assert problems == []


def test_mca_23_5_317_1b_2b_the_permit_form_puts_the_kinds_whole_fee_in_the_fee_box(
    browser: Browser, live_url: str, session: Session, clock: Clock
) -> None:
    """Choosing the kind of Montana permit fills in its annual fee ($120.00 large-stakes, $500.00
    small-stakes), which is never prorated, so the first Record is not refused for a fee left behind."""
    hall = make_hall(session)
    officer = signed_in(browser, live_url, f"officer{hall.org.id}", (1280, 800))
    officer.goto(f"{live_url}/poker/organizations/{hall.org.id}/permits")
    expect(officer.locator("#permit-form [name=fee]")).to_have_value("120.00")
    officer.select_option("#permit-form [name=jurisdiction]", "mt_small")
    expect(officer.locator("#permit-form [name=fee]")).to_have_value("500.00")
    officer.fill("#permit-form [name=number]", "MT-S-2026-17")
    officer.click("#permit-form button[type=submit]")
    expect(officer.locator("main")).to_contain_text("MT-S-2026-17")
    assert audit(officer) == []
