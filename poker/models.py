"""Poker tables: a tournament with its setup (as checked against its jurisdiction), its entries
(one row a player, with what they have spent, their seat and their finish) and every buy taken at
the cashier. Money is integer cents; times are UTC."""

from __future__ import annotations

from datetime import date, datetime
from enum import StrEnum

from sqlalchemy import (
    Boolean,
    Date,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column, relationship

from poker.rules.registration import Buy as BuyKind
from shared.platform.db import Base, EnumText, UtcDateTime


class TournamentStatus(StrEnum):
    """A tournament registers players, runs from its first level, and finishes when one player holds every chip."""

    REGISTERING = "registering"
    RUNNING = "running"
    FINISHED = "finished"


class TournamentPermit(Base):
    """MCA 23-5-317(1)(a)-(b), (2)(a)-(b): an organization's annual Montana tournament permit, large- or
    small-stakes (`jurisdiction` is the tournament kind it allows), for one calendar year, with its
    number and the whole fee paid. Its tournaments point at it; their notices to the department are
    their setups' `announced_on`."""

    __tablename__ = "poker_tournament_permits"
    __table_args__ = (UniqueConstraint("organization_id", "jurisdiction", "year"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    jurisdiction: Mapped[str] = mapped_column(String(16))
    year: Mapped[int] = mapped_column(Integer)
    number: Mapped[str] = mapped_column(String(50))
    fee_cents: Mapped[int] = mapped_column(Integer)


class Tournament(Base):
    """A poker tournament under one jurisdiction's rules. `training` marks a practice tournament
    (Flashboard house rule, training mode, as for a bingo occasion): set when it is created, fixed for
    good by a database trigger, TRAINING on its screens and papers, and counted in no calendar limit."""

    __tablename__ = "poker_tournaments"

    id: Mapped[int] = mapped_column(primary_key=True)
    organization_id: Mapped[int] = mapped_column(ForeignKey("organizations.id"), index=True)
    license_id: Mapped[int | None] = mapped_column(ForeignKey("poker_occasion_licenses.id"))
    permit_id: Mapped[int | None] = mapped_column(ForeignKey("poker_tournament_permits.id"))
    jurisdiction: Mapped[str] = mapped_column(String(16))
    name: Mapped[str] = mapped_column(String(200))
    starts_on: Mapped[date] = mapped_column(Date)
    setup: Mapped[str] = mapped_column(Text)
    status: Mapped[TournamentStatus] = mapped_column(EnumText(TournamentStatus))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    display_token: Mapped[str | None] = mapped_column(String(40), unique=True)
    training: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    clock_started_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    clock_pauses: Mapped[str] = mapped_column(Text, default="[]")
    prize_table: Mapped[int | None] = mapped_column(Integer)
    """The posted prize table (numbered from 1) picked at the draw for the field then entered (28 Del. C.
    ch. 18, printed rules ¶(5)); None before the draw, and for a tournament drawn before tables were
    picked, which pays its one table."""

    entries: Mapped[list[Entry]] = relationship(
        order_by="Entry.number", cascade="all, delete-orphan", back_populates="tournament"
    )
    table_rows: Mapped[list[PokerTable]] = relationship(order_by="PokerTable.number", cascade="all, delete-orphan")


class PokerTable(Base):
    """One table of a tournament: its seats while it is in play and the seat its button is on. A
    table broken keeps its row without seats, so the button it last had is still shown; the final
    table's redraw leaves table 1 alone."""

    __tablename__ = "poker_tables"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seats: Mapped[int | None] = mapped_column(Integer)
    button_seat: Mapped[int | None] = mapped_column(Integer)


class Entry(Base):
    __tablename__ = "poker_entries"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    player_name: Mapped[str] = mapped_column(String(200))
    spent_cents: Mapped[int] = mapped_column(Integer, default=0)
    rebuys: Mapped[int] = mapped_column(Integer, default=0)
    reentries: Mapped[int] = mapped_column(Integer, default=0)
    eliminated: Mapped[bool] = mapped_column(Boolean, default=False)
    place: Mapped[int | None] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    prize_cents: Mapped[int | None] = mapped_column(Integer)
    bust_hand: Mapped[int | None] = mapped_column(Integer)
    bust_table: Mapped[int | None] = mapped_column(Integer)
    bust_stack: Mapped[int | None] = mapped_column(Integer)
    age_confirmed_by: Mapped[str | None] = mapped_column(String(200))

    tournament: Mapped[Tournament] = relationship(back_populates="entries")
    buys: Mapped[list[Buy]] = relationship(order_by="Buy.id", cascade="all, delete-orphan")
    payment: Mapped[PrizePayment | None] = relationship(lazy="selectin")


class Buy(Base):
    """One purchase at the desk: the entry, a re-buy or a re-entry, paid in full (no credit), as a
    line of a sale on the desk's till."""

    __tablename__ = "poker_buys"

    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("poker_entries.id"), index=True)
    kind: Mapped[BuyKind] = mapped_column(EnumText(BuyKind))
    cents: Mapped[int] = mapped_column(Integer)
    tender: Mapped[str] = mapped_column(String(32))
    tendered_cents: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    cashier_name: Mapped[str] = mapped_column(String(200))
    sale_line_id: Mapped[int | None] = mapped_column(ForeignKey("sale_lines.id"), index=True)


class PrizePayment(Base):
    """A finishing player's prize paid at the cashier: one row an entry, unique, so the database pays
    each prize once even when two stations press Pay at the same instant; every screen shows it as paid,
    with when and by whom (the cashier's name as the screens show it). Where a W-2G is due (IRS Form
    W-2G), the winner's name, address and the ID the desk saw, as the slip prints them."""

    __tablename__ = "poker_prize_payments"

    id: Mapped[int] = mapped_column(primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("poker_entries.id"), unique=True)
    cents: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    station: Mapped[str] = mapped_column(String(100))
    cashier_name: Mapped[str] = mapped_column(String(200))
    w2g_required: Mapped[bool] = mapped_column(Boolean)
    w2g_name: Mapped[str | None] = mapped_column(String(100))
    w2g_address: Mapped[str | None] = mapped_column(String(300))
    w2g_id_shown: Mapped[str | None] = mapped_column(String(60))
    sale_id: Mapped[int | None] = mapped_column(ForeignKey("sales.id"), unique=True)


class SeatMove(Base):
    """Every seat given or changed: the draw, a balancing move, a broken table, the final-table redraw,
    a bust undone. The moves one act made (a hand's busts, a director's move) share a batch number, so
    the clock TV shows every move of the last balance or break together."""

    __tablename__ = "poker_seat_moves"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    entry_number: Mapped[int] = mapped_column(Integer)
    from_table: Mapped[int | None] = mapped_column(Integer)
    from_seat: Mapped[int | None] = mapped_column(Integer)
    to_table: Mapped[int] = mapped_column(Integer)
    to_seat: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(100))
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    batch: Mapped[int | None] = mapped_column(Integer)


class Elimination(Base):
    """28 Del. C. §1804 B(3): the players out on one hand as the director recorded them, with the seat
    each had and the tables and buttons as they stood before, so the last one can be undone (§1827(2))
    and every seat restored; an undone elimination keeps its row, marked with who undid it and when."""

    __tablename__ = "poker_eliminations"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    hand: Mapped[int] = mapped_column(Integer)
    batch: Mapped[int] = mapped_column(Integer)
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    recorded_by: Mapped[str] = mapped_column(String(200))
    undone_at: Mapped[datetime | None] = mapped_column(UtcDateTime())
    undone_by: Mapped[str | None] = mapped_column(String(200))
    undo_batch: Mapped[int | None] = mapped_column(Integer)

    busts: Mapped[list[EliminationBust]] = relationship(order_by="EliminationBust.id", cascade="all, delete-orphan")
    tables_before: Mapped[list[EliminationTable]] = relationship(
        order_by="EliminationTable.number", cascade="all, delete-orphan"
    )


class EliminationBust(Base):
    """One player out on the hand: the seat they had and their chips at the start of the hand."""

    __tablename__ = "poker_elimination_busts"

    id: Mapped[int] = mapped_column(primary_key=True)
    elimination_id: Mapped[int] = mapped_column(ForeignKey("poker_eliminations.id"), index=True)
    entry_number: Mapped[int] = mapped_column(Integer)
    table_number: Mapped[int | None] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer)
    starting_stack: Mapped[int] = mapped_column(Integer)


class EliminationTable(Base):
    """A table as it stood before the elimination (its seats while in play, its button), as
    PokerTable holds it."""

    __tablename__ = "poker_elimination_tables"
    __table_args__ = (UniqueConstraint("elimination_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    elimination_id: Mapped[int] = mapped_column(ForeignKey("poker_eliminations.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seats: Mapped[int | None] = mapped_column(Integer)
    button_seat: Mapped[int | None] = mapped_column(Integer)


class DeckLogEntry(Base):
    """28 Del. C. §1804 B(6), B(8): a new set of two decks (with their backs), a count, or a change."""

    __tablename__ = "poker_deck_log"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    table_number: Mapped[int] = mapped_column(Integer)
    event: Mapped[str] = mapped_column(String(16))
    backs: Mapped[str] = mapped_column(String(200), default="")
    complete: Mapped[bool] = mapped_column(Boolean, default=True)
    at: Mapped[datetime] = mapped_column(UtcDateTime())
    recorded_by: Mapped[str] = mapped_column(String(200))


class StaffAssignment(Base):
    """28 Del. C. §1827(1), ch. 18 licensing ¶(1); MCA 23-5-317(5): the tournament director and the
    dealers (each at a table), every one holding a personal licence in force on the tournament day."""

    __tablename__ = "poker_staff"
    __table_args__ = (UniqueConstraint("tournament_id", "role", "person_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    role: Mapped[str] = mapped_column(String(32))
    table_number: Mapped[int | None] = mapped_column(Integer)
    person_name: Mapped[str] = mapped_column(String(200))
    personal_license_id: Mapped[int | None] = mapped_column(ForeignKey("personal_licenses.id"))
    member_id: Mapped[int | None] = mapped_column(ForeignKey("members.id"))
    assigned_at: Mapped[datetime] = mapped_column(UtcDateTime())
    assigned_by: Mapped[str] = mapped_column(String(200))


class ClockEvent(Base):
    """One change to what the clock TV and the director's screen show (the clock, a bust, a seat move,
    a buy), with the whole picture as it now stands; screens follow these by id over Server-Sent
    Events, so a reconnecting TV replays what it missed and any server process can serve it."""

    __tablename__ = "poker_clock_events"

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("poker_tournaments.id"), index=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    reason: Mapped[str] = mapped_column(String(32))
    state: Mapped[str] = mapped_column(Text)
