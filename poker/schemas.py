"""Wire schemas for tournaments: money as "12.50" strings, cents inside; percentages of the pool in
basis points (5000 = 50%)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date

from marshmallow import Schema, fields, validate

from poker.rules.clock import ClockAction
from poker.rules.profiles import Jurisdiction
from shared.platform.fields import Day, Id, Money, Name, RequestSchema, W2GWinnerIn
from shared.printing.schemas import PrintJobOut

CHIPS = validate.Range(min=0, max=100_000_000)


@dataclass(frozen=True)
class LevelRequest:
    small_blind: int
    big_blind: int
    ante: int
    minutes: int
    is_break: bool


class LevelIn(RequestSchema):
    request = LevelRequest

    small_blind = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    big_blind = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    ante = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    minutes = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=240))
    is_break = fields.Boolean(load_default=False)


@dataclass(frozen=True)
class PrizeRequest:
    place: int
    description: str
    fixed_cents: int | None
    percent_bp: int | None


class PrizeIn(RequestSchema):
    request = PrizeRequest

    place = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=500))
    description = fields.String(required=True, validate=validate.Length(min=1, max=300))
    fixed_cents = Money(data_key="fixed", load_default=None, allow_none=True)
    percent_bp = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=10_000)
    )


@dataclass(frozen=True)
class PrizeTableRequest:
    min_entrants: int
    max_entrants: int | None
    prizes: list[PrizeRequest]


class PrizeTableIn(RequestSchema):
    """The prizes for a field of `min_entrants` to `max_entrants` players (no upper end when null)."""

    request = PrizeTableRequest

    min_entrants = fields.Integer(strict=True, required=True, validate=validate.Range(min=2, max=10_000))
    max_entrants = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=2, max=10_000)
    )
    prizes = fields.List(fields.Nested(PrizeIn), required=True, validate=validate.Length(min=1, max=500))


@dataclass(frozen=True)
class RebuyRequest:
    allowed: bool
    cost_cents: int
    chips: int
    until_level: int | None
    at_or_below_chips: int | None
    max_per_player: int | None
    reentry: bool


class RebuyIn(RequestSchema):
    request = RebuyRequest

    allowed = fields.Boolean(load_default=False)
    cost_cents = Money(data_key="cost", load_default=0)
    chips = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    until_level = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=200)
    )
    at_or_below_chips = fields.Integer(strict=True, load_default=None, allow_none=True, validate=CHIPS)
    max_per_player = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=100)
    )
    reentry = fields.Boolean(load_default=False)


@dataclass(frozen=True)
class TournamentRequest:
    """A tournament's setup as the director enters it; the service checks it against the profile."""

    name: str
    jurisdiction: Jurisdiction
    license_id: int | None
    starts_on: date
    entry_fee_cents: int
    starting_chips: int
    rebuy: RebuyRequest
    levels: list[LevelRequest]
    prizes: list[PrizeRequest]
    final_table_size: int
    min_players: int
    other_charges_cents: int
    added_money_cents: int
    deals_allowed: bool
    special_game: bool
    charitable: bool
    charity_percent: int
    rake_cents: int
    days: int
    announced_on: date | None
    prize_tables: list[PrizeTableRequest] = field(default_factory=list)


class TournamentIn(RequestSchema):
    request = TournamentRequest

    name = Name(required=True)
    jurisdiction = fields.Enum(Jurisdiction, by_value=True, required=True)
    license_id = Id(load_default=None, allow_none=True)
    starts_on = Day(required=True)
    entry_fee_cents = Money(required=True, data_key="entry_fee")
    starting_chips = fields.Integer(strict=True, required=True, validate=CHIPS)
    rebuy = fields.Nested(RebuyIn, load_default=lambda: RebuyIn().load({}))
    levels = fields.List(fields.Nested(LevelIn), required=True, validate=validate.Length(min=1, max=100))
    prizes = fields.List(
        fields.Nested(PrizeIn),
        load_default=list,
        validate=validate.Length(max=500),
        metadata={"description": "one prize table for `min_players` entrants or more; or give `prize_tables`"},
    )
    prize_tables = fields.List(
        fields.Nested(PrizeTableIn),
        load_default=list,
        validate=validate.Length(max=20),
        metadata={"description": "prize tables by field size; the director picks one at the draw"},
    )
    final_table_size = fields.Integer(strict=True, load_default=10, validate=validate.Range(min=2, max=10))
    min_players = fields.Integer(strict=True, load_default=2, validate=validate.Range(min=2, max=10_000))
    other_charges_cents = Money(data_key="other_charges", load_default=0)
    added_money_cents = Money(data_key="added_money", load_default=0)
    deals_allowed = fields.Boolean(load_default=False)
    special_game = fields.Boolean(load_default=False)
    charitable = fields.Boolean(load_default=False)
    charity_percent = fields.Integer(strict=True, load_default=0, validate=validate.Range(min=0, max=100))
    rake_cents = Money(data_key="rake", load_default=0)
    days = fields.Integer(strict=True, load_default=1, validate=validate.Range(min=1, max=30))
    announced_on = Day(load_default=None, allow_none=True)


class PaidOut(Schema):
    """A prize as paid: every screen shows `text`, "Paid $480.00 at 21:14 by Dana Desk"."""

    place = fields.Integer()
    cents = Money(data_key="amount")
    at = fields.String(metadata={"description": "hall time, HH:MM"})
    by = fields.String(metadata={"description": "the cashier's name"})
    text = fields.String()


class EntryOut(Schema):
    number = fields.Integer()
    player_name = fields.String()
    spent_cents = Money(data_key="spent")
    rebuys = fields.Integer()
    reentries = fields.Integer()
    eliminated = fields.Boolean()
    place = fields.Integer(allow_none=True)
    place_label = fields.String(allow_none=True, metadata={"description": "the place as said: 1st, 2nd, 3rd"})
    table_number = fields.Integer(data_key="table", allow_none=True)
    seat = fields.Integer(allow_none=True)
    prize_cents = Money(data_key="prize", allow_none=True)
    paid = fields.Nested(PaidOut, allow_none=True)
    w2g_due = fields.Boolean(
        metadata={
            "description": "IRS Form W-2G: the prize less the player's buy-ins passes $5,000, so paying it "
            "needs the winner's name, address and ID"
        }
    )
    age_confirmed_by = fields.String(
        allow_none=True,
        metadata={"description": "who at the desk confirmed the player is 18 or older, where the law asks"},
    )


class OutPlayerOut(Schema):
    number = fields.Integer()
    name = fields.String()
    place = fields.Integer()
    table = fields.Integer(allow_none=True)
    seat = fields.Integer(allow_none=True)


class LastOutOut(Schema):
    """The last elimination standing, as the director's Undo button names it, and why it cannot be
    undone when it cannot (28 Del. C. §1827(2))."""

    hand = fields.Integer()
    entry_number = fields.Integer()
    label = fields.String()
    players = fields.List(fields.Nested(OutPlayerOut))
    undoable = fields.Boolean()
    why_not = fields.String(allow_none=True)
    rule = fields.String(allow_none=True)


class PrizeShownOut(Schema):
    place = fields.Integer()
    place_label = fields.String()
    description = fields.String()
    amount = fields.String(metadata={"description": "the set amount, or the share of the pool"})


class PrizeTableOut(Schema):
    """A posted prize table (28 Del. C. ch. 18, printed rules ¶(5)), numbered from 1."""

    number = fields.Integer()
    min_entrants = fields.Integer()
    max_entrants = fields.Integer(allow_none=True)
    label = fields.String(metadata={"description": "2-9 entrants"})
    prizes = fields.List(fields.Nested(PrizeShownOut))
    fits = fields.Boolean(metadata={"description": "its range holds the number entered now"})


class TournamentOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    license_id = fields.Integer(allow_none=True)
    permit_id = fields.Integer(
        allow_none=True, metadata={"description": "Montana: the tournament permit it is held under (MCA 23-5-317)"}
    )
    jurisdiction = fields.String()
    name = fields.String()
    starts_on = fields.Date()
    status = fields.String()
    pool_cents = Money(data_key="pool")
    entries = fields.List(fields.Nested(EntryOut))
    tables = fields.Dict(keys=fields.String(), values=fields.Integer(), metadata={"description": "table number: seats"})
    buttons = fields.Dict(
        keys=fields.String(), values=fields.Integer(), metadata={"description": "table number: button seat"}
    )
    display_token = fields.String(allow_none=True)
    training = fields.Boolean(metadata={"description": "a training tournament: fixed when created (training mode)"})
    last_out = fields.Nested(LastOutOut, allow_none=True)
    prize_tables = fields.List(fields.Nested(PrizeTableOut))
    prize_table = fields.Integer(
        allow_none=True, metadata={"description": "the table picked at the draw; before it, the default for the field"}
    )


PERMIT_KINDS = [Jurisdiction.MONTANA_LARGE.value, Jurisdiction.MONTANA_SMALL.value]


@dataclass(frozen=True)
class PermitRequest:
    """A Montana tournament permit to record (`jurisdiction` is the kind of tournament it allows)."""

    jurisdiction: str
    year: int
    number: str
    fee_cents: int


class PermitIn(RequestSchema):
    request = PermitRequest

    jurisdiction = fields.String(
        required=True,
        validate=validate.OneOf(PERMIT_KINDS),
        metadata={"description": "mt_large: a large-stakes permit (MCA 23-5-317(1)); mt_small: small-stakes (2)"},
    )
    year = fields.Integer(strict=True, required=True, validate=validate.Range(min=2000, max=2100))
    number = fields.String(required=True, validate=validate.Length(min=1, max=50))
    fee_cents = Money(
        required=True, data_key="fee", metadata={"description": "the whole annual fee: 120.00 large, 500.00 small"}
    )


class NoticeOut(Schema):
    tournament_id = fields.Integer()
    name = fields.String()
    starts_on = fields.Date()
    notified_on = fields.Date(allow_none=True, metadata={"description": "the day the department was notified"})
    days_before = fields.Integer(allow_none=True)
    charitable = fields.Boolean()
    counted = fields.Boolean(metadata={"description": "counts toward the year's 16 large-stakes tournaments"})


class PermitOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    jurisdiction = fields.String()
    kind = fields.String(metadata={"description": "large-stakes or small-stakes, as said"})
    year = fields.Integer()
    number = fields.String()
    fee_cents = Money(data_key="fee")
    tournaments_allowed = fields.Integer(allow_none=True, metadata={"description": "16 large-stakes; none small"})
    charitable_allowed = fields.Integer(allow_none=True)
    counted = fields.Integer(metadata={"description": "tournaments counted toward the 16 so far"})
    notices = fields.List(fields.Nested(NoticeOut))


@dataclass(frozen=True)
class BuyRequest:
    """An entry, re-buy or re-entry at the desk (`kind` is a poker.rules.registration.Buy value)."""

    kind: str
    player_name: str | None
    entry_number: int | None
    chips: int
    tender: str
    tendered_cents: int
    age_confirmed: bool = False


class BuyIn(RequestSchema):
    request = BuyRequest

    kind = fields.String(required=True, validate=validate.OneOf(["entry", "rebuy", "reentry"]))
    player_name = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    entry_number = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=100_000)
    )
    chips = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    tender = fields.String(load_default="cash", validate=validate.Length(min=1, max=32))
    tendered_cents = Money(required=True, data_key="tendered")
    age_confirmed = fields.Boolean(
        load_default=False,
        metadata={
            "description": "an entry in New Hampshire: the desk has confirmed that the player is 18 or older "
            "(N.H. Admin. Code Pari 1207.03(b)); refused 422 without it"
        },
    )


class BuyOut(Schema):
    entry = fields.Nested(EntryOut)
    kind = fields.String()
    price_cents = Money(data_key="price")
    change_cents = Money(data_key="change")
    print_jobs = fields.List(fields.Nested(PrintJobOut))


class PrizePayIn(W2GWinnerIn):
    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))


class UndoIn(Schema):
    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))


class PrizePaidOut(Schema):
    entry = fields.Nested(EntryOut)
    w2g_required = fields.Boolean()
    print_jobs = fields.List(fields.Nested(PrintJobOut))


class StartIn(Schema):
    seats_per_table = fields.Integer(strict=True, load_default=9, validate=validate.Range(min=2, max=10))
    prize_table = fields.Integer(
        strict=True,
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1, max=20),
        metadata={"description": "the posted prize table for this field; by default the first listed for it"},
    )


@dataclass(frozen=True)
class BustRequest:
    entry_number: int
    starting_stack: int


class BustIn(RequestSchema):
    request = BustRequest

    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))
    starting_stack = fields.Integer(strict=True, required=True, validate=CHIPS)


@dataclass(frozen=True)
class EliminationRequest:
    """Players out on one hand, with the button of each table where the director sends it."""

    hand: int
    busts: list[BustRequest]
    buttons: dict[str, int]


class EliminationIn(RequestSchema):
    request = EliminationRequest

    hand = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10_000_000))
    busts = fields.List(fields.Nested(BustIn), required=True, validate=validate.Length(min=1, max=100))
    buttons = fields.Dict(
        keys=fields.String(validate=validate.Regexp(r"^\d{1,3}$")),
        values=fields.Integer(strict=True, validate=validate.Range(min=1, max=10)),
        load_default=dict,
    )


class SeatMoveOut(Schema):
    entry_number = fields.Integer()
    from_table = fields.Integer(allow_none=True)
    from_seat = fields.Integer(allow_none=True)
    to_table = fields.Integer()
    to_seat = fields.Integer()
    reason = fields.String()
    at = fields.DateTime()


@dataclass(frozen=True)
class DeckRequest:
    """A deck log line (`event` is a poker.rules.decks.DeckEvent value)."""

    table: int
    event: str
    backs: list[str]
    complete: bool


class DeckIn(RequestSchema):
    request = DeckRequest

    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=200))
    event = fields.String(required=True, validate=validate.OneOf(["new_set", "count", "change"]))
    backs = fields.List(
        fields.String(validate=validate.Length(min=1, max=40)), load_default=list, validate=validate.Length(max=4)
    )
    complete = fields.Boolean(load_default=True)


class DeckOut(Schema):
    table_number = fields.Integer(data_key="table")
    event = fields.String()
    backs = fields.String()
    complete = fields.Boolean()
    at = fields.DateTime()
    recorded_by = fields.String()


class DueOut(Schema):
    table = fields.Integer()
    what = fields.String()
    since = fields.DateTime()
    rule = fields.String()


class ClockIn(Schema):
    action = fields.Enum(ClockAction, by_value=True, required=True)


class BlindsOut(Schema):
    is_break = fields.Boolean()
    minutes = fields.Integer()
    small_blind = fields.Integer()
    big_blind = fields.Integer()
    ante = fields.Integer()


class ClockStateOut(Schema):
    started = fields.Boolean()
    paused = fields.Boolean()
    stopped = fields.Boolean(metadata={"description": "the tournament has its winner; the clock stopped there"})
    as_of = fields.String()
    level = fields.Integer()
    seconds_left = fields.Integer()
    current = fields.Nested(BlindsOut)
    next = fields.Nested(BlindsOut)


class MoveShownOut(Schema):
    player = fields.String()
    from_ = fields.String(data_key="from")
    to = fields.String()
    reason = fields.String()
    latest = fields.Boolean(metadata={"description": "one of the moves of the last balance, break or redraw"})


class PayoutShownOut(Schema):
    place = fields.Integer()
    place_label = fields.String()
    player = fields.String()
    prize = fields.String()


class PrizeNowOut(Schema):
    place = fields.Integer()
    place_label = fields.String()
    prize = fields.String(metadata={"description": "the prize at the pool as it stands"})


class ClockOut(Schema):
    """What the clock TV shows (printed rules ¶(3)): the clock, players left, average stack, pool, moves."""

    organization = fields.String()
    tournament = fields.String()
    status = fields.String()
    clock = fields.Nested(ClockStateOut)
    players_left = fields.Integer()
    entries = fields.Integer()
    rebuys = fields.Integer()
    average_stack = fields.Integer()
    pool = fields.String()
    moves = fields.List(fields.Nested(MoveShownOut))
    winner = fields.String(allow_none=True)
    payouts = fields.List(fields.Nested(PayoutShownOut))
    prize_table = fields.String(
        allow_none=True, metadata={"description": "the prize table in force: picked at the draw, else the default"}
    )
    prizes = fields.List(fields.Nested(PrizeNowOut), metadata={"description": "its prizes at the pool now"})
    helpline = fields.String()


@dataclass(frozen=True)
class StaffRequest:
    """A director or dealer to put on (`role` is a shared.hall.rules.work_roles.WorkRole value)."""

    role: str
    member_id: int | None
    personal_license_id: int | None
    table: int | None


class StaffIn(RequestSchema):
    request = StaffRequest

    role = fields.String(required=True, validate=validate.OneOf(["tournament_director", "dealer"]))
    member_id = Id(load_default=None, allow_none=True)
    personal_license_id = Id(load_default=None, allow_none=True)
    table = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=200))


class StaffOut(Schema):
    id = fields.Integer()
    role = fields.String()
    table_number = fields.Integer(data_key="table", allow_none=True)
    person_name = fields.String()
    personal_license_id = fields.Integer(allow_none=True)
    assigned_at = fields.DateTime()


@dataclass(frozen=True)
class SeatMoveRequest:
    entry_number: int
    table: int
    seat: int
    reason: str


class SeatMoveIn(RequestSchema):
    request = SeatMoveRequest

    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))
    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=200))
    seat = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10))
    reason = fields.String(load_default="director's move", validate=validate.Length(min=1, max=100))


CARDS = validate.Regexp(
    r"^[2-9TJQKA][cdhs]( ?[2-9TJQKA][cdhs])*$", error="Cards are written like As Kd (rank 2-9 T J Q K A, suit c d h s)."
)


@dataclass(frozen=True)
class StakeRequest:
    seat: int
    chips: int
    cards: str | None
    folded: bool


class StakeIn(RequestSchema):
    request = StakeRequest

    seat = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10))
    chips = fields.Integer(strict=True, required=True, validate=CHIPS)
    cards = fields.String(load_default=None, allow_none=True, validate=CARDS)
    folded = fields.Boolean(load_default=False)


@dataclass(frozen=True)
class ShowdownRequest:
    """A disputed showdown at a table: the board, each seat's chips and cards, the last aggressor."""

    table: int
    board: str
    stakes: list[StakeRequest]
    last_aggressor: int | None


class ShowdownIn(RequestSchema):
    request = ShowdownRequest

    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=200))
    board = fields.String(required=True, validate=CARDS)
    stakes = fields.List(fields.Nested(StakeIn), required=True, validate=validate.Length(min=1, max=10))
    last_aggressor = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=10)
    )


class RankedOut(Schema):
    seat = fields.Integer()
    hand = fields.String()
    label = fields.String()
    place = fields.Integer()


class WonOut(Schema):
    seat = fields.Integer()
    chips = fields.Integer()


class PotOut(Schema):
    amount = fields.Integer()
    eligible = fields.List(fields.Integer())
    won = fields.List(fields.Nested(WonOut))


class ShowdownOut(Schema):
    table = fields.Integer()
    button = fields.Integer()
    show_order = fields.List(fields.Integer())
    ranking = fields.List(fields.Nested(RankedOut))
    pots = fields.List(fields.Nested(PotOut))
    returned = fields.Nested(WonOut, allow_none=True)
