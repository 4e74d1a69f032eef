"""A fresh, migrated database for one benchmark run: a temporary SQLite file, or a schema of its own on
the PostgreSQL server named by the URL (created for the run and dropped after it), so a bench never
touches a hall's data. Shared by bench/reports.py and bench/audit_verify.py."""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from shared.platform import migrate  # noqa: E402
from shared.platform.db import make_engine  # noqa: E402

PG_DEFAULT = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


@contextmanager
def fresh_database(server: str | None) -> Iterator[str]:
    """The URL of a migrated, empty database: SQLite in a temporary folder when `server` is None,
    else a new schema on that PostgreSQL server."""
    if server is None:
        with tempfile.TemporaryDirectory() as folder:
            url = f"sqlite:///{Path(folder) / 'bench.db'}"
            _migrate(url)
            yield url
        return
    schema = f"fbbench_{uuid.uuid4().hex[:10]}"
    admin = create_engine(server)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    try:
        url = make_url(server).update_query_dict({"options": f"-csearch_path={schema}"})
        rendered = url.render_as_string(hide_password=False)
        _migrate(rendered)
        yield rendered
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


def _migrate(url: str) -> None:
    engine = make_engine(url)
    migrate.upgrade(engine)
    engine.dispose()


def machine(engine_name: str) -> str:
    """One line naming where the figures were taken."""
    return (
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.release()}; {engine_name}"
    )
