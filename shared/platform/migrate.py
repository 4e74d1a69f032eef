"""Alembic wired to the app's engine, so `flashboard db upgrade` and `flashboard init` migrate
whichever database FLASHBOARD_DATABASE_URL names. Alembic (and the Mako and Pygments it brings) is
imported when a command migrates, not when the hall starts (issue 21: cold start)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlalchemy import Engine

from shared.platform.config import PROJECT_ROOT

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS = PROJECT_ROOT / "migrations"


def alembic_config(engine: Engine) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    from alembic import command

    command.upgrade(alembic_config(engine), revision)


def downgrade(engine: Engine, revision: str) -> None:
    from alembic import command

    command.downgrade(alembic_config(engine), revision)


def current(engine: Engine) -> None:
    from alembic import command

    command.current(alembic_config(engine), verbose=True)


def revision(engine: Engine, message: str) -> None:
    from alembic import command

    command.revision(alembic_config(engine), message=message, autogenerate=True)
