"""Bingo tables: series and faces, programs, occasions, games, calls, claims and the records the
rules require (ball verification, verification on request, promotions, inducements). Money is
integer cents; times are UTC."""

from __future__ import annotations

from datetime import date, datetime, time
from enum import StrEnum
from typing import TYPE_CHECKING

from sqlalchemy import (
    Boolean,
    Date,
    FetchedValue,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    Time,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from bingo.rules.board_states import game_label
from bingo.rules.claims import Verdict
from bingo.rules.limits import GameKind
from bingo.rules.sales import ProductKind
from shared.platform.db import Base, EnumText, UtcDateTime

if TYPE_CHECKING:
    from poker.models import Tournament


class OccasionStatus(StrEnum):
    """An occasion is scheduled, runs from the ball check (10 DE Admin Code 101-4.25) and closes once."""

    SCHEDULED = "scheduled"
    RUNNING = "running"
    CLOSED = "closed"


class GameStatus(StrEnum):
    """A game waits on the program, is in play from its announcement (4.13) or posting (4.29.1), and closes;
    or it is withdrawn unplayed, when the cookie-jar final blackout takes the last of the 40 games (4.17,
    4.31.5)."""

    PENDING = "pending"
    IN_PLAY = "in_play"
    CLOSED = "closed"
    WITHDRAWN = "withdrawn"


class BallMode(StrEnum):
    """10 DE Admin Code 101-4.12: balls keyed from the blower, or drawn by the hall's RNG."""

    MANUAL = "manual"
    ELECTRONIC = "electronic"


class CallSource(StrEnum):
    """How a number on the board was drawn: keyed, drawn electronically, or posted with a break-open's numbers."""

    MANUAL = "manual"
    ELECTRONIC = "electronic"
    POSTED = "posted"


class GiveawayKind(StrEnum):
    """10 DE Admin Code 101-4.6: free prizes outside the program, a promotional giveaway or an inducement."""

    PROMOTION = "promotion"
    INDUCEMENT = "inducement"


class SaleKind(StrEnum):
    """A transaction on a till: money in (a sale) or a prize paid out of the drawer."""

    SALE = "sale"
    PAYOUT = "payout"


class SaleStatus(StrEnum):
    COMPLETED = "completed"
    VOIDED = "voided"


class TicketStatus(StrEnum):
    SOLD = "sold"
    VOID = "void"


class PackStatus(StrEnum):
    """A pack's one state: in stock, issued to a station, sold (on a sale line), returned or missing."""

    IN_STOCK = "in_stock"
    ISSUED = "issued"
    SOLD = "sold"
    RETURNED = "returned"
    MISSING = "missing"


class CashMove(StrEnum):
    """Cash the member in charge moves: into a drawer from the prize bank, or from it to the safe."""

    PAID_IN = "paid_in"
    DROP = "drop"


class BingoSeries(Base):
    """A manufacturer's series (perm) or a generated one; its faces are looked up by face number."""

    __tablename__ = "bingo_series"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))
    face_count: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(Integer)


class BingoFace(Base):
    __tablename__ = "bingo_faces"
    __table_args__ = (UniqueConstraint("series_id", "face_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("bingo_series.id"))
    face_number: Mapped[int] = mapped_column(Integer)
    numbers: Mapped[str] = mapped_column(String(100))


class Program(Base):
    __tablename__ = "bingo_programs"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    name: Mapped[str] = mapped_column(String(200))

    games: Mapped[list[ProgramEntry]] = relationship(order_by="ProgramEntry.number", cascade="all, delete-orphan")


class GameTerms:
    """The terms a program entry sets and a played game keeps a copy of: kind, pattern, ball mode and
    prize (with 4.15 alternate, 4.18 tiers, U Pick Em and break-open settings)."""

    kind: Mapped[GameKind] = mapped_column(EnumText(GameKind, 32))
    pattern_spec: Mapped[str] = mapped_column(Text)
    ball_mode: Mapped[BallMode] = mapped_column(EnumText(BallMode))
    prize_cents: Mapped[int] = mapped_column(Integer)
    merchandise: Mapped[str | None] = mapped_column(String(200))
    alternate_within_calls: Mapped[int | None] = mapped_column(Integer)
    alternate_cents: Mapped[int | None] = mapped_column(Integer)
    pick_count: Mapped[int | None] = mapped_column(Integer)
    face_price_cents: Mapped[int | None] = mapped_column(Integer)
    break_open_numbers: Mapped[int | None] = mapped_column(Integer)


class ProgramEntry(GameTerms, Base):
    """One game on a program, with its pattern spec and prize terms."""

    __tablename__ = "bingo_program_games"
    __table_args__ = (UniqueConstraint("program_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    program_id: Mapped[int] = mapped_column(ForeignKey("bingo_programs.id"))
    number: Mapped[int] = mapped_column(Integer)

    tiers: Mapped[list[ProgramEntryTier]] = relationship(
        order_by="ProgramEntryTier.position", cascade="all, delete-orphan"
    )


class TierTerms:
    """10 DE Admin Code 101-4.18: one step of a prize that varies with attendance (at least `min_players`
    present, the prize is `prize_cents`), in ascending order by `position`; a program entry's tiers and a
    played game's copy of them have these columns."""

    id: Mapped[int] = mapped_column(primary_key=True)
    position: Mapped[int] = mapped_column(Integer)
    min_players: Mapped[int] = mapped_column(Integer)
    prize_cents: Mapped[int] = mapped_column(Integer)


class ProgramEntryTier(TierTerms, Base):
    """A program game's 4.18 attendance tier."""

    __tablename__ = "bingo_program_entry_tiers"
    __table_args__ = (UniqueConstraint("entry_id", "position"),)

    entry_id: Mapped[int] = mapped_column(ForeignKey("bingo_program_games.id"), index=True)


class Occasion(Base):
    """A bingo occasion (10 DE Admin Code 101-4.1): one session of play on a day at premises, under a
    member in charge. `training` marks a practice night (Flashboard house rule, training mode): set when
    it is scheduled and fixed for good (a database trigger refuses a change either way), it lifts the
    time-of-day rules for that occasion alone, says TRAINING on every screen and paper, and is left out
    of what is filed with the Board."""

    __tablename__ = "bingo_occasions"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    premises_id: Mapped[int] = mapped_column(ForeignKey("premises.id"), index=True)
    program_id: Mapped[int] = mapped_column(ForeignKey("bingo_programs.id"))
    series_id: Mapped[int] = mapped_column(ForeignKey("bingo_series.id"))
    occasion_date: Mapped[date] = mapped_column(Date, index=True)
    start_time: Mapped[time] = mapped_column(Time)
    member_in_charge_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    status: Mapped[OccasionStatus] = mapped_column(EnumText(OccasionStatus))
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    cookie_jar_number: Mapped[int | None] = mapped_column(Integer)
    cookie_jar_drawn_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    last_call_only: Mapped[bool] = mapped_column(Boolean, default=True)
    split_whole_dollars: Mapped[bool] = mapped_column(Boolean, default=False)
    split_per_player: Mapped[bool] = mapped_column(Boolean, default=False)
    jar_posted_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    jar_must_go: Mapped[bool] = mapped_column(Boolean, default=False)
    display_token: Mapped[str | None] = mapped_column(String(40), unique=True)
    net_profit_uses: Mapped[str | None] = mapped_column(Text)
    statement_sworn_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    # who swore the statement as it prints: "name, title" (28 Del. C. §1521; no login)
    statement_sworn_by: Mapped[str | None] = mapped_column(String(200))
    training: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())

    games: Mapped[list[Game]] = relationship(
        order_by="Game.number", cascade="all, delete-orphan", back_populates="occasion"
    )
    qualifier_drawings: Mapped[list[QualifierDrawing]] = relationship(
        order_by="QualifierDrawing.game_number", viewonly=True
    )
    jar_settings: Mapped[CookieJarSettings | None] = relationship(
        primaryjoin="foreign(Occasion.organization_id) == remote(CookieJarSettings.organization_id)",
        viewonly=True,
    )


class BallCheck(Base):
    """10 DE Admin Code 101-4.25: the balls verified present, by whom; this starts the occasion."""

    __tablename__ = "bingo_ball_checks"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), unique=True)
    verified_at: Mapped[datetime] = mapped_column(UtcDateTime())
    checked_by: Mapped[str] = mapped_column(String(500))
    recorded_by_user_id: Mapped[int | None] = mapped_column(Integer)


class Game(GameTerms, Base):
    """A game as played at an occasion: a copy of its program entry, so later program edits never
    change what was announced."""

    __tablename__ = "bingo_games"
    __table_args__ = (UniqueConstraint("occasion_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    pattern_name: Mapped[str] = mapped_column(String(200))
    status: Mapped[GameStatus] = mapped_column(EnumText(GameStatus))
    attendance: Mapped[int | None] = mapped_column(Integer)
    announced_prize_cents: Mapped[int | None] = mapped_column(Integer)
    announcement: Mapped[str | None] = mapped_column(Text)
    started_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    closing_announcement: Mapped[str | None] = mapped_column(Text)
    jar_award_cents: Mapped[int | None] = mapped_column(Integer)
    jar_announcement: Mapped[str | None] = mapped_column(Text)
    held_at: Mapped[datetime | None] = mapped_column(UtcDateTime())

    occasion: Mapped[Occasion] = relationship(back_populates="games")
    calls: Mapped[list[Call]] = relationship(order_by="Call.seq", cascade="all, delete-orphan")
    claims: Mapped[list[Claim]] = relationship(order_by="Claim.id", cascade="all, delete-orphan")
    tiers: Mapped[list[GameTier]] = relationship(order_by="GameTier.position", cascade="all, delete-orphan")

    @property
    def label(self) -> str:
        """10 DE Admin Code 101-4.13 and 4.30.1: what every screen and paper names the game
        (bingo.rules.board_states.game_label): a U Pick Em game by its picks, not a card's pattern."""
        return game_label(self.kind, self.pattern_name, self.pick_count)


class GameTier(TierTerms, Base):
    """A played game's copy of one 4.18 attendance tier of its program entry."""

    __tablename__ = "bingo_game_tiers"
    __table_args__ = (UniqueConstraint("game_id", "position"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("bingo_games.id"), index=True)


class Call(Base):
    __tablename__ = "bingo_calls"
    __table_args__ = (UniqueConstraint("game_id", "seq"), UniqueConstraint("game_id", "ball"))

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("bingo_games.id"))
    seq: Mapped[int] = mapped_column(Integer)
    ball: Mapped[int] = mapped_column(Integer)
    source: Mapped[CallSource] = mapped_column(EnumText(CallSource))
    called_at: Mapped[datetime] = mapped_column(UtcDateTime())
    caller_user_id: Mapped[int | None] = mapped_column(Integer)
    caller_name: Mapped[str] = mapped_column(String(200))


class CallCorrection(Base):
    __tablename__ = "bingo_call_corrections"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("bingo_games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    old_ball: Mapped[int] = mapped_column(Integer)
    new_ball: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(500))
    corrected_at: Mapped[datetime] = mapped_column(UtcDateTime())
    corrected_by: Mapped[str] = mapped_column(String(200))


class Claim(Base):
    """A face checked by a verifier on a given call, with the verdict and, at game close, its share."""

    __tablename__ = "bingo_claims"
    __table_args__ = (
        Index("ix_bingo_claims_game_face_call", "game_id", "face_number", "on_call"),
        Index("ix_bingo_claims_game_newest", "game_id", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("bingo_games.id"))
    face_number: Mapped[int] = mapped_column(Integer)
    player: Mapped[str | None] = mapped_column(String(100))
    on_call: Mapped[int] = mapped_column(Integer)
    verdict: Mapped[Verdict] = mapped_column(EnumText(Verdict))
    covered_mask: Mapped[int] = mapped_column(Integer)
    alternative_mask: Mapped[int | None] = mapped_column(Integer)
    completed_on_call: Mapped[int | None] = mapped_column(Integer)
    completed_by_ball: Mapped[int | None] = mapped_column(Integer)
    verified_at: Mapped[datetime] = mapped_column(UtcDateTime())
    verifier_name: Mapped[str] = mapped_column(String(200))
    share_cents: Mapped[int | None] = mapped_column(Integer)
    jar_share_cents: Mapped[int | None] = mapped_column(Integer)
    merchandise_won: Mapped[bool] = mapped_column(Boolean, default=False)
    qualified_for_later: Mapped[bool] = mapped_column(Boolean, default=False)

    game: Mapped[Game] = relationship(viewonly=True)

    @property
    def organization_id(self) -> int:
        """Flashboard tenancy: a claim belongs to its occasion's organization."""
        return self.game.occasion.organization_id


class VerificationRequest(Base):
    """10 DE Admin Code 101-4.16: a player's request to verify the numbers drawn and the balls left,
    witnessed by the member in charge, or an officer when the member in charge is calling."""

    __tablename__ = "bingo_verification_requests"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("bingo_games.id"), index=True)
    requested_at: Mapped[datetime] = mapped_column(UtcDateTime())
    drawn: Mapped[str] = mapped_column(Text)
    remaining: Mapped[str] = mapped_column(Text)
    witness_member_id: Mapped[int] = mapped_column(ForeignKey("members.id"))
    witness_role: Mapped[str] = mapped_column(String(32))


class Giveaway(Base):
    """10 DE Admin Code 101-4.6: a promotional giveaway or an inducement recorded at an occasion."""

    __tablename__ = "bingo_giveaways"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    kind: Mapped[GiveawayKind] = mapped_column(EnumText(GiveawayKind))
    promotion_occasion: Mapped[str | None] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(String(300))
    value_cents: Mapped[int] = mapped_column(Integer)


class Expense(Base):
    """10 DE Admin Code 101-4.24 and 28 Del. C. §1521: a bona fide, reasonable expense of the
    occasion, with the payee's name and address; it may name the game it was for."""

    __tablename__ = "bingo_expenses"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    game_number: Mapped[int | None] = mapped_column(Integer)
    payee_name: Mapped[str] = mapped_column(String(200))
    payee_address: Mapped[str] = mapped_column(String(300))
    description: Mapped[str] = mapped_column(String(300))
    amount_cents: Mapped[int] = mapped_column(Integer)
    recorded_at: Mapped[datetime] = mapped_column(UtcDateTime())
    recorded_by: Mapped[str] = mapped_column(String(200))


class CookieJarSettings(Base):
    """10 DE Admin Code 101-4.31.1: the organization's jar maximum (up to $1,000) and entry fee."""

    __tablename__ = "cookie_jar_settings"

    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), primary_key=True)
    maximum_cents: Mapped[int] = mapped_column(Integer)
    fee_cents: Mapped[int] = mapped_column(Integer)


class CookieJarLine(Base):
    """One append-only, double-entry ledger line with the running balances after it."""

    __tablename__ = "cookie_jar_lines"
    __table_args__ = (UniqueConstraint("organization_id", "seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    occasion_id: Mapped[int | None] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    game_number: Mapped[int | None] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    kind: Mapped[str] = mapped_column(String(32))
    source: Mapped[str] = mapped_column(String(16))
    target: Mapped[str] = mapped_column(String(16))
    cents: Mapped[int] = mapped_column(Integer)
    pending_after: Mapped[int] = mapped_column(Integer)
    jar1_after: Mapped[int] = mapped_column(Integer)
    jar2_after: Mapped[int] = mapped_column(Integer)
    held_after: Mapped[int] = mapped_column(Integer)
    awarded_after: Mapped[int] = mapped_column(Integer)
    collected_after: Mapped[int] = mapped_column(Integer)
    actor_name: Mapped[str] = mapped_column(String(200))
    note: Mapped[str] = mapped_column(String(300), default="")
    sale_id: Mapped[int | None] = mapped_column(ForeignKey("sales.id"), index=True)


class UPickTicket(Base):
    """10 DE Admin Code 101-4.30.1.3: a U Pick Em face as sold: its id (the barcode), the numbers, the
    price, who sold it and when; voided only before its game starts."""

    __tablename__ = "upick_tickets"
    # Issue 21: the winners of a call are read by the call that completed them, not found among every ticket;
    # the same index serves every look-up by occasion (migration 0034).
    __table_args__ = (Index("ix_upick_tickets_game_completed", "occasion_id", "game_number", "completed_on_call"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(20), unique=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"))
    game_number: Mapped[int] = mapped_column(Integer)
    numbers: Mapped[str] = mapped_column(String(100))
    quick_pick: Mapped[bool] = mapped_column(Boolean, default=False)
    price_cents: Mapped[int] = mapped_column(Integer)
    sold_at: Mapped[datetime] = mapped_column(UtcDateTime())
    cashier_name: Mapped[str] = mapped_column(String(200))
    status: Mapped[TicketStatus] = mapped_column(EnumText(TicketStatus))
    void_reason: Mapped[str | None] = mapped_column(String(500))
    voided_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    voided_by: Mapped[str | None] = mapped_column(String(200))
    completed_on_call: Mapped[int | None] = mapped_column(Integer)
    share_cents: Mapped[int | None] = mapped_column(Integer)
    jar_share_cents: Mapped[int | None] = mapped_column(Integer)
    sale_line_id: Mapped[int | None] = mapped_column(ForeignKey("sale_lines.id"), index=True)


class BreakOpenSale(Base):
    """10 DE Admin Code 101-4.29.2: sealed break-open sheets sold for a game, until calling resumes."""

    __tablename__ = "break_open_sales"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    game_number: Mapped[int] = mapped_column(Integer)
    quantity: Mapped[int] = mapped_column(Integer)
    sold_at: Mapped[datetime] = mapped_column(UtcDateTime())
    cashier_name: Mapped[str] = mapped_column(String(200))
    sale_line_id: Mapped[int | None] = mapped_column(ForeignKey("sale_lines.id"), index=True)


class Product(Base):
    """Something the cashier sells at an occasion, at the organization's price. A cookie-jar entry
    has no price of its own: it costs the jar's entry fee (101-4.31.3), stored once, in the settings."""

    __tablename__ = "products"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    kind: Mapped[ProductKind] = mapped_column(EnumText(ProductKind))
    name: Mapped[str] = mapped_column(String(200))
    price_cents: Mapped[int | None] = mapped_column(Integer)
    game_number: Mapped[int | None] = mapped_column(Integer)
    paper_set_id: Mapped[int | None] = mapped_column(ForeignKey("paper_sets.id"))


class Sale(Base):
    """A cashier transaction: sequential, never repeated within the organization, on the till open at
    its station (a sale, or a prize paid out of the drawer), at a bingo occasion or a poker
    tournament's desk."""

    __tablename__ = "sales"
    __table_args__ = (UniqueConstraint("organization_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    # taken by the INSERT itself (cash.next_number) and read back with it: FetchedValue tells the ORM so
    number: Mapped[int] = mapped_column(Integer, server_default=FetchedValue())
    occasion_id: Mapped[int | None] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    kind: Mapped[SaleKind] = mapped_column(EnumText(SaleKind))
    till_id: Mapped[int | None] = mapped_column(ForeignKey("tills.id"), index=True)
    station: Mapped[str] = mapped_column(String(100))
    cashier_name: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    total_cents: Mapped[int] = mapped_column(Integer)
    tender: Mapped[str] = mapped_column(String(32))
    tendered_cents: Mapped[int] = mapped_column(Integer)
    change_cents: Mapped[int] = mapped_column(Integer)
    status: Mapped[SaleStatus] = mapped_column(EnumText(SaleStatus))
    void_reason: Mapped[str | None] = mapped_column(String(500))
    voided_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    approved_by: Mapped[str | None] = mapped_column(String(200))

    lines: Mapped[list[SaleLine]] = relationship(order_by="SaleLine.id", cascade="all, delete-orphan")


class SaleLine(Base):
    __tablename__ = "sale_lines"

    id: Mapped[int] = mapped_column(primary_key=True)
    sale_id: Mapped[int] = mapped_column(ForeignKey("sales.id"), index=True)
    product_id: Mapped[int | None] = mapped_column(ForeignKey("products.id"))
    kind: Mapped[str] = mapped_column(String(16))
    description: Mapped[str] = mapped_column(String(200))
    quantity: Mapped[int] = mapped_column(Integer)
    unit_cents: Mapped[int] = mapped_column(Integer)
    total_cents: Mapped[int] = mapped_column(Integer)

    tickets: Mapped[list[UPickTicket]] = relationship(order_by="UPickTicket.id")
    packs: Mapped[list[Pack]] = relationship(order_by="Pack.serial")


class QualifierDrawing(Base):
    """10 DE Admin Code 101-4.11: the later drawing among a merchandise game's other qualifiers: the prize
    offered and its value (counted toward the occasion's $3,000), the winner drawn, who held it and when.
    One per game."""

    __tablename__ = "bingo_qualifier_drawings"
    __table_args__ = (UniqueConstraint("occasion_id", "game_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    game_number: Mapped[int] = mapped_column(Integer)
    prize: Mapped[str] = mapped_column(String(200))
    merchandise: Mapped[bool] = mapped_column(Boolean)
    value_cents: Mapped[int] = mapped_column(Integer)
    entrants: Mapped[int] = mapped_column(Integer)
    winner_claim_id: Mapped[int] = mapped_column(ForeignKey("bingo_claims.id"))
    drawn_at: Mapped[datetime] = mapped_column(UtcDateTime())
    drawn_by: Mapped[str] = mapped_column(String(200))

    occasion: Mapped[Occasion] = relationship(viewonly=True)
    winner: Mapped[Claim] = relationship(viewonly=True)

    @property
    def organization_id(self) -> int:
        """Flashboard tenancy: a drawing belongs to its occasion's organization."""
        return self.occasion.organization_id


class Payout(Base):
    """A prize paid in cash: the winner, the amount, who verified, and whether a W-2G is needed. Its
    share key ("claim 12, game prize") is unique, so the database itself pays each share once."""

    __tablename__ = "payouts"

    id: Mapped[int] = mapped_column(primary_key=True)
    sale_id: Mapped[int] = mapped_column(ForeignKey("sales.id"), unique=True)
    share_key: Mapped[str] = mapped_column(String(80), unique=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    game_number: Mapped[int] = mapped_column(Integer)
    prize: Mapped[str] = mapped_column(String(16))
    claim_id: Mapped[int | None] = mapped_column(ForeignKey("bingo_claims.id"))
    ticket_code: Mapped[str | None] = mapped_column(String(20))
    winner: Mapped[str] = mapped_column(String(100))
    amount_cents: Mapped[int] = mapped_column(Integer)
    verifier_name: Mapped[str] = mapped_column(String(200))
    w2g_required: Mapped[bool] = mapped_column(Boolean)
    # IRS Form W-2G: who was paid, when one is due
    w2g_name: Mapped[str | None] = mapped_column(String(100))
    w2g_address: Mapped[str | None] = mapped_column(String(300))
    w2g_id_shown: Mapped[str | None] = mapped_column(String(60))


class Till(Base):
    """A cashier's drawer for a shift, at a bingo occasion or a poker tournament's desk: opening bank,
    the cash sales and prizes on it, paid-ins from the prize bank and drops to the safe, the count by
    denomination at close and the over/short."""

    __tablename__ = "tills"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int | None] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    station: Mapped[str] = mapped_column(String(100))
    cashier_name: Mapped[str] = mapped_column(String(200))
    cashier_user_id: Mapped[int | None] = mapped_column(Integer)
    opened_at: Mapped[datetime] = mapped_column(UtcDateTime())
    opening_bank_cents: Mapped[int] = mapped_column(Integer)
    closed_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    counts: Mapped[str | None] = mapped_column(Text)
    counted_cents: Mapped[int | None] = mapped_column(Integer)
    expected_cents: Mapped[int | None] = mapped_column(Integer)
    over_short_cents: Mapped[int | None] = mapped_column(Integer)
    explanation: Mapped[str | None] = mapped_column(Text)

    movements: Mapped[list[TillMovement]] = relationship(order_by="TillMovement.id")
    occasion: Mapped[Occasion | None] = relationship(viewonly=True)
    tournament: Mapped[Tournament | None] = relationship(viewonly=True)

    @property
    def organization_id(self) -> int:
        """Flashboard tenancy: a till belongs to its occasion's or tournament's organization."""
        owner = self.occasion if self.occasion is not None else self.tournament
        assert owner is not None
        return owner.organization_id


class TillMovement(Base):
    """Cash moved into a drawer from the prize bank (a paid-in) or out of it to the safe (a drop),
    by the member in charge, with a note."""

    __tablename__ = "till_movements"

    id: Mapped[int] = mapped_column(primary_key=True)
    till_id: Mapped[int] = mapped_column(ForeignKey("tills.id"), index=True)
    kind: Mapped[CashMove] = mapped_column(EnumText(CashMove))
    cents: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    by_name: Mapped[str] = mapped_column(String(200))
    note: Mapped[str] = mapped_column(String(300), default="")


class OccasionAdjustment(Base):
    """28 Del. C. §1521: a correction to a closed occasion's books (an expense found later), made by
    the member in charge with a reason. It un-swears the statement, which says so until sworn again."""

    __tablename__ = "occasion_adjustments"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    by_name: Mapped[str] = mapped_column(String(200))
    kind: Mapped[str] = mapped_column(String(32))
    reason: Mapped[str] = mapped_column(String(500))
    cents: Mapped[int] = mapped_column(Integer)
    unswore_at: Mapped[datetime | None] = mapped_column(UtcDateTime())


class PaperSet(Base):
    """A received set of paper: series, colour, faces per sheet ("on"), sheets per pack ("up"),
    serial and face ranges."""

    __tablename__ = "paper_sets"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    series_id: Mapped[int] = mapped_column(ForeignKey("bingo_series.id"))
    colour: Mapped[str] = mapped_column(String(50))
    faces_per_sheet: Mapped[int] = mapped_column(Integer)
    sheets_per_pack: Mapped[int] = mapped_column(Integer)
    serial_from: Mapped[int] = mapped_column(Integer)
    serial_to: Mapped[int] = mapped_column(Integer)
    first_face: Mapped[int] = mapped_column(Integer)
    received_at: Mapped[datetime] = mapped_column(UtcDateTime())
    received_by: Mapped[str] = mapped_column(String(200))


class Pack(Base):
    """One pack: in stock, issued to a station for an occasion, sold (on a sale line), returned or
    missing. Received = issued + on hand; issued = sold + returned + missing."""

    __tablename__ = "packs"
    __table_args__ = (UniqueConstraint("set_id", "serial"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    set_id: Mapped[int] = mapped_column(ForeignKey("paper_sets.id"), index=True)
    serial: Mapped[int] = mapped_column(Integer)
    first_face: Mapped[int] = mapped_column(Integer)
    last_face: Mapped[int] = mapped_column(Integer)
    status: Mapped[PackStatus] = mapped_column(EnumText(PackStatus))
    occasion_id: Mapped[int | None] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    station: Mapped[str | None] = mapped_column(String(100))
    sale_line_id: Mapped[int | None] = mapped_column(ForeignKey("sale_lines.id"), index=True)
    note: Mapped[str | None] = mapped_column(String(300))


class BoardEvent(Base):
    """One change to what the hall's TVs show, with the whole board as it now stands. TVs follow these
    by id (Server-Sent Events), so a reconnecting TV replays what it missed, and any server process
    can serve any TV: the database, not process memory, carries them."""

    __tablename__ = "board_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    occasion_id: Mapped[int] = mapped_column(ForeignKey("bingo_occasions.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    reason: Mapped[str] = mapped_column(String(32))
    board: Mapped[str] = mapped_column(Text)
