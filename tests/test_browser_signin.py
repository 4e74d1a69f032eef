"""Real Chromium against the real app: the sign-in page, a sign-in by PIN pad, and the role's home,
at the hall's screen sizes. Screenshots go to FLASHBOARD_SCREENSHOT_DIR when it is set."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from shared.core.roles import Role
from tests.support.factories import PASSWORD, PIN, make_member, make_org, make_user
from tests.support.screens import shoot

pytestmark = pytest.mark.browser

SIZES = {"touchscreen": (1280, 800), "tablet": (800, 1280), "tv": (1920, 1080)}


def test_browser_sign_in_with_password_lands_on_the_back_office(
    browser: Browser, live_url: str, session: Session
) -> None:
    org = make_org(session, name="Millbrook Volunteer Fire Company")
    make_member(session, org, name="Dorothy Keller")
    make_user(session, [Role.ADMIN], username="boss", display_name="Dorothy Keller")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/")
    expect(page).to_have_url(re.compile(r"/signin$"))
    shoot(page, "signin-1280x800", full_page=True)
    page.fill("#username", "boss")
    page.fill("#password", PASSWORD)
    page.click("button[type=submit]")
    expect(page).to_have_url(re.compile(r"/office$"))
    expect(page.locator("h2")).to_contain_text("Millbrook Volunteer Fire Company")
    shoot(page, "office-1280x800", full_page=True)
    page.close()


def test_browser_pin_pad_signs_a_caller_in_at_a_touchscreen(browser: Browser, live_url: str, session: Session) -> None:
    org = make_org(session)
    make_user(session, [Role.CALLER], member=make_member(session, org), username="caller1", display_name="Ray Donnelly")
    page = browser.new_page(viewport={"width": 800, "height": 1280})
    page.goto(live_url + "/pin")
    page.fill("#username", "caller1")
    for digit in PIN:
        page.click(f".key[data-key='{digit}']")
    shoot(page, "pin-800x1280", full_page=True)
    page.click(".key[data-key='OK']")
    expect(page).to_have_url(re.compile(r"/bingo/caller$"))
    expect(page.locator("h1")).to_have_text("Caller")
    page.close()


def test_browser_touch_targets_are_at_least_56_px(browser: Browser, live_url: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    sizes = page.eval_on_selector_all(
        "button, .btn, input:not([type=hidden]), .key",
        "els => els.map(e => [e.getBoundingClientRect().height, e.outerHTML.slice(0, 60)])",
    )
    small = [html for height, html in sizes if height < 56]
    assert small == []
    page.close()


def test_browser_wrong_pin_shows_the_refusal(browser: Browser, live_url: str, session: Session) -> None:
    make_user(session, [Role.CASHIER], username="till")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(live_url + "/pin")
    page.fill("#username", "till")
    page.fill("#pin", "9753")
    page.press("#pin", "Enter")
    expect(page.locator("#problem")).to_contain_text("Wrong username or PIN")
    page.close()


def test_browser_back_office_pages_fit_the_touchscreen_and_the_tablet(
    browser: Browser, live_url: str, app: object
) -> None:
    from shared.hall.services.staff import KdfCost
    from shared.platform.demo import load_demo
    from tests.support.factories import NOW, TEST_KDF_N

    logins = {
        username: password
        for _, username, password, _ in load_demo(
            app.extensions["flashboard.db"].sessions, NOW, KdfCost(TEST_KDF_N)
        ).logins
    }  # type: ignore[attr-defined]
    for label, (width, height) in [("touchscreen", SIZES["touchscreen"]), ("tablet", SIZES["tablet"])]:
        page = browser.new_page(viewport={"width": width, "height": height})
        page.goto(live_url + "/signin")
        page.fill("#username", "admin")
        page.fill("#password", logins["admin"])
        page.click("button[type=submit]")
        expect(page).to_have_url(re.compile(r"/office$"))
        for name, path in [
            ("office", "/office"),
            ("organization", "/office/organizations/1"),
            ("members", "/office/organizations/1/members"),
            ("licences", "/office/organizations/1/licenses"),
            ("roster", "/office/organizations/1/roster"),
            ("staff", "/office/staff"),
            ("audit", "/office/audit"),
        ]:
            page.goto(live_url + path)
            overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{path} is {overflow}px too wide for the {label}"
            shoot(page, f"{name}-{width}x{height}", full_page=True)
        page.close()
