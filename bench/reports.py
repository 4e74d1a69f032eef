"""Issue 21: the Board's reports against the size of the night. The demo hall's training occasion sells
one sale of every kind through the real sale door (admission, special, U Pick Em faces, cookie-jar
entries, daubers; one voided with the member in charge's approval), then the night is grown to 1,000,
10,000 and 50,000 sales by bulk-inserting copies of those rows as the services write them (the sale,
its lines, each U Pick Em ticket with its own id and quick pick, each cookie-jar fee line with the
running balances the ledger's rules give, about one sale in a hundred voided). At each size it times
the occasion report, the sales report and the sworn statement as data (the median of three, each in
a fresh session), counts the statements each sends, and times the PDF of each once. Target: each
report as data with 50,000 sales under 1 s, in the same number of statements at every size.

    .venv/bin/python bench/reports.py [--database URL | --sqlite] [--sizes 1000,10000,50000]

The copies carry no audit entries of their own (a bench, not a night to verify); nothing else differs
from what the sale door writes.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from fresh import PG_DEFAULT, fresh_database, machine
from sqlalchemy import Engine, event, func, insert, select, text
from sqlalchemy.orm import Session

from bingo.models import CookieJarLine, Occasion, Product, Sale, SaleLine, SaleStatus, UPickTicket
from bingo.rules import cookie_jar
from bingo.rules.sales import ProductKind
from bingo.rules.upick import TICKET_ALPHABET, quick_pick
from bingo.schemas import ProductRequest, SaleLineRequest, SaleRequest
from bingo.services import cash, jars, occasions, reports, selling
from shared.hall.models import Organization, User
from shared.hall.services.staff import KdfCost
from shared.platform.audit import Actor
from shared.platform.audit_key import Keyring
from shared.platform.db import Database
from shared.platform.demo import DEMO_CASHIER_STATION, DEMO_ORG, load_demo
from shared.reports import pdf

ZONE = ZoneInfo("America/New_York")
TARGET_SECONDS = 1.0
# One sale in twenty of each kind, in this proportion: packs (some with a dauber), specials, U Pick Em
# faces, cookie-jar entries, daubers alone.
MIX = ["admission"] * 7 + ["admission_dauber", "special", "special", "special"] + ["upick"] * 3
MIX += ["jar", "jar"] + ["dauber"] * 3
VOID_EVERY = 100
CHUNK = 5_000


@dataclass
class Template:
    """One sale as the sale door wrote it: its row, its lines, its tickets' game and pick count, its
    jar fee."""

    sale: dict[str, Any]
    lines: list[dict[str, Any]]
    tickets: list[dict[str, Any]] = field(default_factory=list)
    jar_cents: int = 0


def _columns(row: Any) -> dict[str, Any]:
    return {c.key: getattr(row, c.key) for c in row.__table__.columns}


@dataclass
class Night:
    db: Database
    occasion_id: int
    org_id: int
    templates: dict[str, Template]
    voided: dict[str, Any]
    pick_count: int
    now: datetime
    rng: random.Random = field(default_factory=lambda: random.Random(21))
    sold: int = 0

    def grow(self, to: int) -> None:
        """Bulk-insert copies of the template sales until the occasion has `to` sales."""
        with self.db.sessions() as session:
            ids = {m: session.scalar(select(func.max(m.id))) or 0 for m in (Sale, SaleLine, UPickTicket, CookieJarLine)}
            number = session.scalar(select(func.max(Sale.number)).where(Sale.organization_id == self.org_id)) or 0
            mine = CookieJarLine.organization_id == self.org_id
            seq = session.scalar(select(func.max(CookieJarLine.seq)).where(mine)) or 0
            balances = jars.balances(session, self.org_id)
            have = session.scalar(select(func.count(Sale.id)).where(Sale.occasion_id == self.occasion_id)) or 0
            rows: dict[Any, list[dict[str, Any]]] = {Sale: [], SaleLine: [], UPickTicket: [], CookieJarLine: []}
            for n in range(have, to):
                kind = MIX[n % len(MIX)]
                template = self.templates[kind]
                ids[Sale] += 1
                number += 1
                at = self.now + timedelta(milliseconds=n)
                sale = {**template.sale, "id": ids[Sale], "number": number, "created_at": at}
                if n % VOID_EVERY == VOID_EVERY - 1 and not template.tickets and not template.jar_cents:
                    sale.update(self.voided, voided_at=at)
                rows[Sale].append(sale)
                for line in template.lines:
                    ids[SaleLine] += 1
                    rows[SaleLine].append({**line, "id": ids[SaleLine], "sale_id": ids[Sale]})
                for ticket in template.tickets:
                    ids[UPickTicket] += 1
                    picks = sorted(quick_pick(self.pick_count, self.rng))
                    rows[UPickTicket].append(
                        {
                            **ticket,
                            "id": ids[UPickTicket],
                            "code": _ticket_code(ids[UPickTicket]),
                            "numbers": ",".join(str(p) for p in picks),
                            "sold_at": at,
                            "sale_line_id": ids[SaleLine],
                        }
                    )
                if template.jar_cents:
                    for move in cookie_jar.collect(template.jar_cents):
                        balances = balances.apply(move)
                        ids[CookieJarLine] += 1
                        seq += 1
                        rows[CookieJarLine].append(
                            {
                                "id": ids[CookieJarLine],
                                "organization_id": self.org_id,
                                "seq": seq,
                                "occasion_id": self.occasion_id,
                                "game_number": None,
                                "at": at,
                                "kind": move.kind,
                                "source": move.source.value,
                                "target": move.target.value,
                                "cents": move.cents,
                                "pending_after": balances.pending,
                                "jar1_after": balances.jar1,
                                "jar2_after": balances.jar2,
                                "held_after": balances.held,
                                "awarded_after": balances.awarded,
                                "collected_after": balances.collected,
                                "actor_name": template.sale["cashier_name"],
                                "note": f"1 × {template.jar_cents / 100:.2f}",
                                "sale_id": ids[Sale],
                            }
                        )
            for model, found in rows.items():
                for start in range(0, len(found), CHUNK):
                    session.execute(insert(model), found[start : start + CHUNK])
            if session.get_bind().dialect.name == "postgresql":
                for model in rows:
                    table = model.__tablename__
                    session.execute(
                        text(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
                    )
            session.commit()
        self.sold = to


def _ticket_code(n: int) -> str:
    """A ticket id in the real ids' alphabet and length, unique per row."""
    digits = []
    for _ in range(10):
        n, digit = divmod(n, len(TICKET_ALPHABET))
        digits.append(TICKET_ALPHABET[digit])
    return "UP-" + "".join(reversed(digits))


def open_night(url: str, folder: Path) -> Night:
    """The demo hall and its training occasion, a till open at the cashier's station and one sale of
    every kind sold through the sale door, one of them voided."""
    db = Database.connect(url, Keyring(folder / "audit.key"))
    now = datetime.now(ZONE).replace(microsecond=0)
    load_demo(db.sessions, now, KdfCost(2**4))
    with db.sessions() as session:
        org = session.scalar(select(Organization).where(Organization.name == DEMO_ORG))
        assert org is not None
        occasion = occasions.todays_occasion(session, org.id, now.date())
        assert occasion is not None
        cashier = session.scalar(select(User).where(User.username == "cashier"))
        mic = session.scalar(select(User).where(User.username == "mic"))
        assert cashier is not None and mic is not None
        actor = Actor(cashier.id, cashier.display_name, DEMO_CASHIER_STATION)
        occasions.verify_balls(session, actor, now, occasion.id, [occasion.member_in_charge_id])
        selling.add_product(session, actor, now, occasion.id, ProductRequest(ProductKind.ADMISSION, "Admission", 1_500))
        offers = {o.kind: o for o in selling.products(session, occasion.id) if o.paper_set_id is None}
        cash.open_till(session, actor, now, 20_000, occasion_id=occasion.id)
        upick = next(g for g in occasion.games if g.kind == "u_pick_em")
        kinds: dict[str, list[tuple[str, int]]] = {
            "admission": [("admission", 1)],
            "admission_dauber": [("admission", 2), ("non_gaming", 1)],
            "special": [("special", 1)],
            "upick": [("upick_face", 2)],
            "jar": [("cookie_jar", 1)],
            "dauber": [("non_gaming", 2)],
        }
        templates = {}
        rng = random.Random(21)
        for name, lines in kinds.items():
            request = SaleRequest(
                [SaleLineRequest(offers[k].id, q, offers[k].price_cents) for k, q in lines],
                buyer_is_adult=True,
                tendered_cents=sum(offers[k].price_cents * q for k, q in lines),
            )
            result = selling.sell(session, actor, now, occasion.id, request, rng)
            templates[name] = Template(
                {k: v for k, v in _columns(result.sale).items() if k not in ("id", "number")},
                [{k: v for k, v in _columns(line).items() if k not in ("id", "sale_id")} for line in result.sale.lines],
                [
                    {k: v for k, v in _columns(t).items() if k not in ("id", "code", "numbers", "sold_at")}
                    for t in result.tickets
                ],
                result.jar_cents,
            )
        spare = selling.sell(
            session,
            actor,
            now,
            occasion.id,
            SaleRequest([SaleLineRequest(offers["admission"].id, 1, offers["admission"].price_cents)], True, 1_500),
            rng,
        )
        cash.void(session, actor, now, spare.sale.id, "rang twice", mic)
        voided = session.get(Sale, spare.sale.id)
        assert voided is not None and voided.status == SaleStatus.VOIDED
        return Night(
            db,
            occasion.id,
            org.id,
            templates,
            {"status": voided.status, "void_reason": voided.void_reason, "approved_by": voided.approved_by},
            upick.pick_count or 0,
            now,
            sold=session.scalar(select(func.count(Sale.id)).where(Sale.occasion_id == occasion.id)) or 0,
        )


@contextmanager
def counted(engine: Engine) -> Iterator[list[str]]:
    statements: list[str] = []

    def on_execute(*args: Any) -> None:
        statements.append(args[2])

    event.listen(engine, "before_cursor_execute", on_execute)
    try:
        yield statements
    finally:
        event.remove(engine, "before_cursor_execute", on_execute)


REPORTS: dict[str, Callable[[Session, int], Any]] = {
    "occasion report": lambda s, o: reports.occasion_report(s, o, ZONE),
    "sales report": lambda s, o: reports.sales_report(s, o, ZONE),
    "sworn statement": lambda s, o: reports.sworn_statement(s, o, ZONE, datetime.now(ZONE).date()),
}


def time_reports(night: Night, repeats: int = 3) -> list[tuple[str, float, int, float]]:
    found = []
    for name, build in REPORTS.items():
        times = []
        statements = 0
        document = None
        for _ in range(repeats):
            with night.db.readers() as session, counted(night.db.engine) as sent:
                start = time.perf_counter()
                document = build(session, night.occasion_id)
                times.append(time.perf_counter() - start)
                statements = len(sent)
        start = time.perf_counter()
        pdf.render(document, night.now)
        found.append((name, statistics.median(times), statements, time.perf_counter() - start))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--database", default=PG_DEFAULT, help="a PostgreSQL server (a schema is made for the run)")
    where.add_argument("--sqlite", action="store_true", help="a temporary SQLite file instead")
    parser.add_argument("--sizes", default="1000,10000,50000")
    args = parser.parse_args()
    server = None if args.sqlite else args.database
    with fresh_database(server) as url, tempfile.TemporaryDirectory() as folder:
        night = open_night(url, Path(folder))
        with night.db.sessions() as session:
            occasion = session.get(Occasion, night.occasion_id)
            products = session.scalar(select(func.count(Product.id)).where(Product.occasion_id == night.occasion_id))
            games = len(occasion.games) if occasion else 0
        print(machine("SQLite" if server is None else "PostgreSQL " + _server_version(night.db.engine)))
        print(f"the demo's training occasion: {games} games, {products} products")
        for size in (int(s) for s in args.sizes.split(",")):
            night.grow(size)
            for name, seconds, statements, pdf_seconds in time_reports(night):
                verdict = "met" if seconds < TARGET_SECONDS else "MISSED"
                print(
                    f"{size:>7,} sales  {name:<16} {seconds * 1e3:9.1f} ms  {statements:>6} statements  "
                    f"PDF {pdf_seconds * 1e3:9.1f} ms" + (f"  (target < 1 s: {verdict})" if size >= 50_000 else "")
                )
        night.db.engine.dispose()


def _server_version(engine: Engine) -> str:
    with engine.connect() as conn:
        return str(conn.execute(text("SHOW server_version")).scalar()).split()[0]


if __name__ == "__main__":
    main()
