"""What the tills took: which transactions are completed sales (not a payout, not voided), and what each
product took in them. The one definition of both, so the occasion report, the sales report, a till's
shift summary, the end-of-session summary and the books check cannot count a sale differently. The
reports read them summed by the database (issue 21), in a fixed number of statements however many
sales the night rang up."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import ColumnElement, and_, func, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from bingo.models import Sale, SaleKind, SaleLine, SaleStatus
from bingo.rules.figures import SoldLine


def is_completed_sale(sale: Sale) -> bool:
    """Money in that stands: a sale (not a prize paid out) that was not voided."""
    return sale.kind == SaleKind.SALE and sale.status == SaleStatus.COMPLETED


def completed_sales(sales: Iterable[Sale]) -> list[Sale]:
    """The completed sales among these transactions, in their order."""
    return [sale for sale in sales if is_completed_sale(sale)]


def completed_sale_clause() -> ColumnElement[bool]:
    """is_completed_sale as a query's condition."""
    return and_(Sale.kind == SaleKind.SALE, Sale.status == SaleStatus.COMPLETED)


@dataclass(frozen=True)
class ProductTotal:
    """What one product (by the description its lines carry, and their kind) took in completed sales."""

    description: str
    kind: str
    quantity: int
    cents: int


def product_totals(
    session: Session, *, occasion_id: int | None = None, till_id: int | None = None
) -> list[ProductTotal]:
    """The completed sales' lines summed per product, of an occasion or of one till, by description."""
    if (occasion_id is None) == (till_id is None):
        raise ValueError("product_totals reads an occasion or a till")
    where = Sale.occasion_id == occasion_id if occasion_id is not None else Sale.till_id == till_id
    rows = session.execute(
        select(SaleLine.description, SaleLine.kind, func.sum(SaleLine.quantity), func.sum(SaleLine.total_cents))
        .join(Sale, SaleLine.sale_id == Sale.id)
        .where(where, completed_sale_clause())
        .group_by(SaleLine.description, SaleLine.kind)
        .order_by(SaleLine.description, SaleLine.kind)
    )
    return [ProductTotal(description, kind, int(quantity), int(cents)) for description, kind, quantity, cents in rows]


def by_description(totals: Iterable[ProductTotal]) -> dict[str, tuple[int, int]]:
    """Quantity and cents by description alone (a description sold as two kinds is one product there)."""
    found: dict[str, tuple[int, int]] = {}
    for total in totals:
        quantity, cents = found.get(total.description, (0, 0))
        found[total.description] = (quantity + total.quantity, cents + total.cents)
    return found


@dataclass(frozen=True)
class LineTotal:
    """What the completed sales' lines of one description, kind and product took."""

    description: str
    kind: str
    product_id: int | None
    quantity: int
    cents: int


def line_totals(session: Session, occasion_id: int) -> list[LineTotal]:
    """The occasion's completed sales' lines summed per description, kind and product: one read that
    gives both the receipts by product (`by_product`) and the receipts by game (`sold_lines`)."""
    rows = session.execute(
        select(
            SaleLine.description,
            SaleLine.kind,
            SaleLine.product_id,
            func.sum(SaleLine.quantity),
            func.sum(SaleLine.total_cents),
        )
        .join(Sale, SaleLine.sale_id == Sale.id)
        .where(Sale.occasion_id == occasion_id, completed_sale_clause())
        .group_by(SaleLine.description, SaleLine.kind, SaleLine.product_id)
    )
    return [LineTotal(d, k, p, int(q), int(c)) for d, k, p, q, c in rows]


def by_product(lines: Iterable[LineTotal]) -> list[ProductTotal]:
    """The line totals as product_totals gives them: per description and kind."""
    found: dict[tuple[str, str], tuple[int, int]] = {}
    for line in lines:
        quantity, cents = found.get((line.description, line.kind), (0, 0))
        found[line.description, line.kind] = (quantity + line.quantity, cents + line.cents)
    return [ProductTotal(d, k, q, c) for (d, k), (q, c) in sorted(found.items())]


def sold_lines(lines: Iterable[LineTotal], game_of: dict[int, int | None]) -> list[SoldLine]:
    """The line totals as the receipts by game read them: a product's lines count to the game it names
    (`game_of`); a line of no product of the occasion names no game."""
    return [
        SoldLine(line.kind, game_of.get(line.product_id) if line.product_id is not None else None, line.cents)
        for line in lines
    ]


def completed_by(
    session: Session, occasion_id: int, *columns: InstrumentedAttribute[str]
) -> dict[tuple[str, ...], tuple[int, int]]:
    """The occasion's completed sales counted and summed by these columns of the sale (station, cashier
    and tender, say): (how many sales, their cents) for each set of values found."""
    rows = session.execute(
        select(*columns, func.count(Sale.id), func.sum(Sale.total_cents))
        .where(Sale.occasion_id == occasion_id, completed_sale_clause())
        .group_by(*columns)
    )
    return {tuple(row[: len(columns)]): (int(row[-2]), int(row[-1])) for row in rows}
