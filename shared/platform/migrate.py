"""Alembic wired to the app's engine, so `flashboard db upgrade` and `flashboard init` migrate
whichever database FLASHBOARD_DATABASE_URL names."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine

from shared.platform.config import PROJECT_ROOT

MIGRATIONS = PROJECT_ROOT / "migrations"


def alembic_config(engine: Engine) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["engine"] = engine
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    command.upgrade(alembic_config(engine), revision)


def downgrade(engine: Engine, revision: str) -> None:
    command.downgrade(alembic_config(engine), revision)


def current(engine: Engine) -> None:
    command.current(alembic_config(engine), verbose=True)


def revision(engine: Engine, message: str) -> None:
    command.revision(alembic_config(engine), message=message, autogenerate=True)
