"""What the TV flashboard shows: 10 DE Admin Code 101-4.12, 4.13, 4.27, 4.11, 4.29 and 4.30."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bingo.rules.board_states import (
    INTERMISSION_SECONDS,
    WINNERS_SECONDS,
    BoardState,
    board_stages,
    board_state,
    draws_a_card,
    game_label,
    last_balls,
)
from bingo.rules.claims import check_face, face_squares
from bingo.rules.faces import FREE, generate_series
from bingo.rules.patterns import STANDARD, PatternKind

KINDS = ["regular", "special", "early_bird", "u_pick_em", "break_open", "cookie_jar_final"]


def stages(*args: object, **kwargs: object) -> list[tuple[int, str]]:
    return [(s.after_seconds, s.state.value) for s in board_stages(*args, **kwargs)]  # type: ignore[arg-type]


def test_4_25_before_the_first_game_the_board_welcomes_the_room() -> None:
    assert board_state("scheduled", None, "regular", 0) is BoardState.WELCOME
    assert board_state("running", None, "regular", 0, next_game=1) is BoardState.WELCOME


def test_4_13_a_game_in_play_with_no_ball_yet_is_announced_then_called() -> None:
    assert board_state("running", "in_play", "regular", 0, next_game=2) is BoardState.ANNOUNCED
    assert board_state("running", "in_play", "u_pick_em", 0) is BoardState.ANNOUNCED
    assert board_state("running", "in_play", "regular", 1) is BoardState.CALLING


def test_4_29_1_a_break_open_game_shows_its_posted_numbers() -> None:
    assert board_state("running", "in_play", "break_open", 30) is BoardState.BREAK_OPEN
    assert board_state("running", "in_play", "break_open", 30, winners=1) is BoardState.WINNERS


def test_4_27_a_claim_being_checked_holds_the_board_until_it_is_verified() -> None:
    assert board_state("running", "in_play", "regular", 20, held=True) is BoardState.CHECKING
    assert board_state("running", "in_play", "break_open", 30, held=True) is BoardState.CHECKING
    assert board_state("running", "in_play", "regular", 20, held=True, winners=2) is BoardState.WINNERS
    assert board_state("running", "in_play", "regular", 20, held=False, winners=1) is BoardState.WINNERS


def test_4_11_after_a_close_the_winners_then_the_next_game_then_an_intermission() -> None:
    assert stages("running", "closed", "regular", 40, winners=3, next_game=2) == [
        (0, "winners"),
        (WINNERS_SECONDS, "next_game"),
        (INTERMISSION_SECONDS, "intermission"),
    ]
    assert stages("running", "closed", "regular", 40, next_game=2) == [
        (0, "next_game"),
        (INTERMISSION_SECONDS, "intermission"),
    ]
    assert stages("running", "closed", "regular", 40, winners=1) == [(0, "winners"), (WINNERS_SECONDS, "intermission")]
    assert stages("running", "closed", "regular", 40) == [(0, "intermission")]
    assert WINNERS_SECONDS < INTERMISSION_SECONDS


@given(
    st.sampled_from(["scheduled", "running", "closed"]),
    st.sampled_from([None, "in_play", "closed"]),
    st.sampled_from(KINDS),
    st.integers(0, 75),
    st.booleans(),
    st.integers(0, 9),
    st.one_of(st.none(), st.integers(1, 40)),
    st.floats(0, 3600),
)
def test_4_12_the_board_always_shows_one_state_and_a_closed_occasion_shows_closed(
    occasion: str,
    game: str | None,
    kind: str,
    calls: int,
    held: bool,
    winners: int,
    next_game: int | None,
    shown_for: float,
) -> None:
    found = board_stages(occasion, game, kind, calls, held, winners, next_game)
    assert found[0].after_seconds == 0
    assert [s.after_seconds for s in found] == sorted({s.after_seconds for s in found})
    state = board_state(occasion, game, kind, calls, held, winners, next_game, shown_for)
    assert state in {s.state for s in found}
    assert (state is BoardState.CLOSED) == (occasion == "closed")
    if game == "in_play" and occasion != "closed":
        assert len(found) == 1, "a game in play changes only with its own events"


def test_4_30_1_a_u_pick_em_game_is_named_by_its_picks_and_draws_no_card() -> None:
    assert game_label("u_pick_em", "Blackout", 8) == "U Pick Em, pick 8"
    assert not draws_a_card("u_pick_em")
    assert all(draws_a_card(kind) for kind in KINDS if kind != "u_pick_em")
    assert game_label("break_open", "Four corners", None) == "Four corners (break-open)"
    assert game_label("early_bird", "Letter X", None) == "Letter X"


def test_4_12_the_strip_shows_the_last_five_balls_newest_first() -> None:
    assert last_balls([]) == []
    assert last_balls([5, 19]) == [19, 5]
    assert last_balls(list(range(1, 31))) == [30, 29, 28, 27, 26]
    assert last_balls([1, 2, 3], count=0) == []


def test_4_27_a_winning_face_shows_the_covered_and_winning_squares_of_its_verdict() -> None:
    face = generate_series(1, 7)[0]
    column = [face.cells[r * 5] for r in range(5)]
    calls = [n for n in face.cells if n not in column and n != FREE][:3] + column
    result = check_face(face, STANDARD[PatternKind.ANY_ROW], calls)
    assert result.valid
    squares = face_squares(face.cells, result.covered, result.alternative)
    assert [row[0]["winning"] for row in squares] == [True] * 5
    assert sum(s["covered"] for row in squares for s in row) == len(calls) + 1
    assert sum(s["winning"] for row in squares for s in row) == 5
    assert squares[2][2] == {"number": None, "covered": True, "winning": False}
    assert all(
        s["number"] == face.cells[r * 5 + c] for r, row in enumerate(squares) for c, s in enumerate(row) if s["number"]
    )
