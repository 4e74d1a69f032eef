"""Wire schemas for tournaments: money as "12.50" strings, cents inside; percentages of the pool in
basis points (5000 = 50%)."""
from __future__ import annotations

from marshmallow import Schema, fields, validate

from poker.profiles import Jurisdiction
from shared.schemas import Day, Id, Money, Name, PrintJobOut

CHIPS = validate.Range(min=0, max=100_000_000)


class LevelIn(Schema):
    small_blind = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    big_blind = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    ante = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    minutes = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=240))
    is_break = fields.Boolean(load_default=False)


class PrizeIn(Schema):
    place = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=500))
    description = fields.String(required=True, validate=validate.Length(min=1, max=300))
    fixed_cents = Money(data_key="fixed", load_default=None, allow_none=True)
    percent_bp = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=10_000))


class RebuyIn(Schema):
    allowed = fields.Boolean(load_default=False)
    cost_cents = Money(data_key="cost", load_default=0)
    chips = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    until_level = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=200))
    at_or_below_chips = fields.Integer(strict=True, load_default=None, allow_none=True, validate=CHIPS)
    max_per_player = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=100))
    reentry = fields.Boolean(load_default=False)


class TournamentIn(Schema):
    name = Name(required=True)
    jurisdiction = fields.Enum(Jurisdiction, by_value=True, required=True)
    license_id = Id(load_default=None, allow_none=True)
    starts_on = Day(required=True)
    entry_fee_cents = Money(required=True, data_key="entry_fee")
    starting_chips = fields.Integer(strict=True, required=True, validate=CHIPS)
    rebuy = fields.Nested(RebuyIn, load_default=lambda: RebuyIn().load({}))
    levels = fields.List(fields.Nested(LevelIn), required=True, validate=validate.Length(min=1, max=100))
    prizes = fields.List(fields.Nested(PrizeIn), required=True, validate=validate.Length(min=1, max=500))
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


class EntryOut(Schema):
    number = fields.Integer()
    player_name = fields.String()
    spent_cents = Money(data_key="spent")
    rebuys = fields.Integer()
    reentries = fields.Integer()
    eliminated = fields.Boolean()
    place = fields.Integer(allow_none=True)
    table_number = fields.Integer(data_key="table", allow_none=True)
    seat = fields.Integer(allow_none=True)
    prize_cents = Money(data_key="prize", allow_none=True)


class TournamentOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    license_id = fields.Integer(allow_none=True)
    jurisdiction = fields.String()
    name = fields.String()
    starts_on = fields.Date()
    status = fields.String()
    pool_cents = Money(data_key="pool")
    entries = fields.List(fields.Nested(EntryOut))


class BuyIn(Schema):
    kind = fields.String(required=True, validate=validate.OneOf(["entry", "rebuy", "reentry"]))
    player_name = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    entry_number = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=100_000))
    chips = fields.Integer(strict=True, load_default=0, validate=CHIPS)
    tender = fields.String(load_default="cash", validate=validate.Length(min=1, max=32))
    tendered_cents = Money(required=True, data_key="tendered")


class BuyOut(Schema):
    entry = fields.Nested(EntryOut)
    kind = fields.String()
    price_cents = Money(data_key="price")
    change_cents = Money(data_key="change")
    print_jobs = fields.List(fields.Nested(PrintJobOut))


class PrizePayIn(Schema):
    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))


class PrizePaidOut(Schema):
    entry = fields.Nested(EntryOut)
    w2g_required = fields.Boolean()
    print_jobs = fields.List(fields.Nested(PrintJobOut))


class StartIn(Schema):
    seats_per_table = fields.Integer(strict=True, load_default=9, validate=validate.Range(min=2, max=10))


class BustIn(Schema):
    entry_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))
    starting_stack = fields.Integer(strict=True, required=True, validate=CHIPS)


class EliminationIn(Schema):
    hand = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10_000_000))
    busts = fields.List(fields.Nested(BustIn), required=True, validate=validate.Length(min=1, max=100))
    buttons = fields.Dict(keys=fields.String(validate=validate.Regexp(r"^\d{1,3}$")),
                          values=fields.Integer(strict=True, validate=validate.Range(min=1, max=10)), load_default=dict)


class SeatMoveOut(Schema):
    entry_number = fields.Integer()
    from_table = fields.Integer(allow_none=True)
    from_seat = fields.Integer(allow_none=True)
    to_table = fields.Integer()
    to_seat = fields.Integer()
    reason = fields.String()
    at = fields.DateTime()


class DeckIn(Schema):
    table = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=200))
    event = fields.String(required=True, validate=validate.OneOf(["new_set", "count", "change"]))
    backs = fields.List(fields.String(validate=validate.Length(min=1, max=40)), load_default=list, validate=validate.Length(max=4))
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
