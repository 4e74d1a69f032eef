"""Composition never raises (issue 20, item 1): every bingo receipt kind, built by its own builder from
hypothesis-generated names, reasons, descriptions and stations (long, empty, any script), composes to
a whole paper: each copy cut off, the helpline on it. (That each line fits the paper is
test_print_confirmation's `paired` property; what the emulator renders, test_receipt_gallery's.)"""

from __future__ import annotations

from datetime import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bingo.models import Pack, Payout, Sale, SaleLine, Till
from bingo.rules.payouts import Prize
from bingo.services import receipts
from bingo.services.receipts import PrizeSlip
from shared.printing.compose import compose
from shared.printing.documents import Receipt

TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=90)
AT = datetime(2026, 12, 5, 21, 30)


class Figures:
    first_number = 1
    last_number = 90
    sales_by_product = {"Blue pack": 12_000}
    voids = list(range(1000, 1060))
    payouts_cents = 25_000
    non_cash_cents = {"check": 2_000}
    paid_ins_cents = 0
    drops_cents = 0


def printable_paper(receipt: Receipt) -> None:
    data = compose(receipt, "TM-T20II")
    papers = max(1, len(receipt.copies))
    assert b"\x1dV" in data[-8:] and data.count(b"\x1dV") == papers
    assert data.count(b"1-888-850-8888") == papers


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(org=TEXT, name=TEXT, station=TEXT, what=TEXT, why=TEXT, licence=st.none() | TEXT, winner=TEXT)
def test_every_bingo_receipt_kind_composes_whatever_its_text(
    org: str, name: str, station: str, what: str, why: str, licence: str | None, winner: str
) -> None:
    line = SaleLine(id=1, kind="admission", description=what, quantity=3, unit_cents=1_000, total_cents=3_000)
    sale = Sale(
        organization_id=1,
        number=123_456,
        station=station,
        cashier_name=name,
        total_cents=3_000,
        tender="cash",
        tendered_cents=5_000,
        change_cents=2_000,
        void_reason=why,
        approved_by=name,
        lines=[line],
    )
    packs = {1: [Pack(serial=500 + n, first_face=1 + 6 * n, last_face=6 + 6 * n) for n in range(3)]}
    payout = Payout(
        game_number=3,
        prize=Prize.COOKIE_JAR,
        winner=winner,
        amount_cents=250_000,
        verifier_name=name,
        w2g_required=True,
        w2g_name=winner,
        w2g_address=why,
        w2g_id_shown=what,
    )
    till = Till(id=7, station=station, cashier_name=name, opening_bank_cents=10_000, explanation=why)
    kinds = [
        receipts.upick_ticket(org, licence, "2026-12-05", 2, what[:20], [1, 16, 31, 46], 100, station, name, AT, 9),
        receipts.sale(org, licence, "2026-12-05", sale, [], AT, None, packs),
        receipts.payout_slip(org, licence, "2026-12-05", sale, payout, PrizeSlip(what, 3, why[:10]), AT, 200_000, 2),
        receipts.void_notice(org, licence, sale, AT, name),
        receipts.shift_report(org, licence, till, Figures(), AT, why),
        receipts.session_report(org, licence, 4, "2026-12-05", Figures(), [till], AT, why),
    ]
    for receipt in kinds:
        printable_paper(receipt)
