"""The cashier's point of sale in a real browser: product buttons and a cart, a scanned pack, the U Pick
Em picker (101-4.30: five per letter, the game's count, or a quick pick), the 18+ check (4.3), tender
and change, the receipts at a real ESC/POS emulator, the reprint queue and the till."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.core.tills import Tender
from shared.printing import stations
from tests.support.bingo_factories import Hall, make_hall
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import make_member, make_user
from tests.support.occasions import setup_occasion
from tests.support.pos import arrived, open_the_till, sell_pack_and_upick, station_sign_in, stock_the_station
from tests.support.printer import Emulator, seen
from tests.support.replies import ok
from tests.support.screens import audit, shoot, two_taps

pytestmark = [pytest.mark.browser, pytest.mark.printer]


def running_shop(app: Flask, admin: Api, session: Session, printer_config: Path) -> tuple[str, Hall, dict[str, int]]:
    app.extensions["flashboard.printers"] = stations.load(printer_config)
    hall = make_hall(session, name="Millbrook Volunteer Fire Company")
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "100.00"},
            {
                "kind": "u_pick_em",
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "pick_count": 8,
                "face_price": "1.00",
            },
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    ids = stock_the_station(admin, occ, hall.org.id, 2)
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    make_user(
        session, [Role.CASHIER], member=make_member(session, hall.org, name="Cashier"), username=f"cashier{hall.org.id}"
    )
    return occ, hall, ids


def test_4_30_pos_sells_a_scanned_pack_and_a_picked_face_and_prints(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    occ, hall, _ = running_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    expect(page.locator("#printer")).to_have_text("Online, paper OK")
    open_the_till(page)

    page.click(".pos-item[data-kind=upick_face]")
    for n in (1, 2, 3, 4, 5):
        page.click(f"#pick{n}")
    expect(page.locator("#pick6")).to_be_disabled()
    expect(page.locator("#picker-add")).to_be_disabled()
    for n in (16, 31):
        page.click(f"#pick{n}")
    page.click("#pick5")
    expect(page.locator("#pick6")).to_be_enabled()
    for n in (46, 61):
        page.click(f"#pick{n}")
    expect(page.locator("#picker-count")).to_have_text("8 of 8 chosen")
    expect(page.locator("#pick20")).to_be_disabled()
    expect(page.locator("#picker-add")).to_be_enabled()
    shoot(page, "cashier-picker-1280x800")
    assert audit(page) == []
    page.click("#picker-cancel")

    before = seen(emulator)
    page.click(".pos-item[data-kind=non_gaming]")
    page.click("#sell")
    expect(page.locator("#problem")).to_contain_text("does not cover the total of $1.50")
    page.click("#clear")
    sell_pack_and_upick(page, [7, 9, 22, 40, 44, 52, 66, 70])
    expect(page.locator("#last-sale")).to_contain_text("Receipt printed.")
    expect(page.locator("#last-sale")).to_contain_text("7 9 22 40 44 52 66 70")
    receipts = arrived(emulator, before, 2)
    texts = [emulator.text(r) for r in receipts]
    assert any("Blue pack" in t for t in texts) and any("UP-" in t for t in texts)
    assert any("pack 500: faces 1-5" in t for t in texts), "the receipt names the pack's serial and faces"
    shoot(page, "cashier-1280x800")
    assert audit(page) == []

    page.click(".pos-item[data-kind=cookie_jar]")
    page.click(".pos-item[data-kind=cookie_jar]")
    expect(page.locator("#total")).to_have_text("$4.00")
    page.click("#sell")
    expect(page.locator("#problem")).to_contain_text("18")
    page.check("#adult")
    page.click("[data-cash=exact]")
    page.click("#sell")
    expect(page.locator("#last-sale")).to_contain_text("change $0.00")

    page.click("#till-close-open")
    page.fill("input[data-denomination='100.00']", "1")
    page.fill("input[data-denomination='10.00']", "1")
    page.fill("input[data-denomination='5.00']", "1")
    page.click("#count-form button[type=submit]")
    expect(page.locator("#till-result")).to_contain_text("expected $115.00")
    page.close()


def test_pos_failed_receipt_waits_in_the_queue_and_prints_as_a_first_print(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    occ, hall, _ = running_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    open_the_till(page)
    emulator.fault("paper-out", True)
    try:
        page.click(".pos-item[data-kind=non_gaming]")
        page.click("[data-cash=exact]")
        page.click("#sell")
        expect(page.locator("#last-sale")).to_contain_text("did not print")
        expect(page.locator("#queue .queue-job")).to_have_count(1)
        expect(page.locator("#printer")).to_contain_text(re.compile("paper out", re.I))
    finally:
        emulator.fault("paper-out", False)
    before = seen(emulator)
    page.click("#queue .queue-job button.reprint")
    expect(page.locator("#queue")).to_contain_text("Every paper printed.")
    assert "REPRINT" not in emulator.text(arrived(emulator, before, 1)[0]), "its first print is not a reprint"
    page.close()


def test_pos_works_from_the_keyboard_alone(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    occ, hall, _ = running_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    page.focus("#bank")
    page.keyboard.type("100.00")
    page.keyboard.press("Enter")
    expect(page.locator("#till-close-open")).to_be_visible()
    page.wait_for_load_state("load")
    page.focus(".pos-item[data-kind=upick_face]")
    page.keyboard.press("Enter")
    expect(page.locator("#picker")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#picker")).to_be_hidden()
    page.focus(".pos-item[data-kind=non_gaming]")
    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(page.locator("#total")).to_have_text("$3.00")
    page.focus("#adult")
    page.keyboard.press("Space")
    page.focus("#tendered")
    page.keyboard.type("5")
    expect(page.locator("#change")).to_have_text("$2.00")
    page.keyboard.press("Enter")
    expect(page.locator("#last-sale")).to_contain_text("change $2.00")
    page.close()


def test_4_22_a_pack_scanned_with_no_field_focused_goes_into_the_sale(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    """The scanner types the serial and presses Enter wherever the focus is: the pack joins the cart as
    its paper's product, a second pack on the same line; a serial no paper on sale holds is refused."""
    occ, hall, _ = running_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    open_the_till(page, "100.00")
    page.click(".pos-item[data-kind=non_gaming]")
    for serial in ("501", "502"):
        page.keyboard.type(serial)
        page.keyboard.press("Enter")
    expect(page.locator("#cart")).to_contain_text("pack 501, 502")
    expect(page.locator("#total")).to_have_text("$21.50")
    page.keyboard.type("99999")
    page.keyboard.press("Enter")
    expect(page.locator("#problem")).to_contain_text("Pack 99999 is not one of this station's unsold packs")
    expect(page.locator("#total")).to_have_text("$21.50")
    page.close()


def test_till_on_the_screen_no_sale_without_it_a_check_for_the_exact_total_and_the_member_in_charge_pays_in(
    browser: Browser,
    live_url: str,
    app: Flask,
    admin: Api,
    session: Session,
    clock: Clock,
    emulator: Emulator,
    printer_config: Path,
) -> None:
    """The cashier cannot sell before opening the till; a check is taken only for the exact total (the
    hall takes checks here); the member in charge pays cash in from the prize bank and drops it, and
    the drawer's figure follows."""
    app.extensions["flashboard.settings"] = replace(app.extensions["flashboard.settings"], tenders=(Tender.CHECK,))
    occ, hall, _ = running_shop(app, admin, session, printer_config)
    page = station_sign_in(browser, live_url, f"cashier{hall.org.id}", "front")
    expect(page.locator("#no-till")).to_be_visible()
    page.click(".pos-item[data-kind=non_gaming]")
    expect(page.locator("#sell")).to_be_disabled()
    shoot(page, "cashier-no-till-1280x800")
    open_the_till(page, "50.00")
    expect(page.locator("#in-drawer")).to_have_text("$50.00")
    page.click(".pos-item[data-kind=non_gaming]")
    page.click(".tender-kind[data-tender=check]")
    expect(page.locator("#tendered")).to_have_value("1.50")
    expect(page.locator("#tendered-label")).to_contain_text("Check")
    page.click("#sell")
    expect(page.locator("#last-sale")).to_contain_text("change $0.00")
    assert audit(page) == []
    page.close()

    mic = station_sign_in(browser, live_url, f"mic{hall.org.id}", "front")
    mic.goto(live_url + "/bingo/cashier")
    expect(mic.locator("#in-drawer")).to_have_text("$50.00")
    mic.fill("#move-amount", "300.00")
    two_taps(mic, "#till-move button[data-kind=paid_in]", "Tap again to pay in $300.00")
    expect(mic.locator("#in-drawer")).to_have_text("$350.00")
    expect(mic.locator("#problem")).to_have_text("Paid in $300.00.")
    mic.fill("#move-amount", "500.00")
    two_taps(mic, "#till-move button[data-kind=drop]", "Tap again to drop $500.00")
    expect(mic.locator("#problem")).to_contain_text("The drawer holds $350.00")
    mic.fill("#move-amount", "100.00")
    two_taps(mic, "#till-move button[data-kind=drop]", "Tap again to drop $100.00")
    expect(mic.locator("#in-drawer")).to_have_text("$250.00")
    shoot(mic, "cashier-member-in-charge-till-1280x800")
    assert audit(mic) == []
    till = next(t for t in ok(admin.get(occ + "/tills")) if t["station"] == "front")
    assert (till["cash_sales"], till["paid_ins"], till["drops"], till["in_drawer"]) == (
        "0.00",
        "300.00",
        "100.00",
        "250.00",
    )
    mic.close()
