"""`flashboard jar …`: the cookie-jar ledger check for the treasurer and the Board."""
from __future__ import annotations

import sys

import click
from flask import Flask
from flask.cli import with_appcontext

from bingo.services.cookie_jar import check_ledger
from shared.context import database


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


def register(app: Flask) -> None:
    app.cli.add_command(jar_group)
