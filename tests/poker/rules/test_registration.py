"""Buy-ins, re-buys and re-entries against the policy and the caps: NH $150 a game (Pari
1207.03(d)(3), re-entry up to the limit (h)(3)), Montana small-stakes with none (MCA 23-5-317(2)(c)),
Delaware with no re-entry (28 Del. C. §1804 B(3)), and never on credit."""

from __future__ import annotations

from dataclasses import replace

from poker.rules.profiles import DELAWARE, MONTANA_LARGE, MONTANA_SMALL, NEW_HAMPSHIRE
from poker.rules.registration import Buy, PlayerState, buy_refusal
from poker.rules.setup import RebuyPolicy
from shared.core.tills import tender_refusal
from tests.support.poker_setups import BASE

NH_SETUP = replace(
    BASE,
    entry_fee_cents=5_000,
    rebuy=RebuyPolicy(
        allowed=True, cost_cents=5_000, chips=10_000, until_level=4, at_or_below_chips=2_000, reentry=True
    ),
)


def code(*args: object) -> str | None:
    found = buy_refusal(*args)  # type: ignore[arg-type]
    return f"{found.code} {found.rule}" if found else None


def test_pari_1207_03_d3_rebuy_that_would_pass_150_is_refused() -> None:
    state = PlayerState(spent_cents=10_000, rebuys=1, chips=1_000, entered=True)
    assert code(NH_SETUP, NEW_HAMPSHIRE, state, Buy.REBUY, 2) is None
    assert (
        code(NH_SETUP, NEW_HAMPSHIRE, replace(state, spent_cents=15_000), Buy.REBUY, 2)
        == "spend_cap N.H. Admin. Code Pari 1207.03(d)(3)"
    )


def test_pari_1207_03_h3_reentry_after_elimination_up_to_the_limit() -> None:
    out = PlayerState(spent_cents=5_000, chips=0, eliminated=True, entered=True)
    assert code(NH_SETUP, NEW_HAMPSHIRE, out, Buy.REENTRY, 3) is None
    assert (
        code(NH_SETUP, NEW_HAMPSHIRE, replace(out, eliminated=False, chips=500), Buy.REENTRY, 3)
        == "not_eliminated Flashboard tournament setup"
    )


def test_rebuy_conditions_level_chips_and_no_credit() -> None:
    state = PlayerState(spent_cents=5_000, chips=1_000, entered=True)
    assert code(NH_SETUP, NEW_HAMPSHIRE, state, Buy.REBUY, 5) == "rebuy_period_over Flashboard tournament setup"
    assert (
        code(NH_SETUP, NEW_HAMPSHIRE, replace(state, chips=5_000), Buy.REBUY, 2)
        == "too_many_chips_to_rebuy Flashboard tournament setup"
    )
    found = tender_refusal("credit", (), 5_000, 5_000, NEW_HAMPSHIRE.no_credit.rule)
    assert found is not None and f"{found.code} {found.rule}" == "no_credit N.H. Admin. Code Pari 1207.03(j)"


def test_mca_23_5_317_2c_small_stakes_reentry_refused() -> None:
    setup = replace(BASE, entry_fee_cents=8_000)
    out = PlayerState(spent_cents=8_000, eliminated=True, entered=True)
    assert code(setup, MONTANA_SMALL, out, Buy.REENTRY, 1) == "reentry_not_allowed MCA 23-5-317(2)(c)"
    assert (
        code(setup, MONTANA_SMALL, replace(out, eliminated=False), Buy.REBUY, 1)
        == "rebuys_not_allowed MCA 23-5-317(2)(c)"
    )


def test_1804_b3_delaware_has_no_reentry() -> None:
    out = PlayerState(spent_cents=10_000, eliminated=True, entered=True)
    assert code(BASE, DELAWARE, out, Buy.REENTRY, 1) == "reentry_not_allowed 28 Del. C. §1804 B(3)"
    assert code(BASE, DELAWARE, PlayerState(), Buy.ENTRY, 1) is None


def test_mca_23_5_317_1g_2c_other_payments_count_toward_the_cap_at_the_desk() -> None:
    small = replace(BASE, entry_fee_cents=7_000, other_charges_cents=1_500)
    assert code(small, MONTANA_SMALL, PlayerState(), Buy.ENTRY, 1) == "spend_cap MCA 23-5-317(2)(c)"
    assert code(replace(small, other_charges_cents=1_000), MONTANA_SMALL, PlayerState(), Buy.ENTRY, 1) is None
    large = replace(
        BASE,
        entry_fee_cents=50_000,
        other_charges_cents=37_501,
        rebuy=RebuyPolicy(allowed=True, cost_cents=50_000, chips=10_000),
    )
    state = PlayerState(spent_cents=100_000, rebuys=1, chips=1_000, entered=True)
    assert code(large, MONTANA_LARGE, state, Buy.REBUY, 1) == "spend_cap MCA 23-5-317(1)(g)"
    assert code(replace(large, other_charges_cents=37_500), MONTANA_LARGE, state, Buy.REBUY, 1) is None
