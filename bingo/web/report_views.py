"""The member in charge's reports pages: tonight's and past occasions, expenses with payees
(101-4.24), the sworn statement and its due date (28 Del. C. §1521), and the PDF and CSV downloads
of every report. Forms go through the same schemas and services as the API."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for
from flask.typing import ResponseReturnValue

from bingo.rules.figures import statement_due
from bingo.schemas import ExpenseIn, SwornIn
from bingo.services import occasions, reports, series
from shared.core.money import format_cents
from shared.core.roles import Role
from shared.platform.access import allow
from shared.platform.context import actor, db_session, hall_now, hall_today, settings
from shared.platform.forms import FormState, submit
from shared.platform.scope import check_org
from shared.platform.station import my_org_id, station_page

bp = Blueprint("reports", __name__, url_prefix="/bingo/reports")
REPORTERS = (Role.ADMIN, Role.OFFICER, Role.MEMBER_IN_CHARGE)


@bp.get("")
@allow(*REPORTERS)
def reports_home() -> ResponseReturnValue:
    """Every occasion of the organization, newest first, with its sworn statement's due date."""
    org_id = my_org_id()
    if org_id is None:
        return station_page(
            "Reports", Role.MEMBER_IN_CHARGE, "Your account is not linked to a member of an organization."
        )
    return render_template(
        "bingo/reports.html",
        org_id=org_id,
        occasions=occasions.list_occasions(db_session(), org_id, limit=60),
        series=series.list_series(db_session(), org_id),
        due=statement_due,
        today=hall_today(),
        year=hall_today().year,
    )


def _occasion_page(occasion_id: int, expense_form: FormState | None = None, sworn_form: FormState | None = None) -> str:
    session = db_session()
    occasion = occasions.get_occasion(session, occasion_id)
    check_org(occasion.organization_id)
    expenses = reports.expenses_of(session, occasion.id)
    sworn = reports.sworn_statement(session, occasion.id, settings().zone, hall_today())
    return render_template(
        "bingo/report_occasion.html",
        occasion=occasion,
        expenses=expenses,
        money=format_cents,
        due=statement_due(occasion.occasion_date),
        sworn=sworn,
        expense_form=expense_form or FormState(),
        sworn_form=sworn_form or FormState(),
        today=hall_today(),
    )


@bp.get("/occasions/<int:occasion_id>")
@allow(*REPORTERS)
def occasion_reports(occasion_id: int) -> ResponseReturnValue:
    return _occasion_page(occasion_id)


@bp.post("/occasions/<int:occasion_id>/expenses")
@allow(*REPORTERS)
def add_expense(occasion_id: int) -> ResponseReturnValue:
    """10 DE Admin Code 101-4.24: the member in charge enters each expense with its payee."""
    check_org(occasions.get_occasion(db_session(), occasion_id).organization_id)
    return submit(
        ExpenseIn(),
        lambda d: reports.add_expense(db_session(), actor(), hall_now(), occasion_id, d),
        "Expense recorded.",
        url_for("reports.occasion_reports", occasion_id=occasion_id),
        lambda s: _occasion_page(occasion_id, expense_form=s),
    )


@bp.post("/occasions/<int:occasion_id>/sworn-statement")
@allow(Role.ADMIN, Role.MEMBER_IN_CHARGE)
def swear(occasion_id: int) -> ResponseReturnValue:
    """28 Del. C. §1521: the uses of the net profit, and the statement sworn."""
    check_org(occasions.get_occasion(db_session(), occasion_id).organization_id)
    return submit(
        SwornIn(),
        lambda d: reports.swear_statement(
            db_session(), actor(), hall_now(), occasion_id, d["net_profit_uses"], d["title"]
        ),
        "Statement sworn.",
        url_for("reports.occasion_reports", occasion_id=occasion_id),
        lambda s: _occasion_page(occasion_id, sworn_form=s),
    )
