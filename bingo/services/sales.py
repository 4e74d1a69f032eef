"""The cashier's sales at an occasion: products at the organization's prices, checks on the buyer,
tender and change, sequential transaction numbers, and the gaming items each line creates (U Pick Em
tickets, cookie-jar entries, break-open sheets), all in one transaction, then the receipt."""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from bingo import receipts
from bingo.models import Occasion, PaperSet, Product, Sale, SaleLine, UPickTicket
from bingo.sales import LineRequest, ProductKind, buyer_refusal, line_refusal
from bingo.services import break_open as break_open_service
from bingo.services import cookie_jar as jar_service
from bingo.services import inventory
from bingo.services import upick as upick_service
from bingo.services.occasions import get_occasion
from shared import tills
from shared.audit import Actor
from shared.models import Organization
from shared.money import format_cents
from shared.printing.documents import Receipt
from shared.services.common import check, finish
from shared.services.roster import is_working
from shared.violations import refuse


def products(session: Session, occasion_id: int) -> list[Product]:
    get_occasion(session, occasion_id)
    return list(session.scalars(select(Product).where(Product.occasion_id == occasion_id).order_by(Product.kind, Product.name)))


def add_product(session: Session, actor: Actor, now: datetime, occasion_id: int, data: dict[str, Any]) -> Product:
    """10 DE Admin Code 101-4.22 and 4.31.3: a product is one kind of thing; specials, U Pick Em faces and
    break-open sheets name their game; the cookie-jar entry's price is the jar's entry fee, so the jar
    fee can never be folded into another price."""
    occasion = get_occasion(session, occasion_id)
    kind: ProductKind = data["kind"]
    number = data.get("game_number")
    if kind.needs_game:
        game = next((g for g in occasion.games if g.number == number), None)
        wanted = {ProductKind.SPECIAL: "special", ProductKind.UPICK_FACE: "u_pick_em", ProductKind.BREAK_OPEN: "break_open"}[kind]
        if game is None or game.kind != wanted:
            raise refuse("wrong_game", f"Game {number} is not a {wanted.replace('_', ' ')} game on this program.", None, "game_number", 422)
        if kind is ProductKind.UPICK_FACE and data["price_cents"] != game.face_price_cents:
            raise refuse("price_mismatch", f"The program prices a U Pick Em face at {format_cents(game.face_price_cents or 0)}.",
                         "10 DE Admin Code 101-4.30.1.5", "price", 409)
    if kind is ProductKind.COOKIE_JAR:
        fee = jar_service.settings_of(session, occasion.organization_id).fee_cents
        if data["price_cents"] != fee:
            raise refuse("jar_fee_bundled", f"A cookie-jar entry costs exactly the jar fee, {format_cents(fee)}, and is sold on its own.",
                         "10 DE Admin Code 101-4.31.3", "price", 422)
    if data["price_cents"] <= 0:
        raise refuse("bad_price", "A price is more than $0.00.", None, "price", 422)
    paper_set_id = data.get("paper_set_id")
    if paper_set_id is not None:
        paper = session.get(PaperSet, paper_set_id)
        if paper is None or paper.organization_id != occasion.organization_id:
            raise refuse("not_found", f"No paper set {paper_set_id} here.", None, "paper_set_id", 404)
    product = Product(occasion_id=occasion.id, kind=kind.value, name=data["name"], price_cents=data["price_cents"], game_number=number,
                      paper_set_id=paper_set_id)
    session.add(product)
    finish(session, actor, now, "product.create", product, "product", {"kind": kind.value, "name": product.name,
                                                                        "price_cents": product.price_cents})
    return product


def next_transaction_number(session: Session, org_id: int) -> int:
    """Transaction numbers run 1, 2, 3… per organization and never repeat: the organization row is
    locked while the next one is taken."""
    session.execute(select(Organization.id).where(Organization.id == org_id).with_for_update())
    return (session.scalar(select(func.max(Sale.number)).where(Sale.organization_id == org_id)) or 0) + 1


@dataclass
class SaleResult:
    sale: Sale
    tickets: list[UPickTicket] = field(default_factory=list)
    jar_cents: int = 0


def sell(session: Session, actor: Actor, now: datetime, occasion_id: int, data: dict[str, Any], rng: random.Random) -> SaleResult:
    """One transaction: every line checked, the buyer checked, the tender checked, then every item
    created and the sale numbered, with one audit entry; nothing is written if any check fails."""
    occasion: Occasion = get_occasion(session, occasion_id)
    if occasion.status == "closed":
        raise refuse("occasion_closed", "This occasion is closed.", None, "occasion_id", 409)
    catalogue = {p.id: p for p in products(session, occasion.id)}
    requests = []
    for index, line in enumerate(data["lines"]):
        product = catalogue.get(line["product_id"])
        if product is None:
            raise refuse("unknown_product", f"Product {line['product_id']} is not on sale at this occasion.", None,
                         f"lines.{index}.product_id", 404)
        request = LineRequest(product.id, ProductKind(product.kind), line["quantity"], product.price_cents, line["unit_price_cents"])
        check(line_refusal(index, request))
        requests.append(request)
    buyer = data.get("buyer_member_id")
    working = buyer is not None and is_working(session, occasion.organization_id, buyer, occasion.occasion_date)
    check(buyer_refusal(requests, data["buyer_is_adult"], working))
    total = sum(r.quantity * r.unit_cents for r in requests)
    check(tills.tender_refusal(data["tender"], total, data["tendered_cents"]))
    sale = Sale(organization_id=occasion.organization_id, number=next_transaction_number(session, occasion.organization_id), occasion_id=occasion.id,
                kind="sale", station=actor.station, cashier_name=actor.name, created_at=now, total_cents=total, tender=data["tender"],
                tendered_cents=data["tendered_cents"], change_cents=data["tendered_cents"] - total, status="completed")
    result = SaleResult(sale)
    for request, line in zip(requests, data["lines"], strict=True):
        product = catalogue[request.product_id]
        references: list[str] = []
        if request.kind is ProductKind.UPICK_FACE:
            picks = line.get("picks") or []
            for face in range(request.quantity):
                picked = picks[face] if face < len(picks) else None
                ticket = upick_service.add_ticket(session, actor, now, occasion, product.game_number or 0, picked, rng)
                result.tickets.append(ticket)
                references.append(ticket.code)
        elif request.kind is ProductKind.COOKIE_JAR:
            result.jar_cents += jar_service.add_entries(session, actor, now, occasion.id, request.quantity).cents
        elif request.kind is ProductKind.BREAK_OPEN:
            break_open_service.add_sheets(session, actor, now, occasion, product.game_number or 0, request.quantity)
        if product.paper_set_id is not None:
            serials = line.get("pack_serials") or []
            if len(serials) != request.quantity:
                raise refuse("pack_serials_required", f"Scan the serial of each of the {request.quantity} pack(s).", None,
                             "pack_serials", 422)
            session.add(sale)
            session.flush()
            packs = inventory.sell_packs(session, occasion, actor.station, product.paper_set_id, serials, sale)
            references = [str(p.serial) for p in packs]
        sale.lines.append(SaleLine(product_id=product.id, kind=product.kind, description=product.name, quantity=request.quantity,
                                   unit_cents=request.unit_cents, total_cents=request.quantity * request.unit_cents,
                                   reference=",".join(references)[:100] or None))
    session.add(sale)
    finish(session, actor, now, "sale.create", sale, "sale",
           {"number": sale.number, "total_cents": total, "tender": sale.tender, "lines": len(sale.lines),
            "tickets": [t.code for t in result.tickets]})
    return result


def receipt_for(session: Session, result: SaleResult, license_number: str | None, org_name: str, occasion_day: str,
                sold_at_local: datetime) -> Receipt:
    jars = jar_service.summary(session, result.sale.organization_id) if result.jar_cents else None
    return receipts.sale(org_name, license_number, occasion_day, result.sale, result.tickets, sold_at_local, jars)
