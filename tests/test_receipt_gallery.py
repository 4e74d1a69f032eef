"""Receipts an auditor can use (issue 20, item 4): every bingo receipt kind printed at the ESC/POS
emulator from one played night names the organization, its bingo licence, when, the station and the
person by name (never a login), the transaction it belongs to, with a barcode; sales list their pack
serials; payout slips the game and its kind, the split, the jar number, a signature line and, where a
W-2G is due (IRS Form W-2G), the winner's name, address and ID in two copies. Each paper is kept as a
PNG in docs/receipts/ (FLASHBOARD_RECEIPTS_DIR) to be looked at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select, update
from sqlalchemy.orm import Session

from bingo.models import Claim, Payout
from bingo.rules.faces import ball_label
from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import split_script
from tests.support.books import close_till, open_till, product
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN, audit_count
from tests.support.pos import arrived, hall_with_a_shop, pack_of
from tests.support.printer import Emulator, seen
from tests.support.replies import ok, refused
from tests.support.screens import keep_receipt

pytestmark = pytest.mark.printer

PICKS = [1, 2, 16, 17, 31, 32, 46, 47]
W2G = {
    "winner_name": "Trần Nguyễn",
    "winner_address": "12 Depot Rd, Millbrook, DE 19901",
    "winner_id": "DE licence 4567",
}


def printed(emulator: Emulator, before: set[str], names: dict[str, str]) -> list[str]:
    """The papers that came out since `before`, as text, one for each name (told apart by the words
    given with it), each kept under its name, in the order named."""
    jobs = arrived(emulator, before, len(names))
    assert len(jobs) == len(names), jobs
    texts = {job: emulator.text(job) for job in jobs}
    found = []
    for name, words in names.items():
        job = next(job for job, text in texts.items() if words in text)
        keep_receipt(emulator, job, name)
        found.append(texts.pop(job))
    return found


def every_auditor_field(text: str, licence: str, *more: str) -> None:
    for expected in [licence, "front", "Cashier", *more]:
        assert expected in text, (expected, text)
    assert "cashier" not in text.replace("Cashier", ""), "a login on the paper"


def test_every_bingo_receipt_names_its_licence_station_person_and_transaction(
    app: Flask, admin: Api, session: Session, clock: Clock, emulator: Emulator, printer_config: Path
) -> None:
    hall, _, occ = hall_with_a_shop(app, admin, session, printer_config)
    licence = f"Bingo licence B-{hall.org.id}"
    ok(admin.post(f"/api/v1/organizations/{hall.org.id}/cookie-jar/opening", {"jar1": "60.00", "jar2": "0.00"}), 201)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    ok(admin.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(admin.post(occ + "/cookie-jar-number", {"ball": script.calls[-1]}))
    cashier = staff(admin, f"cashier{hall.org.id}")
    with cashier.client.session_transaction() as sess:
        sess["station"] = "front"
    till = open_till(cashier, occ, "3000.00")
    kinds: dict[str, Any] = {
        k: product(admin, occ, k, 2 if k == "upick_face" else None)
        for k in ("admission", "upick_face", "cookie_jar", "non_gaming")
    }

    packs = sorted({pack_of(face) for face in script.winners})
    assert len(packs) == 2
    before = seen(emulator)
    lines = [
        {"product_id": kinds["admission"]["id"], "quantity": 2, "unit_price": "10.00", "pack_serials": packs},
        {"product_id": kinds["upick_face"]["id"], "quantity": 1, "unit_price": "1.00", "picks": [PICKS]},
        {"product_id": kinds["cookie_jar"]["id"], "quantity": 1, "unit_price": "2.00"},
    ]
    sale = ok(cashier.post(occ + "/sales", {"lines": lines, "buyer_is_adult": True, "tendered": "30.00"}), 201)
    receipt, ticket = printed(emulator, before, {"bingo-sale": "Change", "bingo-upick-ticket": "U Pick Em game"})
    every_auditor_field(
        receipt,
        licence,
        f"Transaction {sale['number']}",
        f"pack {packs[0]}: faces",
        f"pack {packs[1]}: faces",
        "Change",
    )
    every_auditor_field(ticket, licence, f"transaction {sale['number']}")

    dauber = {"product_id": kinds["non_gaming"]["id"], "quantity": 1, "unit_price": "1.50"}
    mistake = ok(cashier.post(occ + "/sales", {"lines": [dauber], "buyer_is_adult": True, "tendered": "1.50"}), 201)
    before = seen(emulator)
    approval = {"reason": "Rung up twice", "approver_username": f"mic{hall.org.id}", "approver_pin": PIN}
    ok(cashier.post(f"/api/v1/sales/{mistake['id']}/void", approval))
    (void,) = printed(emulator, before, {"bingo-void": "VOID"})
    every_auditor_field(
        void, licence, "*** VOID ***", f"Transaction {mistake['number']} voided", "Approved by Mic", "Rung up twice"
    )

    ok(admin.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(admin.post(occ + "/games/1/calls", {"ball": ball}), 201)
    claims = [ok(admin.post(occ + "/games/1/claims", {"face_number": f}), 201) for f in script.winners]
    ok(admin.post(occ + "/games/1/close"))
    ok(admin.post(occ + "/games/1/cookie-jar-award"))

    pay = occ + "/payouts"
    before = seen(emulator)
    ok(cashier.post(pay, {"game_number": 1, "claim_id": claims[0]["id"]}), 201)
    split = printed(emulator, before, {"bingo-payout-split-winner": "- winner", "bingo-payout-split-hall": "- hall"})
    for copy, slip in zip(("Copy 1 of 2 - winner", "Copy 2 of 2 - hall"), split, strict=True):
        every_auditor_field(
            slip,
            licence,
            copy,
            "PRIZE PAYOUT",
            "Game 1 (regular): Any row",
            "Split 2 ways",
            "Winner's signature",
            "Paid by Cashier",
        )
    before = seen(emulator)
    ok(cashier.post(pay, {"game_number": 1, "prize": "cookie_jar", "claim_id": claims[0]["id"]}), 201)
    jar = printed(emulator, before, {"bingo-payout-jar-winner": "- winner", "bingo-payout-jar-hall": "- hall"})
    every_auditor_field(
        jar[0], licence, f"Cookie jar on number {ball_label(script.calls[-1])}", "won in Game 1", "Split 2 ways"
    )

    # No Delaware bingo prize reaches the W-2G threshold today (a game pays at most $350.00, the jar
    # $1,000.00), but the cashier's door holds the rule for any that does: the share is made one.
    session.execute(update(Claim).where(Claim.id == claims[1]["id"]).values(share_cents=250_000))
    session.commit()
    written = audit_count(session)
    missing = {"game_number": 1, "claim_id": claims[1]["id"], **W2G, "winner_address": " "}
    refused(cashier.post(pay, missing), 422, "w2g_identification_required", "IRS Form W-2G", "winner_address")
    assert (
        audit_count(session) == written
        and session.scalars(select(Payout).where(Payout.claim_id == claims[1]["id"])).all() == []
    )
    session.rollback()
    before = seen(emulator)
    paid = ok(cashier.post(pay, {"game_number": 1, "claim_id": claims[1]["id"], **W2G}), 201)
    assert paid["w2g_required"] is True
    stored = session.scalars(select(Payout).where(Payout.claim_id == claims[1]["id"])).one()
    assert (stored.w2g_name, stored.w2g_address, stored.w2g_id_shown) == tuple(W2G.values())
    session.rollback()
    w2g = printed(emulator, before, {"bingo-payout-w2g-winner": "- winner", "bingo-payout-w2g-hall": "- hall"})
    for slip in w2g:
        every_auditor_field(
            slip, licence, "W-2G REQUIRED", "Tran Nguyen", "12 Depot Rd", "DE licence 4567", "$2,500.00"
        )

    before = seen(emulator)
    close_till(cashier, till)
    (shift,) = printed(emulator, before, {"bingo-shift-report": "END OF SHIFT"})
    every_auditor_field(shift, licence, "END OF SHIFT", "Audit anchor", f"TILL-{till['id']}")
    with admin.client.session_transaction() as sess:
        sess["station"] = "front"
    before = seen(emulator)
    ok(admin.post(occ + "/session-report"))
    (summary,) = printed(emulator, before, {"bingo-session-report": "END OF SESSION"})
    every_auditor_field(summary, licence, "END OF SESSION", "Till front (Cashier)")
