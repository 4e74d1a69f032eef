"""Close-out: what must be settled before an occasion closes (10 DE Admin Code 101-4.10 and 4.31.4):
every prize paid at the cashier and every cookie-jar fee posted."""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session

from bingo.models import CookieJarLine, Occasion, Payout, Till, UPickTicket
from bingo.rules import figures as rules
from shared.core.money import format_cents
from shared.platform.service_kit import check


def unpaid_winners(session: Session, occasion: Occasion) -> list[str]:
    """Every prize won and not yet paid at the cashier: game shares and cookie-jar shares by claim,
    U Pick Em shares by ticket."""
    payouts = list(session.scalars(select(Payout).where(Payout.occasion_id == occasion.id)))
    paid = {(p.claim_id, p.ticket_code, p.prize) for p in payouts}
    missing = []
    for game in occasion.games:
        for claim in game.claims:
            if claim.share_cents and not claim.merchandise_won and (claim.id, None, "game") not in paid:
                missing.append(f"game {game.number}, face {claim.face_number}: {format_cents(claim.share_cents)}")
            if claim.jar_share_cents and (claim.id, None, "cookie_jar") not in paid:
                missing.append(
                    f"game {game.number} cookie jar, face {claim.face_number}: {format_cents(claim.jar_share_cents)}"
                )
    for ticket in session.scalars(
        select(UPickTicket).where(UPickTicket.occasion_id == occasion.id, UPickTicket.share_cents > 0)
    ):
        if (None, ticket.code, "game") not in paid:
            missing.append(f"game {ticket.game_number}, ticket {ticket.code}: {format_cents(ticket.share_cents or 0)}")
    return missing


def close_out_refusal(session: Session, occasion: Occasion) -> None:
    """10 DE Admin Code 101-4.10 and 4.31.4: refuse to close with a winner unpaid, jar fees unposted
    or a till still open."""
    unposted = 0
    if occasion.jar_posted_at is None:
        lines = session.scalars(select(CookieJarLine).where(CookieJarLine.occasion_id == occasion.id))
        unposted = sum(
            line.cents if line.kind == "fee" else -line.cents for line in lines if line.kind in ("fee", "refund")
        )
    open_tills = list(
        session.scalars(
            select(Till.station).where(Till.occasion_id == occasion.id, Till.closed_at.is_(None)).order_by(Till.station)
        )
    )
    check(rules.close_refusal(unpaid_winners(session, occasion), unposted, open_tills))
