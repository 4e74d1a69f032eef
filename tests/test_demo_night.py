"""The README's first command gives a demo night that can be played at any hour (issue 18): tonight's
occasion with its roster, paper issued to the cashier's station and every kind of product on sale,
tonight's tournament, once a day; and a demo hall clock that a restart resumes."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

from flask import Flask
from sqlalchemy import func, select

from bingo.models import Occasion, OccasionStatus, Pack, PackStatus, Product
from bingo.rules.sales import ProductKind
from poker.models import Tournament
from shared.hall.models import WorkAssignment
from shared.hall.services.staff import KdfCost
from shared.platform.demo import DEMO_CASHIER_STATION, DEMO_CLOCK_FILE, PACKS_A_NIGHT, demo_clock, load_demo
from tests.support.factories import TEST_KDF_N

HALL = ZoneInfo("America/New_York")
TONIGHT = datetime(2026, 12, 5, 9, 0, tzinfo=HALL)


def _night(app: Flask, now: datetime) -> dict[str, object]:
    database = app.extensions["flashboard.db"]
    loaded = load_demo(database.sessions, now, KdfCost(TEST_KDF_N))
    assert loaded.problems == []
    with database.sessions() as s:
        occasion = s.scalars(select(Occasion).where(Occasion.occasion_date == now.date())).one()
        return {
            "occasions": s.scalar(select(func.count(Occasion.id))),
            "status": occasion.status,
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
        }


def test_4_22_demo_schedules_tonight_with_roster_paper_and_every_product(app: Flask) -> None:
    night = _night(app, TONIGHT)
    assert night["status"] == OccasionStatus.SCHEDULED
    assert night["kinds"] == {
        ProductKind.ADMISSION,
        ProductKind.SPECIAL,
        ProductKind.UPICK_FACE,
        ProductKind.COOKIE_JAR,
        ProductKind.NON_GAMING,
    }
    assert night["issued"] == PACKS_A_NIGHT
    assert {"member_in_charge", "caller", "cashier", "verifier"} <= {str(r) for r in night["roles"]}  # type: ignore[attr-defined]
    assert night["tournaments"] == 1


def test_4_4_demo_schedules_each_night_once(app: Flask) -> None:
    first = _night(app, TONIGHT)
    again = _night(app, TONIGHT + timedelta(hours=2))
    assert again["occasions"] == first["occasions"] == 1 and again["tournaments"] == 1
    tomorrow = _night(app, TONIGHT + timedelta(days=1))
    assert tomorrow["occasions"] == 2 and tomorrow["issued"] == PACKS_A_NIGHT and tomorrow["tournaments"] == 1


def test_4_2_demo_clock_runs_the_evening_and_a_restart_resumes_it(tmp_path: Path) -> None:
    real = [datetime(2026, 12, 5, 14, 0, tzinfo=timezone.utc)]  # 09:00 in the hall
    clock = demo_clock(tmp_path, HALL, lambda: real[0])
    assert clock().astimezone(HALL).strftime("%H:%M") == "18:00"
    real[0] += timedelta(hours=1, minutes=30)
    restarted = demo_clock(tmp_path, HALL, lambda: real[0])
    assert restarted().astimezone(HALL).strftime("%H:%M") == "19:30", "a restart keeps the night's hall time"
    assert json.loads((tmp_path / DEMO_CLOCK_FILE).read_text())["real_date"] == "2026-12-05"
    real[0] += timedelta(days=1)
    assert demo_clock(tmp_path, HALL, lambda: real[0])().astimezone(HALL).strftime("%H:%M") == "18:00"
