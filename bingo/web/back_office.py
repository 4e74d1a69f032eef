"""The bingo back office: the member in charge, an officer or the admin prepares a night from the pages,
with no step needing the API: programs (10 DE Admin Code 101-4.14 patterns, the 4.6 and 4.17 limits),
occasions (4.2, 4.4, 4.7), series, paper received, issued and taken back, products and prices (4.22,
4.30.1.5, 4.31.3) and expenses with their payees (4.24, 28 Del. C. §1521). Server-rendered forms, each
loaded by the schema of its /api/v1 route (or a form schema that loads into the same request) and saved
by the same service: one door per event."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from datetime import date, time
from typing import Any

from flask import Blueprint, flash, render_template, request, url_for
from flask.typing import ResponseReturnValue
from werkzeug.datastructures import MultiDict

from bingo.models import Occasion, OccasionStatus, PackStatus
from bingo.rules.limits import MAX_GAME_PRIZE_CENTS, MAX_GAMES, MAX_OCCASION_PRIZES_CENTS, GameKind
from bingo.rules.patterns import STANDARD, PatternKind, from_spec, grid
from bingo.rules.sales import ProductKind
from bingo.schemas import (
    ExpenseIn,
    OccasionFormIn,
    PackMoveFormIn,
    PaperSetIn,
    ProductIn,
    ProgramIn,
    ProgramRequest,
    SeriesGenerateIn,
    SeriesImportIn,
)
from bingo.services import jars as jar_service
from bingo.services import licence_check, occasions, programs, reports
from bingo.services import selling as sales_service
from bingo.services import series as series_service
from bingo.services import stock as inventory_service
from bingo.web.api import PLANNERS, plain_spec
from shared.core.roles import OFFICE_VIEW
from shared.core.violations import refuse
from shared.hall.services.organizations import get_organization, list_members
from shared.platform.access import allow
from shared.platform.context import actor, current_user, db_session, hall_now, hall_today, printers
from shared.platform.fields import EARLIEST_DAY, LATEST_DAY
from shared.platform.forms import FormState, submit
from shared.platform.scope import check_org

bp = Blueprint("bingo_office", __name__, url_prefix="/bingo/office")
ORG = "/organizations/<int:org_id>"

PROGRAM_KINDS = [k for k in GameKind if k is not GameKind.COOKIE_JAR_FINAL]
"""10 DE Admin Code 101-4.31.6: no program game is the cookie-jar game; the forced final blackout (4.31.5)
is added by the rules when they require it, so the builder does not offer it."""
KIND_LABELS = {
    GameKind.REGULAR: "Regular",
    GameKind.SPECIAL: "Special (its own sheet)",
    GameKind.EARLY_BIRD: "Early bird",
    GameKind.U_PICK_EM: "U Pick Em",
    GameKind.BREAK_OPEN: "Break-open",
}
PRODUCT_LABELS = {
    ProductKind.ADMISSION: "Admission (a pack)",
    ProductKind.SPECIAL: "Special-game sheet",
    ProductKind.UPICK_FACE: "U Pick Em face",
    ProductKind.COOKIE_JAR: "Cookie-jar entry",
    ProductKind.BREAK_OPEN: "Break-open sheet",
    ProductKind.NON_GAMING: "Non-gaming (food, dauber)",
}
GAME_OF_PRODUCT = {
    ProductKind.SPECIAL: GameKind.SPECIAL,
    ProductKind.UPICK_FACE: GameKind.U_PICK_EM,
    ProductKind.BREAK_OPEN: GameKind.BREAK_OPEN,
}
CUSTOM = PatternKind.SHAPE.value
TIERS = 3
GAME_FIELD = re.compile(r"games\.(\d{1,3})\.\w+")
MAX_FILE_BYTES = 3_000_000


def _forms(state: FormState | None, *names: str) -> dict[str, FormState]:
    """A page of several forms that share field names: the refused state for the form that was sent (its
    hidden "form" field), a blank one for each of the others."""
    sent = state.values.get("form") if state is not None else None
    return {name: state if state is not None and sent == name else FormState() for name in names}


# ---- programs -------------------------------------------------------------------------------------------


@dataclass
class GameRow:
    """One game of the builder as it was typed: its fields by name and the squares drawn on its grid."""

    values: dict[str, str] = field(default_factory=dict)
    cells: set[int] = field(default_factory=set)

    def get(self, name: str, default: str = "") -> str:
        return self.values.get(name, default)


def _game_rows(form: MultiDict[str, str]) -> list[GameRow]:
    """The builder's games in the order of their row numbers (a removed row leaves a gap; the games are
    numbered again from 1, as the program will number them)."""
    numbers = sorted({int(m[1]) for key in form if (m := GAME_FIELD.fullmatch(key))})
    rows = []
    for n in numbers:
        prefix = f"games.{n}."
        values = {key[len(prefix) :]: form.get(key, "").strip() for key in form if key.startswith(prefix)}
        cells = {int(c) for c in form.getlist(prefix + "cell") if c.isascii() and c.isdigit() and int(c) < 25}
        rows.append(GameRow(values, cells - {12}))
    return rows


def _whole(text: str) -> int | str:
    """A count as the schema takes it: a whole number, or the text as typed, for the schema to refuse."""
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else text


def _pattern_spec(row: GameRow) -> dict[str, Any]:
    kind = row.get("pattern")
    if kind != CUSTOM:
        return {"kind": kind}
    rows = ["".join("X" if r * 5 + c in row.cells else "." for c in range(5)) for r in range(5)]
    return {"kind": CUSTOM, "name": row.get("shape_name"), "rows": rows, "anywhere": "anywhere" in row.values}


def _game_body(row: GameRow) -> dict[str, Any]:
    """One game as the API's ProgramGameIn takes it; a kind's own settings only for that kind."""
    kind = row.get("kind") or GameKind.REGULAR.value
    body: dict[str, Any] = {"kind": kind, "ball_mode": row.get("ball_mode") or "manual", "pattern": _pattern_spec(row)}
    for name in ("prize", "merchandise", "alternate_prize"):
        if row.get(name):
            body[name] = row.get(name)
    if row.get("alternate_within_calls"):
        body["alternate_within_calls"] = _whole(row.get("alternate_within_calls"))
    if kind == GameKind.U_PICK_EM:
        if row.get("pick_count"):
            body["pick_count"] = _whole(row.get("pick_count"))
        if row.get("face_price"):
            body["face_price"] = row.get("face_price")
    if kind == GameKind.BREAK_OPEN and row.get("break_open_numbers"):
        body["break_open_numbers"] = _whole(row.get("break_open_numbers"))
    body["attendance_tiers"] = [
        {"min_attendance": _whole(row.get(f"tier{i}_players")), "prize": row.get(f"tier{i}_prize")}
        for i in range(1, TIERS + 1)
        if row.get(f"tier{i}_players") or row.get(f"tier{i}_prize")
    ]
    return body


def _pattern_choices() -> list[dict[str, Any]]:
    """The 4.14 standard patterns as the builder offers them, each with its first placement drawn."""
    return [
        {
            "kind": p.kind.value,
            "name": p.name,
            "rule": p.rule,
            "announcement": p.announcement,
            "ways": len(p.alternatives),
            "grid": grid(p.alternatives[0]),
        }
        for p in STANDARD.values()
    ]


def _builder(org_id: int, state: FormState | None = None, rows: list[GameRow] | None = None) -> str:
    org = get_organization(db_session(), org_id)
    return render_template(
        "bingo/office/program_builder.html",
        org=org,
        form=state or FormState(),
        rows=rows or [GameRow()],
        blank=GameRow(),
        kinds=[(k.value, KIND_LABELS[k]) for k in PROGRAM_KINDS],
        patterns=_pattern_choices(),
        custom=CUSTOM,
        tiers=TIERS,
        limits={"games": MAX_GAMES, "game": MAX_GAME_PRIZE_CENTS, "occasion": MAX_OCCASION_PRIZES_CENTS},
    )


def _save_program(org_id: int, loaded: ProgramRequest) -> object:
    """The program is saved; what today's licence term does not specify is said as it is (a program is not
    dated: an occasion playing it is refused at scheduling until the licence lists it, 101-4.15, 4.18,
    4.30.1.6)."""
    games = [replace(g, pattern=plain_spec(g.pattern)) for g in loaded.games]
    saved = programs.create_program(db_session(), actor(), hall_now(), org_id, replace(loaded, games=games))
    for warning in licence_check.licence_findings(db_session(), org_id, hall_today(), saved.games):
        flash(f"Not on today's licence: {warning.message} ({warning.rule})")
    return saved


@bp.get(ORG)
@allow(*OFFICE_VIEW)
def home(org_id: int) -> ResponseReturnValue:
    """What a night needs, in the order it is prepared: a program, a series, paper, the occasion, its
    products and its expenses."""
    session = db_session()
    org = get_organization(session, check_org(org_id))
    today = hall_today()
    found = occasions.list_occasions(session, org.id)
    return render_template(
        "bingo/office/home.html",
        org=org,
        programs=programs.list_programs(session, org.id),
        series=series_service.list_series(session, org.id),
        sets=inventory_service.list_sets(session, org.id),
        upcoming=sorted((o for o in found if o.occasion_date >= today), key=lambda o: (o.occasion_date, o.start_time)),
        names=_names(org.id),
        today=today,
    )


@bp.get(ORG + "/programs")
@allow(*OFFICE_VIEW)
def programs_page(org_id: int) -> ResponseReturnValue:
    session = db_session()
    org = get_organization(session, check_org(org_id))
    found = programs.list_programs(session, org.id)
    totals = {p.id: sum(programs.terms_of(g).worst_case() for g in p.games) for p in found}
    return render_template("bingo/office/programs.html", org=org, programs=found, totals=totals)


@bp.get(ORG + "/programs/new")
@allow(*PLANNERS)
def program_new(org_id: int) -> ResponseReturnValue:
    return _builder(check_org(org_id))


@bp.post(ORG + "/programs/new")
@allow(*PLANNERS)
def program_create(org_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.6, 4.14 and 4.17: the program is saved whole by programs.create_program, or
    the builder comes back with the refusal beside the field it names. "Add a game" without scripts
    comes back with one more row, and saves nothing."""
    check_org(org_id)
    rows = _game_rows(request.form)
    state = FormState(values=request.form.to_dict())
    if request.form.get("step") == "add":
        return _builder(org_id, state, [*rows, GameRow()])
    body = {"name": request.form.get("name", "").strip(), "games": [_game_body(r) for r in rows]}
    return submit(
        ProgramIn(),
        lambda d: _save_program(org_id, d),
        "Program saved.",
        url_for("bingo_office.programs_page", org_id=org_id),
        lambda s: _builder(org_id, s, rows),
        data=body,
    )


@bp.get(ORG + "/programs/<int:program_id>")
@allow(*OFFICE_VIEW)
def program_page(org_id: int, program_id: int) -> ResponseReturnValue:
    session = db_session()
    org = get_organization(session, check_org(org_id))
    program = programs.get_program(session, org.id, program_id)
    games = [(g, from_spec(json.loads(g.pattern_spec)), programs.terms_of(g)) for g in program.games]
    return render_template(
        "bingo/office/program.html",
        org=org,
        program=program,
        games=games,
        total=sum(terms.worst_case() for _, _, terms in games),
        labels={k.value: v for k, v in KIND_LABELS.items()},
        grid=grid,
        licence_warnings=licence_check.licence_findings(session, org.id, hall_today(), program.games),
    )


# ---- occasions ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Names:
    """Names for the ids an occasion row holds."""

    premises: dict[int, str]
    programs: dict[int, str]
    series: dict[int, str]
    members: dict[int, str]


def _names(org_id: int) -> Names:
    session = db_session()
    org = get_organization(session, org_id)
    return Names(
        premises={p.id: p.name for p in org.premises},
        programs={p.id: p.name for p in programs.list_programs(session, org_id)},
        series={s.id: s.name for s in series_service.list_series(session, org_id)},
        members={m.id: m.name for m in list_members(session, org_id)},
    )


def _day(text: str | None, default: date) -> date:
    """A day typed on a form, within the days every date field accepts (a far date like 9999-12-31
    would overflow the week arithmetic of the outlook): otherwise the default."""
    try:
        day = date.fromisoformat(text or "")
    except ValueError:
        return default
    return day if EARLIEST_DAY <= day <= LATEST_DAY else default


def _start(text: str | None) -> time | None:
    try:
        return time.fromisoformat(text or "")
    except ValueError:
        return None


def _whole_or_none(text: str | None) -> int | None:
    return int(text) if text and text.isascii() and text.isdigit() and len(text) < 10 else None


def _outlook(org_id: int, values: dict[str, str]) -> occasions.ScheduleOutlook:
    premises = _whole_or_none(values.get("premises_id"))
    if premises is None:
        org = get_organization(db_session(), org_id)
        premises = org.premises[0].id if org.premises else None
    return occasions.schedule_outlook(
        db_session(),
        org_id,
        _day(values.get("occasion_date"), hall_today()),
        premises,
        _start(values.get("start_time", "18:00")),
    )


def _occasions_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = get_organization(session, org_id)
    state = state or FormState()
    names = _names(org.id)
    return render_template(
        "bingo/office/occasions.html",
        org=org,
        form=state,
        occasions=occasions.list_occasions(session, org.id),
        names=names,
        outlook=_outlook(org.id, state.values),
        today=hall_today(),
        premises_options=list(names.premises.items()),
        program_options=list(names.programs.items()),
        series_options=list(names.series.items()),
        member_options=list(names.members.items()),
        in_charge=me.member_id if (me := current_user()) is not None else "",
    )


@bp.get(ORG + "/occasions")
@allow(*OFFICE_VIEW)
def occasions_page(org_id: int) -> ResponseReturnValue:
    return _occasions_page(check_org(org_id))


@bp.get(ORG + "/occasions/outlook")
@allow(*OFFICE_VIEW)
def occasion_outlook(org_id: int) -> ResponseReturnValue:
    """The limits panel again for what the form now holds (fetched as the scheduler types)."""
    check_org(org_id)
    return render_template("bingo/office/_outlook.html", outlook=_outlook(org_id, request.args.to_dict()))


@bp.post(ORG + "/occasions")
@allow(*PLANNERS)
def occasion_create(org_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.1, 4.4, 4.7 and 4.23: scheduled by occasions.schedule, the API's door."""
    check_org(org_id)
    return submit(
        OccasionFormIn(),
        lambda d: occasions.schedule(db_session(), actor(), hall_now(), org_id, d),
        "Occasion scheduled.",
        url_for("bingo_office.occasions_page", org_id=org_id),
        lambda s: _occasions_page(org_id, s),
    )


def _occasion(occasion_id: int) -> Occasion:
    occasion = occasions.get_occasion(db_session(), occasion_id)
    check_org(occasion.organization_id)
    return occasion


def _occasion_page(occasion_id: int, state: FormState | None = None) -> str:
    session = db_session()
    occasion = _occasion(occasion_id)
    org = get_organization(session, occasion.organization_id)
    jar = jar_service.summary(session, org.id)
    sets = inventory_service.list_sets(session, org.id)
    product_games = [g for g in occasion.games if g.kind in GAME_OF_PRODUCT.values()]
    return render_template(
        "bingo/office/occasion.html",
        org=org,
        occasion=occasion,
        form=state or FormState(),
        forms=_forms(state, "product", "expense"),
        names=_names(org.id),
        products=sales_service.products(session, occasion.id),
        expenses=reports.expenses_of(session, occasion.id),
        jar=jar,
        product_kinds=[(k.value, PRODUCT_LABELS[k]) for k in ProductKind],
        game_kinds={k.value: g.value for k, g in GAME_OF_PRODUCT.items()},
        product_games=product_games,
        game_options=[(g.number, f"Game {g.number}: {g.label}") for g in occasion.games],
        set_options=[(s.id, _set_label(s)) for s in sets],
        set_names={s.id: _set_label(s) for s in sets},
        closed=occasion.status == OccasionStatus.CLOSED,
        labels={k.value: v for k, v in PRODUCT_LABELS.items()},
    )


def _set_label(paper: Any) -> str:
    packs = f"packs {paper.serial_from}–{paper.serial_to}"
    return f"{paper.colour}, {packs} ({paper.faces_per_sheet} on, {paper.sheets_per_pack} up)"


@bp.get("/occasions/<int:occasion_id>")
@allow(*OFFICE_VIEW)
def occasion_page(occasion_id: int) -> ResponseReturnValue:
    return _occasion_page(occasion_id)


@bp.post("/occasions/<int:occasion_id>/products")
@allow(*PLANNERS)
def product_create(occasion_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.22, 4.30.1.5 and 4.31.3: added by selling.add_product, the API's door."""
    _occasion(occasion_id)
    return submit(
        ProductIn(),
        lambda d: sales_service.add_product(db_session(), actor(), hall_now(), occasion_id, d),
        "Product added.",
        url_for("bingo_office.occasion_page", occasion_id=occasion_id) + "#products",
        lambda s: _occasion_page(occasion_id, s),
    )


@bp.post("/occasions/<int:occasion_id>/expenses")
@allow(*PLANNERS)
def expense_create(occasion_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.24 and 28 Del. C. §1521: recorded by reports.add_expense, the API's door."""
    _occasion(occasion_id)
    return submit(
        ExpenseIn(),
        lambda d: reports.add_expense(db_session(), actor(), hall_now(), occasion_id, d),
        "Expense recorded.",
        url_for("bingo_office.occasion_page", occasion_id=occasion_id) + "#expenses",
        lambda s: _occasion_page(occasion_id, s),
    )


# ---- series ---------------------------------------------------------------------------------------------


def _series_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = get_organization(session, org_id)
    return render_template(
        "bingo/office/series.html",
        org=org,
        form=state or FormState(),
        forms=_forms(state, "import", "generate"),
        series=series_service.list_series(session, org.id),
    )


@bp.get(ORG + "/series")
@allow(*OFFICE_VIEW)
def series_page(org_id: int) -> ResponseReturnValue:
    return _series_page(check_org(org_id))


def _import(org_id: int, name: str, text: str) -> object:
    """The API's import_series: every bad line named, nothing imported (101-4.12)."""
    try:
        return series_service.import_series(db_session(), actor(), hall_now(), org_id, name, text)
    except series_service.SeriesRefused as exc:
        raise refuse(
            exc.violation.code, exc.violation.message + " " + "; ".join(exc.problems[:50]), exc.violation.rule, "csv"
        ) from None


def _uploaded_text() -> str:
    """The series file chosen, else the text pasted; a file that is not UTF-8 text reads as nothing."""
    upload = request.files.get("file")
    data = upload.read(MAX_FILE_BYTES + 1) if upload else b""
    if data:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return ""
    return request.form.get("csv", "")


@bp.post(ORG + "/series/import")
@allow(*PLANNERS)
def series_import(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    body = {"name": request.form.get("name", "").strip(), "csv": _uploaded_text()}
    return submit(
        SeriesImportIn(),
        lambda d: _import(org_id, d["name"], d["csv"]),
        "Series imported.",
        url_for("bingo_office.series_page", org_id=org_id),
        lambda s: _series_page(org_id, s),
        data={k: v for k, v in body.items() if v},
    )


@bp.post(ORG + "/series/generate")
@allow(*PLANNERS)
def series_generate(org_id: int) -> ResponseReturnValue:
    check_org(org_id)
    return submit(
        SeriesGenerateIn(),
        lambda d: series_service.generate(db_session(), actor(), hall_now(), org_id, d["name"], d["count"], d["seed"]),
        "Series generated.",
        url_for("bingo_office.series_page", org_id=org_id),
        lambda s: _series_page(org_id, s),
    )


# ---- paper ----------------------------------------------------------------------------------------------


def _paper_page(org_id: int, state: FormState | None = None) -> str:
    session = db_session()
    org = get_organization(session, org_id)
    sets = inventory_service.list_sets(session, org.id)
    series = series_service.list_series(session, org.id)
    return render_template(
        "bingo/office/paper.html",
        org=org,
        form=state or FormState(),
        sets=[(s, inventory_service.counts(session, s.id)) for s in sets],
        series_options=[(s.id, f"{s.name} ({s.face_count} faces)") for s in series],
        series_names={s.id: s.name for s in series},
        statuses=list(PackStatus),
    )


@bp.get(ORG + "/paper")
@allow(*OFFICE_VIEW)
def paper_page(org_id: int) -> ResponseReturnValue:
    return _paper_page(check_org(org_id))


@bp.post(ORG + "/paper")
@allow(*PLANNERS)
def paper_receive(org_id: int) -> ResponseReturnValue:
    """Received by stock.receive, the API's door: packs made from the serial and face ranges."""
    check_org(org_id)
    return submit(
        PaperSetIn(),
        lambda d: inventory_service.receive(db_session(), actor(), hall_now(), org_id, d),
        "Paper received.",
        url_for("bingo_office.paper_page", org_id=org_id),
        lambda s: _paper_page(org_id, s),
    )


def _status(text: str | None) -> PackStatus | None:
    return next((s for s in PackStatus if s.value == text), None)


def _paper_set_page(set_id: int, state: FormState | None = None) -> str:
    session = db_session()
    paper = inventory_service.get_set(session, set_id)
    org = get_organization(session, check_org(paper.organization_id))
    status = _status(request.args.get("status"))
    names = _names(org.id)
    open_occasions = [o for o in occasions.list_occasions(session, org.id) if o.status != OccasionStatus.CLOSED]
    return render_template(
        "bingo/office/paper_set.html",
        org=org,
        paper=paper,
        label=_set_label(paper),
        series_name=names.series.get(paper.series_id, ""),
        form=state or FormState(),
        forms=_forms(state, "issue", "return", "missing"),
        counts=inventory_service.counts(session, paper.id),
        packs=inventory_service.packs_of(session, paper.id, status),
        shown=status,
        statuses=list(PackStatus),
        occasion_options=[
            (o.id, f"{o.occasion_date} {o.start_time:%H:%M}, {names.programs.get(o.program_id, '')}")
            for o in open_occasions
        ],
        occasion_names={o.id: f"{o.occasion_date}" for o in occasions.list_occasions(session, org.id)},
        stations=sorted(printers()),
        station=request.args.get("station", "")[:100],
    )


@bp.get("/paper/<int:set_id>")
@allow(*OFFICE_VIEW)
def paper_set_page(set_id: int) -> ResponseReturnValue:
    return _paper_set_page(set_id)


@bp.post("/paper/<int:set_id>/packs")
@allow(*PLANNERS)
def packs_move(set_id: int) -> ResponseReturnValue:
    """Issued to a station, taken back or recorded missing by stock.move, the API's door."""
    paper = inventory_service.get_set(db_session(), set_id)
    check_org(paper.organization_id)
    action = request.form.get("action", "")
    done = {"issue": "Packs issued.", "return": "Packs taken back.", "missing": "Packs recorded missing."}
    return submit(
        PackMoveFormIn(),
        lambda d: inventory_service.move(db_session(), actor(), hall_now(), set_id, d),
        done.get(action, "Done."),
        url_for("bingo_office.paper_set_page", set_id=set_id, focus=action, station=request.form.get("station")),
        lambda s: _paper_set_page(set_id, s),
    )
