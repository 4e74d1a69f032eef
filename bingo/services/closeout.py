"""Close-out: what must be settled before an occasion closes (10 DE Admin Code 101-4.10 and 4.31.4):
every prize paid at the cashier and every cookie-jar fee posted. The prizes still owed are one list,
read by the close-out refusal and by the cashier's "Prizes to pay", so the two never disagree."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlalchemy import or_, select
from sqlalchemy.orm import Session

from bingo.models import Claim, CookieJarLine, Game, Occasion, Payout, TicketStatus, Till, UPickTicket
from bingo.rules import figures as rules
from bingo.rules.payouts import Prize, share_key
from shared.core.money import format_cents
from shared.platform.service_kit import check


@dataclass(frozen=True)
class PrizeDue:
    """10 DE Admin Code 101-4.10: a verified share won and not yet paid at the cashier: a game's
    share of a claim (each share of a split), a claim's cookie-jar share, or a winning U Pick Em
    ticket's share. `label` is how the close-out refusal names it."""

    game_number: int
    prize: Prize
    claim_id: int | None
    ticket_code: str | None
    face_number: int | None
    cents: int
    label: str
    player: str | None = None
    shares: int = 1

    @property
    def share_key(self) -> str:
        """The payout's own name for this share (bingo/rules/payouts.py share_key): unique, so it is paid once."""
        return share_key(self.prize, self.claim_id, self.ticket_code)


def prizes_due(session: Session, occasion: Occasion) -> list[PrizeDue]:
    """10 DE Admin Code 101-4.10: every prize won at the occasion and not yet paid at the cashier, by
    game: game shares and cookie-jar shares by claim (a merchandise prize is handed over, not paid),
    U Pick Em shares by ticket."""
    paid = set(session.scalars(select(Payout.share_key).where(Payout.occasion_id == occasion.id)))
    numbers = {g.id: g.number for g in occasion.games}
    won = list(
        session.scalars(
            select(Claim)
            .join(Game, Claim.game_id == Game.id)
            .where(Game.occasion_id == occasion.id, or_(Claim.share_cents > 0, Claim.jar_share_cents > 0))
            .order_by(Game.number, Claim.id)
        )
    )
    splits = Counter(c.game_id for c in won if c.share_cents and not c.merchandise_won)
    jar_splits = Counter(c.game_id for c in won if c.jar_share_cents)
    due: list[PrizeDue] = []
    for claim in won:
        number, face, player = numbers[claim.game_id], claim.face_number, claim.player
        if claim.share_cents and not claim.merchandise_won:
            label = f"game {number}, face {face}: {format_cents(claim.share_cents)}"
            split = splits[claim.game_id]
            due.append(PrizeDue(number, Prize.GAME, claim.id, None, face, claim.share_cents, label, player, split))
        if claim.jar_share_cents:
            cents = claim.jar_share_cents
            label = f"game {number} cookie jar, face {face}: {format_cents(cents)}"
            split = jar_splits[claim.game_id]
            due.append(PrizeDue(number, Prize.COOKIE_JAR, claim.id, None, face, cents, label, player, split))
    for drawing in occasion.qualifier_drawings:
        if not drawing.merchandise:
            claim, cents = drawing.winner, drawing.value_cents
            label = f"game {drawing.game_number} drawing, face {claim.face_number}: {format_cents(cents)}"
            due.append(
                PrizeDue(
                    drawing.game_number, Prize.DRAWING, claim.id, None, claim.face_number, cents, label, claim.player, 1
                )
            )
    tickets = list(
        session.scalars(
            select(UPickTicket)
            .where(
                UPickTicket.occasion_id == occasion.id,
                or_(UPickTicket.share_cents > 0, UPickTicket.jar_share_cents > 0),
                UPickTicket.status != TicketStatus.VOID,
            )
            .order_by(UPickTicket.game_number, UPickTicket.code)
        )
    )
    ticket_splits = Counter(t.game_number for t in tickets if t.share_cents)
    ticket_jar_splits = Counter(t.game_number for t in tickets if t.jar_share_cents)
    for ticket in tickets:
        number, code = ticket.game_number, ticket.code
        if ticket.share_cents:
            cents = ticket.share_cents
            label = f"game {number}, ticket {code}: {format_cents(cents)}"
            due.append(PrizeDue(number, Prize.GAME, None, code, None, cents, label, None, ticket_splits[number]))
        if ticket.jar_share_cents:
            cents = ticket.jar_share_cents
            label = f"game {number} cookie jar, ticket {code}: {format_cents(cents)}"
            split = ticket_jar_splits[number]
            due.append(PrizeDue(number, Prize.COOKIE_JAR, None, code, None, cents, label, None, split))
    return sorted((row for row in due if row.share_key not in paid), key=lambda row: row.game_number)


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
    check(rules.close_refusal([row.label for row in prizes_due(session, occasion)], unposted, open_tills))
