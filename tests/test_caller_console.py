"""The caller's console in a real browser: ball check (101-4.25, kept across a reload), the cookie-jar
number (4.31.6), games in program order with the pattern and prize announced (4.12, 4.13), calls keyed or
drawn with the last five shown, the claim queue filled live by verifiers, the "Bingo! hold" that stops
calls while a claim is checked (4.16), verification on request (4.16), the split shown before the close,
and two taps for what cannot be undone (closing a game or the occasion, awarding the jar). Every state is
audited at 1280x800, 1920x1080 and 800x1280 with its primary controls inside the viewport."""

from __future__ import annotations

import re
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sqlalchemy.orm import Session

from bingo.rules.faces import ball_label
from bingo.rules.patterns import STANDARD, PatternKind
from tests.support.bingo_factories import make_hall, split_script
from tests.support.books import sell_jar_entries
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.factories import PIN
from tests.support.jars import jar_hall, opened
from tests.support.occasions import setup_occasion, started
from tests.support.pos import station_sign_in
from tests.support.replies import ok, refused
from tests.support.screens import audit, out_of_view, shoot, two_taps

SIZES = ((1280, 800), (1920, 1080), (800, 1280))
PLAYING = ["#close-game", "#correct-open", "#hold", "#ball1", "#ball75", "#open-board", "#verify-open"]


def look(page: Page, name: str, controls: list[str]) -> list[str]:
    """The console's state at each of the hall's sizes: a screenshot (when they are taken), the audit, no
    sideways overflow, and the state's primary controls inside the viewport above the message bar."""
    found: list[str] = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        shoot(page, f"{name}-{width}x{height}")
        where = f"{width}x{height}"
        found += [f"{where}: {p}" for p in audit(page) + out_of_view(page, controls)]
        if page.evaluate("document.documentElement.scrollWidth - window.innerWidth") > 0:
            found.append(f"{where}: overflows sideways")
    page.set_viewport_size({"width": 1280, "height": 800})
    return found


@pytest.mark.browser
def test_4_25_4_13_4_16_caller_runs_a_game_from_ball_check_to_split(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    jar_ball = next(b for b in range(75, 0, -1) if b not in script.calls)
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "300.00"},
            {"pattern": {"kind": "four_corners"}, "prize": "100.00", "ball_mode": "electronic"},
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    expect(page).to_have_url(re.compile(r"/bingo/caller$"))

    expect(page.locator("#step-balls")).to_be_visible()
    assert look(page, "caller-ball-check", ["#check1", "#all-present"]) == []
    page.click("#check1")
    expect(page.locator("#balls-count")).to_have_text("1 of 75 checked")
    page.click("#all-present")
    expect(page.locator("#balls-done")).to_be_disabled()
    page.check(f"input[name=checked_by][value='{hall.caller.id}']")
    page.click("#balls-done")

    expect(page.locator("#step-jar")).to_be_visible()
    assert look(page, "caller-jar-number", ["#jar-draw", "#jar-ball"]) == []
    page.fill("#jar-ball", "76")
    page.press("#jar-ball", "Enter")
    expect(page.locator("#problem")).to_contain_text("ball")
    page.fill("#jar-ball", str(jar_ball))
    page.press("#jar-ball", "Enter")

    expect(page.locator("#game-title")).to_have_text("Next: game 1, Any row")
    assert look(page, "caller-next-game", ["#start-game", "#open-board", "#ball75"]) == []
    page.click("#start-game")
    expect(page.locator("#game-title")).to_have_text("Game 1: Any row")
    expect(page.locator("#announcement")).to_contain_text("Prize: $300.00")
    for ball in script.calls:
        page.click(f"#ball{ball}")
        expect(page.locator("#last")).to_have_text(ball_label(ball))
    expect(page.locator("#count")).to_have_text(str(len(script.calls)))
    expect(page.locator(f"#ball{script.calls[0]}")).to_be_disabled()

    verifier = staff(admin, f"verifier{hall.org.id}")
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    expect(page.locator("#claims .claim.is-valid")).to_have_count(2)
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.early[0]}), 201)
    expect(page.locator("#claims .claim.is-invalid")).to_contain_text("sleeper")

    page.click("#verify-open")
    page.select_option("#witness", str(hall.mic.id))
    page.click("#verify-request button[type=submit]")
    expect(page.locator("#verification")).to_be_visible()
    expect(page.locator("#drawn-count")).to_have_text(str(len(script.calls)))
    expect(page.locator("#remaining-count")).to_have_text(str(75 - len(script.calls)))
    assert look(page, "caller-verification", ["#verification-done"]) == []
    page.click("#verification-done")

    expect(page.locator("#split")).to_have_text(
        f"Closing now pays face {script.winners[0]} $150.00, face {script.winners[1]} $150.00."
    )
    assert look(page, "caller-claims-split", PLAYING + ["#split"]) == []
    two_taps(page, "#close-game", "Tap again to close game 1: 2 winners")
    expect(page.locator("#closing-text")).to_contain_text("2 winners")
    expect(page.locator("#claims .share")).to_have_count(2)
    expect(page.locator("#game-title")).to_have_text("Next: game 2, Four corners")
    page.click("#start-game")
    expect(page.locator("#draw")).to_be_visible()
    expect(page.locator(f"#ball{script.calls[0]}")).to_be_disabled()
    for count in (1, 2, 3):
        page.wait_for_timeout(450)  # a tap, not the second half of a double tap (dropped on purpose)
        page.click("#draw")
        expect(page.locator("#count")).to_have_text(str(count))
    drawn = ok(admin.get(occ))["games"][1]["calls"]
    expect(page.locator("#last")).to_have_text(drawn[-1]["label"])
    expect(page.locator("#last-five .chip")).to_have_text([c["label"] for c in reversed(drawn)])
    assert look(page, "caller-drawing", [*PLAYING, "#draw"]) == []
    page.close()


@pytest.mark.browser
def test_caller_correction_needs_a_reason_and_replaces_the_last_call(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00"}], 70)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    expect(page.locator("#game-title")).to_have_text("Game 1: Blackout")  # the console has the game in play
    page.keyboard.type("7")
    page.keyboard.press("Enter")  # keyed on a USB numpad with no field focused
    expect(page.locator("#last")).to_have_text("B-7")
    page.keyboard.type("99")
    page.keyboard.press("Enter")
    expect(page.locator("#problem")).to_contain_text("99 is not a ball (1 to 75)")
    page.click("#correct-open")
    page.fill("#correct-ball", "8")
    page.press("#correct-ball", "Enter")
    expect(page.locator("#correction")).to_be_visible()
    with pytest.raises(PlaywrightTimeout):
        page.locator("#ball71").click(timeout=800)  # the open dialog covers the grid: no ball is called
    page.click("[data-preset-for=correct-reason] >> text='Keyed the wrong number'")
    expect(page.locator("#correct-reason")).to_have_value("Keyed the wrong number")
    page.click("#correction button[type=submit]")
    expect(page.locator("#last")).to_have_text("B-8")
    expect(page.locator("#ball7")).to_be_enabled()
    assert [c["ball"] for c in ok(caller.get(occ))["games"][0]["calls"]] == [8]
    page.close()


@pytest.mark.browser
def test_4_31_5_caller_plays_the_forced_jar_final_and_awards_jar_1(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "1000.00", "1000.00")
    script = split_script(STANDARD[PatternKind.BLACKOUT], winners=1)
    occ, _, verifier = opened(admin, hall, [{"pattern": {"kind": "four_corners"}, "prize": "50.00"}], 75)
    ok(sell_jar_entries(admin, occ, 3), 201)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    page.click("#start-game")
    page.click("#ball5")
    expect(page.locator("#last")).to_have_text("B-5")
    two_taps(page, "#close-game", "Tap again to close game 1 with no winner")
    expect(page.locator("#closing-text")).to_contain_text("Both cookie jars are full")
    expect(page.locator("#program")).to_contain_text("Cookie jar final blackout")
    expect(page.locator("#game-title")).to_have_text("Next: game 2, Cookie jar final blackout")
    page.click("#start-game")
    expect(page.locator("#announcement")).to_contain_text("Prize: $1,000.00")
    for ball in script.calls:
        page.click(f"#ball{ball}")
        expect(page.locator("#last")).to_have_text(ball_label(ball))
    ok(verifier.post(occ + "/games/2/claims", {"face_number": script.winners[0]}), 201)
    expect(page.locator("#claims .claim.is-valid")).to_have_count(1)
    two_taps(page, "#close-game", "Tap again to close game 2: 1 winner")
    expect(page.locator("#jar-award")).to_be_visible()
    assert look(page, "caller-jar-award", ["#jar-award", "#open-board"]) == []
    page.click("#jar-award")
    expect(page.locator("#jar-award")).to_have_text("Tap again to award cookie jar 1 to game 2's winners")
    assert ok(verifier.get(occ))["games"][1]["jar_award_due"] is True
    page.wait_for_timeout(450)
    page.click("#jar-award")
    expect(page.locator("#closing-text")).to_contain_text("Cookie jar: 1 winner")
    expect(page.locator("#jar-award")).to_be_hidden()
    page.close()


@pytest.mark.browser
def test_4_18_caller_enters_attendance_when_the_prize_depends_on_it(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    occasion = setup_occasion(
        admin,
        hall,
        [
            {
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "attendance_tiers": [{"min_attendance": 150, "prize": "250.00"}],
            }
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 70}))
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    expect(page.locator("#attendance")).to_be_visible()
    page.click("#start-game")
    expect(page.locator("#problem")).to_contain_text("10 DE Admin Code 101-4.18")
    page.fill("#attendance", "160")
    page.press("#attendance", "Enter")
    expect(page.locator("#announcement")).to_contain_text("Prize: $250.00")
    expect(page.locator("#announcement")).to_contain_text("160 players present")
    page.close()


@pytest.mark.browser
def test_4_29_1_4_31_4_caller_posts_a_break_open_game_from_the_console_and_jar_sales_close(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, "100.00", "0.00")
    occ, _, _ = opened(
        admin,
        hall,
        [
            {"kind": "break_open", "pattern": {"kind": "any_row"}, "prize": "50.00", "break_open_numbers": 30},
            {"pattern": {"kind": "four_corners"}, "prize": "20.00"},
        ],
        75,
    )
    ok(sell_jar_entries(admin, occ, 1), 201)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    expect(page.locator("#game-title")).to_have_text("Next: game 1, Any row (break-open)")
    expect(page.locator("#program")).to_contain_text("1. Any row (break-open)")
    expect(page.locator("#start-game")).to_have_text("Draw and post the 30 numbers")
    page.click("#start-game")
    expect(page.locator("#game-title")).to_have_text("Game 1: Any row (break-open)")
    expect(page.locator("#count")).to_have_text("30")
    expect(page.locator("#announcement")).to_contain_text("Posted numbers")
    expect(page.locator(".ball.hit")).to_have_count(30)
    expect(page.locator("#draw")).to_be_hidden()
    expect(page.locator("#correct-open")).to_be_hidden()
    expect(page.locator("#hold")).to_be_hidden()
    assert look(page, "caller-break-open-posted", ["#close-game", "#ball75", "#open-board"]) == []
    refused = sell_jar_entries(admin, occ, 1)
    assert refused.status_code == 409 and refused.get_json()["rule"] == "10 DE Admin Code 101-4.31.4"
    page.close()


@pytest.mark.browser
def test_4_16_caller_holds_for_a_bingo_calls_stop_and_a_valid_claim_ends_the_hold(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=2)
    jar = next(b for b in range(75, 0, -1) if b not in script.calls)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "80.00"}], jar)
    for ball in script.calls[:-1]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    last = script.calls[-1]
    page.click(f"#ball{last}")
    expect(page.locator("#last")).to_have_text(ball_label(last))
    expect(page.locator("#last-five .chip")).to_have_text([ball_label(b) for b in reversed(script.calls[-5:])])

    page.click("#hold")
    expect(page.locator("#hold-state")).to_contain_text("BINGO! HOLD")
    expect(page.locator("#hold")).to_have_text("Resume calling")
    expect(page.locator("#stage")).to_have_class(re.compile(r"is-held"))
    expect(page.locator("#ball1" if 1 not in script.calls else "#ball2")).to_be_disabled()
    refused(caller.post(occ + "/games/1/calls", {"ball": jar}), 409, "game_held", "10 DE Admin Code 101-4.16", "ball")
    assert look(page, "caller-held", PLAYING + ["#hold-state"]) == []

    verifier = staff(admin, f"verifier{hall.org.id}")
    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.early[0]}), 201)
    expect(page.locator("#claims .claim.is-invalid")).to_have_count(1)
    expect(page.locator("#hold-state")).to_be_visible()
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    expect(page.locator("#hold-state")).to_be_hidden()
    expect(page.locator("#hold")).to_have_text("Bingo! Hold")
    expect(page.locator("#split")).to_have_text(
        f"Closing now pays face {script.winners[0]} $40.00, face {script.winners[1]} $40.00."
    )
    assert ok(caller.get(occ))["games"][0]["status"] == "in_play"
    two_taps(page, "#close-game", "Tap again to close game 1: 2 winners")
    expect(page.locator("#closing-text")).to_contain_text("2 winners")
    page.close()


@pytest.mark.browser
def test_4_16_caller_resumes_a_hold_after_an_invalid_claim(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00"}], 75)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    expect(page.locator("#hold")).to_be_disabled()
    page.click("#ball7")
    expect(page.locator("#last")).to_have_text("B-7")
    page.click("#hold")
    expect(page.locator("#hold")).to_have_text("Resume calling")
    expect(page.locator("#ball8")).to_be_disabled()
    page.wait_for_timeout(1600)
    page.click("#hold")
    expect(page.locator("#hold")).to_have_text("Bingo! Hold")
    expect(page.locator("#hold-state")).to_be_hidden()
    page.click("#ball8")
    expect(page.locator("#last")).to_have_text("B-8")
    assert [c["ball"] for c in ok(caller.get(occ))["games"][0]["calls"]] == [7, 8]
    page.close()


@pytest.mark.browser
def test_caller_double_taps_on_draw_and_hold_act_once(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """A reply that lands between the two taps of a double tap must not make the second a new intent (a
    second ball drawn, a hold resumed as soon as it was made). The page's clock is paused, so the second
    tap comes "at once" however long the reply to the first took; and for a moment after Hold turns into
    Resume, the button takes no tap (a slow double tap's second tap lands after the reply)."""
    hall = make_hall(session)
    _, occ, caller = started(
        admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00", "ball_mode": "electronic"}], 75
    )
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.clock.install()
    page.goto(live_url + "/pin")
    page.fill("#username", f"caller{hall.org.id}")
    page.fill("#pin", PIN)
    page.press("#pin", "Enter")
    expect(page.locator("#draw")).to_be_visible()
    page.clock.pause_at(datetime.now() + timedelta(hours=1))
    page.click("#draw")
    expect(page.locator("#count")).to_have_text("1")
    page.click("#draw")
    page.wait_for_timeout(500)
    assert len(ok(caller.get(occ))["games"][0]["calls"]) == 1
    page.clock.run_for(1000)
    page.click("#hold")
    expect(page.locator("#hold")).to_have_text("Resume calling")
    page.click("#hold")
    page.wait_for_timeout(500)
    assert ok(caller.get(occ))["games"][0]["held_at"] is not None
    page.clock.run_for(600)
    page.click("#hold")
    page.wait_for_timeout(500)
    assert ok(caller.get(occ))["games"][0]["held_at"] is not None, "a slow double tap does not undo the hold"
    page.close()


@pytest.mark.browser
def test_caller_close_with_no_winner_needs_two_taps_and_a_double_tap_is_one(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """The measured failure: "Close game" closed game 1 as "no winner" after 2 calls, on one tap."""
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00"}], 75)
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    for ball in (7, 22):
        page.click(f"#ball{ball}")
        expect(page.locator("#last")).to_have_text(ball_label(ball))
    page.click("#close-game")
    expect(page.locator("#close-game")).to_have_text("Tap again to close game 1 with no winner")
    assert look(page, "caller-close-armed", PLAYING) == []
    expect(page.locator("#close-game")).to_have_text("Close game", timeout=8000)
    page.dblclick("#close-game")
    expect(page.locator("#close-game")).to_have_text("Tap again to close game 1 with no winner")
    page.wait_for_timeout(300)
    assert ok(caller.get(occ))["games"][0]["status"] == "in_play"
    page.wait_for_timeout(200)
    page.click("#close-game")
    expect(page.locator("#closing-text")).to_contain_text("Game 1")
    assert ok(caller.get(occ))["games"][0]["status"] == "closed"
    page.close()


@pytest.mark.browser
def test_caller_closes_the_occasion_with_two_taps_from_the_program_in_view(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    _, occ, caller = started(admin, hall, [{"pattern": {"kind": "blackout"}, "prize": "100.00"}], 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    ok(caller.post(occ + "/games/1/close"))
    page = station_sign_in(browser, live_url, f"mic{hall.org.id}")
    page.goto(live_url + "/bingo/caller")
    expect(page.locator("#close-occasion")).to_be_visible()
    assert look(page, "caller-last-game-closed", ["#close-occasion", "#open-board", "#ball75"]) == []
    page.click("#close-occasion")
    expect(page.locator("#close-occasion")).to_have_text("Tap again to close the occasion")
    assert ok(caller.get(occ))["status"] == "running"
    page.wait_for_timeout(450)
    page.click("#close-occasion")
    expect(page.locator("#game-title")).to_have_text("The occasion is closed")
    assert ok(caller.get(occ))["status"] == "closed"
    assert look(page, "caller-occasion-closed", ["#open-board"]) == []
    page.close()


@pytest.mark.browser
def test_4_25_ball_check_progress_is_kept_across_a_reload(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "100.00"}])
    page = station_sign_in(browser, live_url, f"caller{hall.org.id}")
    for ball in (1, 2, 3, 75):
        page.click(f"#check{ball}")
    page.check(f"input[name=checked_by][value='{hall.caller.id}']")
    expect(page.locator("#balls-count")).to_have_text("4 of 75 checked")
    page.reload()
    expect(page.locator("#balls-count")).to_have_text("4 of 75 checked")
    expect(page.locator("#check75")).to_have_class(re.compile(r"\bhit\b"))
    expect(page.locator(f"input[name=checked_by][value='{hall.caller.id}']")).to_be_checked()
    page.click("#all-present")
    page.click("#balls-done")
    expect(page.locator("#step-jar")).to_be_visible()
    assert page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('flashboard-ball-check'))") == []
    page.close()


@pytest.mark.browser
def test_4_2_after_six_hours_the_caller_finishes_the_game_in_play_and_closes_the_night(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    """Six hours after the start the console says why calls have stopped (4.2), the balls and the next
    game's start are gone, and the game in play still closes; then the night closes with game 2 unplayed."""
    hall = make_hall(session)
    games = [{"pattern": {"kind": "blackout"}, "prize": "100.00"}, {"pattern": {"kind": "any_row"}, "prize": "50.00"}]
    _, occ, caller = started(admin, hall, games, 75)
    ok(caller.post(occ + "/games/1/calls", {"ball": 7}), 201)
    clock.advance(hours=6, seconds=1)
    page = station_sign_in(browser, live_url, f"mic{hall.org.id}")
    page.goto(live_url + "/bingo/caller")
    expect(page.locator("#time-up")).to_contain_text("The occasion has run six hours")
    expect(page.locator("#time-up")).to_contain_text("10 DE Admin Code 101-4.2")
    expect(page.locator("#ball12")).to_be_disabled()
    assert look(page, "caller-six-hours-up", ["#close-game", "#open-board"]) == []
    two_taps(page, "#close-game")
    expect(page.locator("#start-box")).to_be_hidden()
    expect(page.locator("#close-occasion")).to_be_visible()
    two_taps(page, "#close-occasion")
    expect(page.locator("#game-title")).to_have_text("The occasion is closed")
    assert ok(caller.get(occ))["status"] == "closed"
    page.close()
