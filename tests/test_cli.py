"""The `flashboard` command: init and db upgrade migrate, user create adds an audited account."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import select

from shared.hall.models import User
from shared.platform.audit import AuditEntry


def test_init_and_db_upgrade_are_idempotent(app: Flask) -> None:
    runner = app.test_cli_runner()
    result = runner.invoke(args=["init"])
    assert result.exit_code == 0 and "Database ready" in result.output
    assert runner.invoke(args=["db", "upgrade"]).exit_code == 0
    assert runner.invoke(args=["db", "current"]).exit_code == 0


def test_user_create_makes_an_audited_account(app: Flask) -> None:
    result = app.test_cli_runner().invoke(
        args=[
            "user",
            "create",
            "dottie",
            "--name",
            "Dorothy Keller",
            "--role",
            "admin",
            "--role",
            "officer",
            "--pin",
            "1357",
        ],
        input="a long password\na long password\n",
    )
    assert result.exit_code == 0, result.output
    with app.extensions["flashboard.db"].readers() as reader:
        user = reader.scalar(select(User).where(User.username == "dottie"))
        assert user is not None and user.role_names == ["admin", "officer"] and user.pin_hash is not None
        assert reader.scalar(select(AuditEntry.action).order_by(AuditEntry.seq.desc())) == "security.user_create"


def test_user_create_refuses_a_short_password(app: Flask) -> None:
    result = app.test_cli_runner().invoke(
        args=["user", "create", "shorty", "--name", "S", "--role", "caller"], input="short\nshort\n"
    )
    assert result.exit_code != 0 and "at least 10 characters" in result.output
