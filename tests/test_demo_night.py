"""The README's first command gives a demo night that can be played at any hour (issue 18): tonight's
occasion with its roster, paper issued to the cashier's station and every kind of product on sale,
tonight's tournament, once a day. Tonight's occasion is a training occasion (training mode): the
time-of-day rules of 10 DE Admin Code 101-4.2 and 4.10 are lifted for it alone, every screen and paper
says TRAINING, it is left out of what is filed with the Board, and the mark never changes."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from flask import Flask
from playwright.sync_api import Browser, expect
from sqlalchemy import func, select, update
from sqlalchemy.exc import DatabaseError
from sqlalchemy.orm import Session

from bingo.models import Occasion, OccasionStatus, Pack, PackStatus, Product
from bingo.rules.sales import ProductKind
from bingo.services import counter, occasions, reports
from bingo.services import jars as jar_service
from poker.models import Tournament
from shared.core.violations import RuleViolation
from shared.hall.models import Member, WorkAssignment
from shared.hall.services.staff import KdfCost
from shared.platform.audit import SYSTEM
from shared.platform.demo import DEMO_CASHIER_STATION, PACKS_A_NIGHT, DemoLoad, load_demo
from shared.printing.compose import compose
from shared.printing.documents import Receipt
from tests.support.clock import Clock
from tests.support.factories import TEST_KDF_N
from tests.support.screens import audit, shoot

HALL = ZoneInfo("America/New_York")
MORNING = datetime(2026, 12, 5, 9, 0, tzinfo=HALL)


def _load(app: Flask, now: datetime) -> DemoLoad:
    loaded = load_demo(app.extensions["flashboard.db"].sessions, now, KdfCost(TEST_KDF_N))
    assert loaded.problems == []
    return loaded


def _night(app: Flask, now: datetime) -> dict[str, object]:
    _load(app, now)
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = s.scalars(select(Occasion).where(Occasion.occasion_date == now.date())).one()
        return {
            "occasions": s.scalar(select(func.count(Occasion.id))),
            "status": occasion.status,
            "training": occasion.training,
            "kinds": set(s.scalars(select(Product.kind).where(Product.occasion_id == occasion.id))),
            "issued": s.scalar(
                select(func.count(Pack.id)).where(
                    Pack.occasion_id == occasion.id,
                    Pack.station == DEMO_CASHIER_STATION,
                    Pack.status == PackStatus.ISSUED,
                )
            ),
            "roles": set(s.scalars(select(WorkAssignment.role).where(WorkAssignment.work_date == now.date()))),
            "tournaments": s.scalar(select(func.count(Tournament.id)).where(Tournament.starts_on == now.date())),
            "tournament_training": s.scalars(
                select(Tournament.training).where(Tournament.starts_on == now.date())
            ).one(),
        }


def _tonight(s: Session, day: datetime) -> Occasion:
    found = occasions.todays_occasion(s, s.scalars(select(Occasion.organization_id)).first() or 0, day.date())
    assert found is not None
    return found


def _start(s: Session, occasion: Occasion, now: datetime) -> None:
    caller = s.scalars(select(Member).where(Member.name == "Ray Donnelly")).one()
    occasions.verify_balls(s, SYSTEM, now, occasion.id, [caller.id])
    occasions.draw_cookie_jar_number(s, SYSTEM, now, occasion.id, 7, random.Random(1))
    occasions.start_game(s, SYSTEM, now, occasion.id, 1, None)


def _real_occasion_beside(s: Session, training: Occasion) -> Occasion:
    """A real occasion of the demo's organization the next day (as a hall's own night would be)."""
    fields = ("organization_id", "premises_id", "program_id", "series_id", "member_in_charge_id")
    real = Occasion(
        **{c: getattr(training, c) for c in fields},
        occasion_date=MORNING.date() + timedelta(days=1),
        start_time=training.start_time,
        status=OccasionStatus.SCHEDULED,
    )
    s.add(real)
    s.commit()
    return real


def test_4_22_demo_schedules_tonight_as_training_with_roster_paper_and_every_product(app: Flask) -> None:
    night = _night(app, MORNING)
    assert night["status"] == OccasionStatus.SCHEDULED and night["training"] is True
    assert night["kinds"] == {
        ProductKind.ADMISSION,
        ProductKind.SPECIAL,
        ProductKind.UPICK_FACE,
        ProductKind.COOKIE_JAR,
        ProductKind.NON_GAMING,
    }
    assert night["issued"] == PACKS_A_NIGHT
    assert {"member_in_charge", "caller", "cashier", "verifier"} <= {str(r) for r in night["roles"]}  # type: ignore[attr-defined]
    assert night["tournaments"] == 1 and night["tournament_training"] is True


def test_4_4_demo_schedules_each_night_once_and_training_nights_count_toward_no_frequency_limit(app: Flask) -> None:
    first = _night(app, MORNING)
    again = _night(app, MORNING + timedelta(hours=2))
    assert again["occasions"] == first["occasions"] == 1 and again["tournaments"] == 1
    for day in range(1, 9):
        later = _night(app, MORNING + timedelta(days=day))
        assert later["issued"] == PACKS_A_NIGHT and later["tournaments"] == 1
    assert later["occasions"] == 9, "eight more nights in eight days: none refused by the class's frequency (4.4)"


def test_4_2_training_occasion_starts_in_the_morning_and_plays_past_six_hours_and_midnight(app: Flask) -> None:
    _load(app, MORNING)
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = _tonight(s, MORNING)
        _start(s, occasion, MORNING)
        late = MORNING.replace(hour=23, minute=50) + timedelta(hours=2)
        assert occasions.todays_occasion(s, occasion.organization_id, late.date()) == occasion, "carried past midnight"
        called = occasions.call_ball(s, SYSTEM, late, occasion.id, 1, 12, random.Random(2))
        assert called.call.ball == 12


def test_4_2_a_real_occasion_is_still_refused_before_noon(app: Flask) -> None:
    _load(app, MORNING)
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = _tonight(s, MORNING)
        real = _real_occasion_beside(s, occasion)
        with pytest.raises(RuleViolation) as refused:
            occasions.verify_balls(s, SYSTEM, MORNING + timedelta(days=1), real.id, [])
        assert refused.value.violation.code == "before_noon"


@pytest.mark.parametrize("mark", [True, False])
def test_training_mark_never_changes_once_scheduled(app: Flask, mark: bool) -> None:
    """A real occasion can never become a training one, nor the reverse: the database refuses it."""
    _load(app, MORNING)
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = _tonight(s, MORNING)
        if not mark:
            occasion = _real_occasion_beside(s, occasion)
        assert occasion.training is mark
        with pytest.raises(DatabaseError, match="training mark is fixed"):
            s.execute(update(Occasion).where(Occasion.id == occasion.id).values(training=not mark))
            s.commit()
        s.rollback()
        assert s.get(Occasion, occasion.id).training is mark


def test_training_tournament_mark_never_changes(app: Flask) -> None:
    _load(app, MORNING)
    with app.extensions["flashboard.db"].sessions() as s:
        tournament = s.scalars(select(Tournament)).one()
        assert tournament.training is True
        with pytest.raises(DatabaseError, match="training mark is fixed"):
            s.execute(update(Tournament).where(Tournament.id == tournament.id).values(training=False))
            s.commit()


def test_training_occasion_papers_say_training_and_are_left_out_of_the_annual_view(app: Flask) -> None:
    _load(app, MORNING)
    with app.extensions["flashboard.db"].sessions() as s:
        occasion = _tonight(s, MORNING)
        report = reports.occasion_report(s, occasion.id, HALL)
        assert report.training and report.title.startswith("TRAINING")
        assert report.as_json()["training"] is True
        assert report.tables[0].csv(report.training).startswith('\ufeff"TRAINING')
        assert reports.sworn_statement(s, occasion.id, HALL, MORNING.date()).title.startswith("TRAINING")
        jar = jar_service.statement(s, occasion.organization_id, None, None)
        assert not jar.training, "no line of the training night in the ledger yet"
        assert reports.jar_statement("Demo", replace(jar, training=True), None, None, HALL).title.startswith("TRAINING")
        year = reports.annual_view(s, occasion.organization_id, 2026, MORNING.date())
        assert MORNING.date().isoformat() not in repr(year.tables), "no training night among the year's occasions"
        assert counter.paper_for(occasion, SALE_RECEIPT).training


SALE_RECEIPT = Receipt(title="SALE", header=["Demo"], lines=[("Pack", "$10.00")])


def test_training_receipt_prints_training_above_and_below() -> None:
    assert b"TRAINING" not in compose(counter.paper_for(None, SALE_RECEIPT), "TM-T20II")
    assert compose(replace(SALE_RECEIPT, training=True), "TM-T20II").count(b"TRAINING") == 2


@pytest.mark.browser
def test_training_occasion_says_training_on_the_screens_at_any_hour(
    app: Flask, clock: Clock, live_url: str, browser: Browser
) -> None:
    """At 9 a.m. the caller verifies the balls of the training occasion from the screen, and the
    caller's console and the TV both say TRAINING."""
    clock.now = MORNING
    loaded = _load(app, MORNING)
    pins = {username: pin for _, username, _, pin in loaded.logins}
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    page.goto(f"{live_url}/pin")
    page.fill("#username", "caller")
    page.fill("#pin", pins["caller"])
    page.press("#pin", "Enter")
    page.wait_for_url(lambda url: "/pin" not in url)
    page.goto(f"{live_url}/bingo/caller")
    expect(page.locator(".training-mark")).to_have_text("TRAINING")
    with app.extensions["flashboard.db"].sessions() as s:
        token = _tonight(s, MORNING).display_token
        caller = s.scalars(select(Member.id).where(Member.name == "Ray Donnelly")).one()
    page.click("#all-present")
    page.check(f"input[name=checked_by][value='{caller}']")
    page.click("#balls-done")
    expect(page.locator("#step-jar")).to_be_visible()
    audit(page)
    shoot(page, "caller-training-1280x800")
    tv = browser.new_page(viewport={"width": 1920, "height": 1080})
    tv.goto(f"{live_url}/bingo/board/{token}")
    expect(tv.locator(".training-mark")).to_have_text("TRAINING")
    shoot(tv, "tv-training-1920x1080")
    with app.extensions["flashboard.db"].sessions() as s:
        clock_token = s.scalars(select(Tournament.display_token)).one()
    tv.goto(f"{live_url}/poker/clock/{clock_token}")
    expect(tv.locator(".training-mark")).to_have_text("TRAINING")
