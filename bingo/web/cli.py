"""`flashboard jar check` and `flashboard books check`: the cookie-jar ledger and the whole books,
recomputed from their lines, for the treasurer and the Board; the books check is a restore's check too."""

from __future__ import annotations

import sys

import click
from flask import Flask
from flask.cli import with_appcontext
from sqlalchemy.orm import Session

from bingo.services.books import check_books
from bingo.services.jars import check_ledger
from shared.platform.backups import Finding, register_check
from shared.platform.context import database


@click.group("jar")
def jar_group() -> None:
    """The cookie-jar ledger (10 DE Admin Code 101-4.31)."""


@jar_group.command("check")
@with_appcontext
def jar_check() -> None:
    """Recompute every jar balance from the ledger lines; exit 1 naming the first line that disagrees."""
    with database().readers() as session:
        problems = check_ledger(session)
    if not problems:
        click.echo("Cookie-jar ledger balances: fees collected = pending + jar 1 + jar 2 + held + awarded.")
        return
    for problem in problems:
        click.echo(f"Organization {problem.organization_id}, ledger line {problem.seq}: {problem.message}.", err=True)
    sys.exit(1)


@click.group("books")
def books_group() -> None:
    """The books: every cent in and out, on a till, exactly once."""


@books_group.command("check")
@with_appcontext
def books_check() -> None:
    """Recompute the books from their lines: every sale on a till, each till's arithmetic, the jar
    ledger against the jar sale lines, packs, tickets and sheets against the lines that sold them,
    each prize share paid at most once, report totals against the sum of the lines. Exit 1 naming
    the first disagreement (then the rest)."""
    with database().readers() as session:
        finding = books_finding(session)
    if not finding.problems:
        click.echo(finding.passed)
        return
    for problem in finding.problems:
        click.echo(problem, err=True)
    sys.exit(1)


def books_finding(session: Session) -> Finding:
    """What `books check` says of the database, as a restore's check says it too."""
    passed = (
        "The books agree: every sale on a till, every till, the cookie jar, the paper and tickets, every prize "
        "paid once, every report total."
    )
    return Finding("books check", passed, [str(problem) for problem in check_books(session)])


def register(app: Flask) -> None:
    app.cli.add_command(jar_group)
    app.cli.add_command(books_group)
    register_check(app.extensions, books_finding)
