"""The cashier settles the night from the screen, in a real browser with a real ESC/POS emulator: every
verified share paid from "Prizes to pay" with its slip (101-4.10, 4.11, 4.31.6), a sale voided with the
member in charge's PIN keyed at the till (101-4.1, a wrong PIN refused in the bar), any receipt of the
shift reprinted, and a station without a printer saying so. Each state is audited at the hall's sizes."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import update
from sqlalchemy.orm import Session

from bingo.models import Claim
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.pos import (
    arrived,
    fits,
    hall_with_a_shop,
    hall_with_prizes_due,
    open_the_till,
    play_upick,
    show_tab,
    station_sign_in,
)
from tests.support.printer import Emulator, seen
from tests.support.replies import ok
from tests.support.screens import audit, out_of_view, shoot, two_taps

pytestmark = [pytest.mark.browser, pytest.mark.printer]

SIZES = [(1280, 800), (1920, 1080), (800, 1280)]


def looked_at(page: Page, name: str) -> None:
    """The screen as it is now: shot for the docs, audited, nothing off the side or out of its panel."""
    size = page.viewport_size
    assert size is not None
    shoot(page, f"{name}-{size['width']}x{size['height']}")
    assert audit(page) == [] and fits(page) == [], name


def pay(page: Page, share: str) -> None:
    """Pay a share the way a cashier does: tap Pay, then tap again to confirm."""
    two_taps(page, f"#prizes [data-share='{share}'] button.pay", "Tap again to pay")
    expect(page.locator(f"#prizes [data-share='{share}']")).to_have_count(0)


def test_4_10_cashier_pays_every_verified_share_from_the_screen(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    night = hall_with_prizes_due(app, admin, session, printer_config, upick_played=False)
    due = {(d["game_number"], d["prize"], d["face_number"]): d for d in ok(admin.get(night.occ + "/prizes-due"))}
    single, (first, second) = night.faces[1][0], night.faces[2]
    page = station_sign_in(browser, live_url, f"cashier{night.hall.org.id}", "front")
    open_the_till(page, "500.00")
    expect(page.locator("#prizes-count")).to_have_text("5")
    show_tab(page, "Prizes")
    expect(page.locator("#prizes .prize-row")).to_have_count(5)
    looked_at(page, "cashier-prizes")

    before = seen(emulator)
    pay(page, due[(1, "game", single)]["share_key"])
    expect(page.locator("#problem")).to_contain_text(f"Paid face {single} $100.00")
    expect(page.locator("#problem")).to_contain_text("slip printed")
    slip = emulator.text(arrived(emulator, before, 1)[0])
    assert "PRIZE PAYOUT" in slip and "Game 1" in slip and "100.00" in slip
    looked_at(page, "cashier-prize-paid")

    split = page.locator(f"#prizes [data-share='{due[(2, 'game', first)]['share_key']}']")
    expect(split).to_contain_text("split 2 ways")
    before = seen(emulator)
    pay(page, due[(2, "game", first)]["share_key"])
    assert "25.00" in emulator.text(arrived(emulator, before, 1)[0])
    before = seen(emulator)
    pay(page, due[(2, "cookie_jar", second)]["share_key"])
    jar_slip = emulator.text(arrived(emulator, before, 1)[0])
    assert "Cookie jar" in jar_slip and "30.00" in jar_slip
    expect(page.locator("#prizes-count")).to_have_text("2")

    # A scanned face (digits, then Enter) shows that winner's shares and puts Pay under the finger.
    page.focus("#prize-face")
    page.keyboard.type(str(first))
    page.keyboard.press("Enter")
    expect(page.locator("#prizes .prize-row")).to_have_count(1)
    expect(page.locator("#prizes .prize-row")).to_contain_text("Cookie jar")
    expect(page.locator("#prizes button.pay")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#prizes button.pay")).to_contain_text("Tap again to pay")
    page.wait_for_timeout(450)  # a second press, not the second half of a double press
    page.keyboard.press("Enter")
    expect(page.locator("#prizes .prize-row")).to_have_count(0)
    page.click("#prize-find-clear")

    # The U Pick Em game closes at the caller's console: its winning ticket joins the list unasked.
    play_upick(admin, night)
    ticket_row = page.locator("#prizes .prize-row", has_text=night.ticket)
    expect(ticket_row).to_contain_text("$80.00")
    for width, height in SIZES[1:]:
        other = station_sign_in(browser, live_url, f"cashier{night.hall.org.id}", "front", width, height)
        show_tab(other, "Prizes")
        expect(other.locator("#prizes .prize-row")).to_have_count(2)
        looked_at(other, "cashier-prizes")
        other.close()
    pay(page, f"ticket:{night.ticket}:game")
    pay(page, due[(2, "game", second)]["share_key"])
    expect(page.locator("#prizes")).to_contain_text("No prize is waiting to be paid.")
    expect(page.locator("#prizes-count")).to_be_hidden()
    assert ok(admin.get(night.occ + "/prizes-due")) == []

    show_tab(page, "Sales")
    expect(page.locator("#sales .sale-row")).to_have_count(6)
    expect(page.locator("#sales .sale-row").first).to_contain_text("Prize paid")
    expect(page.locator("#sales button.void")).to_have_count(0)
    page.close()


def test_w2g_cashier_takes_the_winners_name_address_and_id_in_a_dialog_before_paying(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    """IRS Form W-2G: a prize the form reports opens the winner's details at Pay; the slips (the
    winner's and the hall's) print them. No Delaware bingo prize reaches the threshold today, so the
    share is made one in the database: the door holds the rule for any that does."""
    night = hall_with_prizes_due(app, admin, session, printer_config, upick_played=False)
    single = night.faces[1][0]
    session.execute(update(Claim).where(Claim.face_number == single).values(share_cents=250_000))
    session.commit()
    due = {(d["game_number"], d["prize"], d["face_number"]): d for d in ok(admin.get(night.occ + "/prizes-due"))}
    share = due[(1, "game", single)]["share_key"]
    page = station_sign_in(browser, live_url, f"cashier{night.hall.org.id}", "front")
    open_the_till(page, "3000.00")
    show_tab(page, "Prizes")
    row = page.locator(f"#prizes [data-share='{share}']")
    expect(row).to_contain_text("W-2G due")
    two_taps(page, f"#prizes [data-share='{share}'] button.pay", "Tap again to pay")
    expect(page.locator("#w2g")).to_be_visible()
    expect(page.locator("#w2g-name")).to_be_focused()
    looked_at(page, "cashier-w2g")
    for width, height in SIZES[1:]:
        page.set_viewport_size({"width": width, "height": height})
        looked_at(page, "cashier-w2g")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.fill("#w2g-name", "Ann Lee")
    page.fill("#w2g-address", "12 Depot Rd, Millbrook, DE 19901")
    page.fill("#w2g-id", "DE licence 4567")
    before = seen(emulator)
    page.click("#w2g-pay")
    expect(page.locator("#w2g")).to_be_hidden()
    expect(page.locator("#problem")).to_contain_text("a W-2G is due")
    expect(row).to_have_count(0)
    slips = [emulator.text(job) for job in arrived(emulator, before, 2)]
    assert all("Ann Lee" in slip and "DE licence 4567" in slip and "$2,500.00" in slip for slip in slips)
    assert sorted("Copy 1 of 2 - winner" in slip for slip in slips) == [False, True]
    page.close()


def test_4_1_cashier_voids_a_sale_with_the_member_in_charges_pin_from_the_screen(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, _, occ = hall_with_a_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    open_the_till(page)
    expect(page.locator(".side")).to_contain_text("Cashier's drawer")
    expect(page.locator(".side")).not_to_contain_text(f"cashier{hall.org.id}")
    page.click(".pos-item[data-kind=non_gaming]")
    page.click(".pos-item[data-kind=non_gaming]")
    page.click("[data-cash=exact]")
    page.click("#sell")
    expect(page.locator("#last-sale")).to_contain_text("change $0.00")
    page.click(".pos-item[data-kind=non_gaming]")
    expect(page.locator("#last-sale")).to_be_hidden()
    for _ in range(9):
        page.click(".pos-item[data-kind=upick_face]")
        page.click("#picker-quick")
    expect(page.locator("#cart tr")).to_have_count(10)
    assert not out_of_view(page, ["#sell"])
    looked_at(page, "cashier-long-cart")
    page.click("#clear")

    show_tab(page, "Sales")
    row = page.locator("#sales .sale-row").first
    expect(row).to_contain_text("Dauber ×2")
    row.locator("button.void").click()
    expect(page.locator("#void")).to_be_visible()
    for field in ("#void-reason", "#void-approver", "#void-pin", "#void-confirm", "#void-cancel", "#void .key"):
        assert not out_of_view(page, [field + ":visible >> nth=-1"]), field
    expect(page.locator("#void-approver")).to_have_value(f"mic{hall.org.id}")
    page.click("[data-preset-for=void-reason] >> text='Rung up twice'")  # a reason by a tap, no keyboard
    expect(page.locator("#void-reason")).to_have_value("Rung up twice")
    for key in "9999":
        page.click(f"#void .key[data-key='{key}']")
    looked_at(page, "cashier-void")
    page.click("#void .key[data-key='OK']")
    expect(page.locator("#problem")).to_contain_text("Not approved: the approver must be this organization's")
    expect(page.locator("#void")).to_be_visible()
    expect(page.locator("#void-pin")).to_have_value("")
    till = next(t for t in ok(admin.get(occ + "/tills")) if t["station"] == "front")
    assert ok(admin.get(f"/api/v1/tills/{till['id']}/sales"))[0]["status"] == "completed"

    before = seen(emulator)
    page.focus("#void-pin")
    page.keyboard.type(PIN)
    page.keyboard.press("Enter")
    expect(page.locator("#void")).to_be_hidden()
    expect(page.locator("#problem")).to_contain_text("give back $3.00")
    expect(row).to_contain_text(f"Voided: Rung up twice (approved by {hall.mic.name})")
    expect(row.locator("button.void")).to_have_count(0)
    assert "VOID" in emulator.text(arrived(emulator, before, 1)[0])
    assert ok(admin.get(f"/api/v1/tills/{till['id']}/sales"))[0]["status"] == "voided"
    looked_at(page, "cashier-sales")

    tablet = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front", 800, 1280)
    for _ in range(9):
        tablet.click(".pos-item[data-kind=upick_face]")
        tablet.click("#picker-quick")
    assert not out_of_view(tablet, ["#sell"])
    looked_at(tablet, "cashier-sell")
    show_tab(tablet, "Sales")
    expect(tablet.locator("#sales .sale-row.is-voided")).to_have_count(1)
    looked_at(tablet, "cashier-sales")
    tablet.close()
    page.close()


def test_cashier_reprints_any_receipt_of_the_shift_and_counts_the_drawer_in_one_view(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, _, _ = hall_with_a_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"mic{hall.org.id}", "front")
    page.goto(live_url + "/bingo/cashier")
    open_the_till(page)
    page.click(".pos-item[data-kind=non_gaming]")
    page.click("[data-cash=exact]")
    page.click("#sell")
    expect(page.locator("#last-sale")).to_contain_text("Receipt printed.")
    expect(page.locator("#queue")).to_contain_text("Every paper printed.")

    show_tab(page, "Receipts")
    receipt = page.locator("#receipts .receipt-row").first
    expect(receipt).to_contain_text("Sale receipt TX-")
    expect(receipt).to_contain_text("printed")
    looked_at(page, "cashier-receipts")
    before = seen(emulator)
    receipt.locator("button.reprint").click()
    expect(page.locator("#problem")).to_contain_text("reprinted")
    assert "REPRINT 1" in emulator.text(arrived(emulator, before, 1)[0])
    expect(receipt).to_contain_text("reprinted 1×")

    before = seen(emulator)
    page.click("#session-report")
    expect(page.locator("#problem")).to_contain_text("Session report printed.")
    assert "SESSION" in emulator.text(arrived(emulator, before, 1)[0]).upper()
    expect(page.locator("#receipts .receipt-row").first).to_contain_text("Session report")

    page.click("#till-close-open")
    for denomination in ("100.00", "50.00", "20.00", "10.00", "5.00", "1.00", "0.25", "0.10", "0.05", "0.01"):
        assert not out_of_view(page, [f"input[data-denomination='{denomination}']"]), denomination
    page.fill("input[data-denomination='100.00']", "1")
    page.fill("input[data-denomination='1.00']", "1")
    page.fill("input[data-denomination='0.25']", "2")
    expect(page.locator("#counted")).to_have_text("$101.50")
    looked_at(page, "cashier-till-count")
    page.click("#count-form button[type=submit]")
    expect(page.locator("#till-result")).to_contain_text("expected $101.50: balanced, nothing over or short")
    expect(page.locator("#count-form button[type=submit]")).to_be_hidden()
    page.click("#till-close-cancel")  # Done: the station with no till open
    expect(page.locator("#bank")).to_be_visible()
    page.close()


def test_cashier_screen_without_a_receipt_printer_says_so_and_never_asks(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    hall, _, _ = hall_with_a_shop(app, admin, session, printer_config)
    asked: list[str] = []
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "bar")
    page.on("request", lambda r: asked.append(r.url) if "/printers/" in r.url else None)
    page.reload()
    expect(page.locator("#printer")).to_have_text("No receipt printer is set up for this station.")
    page.wait_for_timeout(500)
    assert asked == []
    looked_at(page, "cashier-no-printer")
    page.close()
