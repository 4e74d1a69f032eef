"""The one sale door: every cent that comes in is a line of a sale on the till open at the station.
Packs, specials, U Pick Em faces, cookie-jar entries, break-open sheets and non-gaming items are sold
here with the same checks on the buyer (101-4.3, 4.1.1), the tender and the till, and the gaming
items each line creates (U Pick Em tickets, cookie-jar ledger lines, break-open sheets, sold packs)
are written in the sale's one transaction, each pointing back at its line; then the receipt."""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import Select, String, and_, bindparam, select
from sqlalchemy.orm import Session, joinedload
from sqlalchemy.orm.attributes import set_committed_value

from bingo.models import (
    CookieJarSettings,
    Occasion,
    Pack,
    PaperSet,
    Product,
    Sale,
    Till,
    UPickTicket,
)
from bingo.rules import jar_sales, upick_play
from bingo.rules.cookie_jar import Jars
from bingo.rules.sales import LineRequest, ProductKind, buyer_refusal, line_refusal
from bingo.schemas import ProductRequest, SaleRequest
from bingo.services import break_open as break_open_service
from bingo.services import jars as jar_service
from bingo.services import receipts
from bingo.services import stock as inventory
from bingo.services import upick_tickets as upick_service
from bingo.services.cash import Line, books_open_refusal, open_at, open_till_for, post_sale
from bingo.services.locks import bound_scope, lock_occasion, locking, scope_params
from bingo.services.occasions import get_occasion
from shared.core.tills import Tender
from shared.core.violations import refuse
from shared.hall.models import Organization
from shared.hall.services.licenses import bingo_license_status, number_in_force
from shared.hall.services.organizations import get_organization
from shared.hall.services.roster import is_working
from shared.platform import audit
from shared.platform.audit import Actor, AuditHead
from shared.platform.db import Base
from shared.platform.service_kit import check, finish
from shared.printing.documents import Receipt


@dataclass(frozen=True)
class Offer:
    """A product as the cashier offers it, with its price from its one source."""

    id: int
    occasion_id: int
    kind: str
    name: str
    price_cents: int
    game_number: int | None
    paper_set_id: int | None


def _jar_fee(session: Session, org_id: int) -> int | None:
    settings = session.get(CookieJarSettings, org_id)
    return settings.fee_cents if settings is not None else None


def offer(product: Product, jar_fee: int | None) -> Offer:
    """10 DE Admin Code 101-4.31.3: a cookie-jar entry costs the jar's entry fee, read from the jar
    settings and stored nowhere else; every other product costs its own price."""
    price = (jar_fee or 0) if product.kind == ProductKind.COOKIE_JAR.value else (product.price_cents or 0)
    return Offer(
        product.id, product.occasion_id, product.kind, product.name, price, product.game_number, product.paper_set_id
    )


def products(session: Session, occasion_id: int) -> list[Offer]:
    occasion = get_occasion(session, occasion_id)
    fee = _jar_fee(session, occasion.organization_id)
    rows = session.scalars(
        select(Product).where(Product.occasion_id == occasion_id).order_by(Product.kind, Product.name)
    )
    return [offer(row, fee) for row in rows]


def add_product(session: Session, actor: Actor, now: datetime, occasion_id: int, request: ProductRequest) -> Offer:
    """10 DE Admin Code 101-4.22 and 4.31.3: a product is one kind of thing; specials, U Pick Em faces and
    break-open sheets name their game; the cookie-jar entry has no price of its own (it costs the
    jar's entry fee, so the fee can never be folded into another price or drift from the ledger)."""
    occasion = get_occasion(session, occasion_id)
    books_open_refusal(occasion)
    kind = request.kind
    number = request.game_number
    price = request.price_cents
    if kind.needs_game:
        game = next((g for g in occasion.games if g.number == number), None)
        wanted = {
            ProductKind.SPECIAL: "special",
            ProductKind.UPICK_FACE: "u_pick_em",
            ProductKind.BREAK_OPEN: "break_open",
        }[kind]
        if game is None or game.kind != wanted:
            raise refuse(
                "wrong_game",
                f"Game {number} is not a {wanted.replace('_', ' ')} game on this program.",
                None,
                "game_number",
                422,
            )
        if kind is ProductKind.UPICK_FACE:
            check(upick_play.face_price_refusal(price, game.face_price_cents))
    if kind is ProductKind.COOKIE_JAR:
        fee = jar_service.settings_of(session, occasion.organization_id).fee_cents
        check(jar_sales.entry_price_refusal(price, fee))
        price = None
    elif price is None or price <= 0:
        raise refuse("bad_price", "A price is more than $0.00.", None, "price", 422)
    paper_set_id = request.paper_set_id
    if paper_set_id is not None:
        paper = session.get(PaperSet, paper_set_id)
        if paper is None or paper.organization_id != occasion.organization_id:
            raise refuse("not_found", f"No paper set {paper_set_id} here.", None, "paper_set_id", 404)
    product = Product(
        occasion_id=occasion.id,
        kind=kind.value,
        name=request.name,
        price_cents=price,
        game_number=number,
        paper_set_id=paper_set_id,
    )
    session.add(product)
    finish(
        session,
        actor,
        now,
        "product.create",
        product,
        "product",
        {"kind": kind.value, "name": product.name, "price_cents": product.price_cents},
    )
    return offer(product, _jar_fee(session, occasion.organization_id))


@dataclass
class SaleResult:
    sale: Sale
    occasion: Occasion
    org_name: str
    licence: str | None
    tickets: list[UPickTicket] = field(default_factory=list)
    packs: dict[int, list[Pack]] = field(default_factory=dict)
    jar_cents: int = 0
    jars: Jars | None = None
    """The jars as this sale's entries left them."""


@dataclass(frozen=True)
class _Counter:
    """What a sale stands on, locked and read in one statement: the occasion, the station's open till,
    the organization (its transaction numbers) and, when asked, the audit chain's head; with the
    products asked for, the jar settings and the licence number in force on the occasion's day."""

    occasion: Occasion
    till: Till
    organization: Organization
    products: dict[int, Product]
    licence: str | None


@cache
def counter_statement(chain: bool, scoped: bool) -> Select[Any]:
    """_counter's statement, built once per process with its values bound (issue 21: building it cost a
    sale more than the database takes to answer it): the station, the occasion, the products asked for
    and, when `scoped`, the request's organizations (locks.scope_params)."""
    chained: list[type[Base]] = [AuditHead] if chain else []
    columns: list[Any] = [
        Occasion,
        Till,
        Organization,
        number_in_force(Occasion.organization_id, Occasion.occasion_date),
        Product,
    ]
    query = (
        select(*columns, *chained)
        .join(Till, and_(*open_at(bindparam("station", type_=String), Occasion.id, None)))
        .join(Organization, Organization.id == Occasion.organization_id)
    )
    if chain:
        query = query.join(AuditHead, AuditHead.id == 1)
    asked = Product.id.in_(bindparam("product_ids", expanding=True))
    return locking(
        query.outerjoin(Product, and_(Product.occasion_id == Occasion.id, asked))
        .where(*bound_scope(scoped))
        .options(joinedload(Occasion.jar_settings)),
        Till,
        Organization,
        *chained,
    )


def _counter(session: Session, occasion_id: int, station: str, product_ids: set[int], chain: bool) -> _Counter | None:
    """The locks of a sale in one statement (issue 21), in the order every use case takes them: the
    occasion, the till, the organization, then the chain's head (PostgreSQL locks the rows of FOR ... OF
    in the order named); FOR NO KEY UPDATE, as lock_occasion. None when there is no such row to lock
    here (no open till at the station, or no such occasion): the sale then goes the long way, which
    refuses in its usual order. The head is taken here only when nothing the sale writes locks a row
    another use case takes before the head (a pack sold is such a row: a pack move holds it, then the
    head); otherwise the audit entry takes it, last, as before."""
    params = scope_params(session, occasion_id) | {"station": station, "product_ids": sorted(product_ids)}
    rows = session.execute(counter_statement(chain, "organizations" in params), params).unique().all()
    if not rows:
        return None
    occasion, till, organization, licence = rows[0][:4]
    if chain:
        audit.hold_locked(session, rows[0][-1])
    products = {row[4].id: row[4] for row in rows if row[4] is not None}
    return _Counter(occasion, till, organization, products, licence)


def sell(
    session: Session,
    actor: Actor,
    now: datetime,
    occasion_id: int,
    request: SaleRequest,
    rng: random.Random,
    tenders: Collection[Tender] = (),
) -> SaleResult:
    """The one door for money in: the occasion is locked (its books open), the station's till must be
    open, every line is checked, the buyer is checked once for all gaming lines, the tender is one the
    hall takes and never credit; then the sale is numbered and every item created in one transaction
    with one audit entry. Nothing is written if any check fails."""
    chain = not any(line.pack_serials for line in request.lines)
    counter = _counter(session, occasion_id, actor.station, {line.product_id for line in request.lines}, chain)
    occasion: Occasion = counter.occasion if counter is not None else lock_occasion(session, occasion_id)
    books_open_refusal(occasion)
    fee = occasion.jar_settings.fee_cents if occasion.jar_settings is not None else None
    catalogue = (
        counter.products
        if counter is not None
        else {p.id: p for p in session.scalars(select(Product).where(Product.occasion_id == occasion.id))}
    )
    requests = []
    for index, line in enumerate(request.lines):
        product = catalogue.get(line.product_id)
        if product is None:
            raise refuse(
                "unknown_product",
                f"Product {line.product_id} is not on sale at this occasion.",
                None,
                f"lines.{index}.product_id",
                404,
            )
        if product.kind == ProductKind.COOKIE_JAR.value:
            check(jar_sales.settings_refusal(fee is not None, f"lines.{index}.product_id"))
        asked = LineRequest(
            product.id,
            ProductKind(product.kind),
            line.quantity,
            offer(product, fee).price_cents,
            line.unit_price_cents,
        )
        check(line_refusal(index, asked))
        requests.append(asked)
    buyer = request.buyer_member_id
    working = buyer is not None and is_working(session, occasion.organization_id, buyer, occasion.occasion_date)
    check(buyer_refusal(requests, request.buyer_is_adult, working))
    till = counter.till if counter is not None else open_till_for(session, actor.station, occasion_id=occasion.id)
    sale = post_sale(
        session,
        actor,
        now,
        till,
        occasion.organization_id,
        [Line(r.product_id, r.kind.value, catalogue[r.product_id].name, r.quantity, r.unit_cents) for r in requests],
        request.tender,
        request.tendered_cents,
        tenders,
        numbering_locked=counter is not None,
    )
    if counter is not None:
        org_name, licence = counter.organization.name, counter.licence
    else:
        org_name = get_organization(session, occasion.organization_id).name
        licence = bingo_license_status(session, occasion.organization_id, occasion.occasion_date).current_number
    result = SaleResult(sale, occasion, org_name, licence)
    for index, (asked, line, row) in enumerate(zip(requests, request.lines, sale.lines, strict=True)):
        product = catalogue[asked.product_id]
        tickets: list[UPickTicket] = []
        packs: list[Pack] = []
        if asked.kind is ProductKind.UPICK_FACE:
            picks = line.picks or []
            if len(picks) > asked.quantity:
                raise refuse(
                    "too_many_picks",
                    f"{len(picks)} faces were picked for {asked.quantity} sold.",
                    None,
                    f"lines.{index}.picks",
                    422,
                )
            for face in range(asked.quantity):
                picked = picks[face] if face < len(picks) else None
                ticket = upick_service.add_ticket(
                    session, actor, now, occasion, product.game_number or 0, picked, rng, row.id
                )
                tickets.append(ticket)
        elif asked.kind is ProductKind.COOKIE_JAR:
            entries = jar_service.add_entries(session, actor, now, occasion, asked.quantity, asked.unit_cents, sale.id)
            result.jar_cents += entries.cents
            result.jars = entries.jars
        elif asked.kind is ProductKind.BREAK_OPEN:
            break_open_service.add_sheets(
                session, actor, now, occasion, product.game_number or 0, asked.quantity, row.id
            )
        if product.paper_set_id is not None:
            serials = line.pack_serials or []
            if len(serials) != asked.quantity:
                raise refuse(
                    "pack_serials_required",
                    f"Scan the serial of each of the {asked.quantity} pack(s).",
                    None,
                    f"lines.{index}.pack_serials",
                    422,
                )
            packs = inventory.sell_packs(session, occasion, actor.station, product.paper_set_id, serials, row)
        # A line written now holds exactly what this sale gave it, so it is not read back (issue 21).
        set_committed_value(row, "tickets", tickets)
        set_committed_value(row, "packs", sorted(packs, key=lambda p: p.serial))
        result.tickets += tickets
        if packs:
            result.packs[row.id] = sorted(packs, key=lambda p: p.serial)
    finish(
        session,
        actor,
        now,
        "sale.create",
        sale,
        "sale",
        {
            "number": sale.number,
            "total_cents": sale.total_cents,
            "tender": sale.tender,
            "till": till.id,
            "lines": len(sale.lines),
            "tickets": [t.code for t in result.tickets],
        },
    )
    return result


def receipt_for(result: SaleResult, sold_at_local: datetime) -> Receipt:
    jars = jar_service.summary_of(result.occasion.jar_settings, result.jars) if result.jars is not None else None
    day = result.occasion.occasion_date.isoformat()
    return receipts.sale(
        result.org_name, result.licence, day, result.sale, result.tickets, sold_at_local, jars, result.packs
    )
