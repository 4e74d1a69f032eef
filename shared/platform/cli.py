"""The `flashboard` command: the Flask CLI for this app, plus init, db, demo, user, audit, backup, restore
and serve."""

from __future__ import annotations

import contextvars
import sys
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

import click
from flask import Flask, current_app
from flask.cli import FlaskGroup, with_appcontext
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.schemas import UserRequest
from shared.hall.services import staff
from shared.hall.services.staff import KdfCost
from shared.platform import audit, backups, migrate
from shared.platform.audit import SYSTEM
from shared.platform.audit_key import Keyring
from shared.platform.backups import BackupError, Finding
from shared.platform.config import ConfigError
from shared.platform.context import database, settings
from shared.platform.db import Database

if TYPE_CHECKING:
    from shared.platform.demo import DemoLoad


def _create() -> Flask:
    from shared.platform.app import create_app

    try:
        return create_app()
    except ConfigError as exc:
        raise click.ClickException(str(exc)) from None


main = FlaskGroup(create_app=_create, help="Flashboard hall operations. Settings come from FLASHBOARD_* variables.")


def _now() -> datetime:
    return datetime.now(timezone.utc).astimezone(settings().zone)


@click.command("init")
@with_appcontext
def init_command() -> None:
    """Create the database, or upgrade it to the newest schema."""
    migrate.upgrade(database().engine)
    click.echo(f"Database ready: {database().engine.url.render_as_string(hide_password=True)}")


@click.group("db")
def db_group() -> None:
    """Schema migrations (Alembic)."""


@db_group.command("upgrade")
@click.argument("revision", default="head")
@with_appcontext
def db_upgrade(revision: str) -> None:
    """Upgrade the schema to REVISION (default: head)."""
    migrate.upgrade(database().engine, revision)


@db_group.command("downgrade")
@click.argument("revision")
@with_appcontext
def db_downgrade(revision: str) -> None:
    """Downgrade the schema to REVISION."""
    migrate.downgrade(database().engine, revision)


@db_group.command("current")
@with_appcontext
def db_current() -> None:
    """Show the schema revision."""
    migrate.current(database().engine)


@db_group.command("revision")
@click.option("-m", "--message", required=True)
@with_appcontext
def db_revision(message: str) -> None:
    """Write a new migration from the difference between the models and the database."""
    migrate.revision(database().engine, message)


@click.command("demo")
@with_appcontext
def demo_command() -> None:
    """Load a demo organization and print fresh demo logins (new passwords on every run)."""
    from shared.platform.demo import load_demo

    migrate.upgrade(database().engine)
    _print_logins(load_demo(database().sessions, _now()))


def _print_logins(loaded: DemoLoad, port: int = 8000) -> None:
    for problem in loaded.problems:
        click.echo(problem, err=True)
    logins = loaded.logins
    click.echo("\nDemo logins (passwords and PINs are new on every run):")
    click.echo(f"  {'role':<20} {'username':<12} {'password':<22} PIN")
    for role, username, password, pin in logins:
        click.echo(f"  {role:<20} {username:<12} {password:<22} {pin}")
    click.echo(
        f"\nTonight's packs are issued to the station {loaded.cashier_station!r}: open"
        f" http://localhost:{port}/pin?station={quote(loaded.cashier_station)} once on the cashier's screen"
        " to name it, then sign in with the cashier's PIN.\n"
    )


@click.group("user")
def user_group() -> None:
    """Staff accounts."""


@user_group.command("create")
@click.argument("username")
@click.option("--name", "display_name", required=True, help="Name shown on screens and in the audit log.")
@click.option("--role", "roles", multiple=True, required=True, type=click.Choice([r.value for r in Role]))
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True)
@click.option("--pin", default=None, help="4-8 digit station PIN.")
@click.option("--member-id", type=int, default=None)
@with_appcontext
def user_create(
    username: str, display_name: str, roles: tuple[str, ...], password: str, pin: str | None, member_id: int | None
) -> None:
    """Create a staff account."""
    from shared.core.violations import RuleViolation

    data = UserRequest(
        username=username,
        display_name=display_name,
        password=password,
        pin=pin,
        member_id=member_id,
        roles=[Role(r) for r in roles],
    )
    with database().sessions() as session:
        try:
            user = staff.create_user(session, SYSTEM, _now(), data, KdfCost())
        except RuleViolation as exc:
            raise click.ClickException(exc.violation.message) from None
        click.echo(f"Created {user.username} with roles {', '.join(user.role_names)}")


@user_group.command("unlock")
@click.argument("username", required=False)
@click.option(
    "--address", default=None, help="Let this station address try again (every station behind one proxy shares one)."
)
@with_appcontext
def user_unlock(username: str | None, address: str | None) -> None:
    """Clear a lockout at the server, for when no admin can sign in from a station: an account's
    (at every address) or a station address's. Audited as the system."""
    from shared.core.violations import RuleViolation

    if not username and not address:
        raise click.UsageError("Name an account, or give --address.")
    with database().sessions() as session:
        try:
            if username:
                user = staff.find_user(session, username)
                if user is None:
                    raise click.ClickException(f"No account is named {username!r}.")
                staff.unlock(session, SYSTEM, _now(), user.id)
                click.echo(f"{user.username} may sign in again.")
            if address:
                staff.unlock_address(session, SYSTEM, _now(), address)
                click.echo(f"Station address {address} may try again.")
        except RuleViolation as exc:
            raise click.ClickException(exc.violation.message) from None


@click.group("audit")
def audit_group() -> None:
    """The tamper-evident audit log."""


@audit_group.command("verify")
@click.option(
    "--anchor",
    "anchor_text",
    default=None,
    metavar="SEQ:DIGEST",
    help="The audit anchor printed on a closing document (till close, session report, occasion report, sworn "
    "statement): prove that nothing up to it was deleted, truncated or rewritten.",
)
@with_appcontext
def audit_verify(anchor_text: str | None) -> None:
    """Re-compute every hash (keyed), hold every money row to its seal, and check the anchor; exit 1
    naming what changed."""
    pin = audit.parse_anchor(anchor_text) if anchor_text else None
    if anchor_text and pin is None:
        raise click.BadParameter(
            "an anchor is SEQ:DIGEST, as printed, e.g. 4821:9f3a12bc55e0d1a7", param_hint="--anchor"
        )
    with database().readers() as session:
        finding = audit_finding(session, pin)
    if not finding.problems:
        click.echo(finding.passed)
        return
    for problem in finding.problems:
        click.echo(f"Audit BROKEN: {problem}", err=True)
    sys.exit(1)


def audit_finding(session: Session, pin: audit.Anchor | None = None) -> Finding:
    """What `audit verify` says of the database, as a restore's check says it too."""
    found = audit.verify(session, pin)
    keyed = (
        f", keyed from entry {found.keyed_from}" if found.keyed_from else ", not keyed yet (no entry since the upgrade)"
    )
    held = f"; anchor {pin} holds" if pin else ""
    passed = f"Audit chain intact: {found.count} entries{keyed}; every money row matches its seal{held}."
    return Finding("audit verify", passed, audit.problems(found))


def _hall_now() -> datetime:
    """The app's clock (the system's in production, the test's own in the tests), in the hall's zone."""
    clock: Callable[[], datetime] = current_app.extensions["flashboard.clock"]
    return clock().astimezone(settings().zone)


@click.command("backup")
@click.argument("path", type=click.Path(dir_okay=True, path_type=Path))
@click.option("--replace", is_flag=True, help="Write over PATH if it exists.")
@with_appcontext
def backup_command(path: Path, replace: bool) -> None:
    """Copy the database to PATH while the hall serves (SQLite's online backup API; pg_dump -Fc on
    PostgreSQL). The backup is recorded and audited before the copy is taken, so it holds its own
    record; the member in charge's dashboard says when the last one was made. Back up the audit key
    (FLASHBOARD_AUDIT_KEY_PATH) apart from it."""
    db = database()
    try:
        partial = backups.claim_target(db.engine, path, replace)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    record = backups.begin(db.sessions, SYSTEM, _hall_now(), path, f"flashboard backup {path}")
    try:
        size = backups.take(db.engine, partial, path)
    except BackupError as exc:
        backups.end(db.sessions, SYSTEM, _hall_now(), record, None)
        raise click.ClickException(str(exc)) from None
    backups.end(db.sessions, SYSTEM, _hall_now(), record, size)
    click.echo(f"Backed up to {path} ({size:,} bytes).")


@click.command("restore")
@click.argument("path", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--yes", is_flag=True, help="Do not ask: the restore overwrites the database.")
@with_appcontext
def restore_command(path: Path, yes: bool) -> None:
    """Put the backup at PATH in place of the database, after the checks of `flashboard audit verify`
    and `flashboard books check`; print both and exit 1 if either fails. On SQLite the copy is
    checked before it replaces anything; on PostgreSQL pg_restore runs in one transaction and the
    checks follow. Stop `flashboard serve` first: every station's work since the backup is lost."""
    db = database()
    if not path.is_file():
        raise click.ClickException(f"There is no backup file at {path}.")
    where = db.engine.url.render_as_string(hide_password=True)
    if not yes:
        click.confirm(
            f"Restore {path} over {where}? Everything recorded since that backup is lost; stop flashboard serve first.",
            abort=True,
        )
    checks: list[backups.Check] = current_app.extensions.get(backups.CHECKS, [])
    try:
        if db.is_sqlite:
            findings = _restore_sqlite(db, path, checks)
        else:
            backups.restore_postgres(db.engine, path)
            migrate.upgrade(db.engine)
            findings = backups.run_checks(db.readers, checks)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    failed = [f for f in findings if f.problems]
    for finding in findings:
        if finding.problems:
            for problem in finding.problems:
                click.echo(f"{finding.name}: {problem}", err=True)
        else:
            click.echo(f"{finding.name}: {finding.passed}")
    if failed and db.is_sqlite:
        click.echo(
            f"Not restored: {path} fails {' and '.join(f.name for f in failed)}; the database is as it was.", err=True
        )
        sys.exit(1)
    if failed:
        click.echo(f"Restored from {path}, but it fails {' and '.join(f.name for f in failed)}.", err=True)
        sys.exit(1)
    backups.record_restore(db.sessions, SYSTEM, _hall_now(), path)
    click.echo(f"Restored from {path}.")


def _restore_sqlite(db: Database, path: Path, checks: list[backups.Check]) -> list[Finding]:
    """The backup copied next to the database, upgraded to this version's schema and checked there;
    only a copy that passes every check replaces the database's contents."""
    staged = backups.stage_sqlite(db.engine, path)
    try:
        copy = Database.connect(f"sqlite:///{staged}", Keyring(settings().audit_key_file))
        try:
            migrate.upgrade(copy.engine)
            findings = backups.run_checks(copy.readers, checks)
        finally:
            copy.engine.dispose()
        if not any(f.problems for f in findings):
            backups.load_sqlite(db.engine, staged)
        return findings
    finally:
        staged.unlink(missing_ok=True)


@click.command("serve")
@click.option("--host", default="0.0.0.0", show_default=True, help="0.0.0.0 lets the hall's other stations connect.")
@click.option("--port", default=8000, show_default=True, type=int)
@click.option("--demo", is_flag=True, help="Load the demo organization and print its logins first.")
@click.option("--workers", default=1, show_default=True, type=int, help="Server processes (one per core at most).")
@click.option("--threads", default=48, show_default=True, type=int, help="Request threads per process.")
@with_appcontext
def serve_command(host: str, port: int, demo: bool, workers: int, threads: int) -> None:
    """Migrate the database and serve the hall: uvicorn, with the live screens on its event loop."""
    from shared.platform.live_screens import LiveHall, serve

    migrate.upgrade(database().engine)
    if demo:
        from shared.platform.demo import load_demo

        click.echo("Tonight's demo occasion is a TRAINING occasion: it plays at any hour and is never filed.")
        _print_logins(load_demo(database().sessions, _now()), port)
    click.echo(f"Flashboard is at http://localhost:{port}/ (stations use this computer's address).")
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    # The server runs outside this command's app context. Its tasks and request threads copy the context
    # they start in, and Flask reuses an app context it finds there instead of pushing one per request:
    # every request then shared one `g`, so the first request's database session served the rest (the
    # first GET's read-only one refused every sign-in after it).
    contextvars.Context().run(serve, LiveHall(app, threads) if workers == 1 else None, host, port, workers, threads)


def register_commands(app: Flask) -> None:
    for command in (
        init_command,
        db_group,
        demo_command,
        user_group,
        audit_group,
        backup_command,
        restore_command,
        serve_command,
    ):
        app.cli.add_command(command)
    backups.register_check(app.extensions, audit_finding)
