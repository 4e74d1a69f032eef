"""What crosses the wire for bingo: series, patterns, odds, programs, occasions, games, calls and
claims. Money is a dollar string on the wire and cents inside."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, time
from typing import Any

from marshmallow import Schema, ValidationError, fields, post_load, validate, validates_schema

from bingo.rules.limits import GameKind, PromotionOccasion
from bingo.rules.patterns import PatternKind
from bingo.rules.payouts import Prize
from bingo.rules.sales import ProductKind
from shared.platform.fields import Day, Id, Money, Name, RequestSchema, W2GWinnerIn
from shared.printing.schemas import PrintJobOut
from shared.reports.schemas import ReportOut

BINGO_WORK_ROLES = ["caller", "cashier", "verifier", "food_service"]


SERIAL = validate.Range(min=0, max=2**31 - 1, error="A pack serial is a whole number from 0 to 2,147,483,647.")


class SeriesImportIn(Schema):
    name = Name(required=True)
    csv = fields.String(required=True, validate=validate.Length(min=1, max=3_000_000))


class SeriesGenerateIn(Schema):
    name = Name(required=True)
    count = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))
    seed = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=2**31 - 1))


class SeriesOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    name = fields.String()
    face_count = fields.Integer()
    seed = fields.Integer(allow_none=True)


class FaceOut(Schema):
    face_number = fields.Integer()
    columns = fields.List(fields.List(fields.Integer(allow_none=True)))


class PatternSpecIn(Schema):
    kind = fields.Enum(PatternKind, by_value=True, required=True)
    name = fields.String(validate=validate.Length(max=100))
    lines = fields.List(fields.String(validate=validate.Length(max=20)), validate=validate.Length(max=12))
    rows = fields.List(fields.String(validate=validate.Length(max=5)), validate=validate.Length(max=5))
    anywhere = fields.Boolean()


class PatternOut(Schema):
    kind = fields.String()
    name = fields.String()
    announcement = fields.String()
    rule = fields.String()
    alternatives = fields.Integer()
    grids = fields.List(fields.List(fields.List(fields.Boolean())))


class OddsIn(Schema):
    pattern = fields.Nested(PatternSpecIn, required=True)
    calls = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=75))


class OddsOut(Schema):
    pattern = fields.String()
    calls = fields.Integer(allow_none=True)
    chance = fields.Float(allow_none=True)
    chance_exact = fields.String(allow_none=True)
    expected_calls = fields.Float()
    by_calls = fields.List(fields.Float())
    method = fields.String()


class SimulateIn(Schema):
    pattern = fields.Nested(PatternSpecIn, required=True)
    faces = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=2_000))
    calls = fields.Integer(strict=True, required=True, validate=validate.Range(min=0, max=75))
    trials = fields.Integer(strict=True, load_default=1_000, validate=validate.Range(min=10, max=5_000))
    seed = fields.Integer(strict=True, load_default=None, validate=validate.Range(min=0, max=2**31 - 1))


class SimulateOut(Schema):
    faces = fields.Integer()
    calls = fields.Integer()
    trials = fields.Integer()
    chance = fields.Float()
    standard_error = fields.Float()
    mean_calls_to_first_bingo = fields.Float()
    method = fields.String()


@dataclass(frozen=True)
class TierRequest:
    """A prize by attendance (10 DE Admin Code 101-4.18): from this many players present, this prize."""

    min_attendance: int
    prize_cents: int


class TierIn(RequestSchema):
    request = TierRequest

    min_attendance = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100_000))
    prize_cents = Money(required=True, data_key="prize")


@dataclass(frozen=True)
class ProgramGameRequest:
    """One game of a program as it is asked for: its kind, pattern (the spec as loaded), ball mode and prize
    terms, and the settings of its kind (U Pick Em, break-open)."""

    pattern: dict[str, Any]
    prize_cents: int
    kind: GameKind = GameKind.REGULAR
    ball_mode: str = "manual"
    merchandise: str | None = None
    alternate_within_calls: int | None = None
    alternate_cents: int | None = None
    attendance_tiers: list[TierRequest] = field(default_factory=list)
    pick_count: int | None = None
    face_price_cents: int | None = None
    break_open_numbers: int | None = None


class ProgramGameIn(RequestSchema):
    request = ProgramGameRequest

    kind = fields.Enum(GameKind, by_value=True, load_default=GameKind.REGULAR)
    pattern = fields.Nested(PatternSpecIn, required=True)
    ball_mode = fields.String(load_default="manual", validate=validate.OneOf(["manual", "electronic"]))
    prize_cents = Money(required=True, data_key="prize")
    merchandise = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=200))
    alternate_within_calls = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=75)
    )
    alternate_cents = Money(load_default=None, allow_none=True, data_key="alternate_prize")
    attendance_tiers = fields.List(fields.Nested(TierIn), load_default=list, validate=validate.Length(max=10))
    pick_count = fields.Integer(strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=75))
    face_price_cents = Money(load_default=None, allow_none=True, data_key="face_price")
    break_open_numbers = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=75)
    )


@dataclass(frozen=True)
class ProgramRequest:
    name: str
    games: list[ProgramGameRequest]


class ProgramIn(RequestSchema):
    request = ProgramRequest

    name = Name(required=True)
    games = fields.List(fields.Nested(ProgramGameIn), required=True, validate=validate.Length(min=1, max=100))


class ProgramGameOut(Schema):
    number = fields.Integer()
    kind = fields.String()
    pattern_name = fields.String()
    ball_mode = fields.String()
    prize_cents = Money(data_key="prize")
    merchandise = fields.String(allow_none=True)
    alternate_within_calls = fields.Integer(allow_none=True)
    alternate_cents = Money(data_key="alternate_prize", allow_none=True)


class LicenceWarningOut(Schema):
    """What a program offers that today's licence term does not specify (10 DE Admin Code 101-4.15, 4.18,
    4.30.1.6): the program is saved, and an occasion playing it is refused until the licence lists it."""

    code = fields.String()
    message = fields.String()
    rule = fields.String()
    field = fields.String()


class ProgramOut(Schema):
    id = fields.Integer()
    name = fields.String()
    games = fields.List(fields.Nested(ProgramGameOut))
    licence_warnings = fields.List(fields.Nested(LicenceWarningOut))


@dataclass(frozen=True)
class WorkerRequest:
    member_id: int
    role: str


class WorkerIn(RequestSchema):
    request = WorkerRequest

    member_id = Id(required=True)
    role = fields.String(required=True, validate=validate.OneOf(BINGO_WORK_ROLES))


@dataclass(frozen=True)
class OccasionRequest:
    premises_id: int
    program_id: int
    series_id: int
    occasion_date: date
    start_time: time
    member_in_charge_id: int
    workers: list[WorkerRequest] = field(default_factory=list)
    last_call_only: bool = True
    split_whole_dollars: bool = False
    split_per_player: bool = False


class OccasionIn(RequestSchema):
    request = OccasionRequest

    premises_id = Id(required=True)
    program_id = Id(required=True)
    series_id = Id(required=True)
    occasion_date = Day(required=True)
    start_time = fields.Time(required=True)
    member_in_charge_id = Id(required=True)
    workers = fields.List(fields.Nested(WorkerIn), load_default=list, validate=validate.Length(max=100))
    last_call_only = fields.Boolean(load_default=True)
    split_whole_dollars = fields.Boolean(load_default=False)
    split_per_player = fields.Boolean(load_default=False)


class CallOut(Schema):
    seq = fields.Integer()
    ball = fields.Integer()
    label = fields.String()
    source = fields.String()
    called_at = fields.DateTime()
    caller_name = fields.String()


class SquareOut(Schema):
    number = fields.Integer(allow_none=True)
    covered = fields.Boolean()
    winning = fields.Boolean()


class ClaimOut(Schema):
    id = fields.Integer()
    face_number = fields.Integer()
    player = fields.String(allow_none=True)
    verdict = fields.String()
    valid = fields.Boolean()
    reason = fields.String()
    on_call = fields.Integer()
    completed_on_call = fields.Integer(allow_none=True)
    completed_by = fields.String(allow_none=True)
    share_cents = Money(data_key="share", allow_none=True)
    jar_share_cents = Money(data_key="jar_share", allow_none=True)
    merchandise_won = fields.Boolean()
    qualified_for_later = fields.Boolean()
    grid = fields.List(fields.List(fields.Nested(SquareOut)), allow_none=True)


class ShareOut(Schema):
    face_number = fields.Integer()
    share_cents = Money(data_key="share")


class GameOut(Schema):
    number = fields.Integer()
    kind = fields.String()
    pattern_name = fields.String()
    label = fields.String(metadata={"description": "what every screen names the game (101-4.13)"})
    how = fields.String(metadata={"description": "how the game is won, as announced (101-4.13, 4.30.1.8)"})
    pattern = fields.Nested(PatternOut)
    ball_mode = fields.String()
    status = fields.String()
    prize_cents = Money(data_key="prize")
    merchandise = fields.String(allow_none=True)
    announced_prize_cents = Money(data_key="announced_prize", allow_none=True)
    attendance = fields.Integer(allow_none=True)
    varies_with_attendance = fields.Boolean()
    announcement = fields.String(allow_none=True)
    closing_announcement = fields.String(allow_none=True)
    held_at = fields.DateTime(
        allow_none=True, metadata={"description": "when the caller held the game for a bingo (101-4.16)"}
    )
    jar_award_cents = Money(data_key="jar_award", allow_none=True)
    jar_announcement = fields.String(allow_none=True)
    jar_award_due = fields.Boolean()
    pick_count = fields.Integer(allow_none=True)
    face_price_cents = Money(data_key="face_price", allow_none=True)
    break_open_numbers = fields.Integer(allow_none=True)
    upick_winners = fields.List(fields.String())
    calls = fields.List(fields.Nested(CallOut))
    claims = fields.List(
        fields.Nested(ClaimOut), metadata={"description": "every valid claim and the latest 50 others"}
    )
    claims_total = fields.Integer()
    split_preview = fields.List(fields.Nested(ShareOut))
    qualifier_drawing = fields.Nested(
        "DrawingOut",
        allow_none=True,
        metadata={"description": "the later drawing among this merchandise game's other qualifiers (101-4.11)"},
    )


class OccasionOut(Schema):
    id = fields.Integer()
    organization_id = fields.Integer()
    premises_id = fields.Integer()
    program_id = fields.Integer()
    series_id = fields.Integer()
    occasion_date = fields.Date()
    start_time = fields.Time()
    member_in_charge_id = fields.Integer()
    status = fields.String()
    started_at = fields.DateTime(allow_none=True)
    cookie_jar_number = fields.Integer(allow_none=True)
    cookie_jar_label = fields.String(allow_none=True)
    closed_at = fields.DateTime(allow_none=True)
    last_call_only = fields.Boolean()
    split_whole_dollars = fields.Boolean()
    split_per_player = fields.Boolean()
    jar_posted_at = fields.DateTime(allow_none=True)
    jar_must_go = fields.Boolean()
    play_stopped = fields.Dict(
        allow_none=True,
        metadata={
            "description": "once a running occasion's six hours or its calendar day are over (101-4.2, 4.10): why "
            "no number is called and no game starts (code, message, rule); null while play goes on"
        },
    )
    runs_cookie_jar = fields.Boolean(
        metadata={"description": "the hall runs a cookie jar, so a cookie-jar number is drawn before game 1 (4.31.6)"}
    )
    display_token = fields.String(allow_none=True)
    training = fields.Boolean(metadata={"description": "a training occasion: fixed when scheduled (training mode)"})
    games = fields.List(fields.Nested(GameOut))


class BallCheckIn(Schema):
    checked_by = fields.List(Id(), required=True, validate=validate.Length(min=1, max=10))


class BallIn(Schema):
    ball = fields.Integer(strict=True, load_default=None, allow_none=True)


class StartGameIn(Schema):
    attendance = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=0, max=100_000)
    )


class CorrectionIn(Schema):
    ball = fields.Integer(strict=True, required=True)
    reason = fields.String(required=True, validate=validate.Length(max=500))


class ClaimIn(Schema):
    face_number = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(
            min=1, max=10_000_000, error="A face number is from {min} to {max}; {input} is not one."
        ),
    )
    player = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=100))


class VerificationIn(Schema):
    witness_member_id = Id(required=True)


class VerificationOut(Schema):
    id = fields.Integer()
    requested_at = fields.DateTime()
    drawn = fields.List(fields.Integer())
    remaining = fields.List(fields.Integer())
    witness_member_id = fields.Integer()
    witness_role = fields.String()


@dataclass(frozen=True)
class GiveawayRequest:
    kind: str
    description: str
    value_cents: int
    promotion_occasion: PromotionOccasion | None = None


class GiveawayIn(RequestSchema):
    request = GiveawayRequest

    kind = fields.String(required=True, validate=validate.OneOf(["promotion", "inducement"]))
    promotion_occasion = fields.Enum(PromotionOccasion, by_value=True, load_default=None, allow_none=True)
    description = fields.String(required=True, validate=validate.Length(min=1, max=300))
    value_cents = Money(required=True, data_key="value")


@dataclass(frozen=True)
class DrawingRequest:
    """10 DE Admin Code 101-4.11: the prize a later drawing among a game's qualifiers offers: its words, its
    value in cents, and whether it is merchandise (handed over) or money (paid at the cashier)."""

    prize: str
    value_cents: int
    merchandise: bool


class DrawingIn(RequestSchema):
    request = DrawingRequest

    prize = fields.String(required=True, validate=validate.Length(min=1, max=200))
    value_cents = Money(required=True, data_key="value")
    merchandise = fields.Boolean(required=True)


class DrawingOut(Schema):
    """10 DE Admin Code 101-4.11: a later drawing held among a merchandise game's other qualifiers."""

    id = fields.Integer()
    game_number = fields.Integer()
    prize = fields.String()
    merchandise = fields.Boolean()
    value_cents = Money(data_key="value")
    entrants = fields.Integer()
    winner_claim_id = fields.Integer()
    winner_face_number = fields.Integer()
    drawn_at = fields.DateTime()
    drawn_by = fields.String()


class GiveawayOut(Schema):
    id = fields.Integer()
    kind = fields.String()
    promotion_occasion = fields.String(allow_none=True)
    description = fields.String()
    value_cents = Money(data_key="value")


class JarSettingsIn(Schema):
    maximum_cents = Money(required=True, data_key="maximum")
    fee_cents = Money(required=True, data_key="fee")


class JarBalancesOut(Schema):
    pending = Money()
    jar1 = Money()
    jar2 = Money()
    held = Money()
    awarded = Money()
    collected = Money()


class JarOut(Schema):
    maximum_cents = Money(data_key="maximum", allow_none=True)
    fee_cents = Money(data_key="fee", allow_none=True)
    jar1_cents = Money(data_key="jar1")
    jar2_cents = Money(data_key="jar2")
    held_cents = Money(data_key="held")
    pending_cents = Money(data_key="pending")
    awarded_cents = Money(data_key="awarded")
    collected_cents = Money(data_key="collected")
    available_cents = Money(data_key="available")


class StatementQuery(Schema):
    start = Day(load_default=None, data_key="from")
    end = Day(load_default=None, data_key="to")


class JarLineOut(Schema):
    seq = fields.Integer()
    at = fields.DateTime()
    occasion_id = fields.Integer(allow_none=True)
    game_number = fields.Integer(allow_none=True)
    kind = fields.String()
    source = fields.String()
    target = fields.String()
    cents = Money(data_key="amount")
    jar1_after = Money(data_key="jar1")
    jar2_after = Money(data_key="jar2")
    held_after = Money(data_key="held")
    pending_after = Money(data_key="pending")
    awarded_after = Money(data_key="awarded")
    actor_name = fields.String()
    note = fields.String()


class StatementOut(Schema):
    opening = fields.Nested(JarBalancesOut)
    closing = fields.Nested(JarBalancesOut)
    lines = fields.List(fields.Nested(JarLineOut))


class JarOpeningIn(Schema):
    jar1 = Money(required=True)
    jar2 = Money(load_default=0)
    held = Money(load_default=0)


class UPickTicketOut(Schema):
    code = fields.String()
    occasion_id = fields.Integer()
    game_number = fields.Integer()
    numbers = fields.List(fields.Integer())
    columns = fields.List(fields.List(fields.Integer()))
    layout = fields.String()
    daubed = fields.List(fields.Integer())
    quick_pick = fields.Boolean()
    price_cents = Money(data_key="price")
    status = fields.String()
    sold_at = fields.DateTime()
    cashier_name = fields.String()
    completed_on_call = fields.Integer(allow_none=True)
    share_cents = Money(data_key="share", allow_none=True)
    jar_share_cents = Money(data_key="jar_share", allow_none=True)
    void_reason = fields.String(allow_none=True)
    print_job_id = fields.Integer(allow_none=True)
    print_status = fields.String(allow_none=True)
    print_error = fields.String(allow_none=True)


class VoidIn(Schema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))


class PostNumbersIn(Schema):
    balls = fields.List(
        fields.Integer(strict=True), load_default=None, allow_none=True, validate=validate.Length(max=75)
    )


@dataclass(frozen=True)
class ProductRequest:
    kind: ProductKind
    name: str
    price_cents: int | None = None
    game_number: int | None = None
    paper_set_id: int | None = None


class ProductIn(RequestSchema):
    request = ProductRequest

    kind = fields.Enum(ProductKind, by_value=True, required=True)
    name = Name(required=True)
    price_cents = Money(
        load_default=None,
        allow_none=True,
        data_key="price",
        metadata={"description": "Required, except for a cookie-jar entry, which costs the jar's fee (101-4.31.3)."},
    )
    game_number = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=200)
    )
    paper_set_id = Id(load_default=None, allow_none=True)


class ProductOut(Schema):
    id = fields.Integer()
    occasion_id = fields.Integer()
    kind = fields.String()
    name = fields.String()
    price_cents = Money(data_key="price")
    game_number = fields.Integer(allow_none=True)
    paper_set_id = fields.Integer(allow_none=True)


@dataclass(frozen=True)
class SaleLineRequest:
    product_id: int
    quantity: int
    unit_price_cents: int
    picks: list[list[int]] | None = None
    pack_serials: list[int] | None = None


class SaleLineIn(RequestSchema):
    request = SaleLineRequest

    product_id = Id(required=True)
    quantity = fields.Integer(
        strict=True,
        required=True,
        validate=validate.Range(min=1, max=1_000, error="A quantity is between 1 and 1,000."),
    )
    unit_price_cents = Money(required=True, data_key="unit_price")
    picks = fields.List(
        fields.List(fields.Integer(strict=True), validate=validate.Length(max=25)),
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=100),
    )
    pack_serials = fields.List(
        fields.Integer(strict=True, validate=SERIAL),
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=1_000),
    )


@dataclass(frozen=True)
class SaleRequest:
    lines: list[SaleLineRequest]
    buyer_is_adult: bool
    tendered_cents: int
    buyer_member_id: int | None = None
    tender: str = "cash"


class SaleIn(RequestSchema):
    request = SaleRequest

    lines = fields.List(fields.Nested(SaleLineIn), required=True, validate=validate.Length(min=1, max=50))
    buyer_is_adult = fields.Boolean(required=True)
    buyer_member_id = Id(load_default=None, allow_none=True)
    tender = fields.String(
        load_default="cash",
        validate=validate.Length(min=1, max=32),
        metadata={
            "description": "cash, or check or debit_card where the hall takes them (FLASHBOARD_TENDERS); never credit"
        },
    )
    tendered_cents = Money(required=True, data_key="tendered")


class SaleLineOut(Schema):
    kind = fields.String()
    description = fields.String()
    quantity = fields.Integer()
    unit_cents = Money(data_key="unit_price")
    total_cents = Money(data_key="total")
    tickets = fields.Method("ticket_codes")
    pack_serials = fields.Method("serials")

    def ticket_codes(self, line: Any) -> list[str]:
        return [t.code for t in line.tickets]

    def serials(self, line: Any) -> list[int]:
        return [p.serial for p in line.packs]


class SaleOut(Schema):
    id = fields.Integer()
    number = fields.Integer()
    transaction_code = fields.String()
    status = fields.String()
    total_cents = Money(data_key="total")
    tender = fields.String()
    tendered_cents = Money(data_key="tendered")
    change_cents = Money(data_key="change")
    lines = fields.List(fields.Nested(SaleLineOut))
    tickets = fields.List(fields.Nested(UPickTicketOut))
    print_jobs = fields.List(fields.Nested(PrintJobOut))


@dataclass(frozen=True)
class PayoutRequest:
    game_number: int
    prize: str = "game"
    claim_id: int | None = None
    ticket_code: str | None = None
    verifier_name: str | None = None
    winner_name: str = ""
    winner_address: str = ""
    winner_id: str = ""


class PayoutIn(W2GWinnerIn, RequestSchema):
    request = PayoutRequest

    game_number = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=200))
    prize = fields.String(load_default="game", validate=validate.OneOf([p.value for p in Prize]))
    claim_id = Id(load_default=None, allow_none=True)
    ticket_code = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=20))
    verifier_name = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=200))


class PayoutOut(Schema):
    number = fields.Integer()
    transaction_code = fields.String()
    amount_cents = Money(data_key="amount")
    winner = fields.String()
    w2g_required = fields.Boolean()
    print_jobs = fields.List(fields.Nested(PrintJobOut))


class PrizeDueOut(Schema):
    """10 DE Admin Code 101-4.10: a verified share not yet paid; its fields are the payout's body."""

    game_number = fields.Integer()
    prize = fields.String(
        metadata={
            "description": "game: the game's prize; cookie_jar: the cookie jar (101-4.31.6); drawing: the later "
            "drawing among a merchandise game's qualifiers (101-4.11)"
        }
    )
    claim_id = fields.Integer(allow_none=True)
    ticket_code = fields.String(allow_none=True)
    face_number = fields.Integer(allow_none=True)
    player = fields.String(allow_none=True)
    cents = Money(data_key="amount")
    label = fields.String()
    shares = fields.Integer(metadata={"description": "how many winners split this prize (1: one winner)"})
    share_key = fields.String(metadata={"description": "the share's one name: a good Idempotency-Key for paying it"})
    w2g_required = fields.Boolean(metadata={"description": "the slip will flag a W-2G (the threshold in force today)"})


class ShiftSaleOut(SaleOut):
    """A transaction on a till: a sale (voidable while completed) or a prize paid."""

    kind = fields.String()
    created_at = fields.DateTime()
    at = fields.String(metadata={"description": "hall time, HH:MM"})
    void_reason = fields.String(allow_none=True)
    voided_at = fields.DateTime(allow_none=True)
    approved_by = fields.String(allow_none=True)
    winner = fields.String(allow_none=True)
    game_number = fields.Integer(allow_none=True)
    prize = fields.String(allow_none=True)
    voidable = fields.Boolean()


class ShiftPrintJobOut(PrintJobOut):
    at = fields.String(metadata={"description": "hall time, HH:MM"})


class VoidSaleIn(Schema):
    reason = fields.String(required=True, validate=validate.Length(min=1, max=500))
    approver_username = fields.String(required=True, validate=validate.Length(min=1, max=64))
    approver_pin = fields.String(required=True, validate=validate.Length(min=1, max=8))


class TillOpenIn(Schema):
    opening_bank_cents = Money(required=True, data_key="opening_bank")


class TillCloseIn(Schema):
    counts = fields.Dict(
        keys=fields.String(validate=validate.Length(max=12)),
        values=fields.Integer(strict=True, validate=validate.Range(min=0, max=100_000)),
        required=True,
        validate=validate.Length(max=20),
    )


class TillMovementIn(Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["paid_in", "drop"]),
        metadata={
            "description": "paid_in: cash from the prize bank into the drawer; drop: cash from the drawer to the safe"
        },
    )
    cents = Money(required=True, data_key="amount")
    note = fields.String(load_default="", validate=validate.Length(max=300))


class TillOut(Schema):
    id = fields.Integer()
    station = fields.String()
    cashier_name = fields.String()
    opened_at = fields.DateTime()
    opening_bank_cents = Money(data_key="opening_bank")
    cash_sales_cents = Money(data_key="cash_sales")
    cash_payouts_cents = Money(data_key="cash_payouts")
    paid_ins_cents = Money(data_key="paid_ins")
    drops_cents = Money(data_key="drops")
    in_drawer_cents = Money(data_key="in_drawer")
    closed_at = fields.DateTime(allow_none=True)
    counted_cents = Money(data_key="counted", allow_none=True)
    expected_cents = Money(data_key="expected", allow_none=True)
    over_short_cents = Money(data_key="over_short", allow_none=True)
    explanation = fields.String(allow_none=True)
    print_jobs = fields.List(fields.Nested(PrintJobOut))


@dataclass(frozen=True)
class PaperSetRequest:
    series_id: int
    colour: str
    faces_per_sheet: int
    sheets_per_pack: int
    serial_from: int
    serial_to: int
    first_face: int


class PaperSetIn(RequestSchema):
    request = PaperSetRequest

    series_id = Id(required=True)
    colour = fields.String(required=True, validate=validate.Length(min=1, max=50))
    faces_per_sheet = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=36))
    sheets_per_pack = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=100))
    serial_from = fields.Integer(strict=True, required=True, validate=SERIAL)
    serial_to = fields.Integer(strict=True, required=True, validate=SERIAL)
    first_face = fields.Integer(strict=True, required=True, validate=validate.Range(min=1, max=10_000_000))


@dataclass(frozen=True)
class PackMoveRequest:
    action: str
    serials: list[int]
    occasion_id: int | None = None
    station: str | None = None
    note: str | None = None


class PackMoveIn(RequestSchema):
    request = PackMoveRequest

    action = fields.String(required=True, validate=validate.OneOf(["issue", "return", "missing"]))
    serials = fields.List(
        fields.Integer(strict=True, validate=SERIAL), required=True, validate=validate.Length(min=1, max=1_000)
    )
    occasion_id = Id(load_default=None, allow_none=True)
    station = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))
    note = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=300))


class PaperSetOut(Schema):
    id = fields.Integer()
    series_id = fields.Integer()
    colour = fields.String()
    faces_per_sheet = fields.Integer()
    sheets_per_pack = fields.Integer()
    serial_from = fields.Integer()
    serial_to = fields.Integer()
    first_face = fields.Integer()
    last_face = fields.Integer()
    packs = fields.Dict(keys=fields.String(), values=fields.Integer())


PAYEE_RULE = "An expense names its payee and the payee's address (28 Del. C. §1521)."


@dataclass(frozen=True)
class ExpenseRequest:
    payee_name: str
    payee_address: str
    description: str
    amount_cents: int
    game_number: int | None = None
    adjustment_reason: str | None = None


class ExpenseIn(RequestSchema):
    request = ExpenseRequest

    payee_name = fields.String(
        required=True,
        validate=validate.Length(min=1, max=200, error=PAYEE_RULE),
        error_messages={"required": PAYEE_RULE},
    )
    payee_address = fields.String(
        required=True,
        validate=validate.Length(min=1, max=300, error=PAYEE_RULE),
        error_messages={"required": PAYEE_RULE},
    )
    description = fields.String(required=True, validate=validate.Length(min=1, max=300))
    amount_cents = Money(
        required=True,
        data_key="amount",
        validate=validate.Range(min=1, max=100_000_000, error="An expense is more than $0.00."),
    )
    game_number = fields.Integer(
        strict=True, load_default=None, allow_none=True, validate=validate.Range(min=1, max=200)
    )
    adjustment_reason = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(max=500),
        metadata={
            "description": "Only for a closed occasion: why its books are adjusted "
            "(the member in charge; un-swears the §1521 statement)"
        },
    )


class ExpenseOut(Schema):
    id = fields.Integer()
    occasion_id = fields.Integer()
    game_number = fields.Integer(allow_none=True)
    payee_name = fields.String()
    payee_address = fields.String()
    description = fields.String()
    amount_cents = Money(data_key="amount")
    recorded_at = fields.DateTime()
    recorded_by = fields.String()


class SwornIn(Schema):
    net_profit_uses = fields.String(required=True, validate=validate.Length(min=1, max=2000))
    title = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.Length(min=1, max=80),
        metadata={
            "description": "The swearer's title in the organization as it prints beside the name (28 Del. C. "
            "§1521); left out: Member in charge for the occasion's member in charge, else Officer for an officer"
        },
    )


class SwornStatementOut(ReportOut):
    """The sworn statement (28 Del. C. §1521): a report, and `draft` true until it is sworn."""

    draft = fields.Boolean()


class YearQuery(Schema):
    year = fields.Integer(load_default=None, allow_none=True, validate=validate.Range(min=2000, max=2100))


class OccasionFormIn(Schema):
    """The scheduling page's form: an occasion's fields flat, with one member for each bingo role the
    page asks for (the API's OccasionIn takes the workers as a list); it loads into the same request."""

    premises_id = Id(required=True)
    program_id = Id(required=True)
    series_id = Id(required=True)
    occasion_date = Day(required=True)
    start_time = fields.Time(required=True)
    member_in_charge_id = Id(required=True)
    caller_member_id = Id(load_default=None, allow_none=True)
    verifier_member_id = Id(load_default=None, allow_none=True)
    cashier_member_id = Id(load_default=None, allow_none=True)
    last_call_only = fields.Boolean(load_default=True)
    split_whole_dollars = fields.Boolean(load_default=False)
    split_per_player = fields.Boolean(load_default=False)

    @post_load
    def _as_request(self, data: dict[str, Any], **kwargs: Any) -> OccasionRequest:
        workers = [
            WorkerRequest(member_id, role)
            for role in ("caller", "verifier", "cashier")
            if (member_id := data.pop(f"{role}_member_id")) is not None
        ]
        return OccasionRequest(**data, workers=workers)


PACK_RANGE = "A range is at most 1,000 packs, its last serial no lower than its first."


class PackMoveFormIn(Schema):
    """The paper page's form: a serial or a range of serials (a scanner types the first and presses
    Enter) instead of the API's list; it loads into the same request."""

    action = fields.String(required=True, validate=validate.OneOf(["issue", "return", "missing"]))
    serial_from = fields.Integer(strict=True, required=True, validate=SERIAL)
    serial_to = fields.Integer(strict=True, load_default=None, allow_none=True, validate=SERIAL)
    occasion_id = Id(load_default=None, allow_none=True)
    station = fields.String(load_default=None, allow_none=True, validate=validate.Length(min=1, max=100))
    note = fields.String(load_default=None, allow_none=True, validate=validate.Length(max=300))

    @validates_schema
    def _range(self, data: dict[str, Any], **kwargs: Any) -> None:
        last = data.get("serial_to")
        if last is not None and not 0 <= last - data["serial_from"] < 1_000:
            raise ValidationError(PACK_RANGE, "serial_to")

    @post_load
    def _as_request(self, data: dict[str, Any], **kwargs: Any) -> PackMoveRequest:
        first = data.pop("serial_from")
        last = data.pop("serial_to")
        return PackMoveRequest(serials=list(range(first, (first if last is None else last) + 1)), **data)
