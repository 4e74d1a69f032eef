"""10 DE Admin Code 101-4.31: the two-jar posting, holding, award and top-up rules, branch by branch."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bingo.rules.cookie_jar import (
    Jars,
    apply_all,
    award,
    both_full,
    bundle_refusal,
    collect,
    maximum_refusal,
    post,
)

MAX = 100_000


def jars(jar1: int = 0, jar2: int = 0, held: int = 0, pending: int = 0) -> Jars:
    return Jars(pending=pending, jar1=jar1, jar2=jar2, held=held, collected=jar1 + jar2 + held + pending)


def posted(start: Jars, fees: int) -> Jars:
    state = apply_all(start, collect(fees))
    return apply_all(state, post(state, MAX))


def test_4_31_1_maximum_is_1_to_1000_dollars() -> None:
    assert maximum_refusal(100) is None and maximum_refusal(100_000) is None
    for cents in (0, 99, 100_001):
        refusal = maximum_refusal(cents)
        assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.31.1"


def test_4_31_4_fees_fill_jar_1_first() -> None:
    assert posted(jars(jar1=50_000), 20_000) == jars(jar1=70_000)


def test_4_31_4_rest_goes_to_jar_2_when_it_fits() -> None:
    after = posted(jars(jar1=99_000), 5_000)
    assert (after.jar1, after.jar2, after.held) == (100_000, 4_000, 0)


def test_4_31_4_fees_held_when_second_jar_would_overflow() -> None:
    after = posted(jars(jar1=100_000, jar2=99_000), 2_000)
    assert (after.jar1, after.jar2, after.held) == (100_000, 99_000, 2_000)


def test_4_31_4_rest_held_whole_even_after_filling_jar_1() -> None:
    after = posted(jars(jar1=99_500, jar2=99_900), 1_000)
    assert (after.jar1, after.jar2, after.held) == (100_000, 99_900, 500)


def test_4_31_4_issue_example_ten_2_dollar_fees_all_held_then_top_up_and_new_jar() -> None:
    state = jars(jar1=100_000, jar2=99_000)
    for _ in range(10):
        state = apply_all(state, collect(200))
    state = apply_all(state, post(state, MAX))
    assert (state.jar1, state.jar2, state.held) == (100_000, 99_000, 2_000)
    state = apply_all(state, award(state, MAX))
    assert (state.jar1, state.jar2, state.held, state.awarded) == (100_000, 1_000, 0, 100_000)
    assert state.balanced()


def test_4_31_5_new_second_jar_fills_only_to_the_maximum_excess_stays_held() -> None:
    state = apply_all(jars(jar1=100_000, jar2=100_000, held=250_000), [])
    state = apply_all(state, award(state, MAX))
    assert (state.jar1, state.jar2, state.held) == (100_000, 100_000, 150_000)


def test_4_31_5_award_with_no_second_jar_empties_jar_1() -> None:
    state = apply_all(jars(jar1=40_000), [])
    state = apply_all(state, award(state, MAX))
    assert (state.jar1, state.jar2, state.held, state.awarded) == (0, 0, 0, 40_000)


def test_4_31_5_never_a_third_jar_fees_wait_in_held() -> None:
    state = posted(jars(jar1=100_000, jar2=100_000), 7_000)
    assert (state.jar1, state.jar2, state.held) == (100_000, 100_000, 7_000)
    assert both_full(state, MAX)


@given(
    st.lists(
        st.one_of(
            st.tuples(st.just("sell"), st.integers(1, 50_000)),
            st.tuples(st.just("post"), st.just(0)),
            st.tuples(st.just("award"), st.just(0)),
        ),
        max_size=60,
    ),
    st.integers(100, 100_000),
)
def test_4_31_invariant_holds_after_any_sequence(actions: list[tuple[str, int]], maximum: int) -> None:
    state = Jars()
    for action, cents in actions:
        if action == "sell":
            state = apply_all(state, collect(cents))
        elif action == "post":
            state = apply_all(state, post(state, maximum))
        else:
            state = apply_all(state, award(state, maximum))
        assert state.balanced()
        assert state.jar1 <= maximum and state.jar2 <= maximum
        assert state.jar2 == 0 or state.jar1 == maximum or action == "award"


def test_4_31_3_jar_fee_never_bundled_into_a_pack() -> None:
    refusal = bundle_refusal({"cookie_jar", "pack"})
    assert refusal is not None and refusal.rule == "10 DE Admin Code 101-4.31.3"
    assert bundle_refusal({"cookie_jar"}) is None and bundle_refusal({"pack", "special"}) is None
