"""A U Pick Em ball call with 50,000 tickets sold, end to end through the real request (issue 21: under
5 ms): the caller's POST through the app (sign-in, routing, the call's locks and gates, the winner search,
the board event, the audit entry, the stored idempotent answer, the commit, the JSON answer), on SQLite
or PostgreSQL.

    .venv/bin/python bench/upick_call.py [--tickets 50000] [--picks 8] [--games 20] [--nights 3] [--database URL]

The program has `--games` games, as a hall's Saturday program does (game 2 is the U Pick Em game, the
rest are regular games): the TVs show the next game beside the one in play, and a call once read the
whole program. The tickets are written straight into the table (selling 50,000 through the till would
take the bench an hour), and on PostgreSQL a CHECKPOINT then writes them out: a hall sells its tickets
over hours, but a load of 50,000 rows at once left the server writing them to disk through the calls
timed, each COMMIT waiting 0.5-1.2 ms behind it instead of 0.2 ms. The app is warmed as `flashboard
serve` warms each server process before its first request. The game is then started and called through
the API with Flask's test client, in one process, from the first call until the call that completes
tickets, each call carrying an Idempotency-Key as the caller's console sends it.

The night is played `--nights` times, each in a database of its own: on the machines this runs on, the
same code's median over one night's twenty calls moved by a fifth from one minute to the next, so one
night is not a figure. Printed for each night: the machine's speed just before its calls (the plain loop
the performance notes use), its calls' median, min and max, the CPU median, the winning call, the start
(which indexes the tickets) and the first call in a second app on the same database (a restarted or
other server process, which indexes them on its first call there); then the median and p90 of every call
of every night.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask  # noqa: E402
from sqlalchemy import create_engine, insert, text  # noqa: E402
from sqlalchemy.engine import make_url  # noqa: E402

from bingo.models import TicketStatus, UPickTicket  # noqa: E402
from bingo.rules.upick import new_ticket_code, quick_pick  # noqa: E402
from shared.core.roles import Role  # noqa: E402
from shared.platform import migrate, warm_up  # noqa: E402
from shared.platform.app import create_app  # noqa: E402
from shared.platform.config import Settings  # noqa: E402
from shared.platform.db import Database, make_engine  # noqa: E402
from tests.support.bingo_factories import make_hall  # noqa: E402
from tests.support.client import Api, staff  # noqa: E402
from tests.support.clock import Clock  # noqa: E402
from tests.support.factories import PASSWORD, TEST_KDF_N, make_user  # noqa: E402
from tests.support.occasions import setup_occasion  # noqa: E402

REGULAR = {"pattern": {"kind": "four_corners"}, "prize": "20.00"}
HALL_TIME = datetime(2026, 12, 5, 18, 0, tzinfo=ZoneInfo("America/New_York"))


def ok(reply: Any, status: int = 200) -> Any:
    assert reply.status_code == status, (reply.status_code, reply.get_json())
    return reply.get_json()


def app_on(url: str, instance: Path) -> Flask:
    settings = Settings(
        instance_path=instance,
        database_url=url,
        secret_key="bench-secret-key",
        lockout_attempts=5,
        lockout_minutes=15,
        idle_lock_minutes=0,
    )
    app = create_app(settings, {"TESTING": True, "FLASHBOARD_KDF_N": TEST_KDF_N})
    app.extensions["flashboard.clock"] = Clock(HALL_TIME)
    return app


def night(app: Flask, tickets: int, picks: int, games: int) -> tuple[str, Api, int, list[list[int]]]:
    """An occasion of `games` games whose game 1 has been played and closed (the jar posted) and whose game
    2, U Pick Em, has `tickets` tickets of `picks` numbers; the caller's client, the organization and the
    tickets."""
    database: Database = app.extensions["flashboard.db"]
    with database.sessions() as session:
        hall = make_hall(session)
        make_user(session, [Role.ADMIN], username="boss")
    admin = Api(app.test_client())
    assert admin.sign_in("boss", PASSWORD).status_code == 200
    upick = {"kind": "u_pick_em", "pattern": {"kind": "blackout"}, "prize": "100.00", "pick_count": picks}
    program = [REGULAR, {**upick, "face_price": "1.00"}] + [REGULAR] * (games - 2)
    occasion = setup_occasion(admin, hall, program)
    occ = f"/api/v1/occasions/{occasion['id']}"
    caller = staff(admin, f"caller{hall.org.id}")
    ok(caller.post(occ + "/ball-check", {"checked_by": [hall.caller.id]}))
    ok(caller.post(occ + "/cookie-jar-number", {"ball": 75}))
    ok(caller.post(occ + "/games/1/start", {}))
    ok(caller.post(occ + "/games/1/calls", {"ball": 5}), 201)
    ok(caller.post(occ + "/games/1/close"))
    rng = random.Random(3)
    picked = [quick_pick(picks, rng) for _ in range(tickets)]
    rows = [
        {
            "code": new_ticket_code(),
            "occasion_id": occasion["id"],
            "game_number": 2,
            "numbers": ",".join(map(str, numbers)),
            "quick_pick": True,
            "price_cents": 100,
            "sold_at": datetime.now(timezone.utc),
            "cashier_name": "bench",
            "status": TicketStatus.SOLD,
        }
        for numbers in picked
    ]
    with database.sessions() as session:
        session.execute(insert(UPickTicket), rows)
        session.commit()
        if session.bind is not None and session.bind.dialect.name == "postgresql":
            session.execute(text("CHECKPOINT"))
    return occ, caller, hall.org.id, picked


def first_win(order: list[int], picked: list[list[int]]) -> int:
    """The call (1-based) on which the first tickets are covered."""
    position = {ball: n for n, ball in enumerate(order, start=1)}
    return min(max(position[number] for number in numbers) for numbers in picked)


MACHINE_LOOP = compile("x = 0\nfor i in range(3_000_000):\n    x += i\n", "machine loop", "exec")
"""The plain Python loop the performance notes time each machine by, run as they run it: at a module's top
level (its names are globals, which a function's loop would not be, taking half the time)."""


def machine_loop() -> float:
    """This machine's speed at the moment, beside each night's calls: MACHINE_LOOP's time."""
    start = time.perf_counter()
    exec(MACHINE_LOOP, {})
    return time.perf_counter() - start


@dataclass(frozen=True)
class Run:
    """One night's calls, as timed: each call's wall and CPU time (the winning call last), the winning
    call's number and winners, the start, the second process's first call, and the machine's loop just
    before the calls."""

    times: list[float]
    cpu: list[float]
    winning_call: int
    winners: int
    started: float
    cold: float
    loop: float


def bench(url: str, tickets: int, picks: int, games: int) -> Run:
    """One night on the database at `url`: the game started and called until its first winners, each
    call carrying an Idempotency-Key as the caller's console sends it (its answer is stored with the
    call), in an app warmed as `flashboard serve` warms each server process before its first request."""
    instance = Path(tempfile.mkdtemp())
    app = app_on(url, instance)
    occ, caller, org_id, picked = night(app, tickets, picks, games)
    start = time.perf_counter()
    ok(caller.post(occ + "/games/2/start", {}))
    started = time.perf_counter() - start
    order = random.Random(7).sample(range(1, 76), 75)
    winning_call = first_win(order, picked)
    del picked  # the bench's own copy of the tickets: a server holds none, nor should its collector walk them
    gc.collect()
    other = app_on(url, instance)  # a second server process on the same database
    again = staff(Api(other.test_client()), f"caller{org_id}")
    for served in (app, other):
        warm_up.warm(served)
    loop = machine_loop()
    times: list[float] = []
    cpu: list[float] = []
    cold = 0.0
    for position, ball in enumerate(order[:winning_call], start=1):
        client = again if position == winning_call - 1 else caller
        key = {"Idempotency-Key": f"console-call-{position:03d}-{uuid.uuid4().hex[:12]}"}
        start, start_cpu = time.perf_counter(), time.thread_time()
        game = ok(client.post(occ + "/games/2/calls", {"ball": ball}, headers=key), 201)
        took, took_cpu = time.perf_counter() - start, time.thread_time() - start_cpu
        if client is again:
            cold = took
        else:
            times.append(took)
            cpu.append(took_cpu)
        assert bool(game["upick_winners"]) == (position == winning_call)
    for served in (other, app):
        served.extensions["flashboard.db"].engine.dispose()
    return Run(times, cpu, winning_call, len(game["upick_winners"]), started, cold, loop)


def report(runs: list[Run], tickets: int, picks: int, games: int) -> None:
    """Each night's figures, then every call of every night together."""
    ms = 1e3
    for n, run in enumerate(runs, start=1):
        print(
            f"night {n} (the machine's loop {run.loop * ms:.0f} ms): {len(run.times)} calls, "
            f"wall median {statistics.median(run.times) * ms:.2f} ms, "
            f"min {min(run.times) * ms:.2f} ms, max {max(run.times) * ms:.2f} ms; "
            f"the request thread's CPU median {statistics.median(run.cpu) * ms:.2f} ms; "
            f"the winning call (call {run.winning_call}, {run.winners} winners) {run.times[-1] * ms:.2f} ms; "
            f"the start {run.started * ms:.1f} ms; call {run.winning_call - 1} in a second server process "
            f"(its first call: it indexes them) {run.cold * ms:.1f} ms"
        )
    calls = [t for run in runs for t in run.times]
    cpu = [t for run in runs for t in run.cpu]
    print(
        f"call through the API, {tickets:,} tickets of {picks} numbers, a program of {games} games, "
        f"{len(runs)} nights ({len(calls)} calls, the winning ones among them): wall median "
        f"{statistics.median(calls) * ms:.2f} ms, p90 {sorted(calls)[(len(calls) - 1) * 9 // 10] * ms:.2f} ms; "
        f"CPU median {statistics.median(cpu) * ms:.2f} ms; the winning calls' median "
        f"{statistics.median(run.times[-1] for run in runs) * ms:.2f} ms"
    )


def night_on(database: str, tickets: int, picks: int, games: int) -> Run:
    """One night in a database of its own: a new SQLite file, or a new schema of the PostgreSQL database."""
    if database == "sqlite":
        url = f"sqlite:///{Path(tempfile.mkdtemp()) / 'bench.db'}"
        engine = make_engine(url)
        migrate.upgrade(engine)
        engine.dispose()
        return bench(url, tickets, picks, games)
    schema = f"fbbench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(database)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = make_url(database).update_query_dict({"options": f"-csearch_path={schema}"})
        rendered = url.render_as_string(hide_password=False)
        engine = make_engine(rendered)
        migrate.upgrade(engine)
        engine.dispose()
        return bench(rendered, tickets, picks, games)
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tickets", type=int, default=50_000)
    parser.add_argument("--picks", type=int, default=8)
    parser.add_argument("--games", type=int, default=20, help="games on the program (at least 2)")
    parser.add_argument("--nights", type=int, default=3, help="nights played, each in a database of its own")
    parser.add_argument("--database", default="sqlite", help="sqlite, or a postgresql+psycopg:// URL")
    args = parser.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print("SQLite" if args.database == "sqlite" else "PostgreSQL")
    games = max(args.games, 2)
    runs = [night_on(args.database, args.tickets, args.picks, games) for _ in range(max(args.nights, 1))]
    report(runs, args.tickets, args.picks, games)


if __name__ == "__main__":
    main()
