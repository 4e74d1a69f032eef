"""The TV flashboard through a whole occasion, watched live in Chromium at 1920×1080 with no reload:
welcome (the cookie-jar number once drawn, 101-4.25 and 4.31.6), a game announced (4.13), calling with
the last five balls (4.12), a bingo being checked and the winners verified (4.27) with their faces
daubed, their shares (4.11) and the cookie jar (4.31.6), the next game and an intermission, U Pick Em
as U Pick Em (4.30), break-open with its posted numbers (4.29.1), and the thank-you once the occasion
closes. Every state keeps the helpline, clips nothing and passes the screen audit."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import BoardEvent
from bingo.rules.board_states import INTERMISSION_SECONDS, WINNERS_SECONDS
from bingo.rules.faces import ball_label
from bingo.rules.patterns import STANDARD, PatternKind
from bingo.services import board
from tests.support.bingo_factories import Hall, make_hall, split_script
from tests.support.books import sell_upick, till_open
from tests.support.client import Api, staff
from tests.support.clock import Clock
from tests.support.occasions import pay_every_winner, setup_occasion
from tests.support.replies import ok
from tests.support.screens import audit, shoot

HELPLINE = "Gambling problem? Call 1-888-850-8888"
UPICK = [3, 18, 33, 48, 63, 9, 24, 54]
LONG_NAME = "The Benevolent and Protective Order of Elks of the U.S.A., Greater Wilmington Lodge No. 307"
MERCHANDISE = "A 65-inch 4K television with a wall mount, a sound bar and two years of service"

# What a TV must not do at any state: text outside the viewport, a box that clips what it holds,
# a page that scrolls.
CLIPPED = """() => {
  const problems = [];
  const shown = (el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none'; };
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth || doc.scrollHeight > innerHeight) problems.push('the page scrolls');
  for (const el of document.querySelectorAll('body *')) {
    if (!shown(el)) continue;
    const name = `${el.tagName.toLowerCase()}#${el.id}.${el.className} "${el.textContent.trim().slice(0, 40)}"`;
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    const r = el.getBoundingClientRect();
    if (own && (r.left < -1 || r.top < -1 || r.right > innerWidth + 1 || r.bottom > innerHeight + 1))
      problems.push(`outside the screen: ${name}`);
    const s = getComputedStyle(el);
    const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
    if ((own || clips) && el.clientWidth > 0
        && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1))
      problems.push(`clipped: ${name} ${el.scrollWidth}x${el.scrollHeight} in ${el.clientWidth}x${el.clientHeight}`);
  }
  return problems;
}"""


def looked_at(tv: Page, state: str, name: str) -> None:
    """The TV in `state`: the helpline on screen, nothing clipped, the audit empty; a screenshot."""
    expect(tv.locator("body")).to_have_attribute("data-board-state", state)
    expect(tv.locator("#helpline")).to_have_text(HELPLINE)
    expect(tv.locator("#helpline")).to_be_in_viewport()
    shoot(tv, name)
    assert tv.evaluate(CLIPPED) == [], state
    assert audit(tv) == [], state


def tv_page(browser: Browser, live_url: str, token: str) -> Page:
    page = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    page.clock.install()
    page.goto(f"{live_url}/bingo/board/{token}")
    return page


def jar_hall(admin: Api, session: Session, name: str | None = None) -> Hall:
    hall = make_hall(session, name=name)
    org = f"/api/v1/organizations/{hall.org.id}/cookie-jar"
    ok(admin.put(org, {"maximum": "1000.00", "fee": "2.00"}))
    ok(admin.post(org + "/opening", {"jar1": "1000.00", "jar2": "125.50"}), 201)
    return hall


def upick_calls() -> list[int]:
    """Calls that complete the U Pick Em ticket on the last one, with other numbers among them."""
    return [70, *UPICK[:4], 1, 2, 41, *UPICK[4:]]


@pytest.mark.browser
def test_4_12_the_tv_passes_through_every_state_of_an_occasion_live(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=3)
    jar_ball = script.calls[-1]
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "any_row"}, "prize": "250.00"},
            {
                "kind": "u_pick_em",
                "pattern": {"kind": "blackout"},
                "prize": "100.00",
                "pick_count": 8,
                "face_price": "1.00",
            },
            {"kind": "break_open", "pattern": {"kind": "four_corners"}, "prize": "50.00", "break_open_numbers": 30},
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier, mic = (staff(admin, f"{who}{hall.org.id}") for who in ("caller", "verifier", "mic"))
    tv = tv_page(browser, live_url, occasion["display_token"])

    expect(tv.locator("#welcome-org")).to_have_text(hall.org.name)
    expect(tv.locator("#welcome-next")).to_contain_text("Game 1")
    expect(tv.locator("#welcome-jar")).to_have_text("--")
    looked_at(tv, "welcome", "tv-welcome-1920x1080")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": jar_ball}))
    expect(tv.locator("#welcome-jar")).to_have_text(ball_label(jar_ball))
    expect(tv.locator("#jar1")).to_have_text("$1,000.00")
    looked_at(tv, "welcome", "tv-welcome-jar-number-1920x1080")
    ticket = ok(sell_upick(admin, occ, 2, UPICK), 201)["tickets"][0]

    ok(caller.post(occ + "/games/1/start", {}))
    expect(tv.locator("#announced-number")).to_have_text("Game 1")
    expect(tv.locator("#announced-pattern")).to_have_text("Any row")
    expect(tv.locator("#announced-prize")).to_have_text("$250.00")
    expect(tv.locator("#announced-next")).to_have_text("Next: Game 2 · U Pick Em, pick 8 · $100.00")
    expect(tv.locator("#announced-card .cell")).to_have_count(25)
    looked_at(tv, "announced", "tv-announced-1920x1080")

    for ball in script.calls[:-1]:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    expect(tv.locator("#count")).to_have_text(str(len(script.calls) - 1))
    expect(tv.locator("#strip li")).to_have_text([ball_label(b) for b in reversed(script.calls[-6:-1])])
    expect(tv.locator("#strip li.newest")).to_have_text(ball_label(script.calls[-2]))
    looked_at(tv, "calling", "tv-calling-1920x1080")

    ok(caller.post(occ + "/games/1/calls", {"ball": jar_ball}), 201)
    expect(tv.locator("#last")).to_have_text(ball_label(jar_ball))
    ok(caller.post(occ + "/games/1/hold", {}))
    expect(tv.locator("#checking")).to_contain_text("BINGO!")
    expect(tv.locator(f"#n{jar_ball}")).to_have_class("latest")
    looked_at(tv, "checking", "tv-checking-1920x1080")

    claims = [ok(verifier.post(occ + "/games/1/claims", {"face_number": f}), 201) for f in script.winners]
    expect(tv.locator("#winner-cards .winner-card")).to_have_count(3)
    for card, claim in zip(tv.locator("#winner-cards .winner-card").all(), claims, strict=True):
        expect(card.locator(".winner-name")).to_have_text(f"Face {claim['face_number']}")
        daubed = [s["number"] for row in claim["grid"] for s in row if s["covered"] and s["number"]]
        winning = [s["number"] or "FREE" for row in claim["grid"] for s in row if s["winning"]]
        expect(card.locator("td.covered, td.winning")).to_have_count(len(daubed) + 1)
        expect(card.locator("td.winning")).to_have_text([str(n) for n in winning])
        expect(card.locator(".winner-share")).to_have_text("Verified")
    looked_at(tv, "winners", "tv-winners-verified-1920x1080")

    ok(caller.post(occ + "/games/1/close"))
    expect(tv.locator("#winner-cards .winner-share")).to_have_text(["Share $83.34", "Share $83.33", "Share $83.33"])
    expect(tv.locator("#winners-prize")).to_have_text("Prize: $250.00 · 3 winners share it")
    expect(tv.locator("#winners-next")).to_have_text("Next: Game 2 · U Pick Em, pick 8 · $100.00")
    ok(caller.post(occ + "/games/1/cookie-jar-award"))
    expect(tv.locator("#winners-jar")).to_have_text("Cookie jar $1,000.00")
    expect(tv.locator("#winner-cards .winner-jar")).to_have_text(
        ["Cookie jar $333.34", "Cookie jar $333.33", "Cookie jar $333.33"]
    )
    expect(tv.locator("#game-title")).to_have_text("Game 1: Any row")
    looked_at(tv, "winners", "tv-winners-1920x1080")

    tv.clock.run_for(WINNERS_SECONDS * 1000 + 1500)
    expect(tv.locator("#next-card")).to_contain_text("Game 2")
    expect(tv.locator("#next-card")).to_contain_text("U Pick Em, pick 8")
    expect(tv.locator("#next-card .pattern")).to_have_count(0)
    looked_at(tv, "next_game", "tv-next-game-1920x1080")
    tv.clock.run_for((INTERMISSION_SECONDS - WINNERS_SECONDS) * 1000)
    expect(tv.locator("#intermission-next")).to_contain_text("Game 2")
    looked_at(tv, "intermission", "tv-intermission-1920x1080")

    ok(caller.post(occ + "/games/2/start", {}))
    expect(tv.locator("#announced-pattern")).to_have_text("U Pick Em, pick 8")
    expect(tv.locator("#announced-card")).to_be_hidden()
    expect(tv.locator("#announced-upick")).to_be_visible()
    looked_at(tv, "announced", "tv-announced-upick-1920x1080")
    calls = upick_calls()
    for ball in calls[:-1]:
        ok(caller.post(occ + "/games/2/calls", {"ball": ball}), 201)
    expect(tv.locator("#game-title")).to_have_text("Game 2: U Pick Em, pick 8")
    expect(tv.locator("#pattern")).to_be_hidden()
    expect(tv.locator("#upick-note")).to_be_visible()
    looked_at(tv, "calling", "tv-calling-upick-1920x1080")
    ok(caller.post(occ + "/games/2/calls", {"ball": calls[-1]}), 201)
    expect(tv.locator("#winner-cards .winner-name")).to_have_text([f"Ticket {ticket['code']}"])
    expect(tv.locator("#winner-cards .picks li")).to_have_text([ball_label(n) for n in sorted(UPICK)])
    ok(caller.post(occ + "/games/2/close"))
    expect(tv.locator("#winner-cards .winner-share")).to_have_text(["Wins $100.00"])
    looked_at(tv, "winners", "tv-winners-upick-1920x1080")

    posted = [n for n in range(1, 76) if n % 5 in (0, 2)][:30]
    ok(caller.post(occ + "/games/3/break-open/post", {"balls": posted}))
    expect(tv.locator("#posted-count")).to_have_text("30 numbers posted, lit on the board")
    expect(tv.locator("#posted-list")).to_have_text(" · ".join(str(n) for n in sorted(posted)))
    expect(tv.locator("#called td.hit")).to_have_count(30)
    expect(tv.locator("#game-title")).to_have_text("Game 3: Four corners (break-open)")
    looked_at(tv, "break_open", "tv-break-open-1920x1080")
    ok(caller.post(occ + "/games/3/close"))
    expect(tv.locator("#intermission-note")).to_contain_text("That was the last game on tonight's program.")
    looked_at(tv, "intermission", "tv-last-game-played-1920x1080")

    till_open(admin, occ)
    mine = next(t for t in ok(admin.get(occ + "/tills")) if t["closed_at"] is None and t["station"] == "127.0.0.1")
    ok(
        admin.post(
            f"/api/v1/tills/{mine['id']}/movements", {"kind": "paid_in", "amount": "100.00", "note": "U Pick Em"}
        ),
        201,
    )
    ok(admin.post(occ + "/payouts", {"game_number": 2, "ticket_code": ticket["code"]}), 201)
    pay_every_winner(admin, occ)
    ok(mic.post(occ + "/close"))
    expect(tv.locator("#closed-jars")).to_contain_text("Cookie jar 1 stands at $125.50")
    expect(tv.locator("#closed-helpline")).to_have_text(HELPLINE)
    looked_at(tv, "closed", "tv-closed-1920x1080")
    tv.context.close()


@pytest.mark.browser
def test_4_11_five_winners_of_a_merchandise_game_fit_with_a_long_name(
    browser: Browser, live_url: str, admin: Api, session: Session, clock: Clock
) -> None:
    hall = jar_hall(admin, session, name=LONG_NAME)
    script = split_script(STANDARD[PatternKind.FOUR_CORNERS], winners=5)
    occasion = setup_occasion(
        admin,
        hall,
        [
            {"pattern": {"kind": "four_corners"}, "prize": "300.00", "merchandise": MERCHANDISE},
            {"pattern": {"kind": "blackout"}, "prize": "150.00"},
        ],
    )
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    tv = tv_page(browser, live_url, occasion["display_token"])
    expect(tv.locator("#org")).to_have_text(LONG_NAME)
    expect(tv.locator("#welcome-next")).to_contain_text(MERCHANDISE)
    looked_at(tv, "welcome", "tv-long-welcome-1920x1080")

    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(75, 0, -1) if b not in script.calls)}))
    ok(caller.post(occ + "/games/1/start", {}))
    expect(tv.locator("#announced-prize")).to_have_text(MERCHANDISE)
    looked_at(tv, "announced", "tv-long-announced-1920x1080")
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    expect(tv.locator("#prize")).to_have_text(MERCHANDISE)
    looked_at(tv, "calling", "tv-long-calling-1920x1080")

    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    expect(tv.locator("#winners-more")).to_have_text("+ 1 more")
    expect(tv.locator("#winner-cards .winner-card")).to_have_count(4)
    expect(tv.locator("#winner-cards .winner-card").first.locator("td.winning")).to_have_count(4)
    looked_at(tv, "winners", "tv-long-winners-verified-1920x1080")

    game = ok(caller.post(occ + "/games/1/close"))
    expect(tv.locator("#winners-prize")).to_have_text(f"Prize: {MERCHANDISE} · 5 qualified: one was drawn to win it")
    won = next(c["face_number"] for c in ok(admin.get(occ))["games"][0]["claims"] if c["merchandise_won"])
    expect(tv.locator("#winner-cards .winner-name").first).to_have_text(f"Face {won}")
    expect(tv.locator("#winner-cards .winner-share")).to_have_text(
        ["Wins the prize"] + ["Qualifies for a later game"] * 3
    )
    assert game["status"] == "closed"
    looked_at(tv, "winners", "tv-long-winners-1920x1080")

    clock.advance(seconds=WINNERS_SECONDS + 1)
    tv.reload()
    expect(tv.locator("#next-card")).to_contain_text("Game 2")
    looked_at(tv, "next_game", "tv-long-next-game-1920x1080")
    clock.advance(seconds=INTERMISSION_SECONDS)
    tv.reload()
    looked_at(tv, "intermission", "tv-long-intermission-1920x1080")
    tv.context.close()


def test_4_27_a_valid_bingo_is_a_board_event_with_at_most_four_faces_and_the_board_stays_small(
    admin: Api, session: Session, clock: Clock
) -> None:
    hall = make_hall(session)
    script = split_script(STANDARD[PatternKind.ANY_ROW], winners=5)
    occasion = setup_occasion(admin, hall, [{"pattern": {"kind": "any_row"}, "prize": "250.00"}])
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller, verifier = staff(admin, f"caller{hall.org.id}"), staff(admin, f"verifier{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": next(b for b in range(75, 0, -1) if b not in script.calls)}))
    ok(caller.post(occ + "/games/1/start", {}))
    for ball in script.calls:
        ok(caller.post(occ + "/games/1/calls", {"ball": ball}), 201)
    state = admin.client.get(f"/bingo/board/{occasion['display_token']}/state").get_json()
    assert state["board"]["state"] == "calling" and state["board"]["game"]["winners"] == []
    assert len(json.dumps(state["board"])) < 2_000, "every call sends the board to every TV"
    assert state["board"]["game"]["last_balls"] == [ball_label(b) for b in reversed(script.calls[-5:])]

    ok(verifier.post(occ + "/games/1/claims", {"face_number": script.early[0]}), 201)
    session.expire_all()
    newest = session.scalars(select(BoardEvent).order_by(BoardEvent.id.desc()).limit(1)).one()
    assert newest.reason == board.CLAIM and json.loads(newest.board) == {"reason": "claim"}
    session.rollback()
    for face in script.winners:
        ok(verifier.post(occ + "/games/1/claims", {"face_number": face}), 201)
    events = session.scalars(select(BoardEvent).where(BoardEvent.reason == board.BINGO)).all()
    assert len(events) == 5
    shown = json.loads(events[-1].board)
    assert shown["state"] == "winners" and shown["game"]["winners_total"] == 5
    assert [w["face_number"] for w in shown["game"]["winners"]] == script.winners[:4]
    assert len(json.dumps(shown)) < 8_000
