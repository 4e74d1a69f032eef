"""A tournament from setup to registration: the setup checked against its jurisdiction's profile
(and, in Delaware, its occasion licence: one sponsoring organization, $250 an occasion), the printed
rules generated from it, and buy-ins, re-buys and re-entries taken within the caps."""

from __future__ import annotations

import json
import random
from collections.abc import Collection
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, tzinfo
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from bingo.models import Sale, Till
from bingo.services import cash
from poker.models import Buy as BuyRow
from poker.models import DeckLogEntry, Entry, PrizePayment, SeatMove, Tournament, TournamentStatus
from poker.rules import conduct, prize_tables, seating
from poker.rules.decks import DeckEntry, DeckEvent, Due, new_set_refusal, reminders
from poker.rules.payouts import PaidPrize, second_payment_refusal
from poker.rules.printed_rules import Section, printed_rules
from poker.rules.profiles import PROFILES, Jurisdiction, Profile
from poker.rules.registration import Buy, PlayerState, age_refusal, buy_refusal, price
from poker.rules.seating import Move, tables_needed
from poker.rules.setup import (
    Booked,
    Level,
    Prize,
    PrizeTable,
    RebuyPolicy,
    Setup,
    calendar_refusal,
    from_json,
    posted_tables,
    to_json,
)
from poker.schemas import BuyRequest, DeckRequest, PrizeRequest, SeatMoveRequest, TournamentRequest
from poker.services import live, staff, tournament_permits
from poker.services.tables import apply_moves, next_batch, seating_of, set_tables, tables_of
from poker.services.tournament_locks import lock
from shared.core import tills
from shared.core.money import format_cents
from shared.core.tills import Tender
from shared.core.violations import refuse
from shared.hall.models import PersonalLicense, PokerOccasionLicense
from shared.hall.services.organizations import get_organization
from shared.hall.services.staff import person_name
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse
from shared.reports.document import Document, Table, training_paper


def profile_of(tournament: Tournament) -> Profile:
    return PROFILES[Jurisdiction(tournament.jurisdiction)]


def setup_of(tournament: Tournament) -> Setup:
    return from_json(json.loads(tournament.setup))


def open_desk_till(session: Session, actor: Actor, now: datetime, tournament_id: int, opening_bank: int) -> Till:
    """The desk's drawer for a tournament, opened at the actor's station with a bank: every buy goes
    into it and every prize comes out of it."""
    get_tournament(session, tournament_id)
    return cash.open_till(session, actor, now, opening_bank, tournament_id=tournament_id)


def get_tournament(session: Session, tournament_id: int) -> Tournament:
    return get_or_refuse(session, Tournament, tournament_id, "tournament_id", "tournament")


def _licence(session: Session, profile: Profile, org_id: int, data: TournamentRequest) -> int | None:
    """Delaware: the tournament runs under the sponsoring organization's occasion licence for that day."""
    if profile.one_sponsor is None:
        return None
    licence = session.get(PokerOccasionLicense, data.license_id) if data.license_id else None
    named = (
        None
        if licence is None
        else conduct.OccasionLicence(licence.number, licence.occasion_date, licence.organization_id == org_id)
    )
    check(conduct.occasion_licence_refusal(profile, named, data.starts_on))
    return None if licence is None else licence.id


def _prizes(sent: list[PrizeRequest]) -> tuple[Prize, ...]:
    return tuple(Prize(p.place, p.description, p.fixed_cents, p.percent_bp) for p in sent)


def _setup(data: TournamentRequest) -> Setup:
    return Setup(
        entry_fee_cents=data.entry_fee_cents,
        starting_chips=data.starting_chips,
        levels=tuple(Level(lv.small_blind, lv.big_blind, lv.ante, lv.minutes, lv.is_break) for lv in data.levels),
        prizes=_prizes(data.prizes),
        prize_tables=tuple(PrizeTable(t.min_entrants, t.max_entrants, _prizes(t.prizes)) for t in data.prize_tables),
        rebuy=RebuyPolicy(**asdict(data.rebuy)),
        final_table_size=data.final_table_size,
        min_players=data.min_players,
        other_charges_cents=data.other_charges_cents,
        added_money_cents=data.added_money_cents,
        deals_allowed=data.deals_allowed,
        special_game=data.special_game,
        charitable=data.charitable,
        charity_percent=data.charity_percent,
        rake_cents=data.rake_cents,
        starts_on=data.starts_on,
        days=data.days,
        announced_on=data.announced_on,
    )


def create(
    session: Session, actor: Actor, now: datetime, org_id: int, data: TournamentRequest, training: bool = False
) -> Tournament:
    """Set up a tournament; every profile rule it breaks is refused with its citation (the first one
    named, the others in the fields). `training` makes a practice tournament (training mode: only the
    demo asks for one); the calendar limits count no practice tournament."""
    get_organization(session, org_id)
    profile = PROFILES[data.jurisdiction]
    setup = _setup(data)
    check(conduct.setup_refusal(setup, profile))
    earlier = session.scalars(
        select(Tournament).where(
            Tournament.organization_id == org_id,
            Tournament.jurisdiction == profile.jurisdiction.value,
            Tournament.training.is_(False),
        )
    )
    booked = [Booked(t.starts_on, setup_of(t).special_game, setup_of(t).charitable) for t in earlier]
    check(calendar_refusal(setup, profile, booked))
    licence_id = _licence(session, profile, org_id, data)
    permit_id = tournament_permits.permit_for(session, profile, org_id, data.starts_on)
    row = Tournament(
        organization_id=org_id,
        license_id=licence_id,
        permit_id=permit_id,
        jurisdiction=profile.jurisdiction.value,
        name=data.name,
        starts_on=data.starts_on,
        setup=json.dumps(to_json(setup)),
        status=TournamentStatus.REGISTERING,
        training=training,
        created_at=now,
    )
    live.display_token(row)
    session.add(row)
    finish(
        session,
        actor,
        now,
        "tournament.create",
        row,
        "poker_tournament",
        {"name": row.name, "jurisdiction": row.jurisdiction, "permit_id": permit_id, "setup": to_json(setup)},
    )
    return row


def open_tournaments(session: Session, org_id: int | None, today: date) -> list[Tournament]:
    """The tournaments a station may work on: today's and any not yet finished (an admin, belonging to
    no organization, sees every organization's)."""
    query = select(Tournament).where((Tournament.status != TournamentStatus.FINISHED) | (Tournament.starts_on == today))
    if org_id is not None:
        query = query.where(Tournament.organization_id == org_id)
    return list(session.scalars(query.order_by(Tournament.starts_on, Tournament.id)))


def rules(session: Session, tournament: Tournament) -> tuple[Section, ...]:
    org = get_organization(session, tournament.organization_id)
    return printed_rules(setup_of(tournament), profile_of(tournament), org.name, tournament.name)


def pool_cents(tournament: Tournament) -> int:
    """The prize pool's source: every entry, re-buy and re-entry collected."""
    return sum(b.cents for e in tournament.entries for b in e.buys)


@dataclass(frozen=True)
class BuyResult:
    """A buy as posted: the entry, its buy row and the sale on the desk's till it was paid in."""

    entry: Entry
    buy: BuyRow
    sale: Sale
    seated: bool
    """the buy drew a seat at a running tournament (a late entry or a re-entry)"""

    @property
    def change_cents(self) -> int:
        return self.sale.change_cents


def buy(
    session: Session,
    actor: Actor,
    now: datetime,
    tournament_id: int,
    data: BuyRequest,
    rng: random.Random,
    tenders: Collection[Tender] = (),
) -> BuyResult:
    """An entry, re-buy or re-entry at the desk: the policy and the caps checked, then posted through
    the hall's one money door as a sale on the desk's open till, paid in full in a tender the hall
    takes, never on credit (the jurisdiction's no-credit rule). The tournament row is locked, so two
    buys for one player never pass the caps together."""
    tournament = lock(session, tournament_id)
    if tournament.status == TournamentStatus.FINISHED:
        raise refuse("tournament_finished", "This tournament is over.", None, "tournament_id", 409)
    setup, profile = setup_of(tournament), profile_of(tournament)
    kind = Buy(data.kind)
    if kind is Buy.ENTRY:
        if not data.player_name:
            raise refuse("player_name_required", "Enter the player's name.", None, "player_name", 422)
        check(age_refusal(profile, data.age_confirmed))
        entry = Entry(
            number=max((e.number for e in tournament.entries), default=0) + 1,
            player_name=data.player_name.strip(),
            spent_cents=0,
            rebuys=0,
            reentries=0,
            eliminated=False,
            age_confirmed_by=person_name(session, actor) if profile.adults_only else None,
        )
        state = PlayerState()
    else:
        entry = next((e for e in tournament.entries if e.number == data.entry_number), None)  # type: ignore[assignment]
        if entry is None:
            raise refuse("not_found", "No such entry in this tournament.", None, "entry_number", 404)
        state = PlayerState(entry.spent_cents, entry.rebuys, entry.reentries, data.chips, entry.eliminated, True)
    check(buy_refusal(setup, profile, state, kind, live.level_now(tournament, now)))
    cost = price(setup, kind)
    till = cash.open_till_for(session, actor.station, tournament_id=tournament.id)
    label = {Buy.ENTRY: "Entry", Buy.REBUY: "Re-buy", Buy.REENTRY: "Re-entry"}[kind]
    sale = cash.post_sale(
        session,
        actor,
        now,
        till,
        tournament.organization_id,
        [cash.Line(None, f"poker_{kind.value}", f"{label}: {tournament.name}"[:200], 1, cost)],
        data.tender,
        data.tendered_cents,
        tenders,
        profile.no_credit.rule,
    )
    if kind is Buy.ENTRY:
        tournament.entries.append(entry)
    entry.spent_cents += cost
    entry.rebuys += kind is Buy.REBUY
    entry.reentries += kind is Buy.REENTRY
    if kind is Buy.REENTRY:
        entry.eliminated = False
    row = BuyRow(
        kind=kind.value,
        cents=cost,
        tender=data.tender,
        tendered_cents=data.tendered_cents,
        at=now,
        cashier_name=person_name(session, actor),
        sale_line_id=sale.lines[0].id,
    )
    entry.buys.append(row)
    seated = tournament.status == TournamentStatus.RUNNING and kind is not Buy.REBUY
    if seated:
        _seat_late(session, tournament, entry, now, rng)
    live.publish(session, tournament, f"buy {kind.value}", now)
    finish(
        session,
        actor,
        now,
        f"tournament.{kind.value}",
        row,
        "poker_buy",
        {
            "tournament": tournament.id,
            "entry": entry.number,
            "player": entry.player_name,
            "cents": cost,
            "transaction": sale.number,
            "till": till.id,
            **({"age_confirmed_by": entry.age_confirmed_by} if kind is Buy.ENTRY and entry.age_confirmed_by else {}),
        },
    )
    return BuyResult(entry, row, sale, seated)


def _seat_late(session: Session, tournament: Tournament, entry: Entry, now: datetime, rng: random.Random) -> None:
    """A late entry or a re-entry draws an open seat at a shortest table (§1804 B(2))."""
    session.flush()
    tables = tables_of(tournament)
    current = seating_of(tournament)
    sizes = seating.counts(current, tables)
    open_tables = sorted(t for t in tables if sizes[t] < tables[t])
    if not open_tables:
        raise refuse("no_open_seat", "Every seat is taken; open another table first.", None, "kind", 409)
    least = min(sizes[t] for t in open_tables)
    table = rng.choice([t for t in open_tables if sizes[t] == least])
    taken = {seat for t, seat in current.values() if t == table}
    seat = rng.choice([n for n in range(1, tables[table] + 1) if n not in taken])
    move = Move(entry.number, None, (table, seat), "late seat")
    apply_moves(session, tournament, [move], now, next_batch(session, tournament))


def prize_table_of(tournament: Tournament) -> int | None:
    """The posted prize table the tournament pays, as `prize_tables.in_force` reads it."""
    drawn = tournament.status != TournamentStatus.REGISTERING
    return prize_tables.in_force(setup_of(tournament), len(tournament.entries), tournament.prize_table, drawn)


def start(
    session: Session,
    actor: Actor,
    now: datetime,
    tournament_id: int,
    seats_per_table: int,
    rng: random.Random,
    prize_table: int | None = None,
) -> Tournament:
    """28 Del. C. §1804 B(2): registration closes to the draw; every player gets a random table and
    seat, tables within one player of each other. The field is fixed here, so the prize table is picked
    here (printed rules ¶(5); NH Pari 1207.03(d)(6)): the director's pick, or the first posted for this
    many entrants; a field no posted table is for is refused (`prize_tables.start_refusal`)."""
    tournament = lock(session, tournament_id)
    if tournament.status != TournamentStatus.REGISTERING:
        raise refuse("already_started", "This tournament has already started.", None, "tournament_id", 409)
    staff.director_refusal(session, tournament)
    players = [e.number for e in tournament.entries]
    if len(players) < 2:
        raise refuse("too_few_players", "A tournament needs at least two players.", None, "tournament_id", 409)
    setup = setup_of(tournament)
    check(prize_tables.start_refusal(setup, profile_of(tournament), len(players), prize_table))
    tournament.prize_table = prize_table or prize_tables.choices(setup, len(players))[0]
    chosen = posted_tables(setup)[tournament.prize_table - 1]
    tables = {t: seats_per_table for t in range(1, tables_needed(len(players), seats_per_table) + 1)}
    drawn = seating.initial_draw(players, tables, rng)
    moves = [Move(p, None, seat, "initial draw") for p, seat in sorted(drawn.items())]
    apply_moves(session, tournament, moves, now, next_batch(session, tournament))
    set_tables(tournament, tables, {t: min(s for tt, s in drawn.values() if tt == t) for t in tables})
    tournament.status = TournamentStatus.RUNNING
    live.publish(session, tournament, "seats drawn", now)
    finish(
        session,
        actor,
        now,
        "tournament.start",
        tournament,
        "poker_tournament",
        {
            "players": len(players),
            "tables": len(tables),
            "prize_table": tournament.prize_table,
            "prize_table_for": chosen.label,
            "places": len(chosen.prizes),
        },
    )
    return tournament


def deal(session: Session, tournament_id: int) -> None:
    """28 Del. C. §1804 B(5): a proposed deal is refused; elsewhere Flashboard plays every tournament out."""
    tournament = get_tournament(session, tournament_id)
    check(conduct.proposed_deal_refusal(profile_of(tournament)))


def move_seat(session: Session, actor: Actor, now: datetime, tournament_id: int, data: SeatMoveRequest) -> SeatMove:
    """The director moves a player to an open seat; a move that unbalances the tables is refused
    (TDA 11A), and the move is logged and shown on the clock TV like every other."""
    tournament = lock(session, tournament_id)
    if tournament.status != TournamentStatus.RUNNING:
        raise refuse("not_running", "Seats are moved while the tournament runs.", None, "tournament_id", 409)
    current = seating_of(tournament)
    target = (data.table, data.seat)
    check(seating.move_refusal(current, tables_of(tournament), data.entry_number, target))
    move = Move(data.entry_number, current[data.entry_number], target, data.reason)
    [row] = apply_moves(session, tournament, [move], now, next_batch(session, tournament))
    live.publish(session, tournament, "seat move", now)
    finish(
        session,
        actor,
        now,
        "tournament.seat_move",
        row,
        "poker_seat_move",
        {
            "entry": row.entry_number,
            "from": f"{row.from_table}-{row.from_seat}",
            "to": f"{row.to_table}-{row.to_seat}",
            "reason": row.reason,
        },
    )
    return row


def seat_moves(session: Session, tournament_id: int) -> list[SeatMove]:
    return list(session.scalars(select(SeatMove).where(SeatMove.tournament_id == tournament_id).order_by(SeatMove.id)))


def report(session: Session, tournament_id: int, zone: ZoneInfo) -> Document:
    """The tournament report: entries, re-buys and re-entries, the pool, the places and prizes, the
    charity share where the law sets one (MCA 23-5-317(8)), every seat move, the deck log and the
    staff with their licences."""
    tournament = get_tournament(session, tournament_id)
    setup, profile = setup_of(tournament), profile_of(tournament)
    org = get_organization(session, tournament.organization_id)
    pool = pool_cents(tournament)
    fees = sum(b.cents for e in tournament.entries for b in e.buys if b.kind == Buy.ENTRY)
    prizes = sum(e.prize_cents or 0 for e in tournament.entries)
    assigned = staff.staff_of(session, tournament.id)
    licence_numbers = {
        lic.id: lic.number
        for lic in session.scalars(
            select(PersonalLicense).where(
                PersonalLicense.id.in_([s.personal_license_id for s in assigned if s.personal_license_id])
            )
        )
    }
    buys = Table(
        "buys",
        "Entries, re-buys and re-entries",
        ("Player", "Name", "Kind", "Amount", "Time", "Cashier"),
        tuple(
            (
                str(e.number),
                e.player_name,
                b.kind,
                format_cents(b.cents),
                b.at.astimezone(zone).strftime("%H:%M"),
                b.cashier_name,
            )
            for e in tournament.entries
            for b in e.buys
        ),
    )
    finish_table = Table(
        "places",
        "Places and prizes",
        ("Place", "Player", "Name", "Prize", "Paid"),
        tuple(
            (
                str(e.place or ""),
                str(e.number),
                e.player_name,
                format_cents(e.prize_cents) if e.prize_cents else "",
                _paid_text(paid_prize(e, zone)) if e.prize_cents else "",
            )
            for e in sorted(tournament.entries, key=lambda e: (e.place or 10**6, e.number))
        ),
    )
    moves = Table(
        "seat_moves",
        "Seat moves",
        ("Player", "From", "To", "Why"),
        tuple(
            (
                str(m.entry_number),
                f"{m.from_table}-{m.from_seat}" if m.from_table else "",
                f"{m.to_table}-{m.to_seat}",
                m.reason,
            )
            for m in seat_moves(session, tournament.id)
        ),
    )
    decks = Table(
        "deck_log",
        "Deck log (28 Del. C. §1804 B(6), B(8))",
        ("Table", "Event", "Backs", "Complete", "Time", "By"),
        tuple(
            (
                str(d.table_number),
                d.event.replace("_", " "),
                d.backs,
                "yes" if d.complete else "NO",
                d.at.astimezone(zone).strftime("%H:%M"),
                d.recorded_by,
            )
            for d in session.scalars(
                select(DeckLogEntry).where(DeckLogEntry.tournament_id == tournament.id).order_by(DeckLogEntry.id)
            )
        ),
    )
    people = Table(
        "staff",
        "Staff (28 Del. C. §1827(1), §1831(1))",
        ("Role", "Name", "Licence", "Table"),
        tuple(
            (
                s.role.replace("_", " "),
                s.person_name,
                licence_numbers.get(s.personal_license_id or 0) or "",
                str(s.table_number or ""),
            )
            for s in assigned
        ),
    )
    facts = [
        ("Organization", org.name),
        ("Tournament", tournament.name),
        ("Date", tournament.starts_on.isoformat()),
        ("Jurisdiction", profile.name),
        ("Status", tournament.status),
        ("Players", str(len(tournament.entries))),
        ("Re-buys", str(sum(e.rebuys for e in tournament.entries))),
        ("Re-entries", str(sum(e.reentries for e in tournament.entries))),
        ("Prize pool", format_cents(pool)),
        ("Prizes awarded", format_cents(prizes)),
        ("Left after prizes", format_cents(pool - prizes)),
    ]
    if profile.charity_percent_of_fees is not None and setup.charitable:
        share = fees * max(profile.charity_percent_of_fees.value, setup.charity_percent) // 100
        facts.append(("Charity share of entry fees", f"{format_cents(share)} ({profile.charity_percent_of_fees.rule})"))
    document = Document(
        f"Tournament report: {tournament.name}",
        f"{org.name} · {tournament.starts_on.isoformat()}",
        tuple(facts),
        (buys, finish_table, moves, decks, people),
        ("Tournament director", "Officer of the sponsoring organization"),
        "",
        {"totals": {"pool": pool, "prizes": prizes, "entry_fees": fees}},
    )
    return training_paper(document) if tournament.training else document


def _paid_text(paid: PaidPrize | None) -> str:
    return f"{format_cents(paid.cents)} at {paid.at} by {paid.by}" if paid else "NOT PAID"


def log_deck(session: Session, actor: Actor, now: datetime, tournament_id: int, data: DeckRequest) -> DeckLogEntry:
    """28 Del. C. §1804 B(6), B(8): a new set of two decks with different backs, a count (complete or
    not), or a change of deck, at a table in play."""
    tournament = get_tournament(session, tournament_id)
    tables = set(tables_of(tournament))
    if tables and data.table not in tables:
        raise refuse("not_a_table", f"Table {data.table} is not in play.", None, "table", 409)
    event = DeckEvent(data.event)
    if event is DeckEvent.NEW_SET:
        check(new_set_refusal(profile_of(tournament), data.backs))
    row = DeckLogEntry(
        tournament_id=tournament.id,
        table_number=data.table,
        event=event.value,
        backs=", ".join(data.backs),
        complete=data.complete,
        at=now,
        recorded_by=person_name(session, actor),
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "tournament.deck",
        row,
        "poker_deck_log",
        {"table": row.table_number, "event": row.event, "backs": row.backs, "complete": row.complete},
    )
    return row


def deck_reminders(session: Session, tournament_id: int, now: datetime) -> list[Due]:
    tournament = get_tournament(session, tournament_id)
    rows = session.scalars(select(DeckLogEntry).where(DeckLogEntry.tournament_id == tournament.id))
    log = [
        DeckEntry(
            r.table_number, r.at.astimezone(now.tzinfo), DeckEvent(r.event), tuple(r.backs.split(", ")), r.complete
        )
        for r in rows
    ]
    return reminders(profile_of(tournament), log, sorted(tables_of(tournament)), now)


@dataclass(frozen=True)
class PrizePaid:
    """A prize as paid: the entry, its payment row and the payout sale on the desk's till."""

    entry: Entry
    payment: PrizePayment
    sale: Sale

    @property
    def w2g_required(self) -> bool:
        return self.payment.w2g_required


def paid_prize(entry: Entry, zone: tzinfo) -> PaidPrize | None:
    """The entry's prize as paid (the place, the amount, the hall time and the cashier), if it was."""
    return _paid(entry.place or 0, entry.payment, zone)


def _paid(place: int, paid: PrizePayment | None, zone: tzinfo) -> PaidPrize | None:
    if paid is None:
        return None
    return PaidPrize(place, paid.cents, paid.at.astimezone(zone).strftime("%H:%M"), paid.cashier_name)


def pay_prize(
    session: Session, actor: Actor, now: datetime, tournament_id: int, entry_number: int, winner: tills.W2GWinner
) -> PrizePaid:
    """A finishing player's prize, paid once at the desk after the tournament has ended, from the
    cash in the desk's open till: the tournament row is locked and the payment row is unique per
    entry, so two stations pressing Pay together pay once; a second payment is refused saying when and
    by whom the first was made (`payouts.second_payment_refusal`). IRS Form W-2G: when the winnings
    less the player's buy-ins pass $5,000, the winner's name, address and ID seen are taken first
    (`tills.w2g_identification_refusal`, refused before anything is written) and kept with the payment."""
    tournament = lock(session, tournament_id)
    profile = profile_of(tournament)
    check(conduct.prize_before_finish_refusal(profile, tournament.status == TournamentStatus.FINISHED))
    entry = next((e for e in tournament.entries if e.number == entry_number), None)
    if entry is None or not entry.prize_cents:
        raise refuse("no_prize", "This player did not finish in a paid place.", None, "entry_number", 409)
    zone = now.tzinfo or UTC
    check(second_payment_refusal(profile, paid_prize(entry, zone)))
    w2g = tills.needs_w2g_poker(entry.prize_cents, entry.spent_cents)
    winner = tills.W2GWinner(winner.name.strip(), winner.address.strip(), winner.id_shown.strip())
    check(tills.w2g_identification_refusal(w2g, winner))
    till = cash.open_till_for(session, actor.station, tournament_id=tournament.id)
    sale = cash.post_payout(session, actor, now, till, tournament.organization_id, entry.prize_cents)
    payment = PrizePayment(
        cents=entry.prize_cents,
        at=now,
        station=actor.station,
        cashier_name=person_name(session, actor),
        w2g_required=w2g,
        w2g_name=winner.name if w2g else None,
        w2g_address=winner.address if w2g else None,
        w2g_id_shown=winner.id_shown if w2g else None,
        sale_id=sale.id,
    )
    entry.payment = payment
    entry_id, place = entry.id, entry.place or 0
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        first = session.scalar(select(PrizePayment).where(PrizePayment.entry_id == entry_id))
        check(second_payment_refusal(profile, _paid(place, first, zone)))
        raise refuse(
            "payment_conflict",
            "Another station recorded a payment at the same moment; look at the place again before paying.",
            None,
            "entry_number",
            409,
        ) from None
    finish(
        session,
        actor,
        now,
        "tournament.payout",
        entry,
        "poker_entry",
        {
            "tournament": tournament.id,
            "entry": entry.number,
            "place": entry.place,
            "cents": entry.prize_cents,
            "w2g": w2g,
        },
    )
    return PrizePaid(entry, payment, sale)
