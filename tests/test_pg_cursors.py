"""Issue 21: a PostgreSQL cursor describes an answer's columns when asked, as psycopg would have described
them then, and the engine's cursors are of that kind (7.5% of a U Pick Em call's instructions were spent
describing the call's 110 columns again after every statement)."""

from __future__ import annotations

from typing import Any

import psycopg
from sqlalchemy import text

from shared.platform import db
from shared.platform.pg_cursors import ColumnsOnDemand, DescribedOnDemand

QUERY = "SELECT 1 AS seq, 'B-5'::text AS label, now() AS called_at, NULL::numeric(10, 2) AS prize"


def described(columns: Any) -> list[tuple[Any, ...]]:
    return [tuple(column) for column in columns]


def test_issue_21_the_columns_described_on_demand_are_psycopgs_own(pg_required: None, db_url: str) -> None:
    plain = psycopg.connect(db_url.replace("postgresql+psycopg", "postgresql"), autocommit=True)
    lazy = psycopg.connect(
        db_url.replace("postgresql+psycopg", "postgresql"), autocommit=True, cursor_factory=DescribedOnDemand
    )
    try:
        expected = plain.execute(QUERY).description
        cursor = lazy.execute(QUERY)
        columns = cursor.description
        assert isinstance(columns, ColumnsOnDemand) and expected is not None
        cursor.execute("SELECT 2 AS other")  # the cursor moves on before the first answer's columns are looked at
        assert len(columns) == 4 and described(columns) == described(expected)
        assert [c.name for c in columns[-2:]] == ["called_at", "prize"]
        assert columns[1].type_code == expected[1].type_code
        assert lazy.execute("SET TIME ZONE 'UTC'").description is None
    finally:
        plain.close()
        lazy.close()


def test_issue_21_the_engine_describes_on_demand_and_its_results_read_as_before(pg_required: None, db_url: str) -> None:
    engine = db.make_engine(db_url)
    try:
        with engine.connect() as connection:
            result = connection.execute(text("SELECT 7 AS ball, 'O-62'::text AS label"))
            assert isinstance(connection.connection.dbapi_connection.cursor(), DescribedOnDemand)  # type: ignore[union-attr]
            assert [dict(row._mapping) for row in result] == [{"ball": 7, "label": "O-62"}]
    finally:
        engine.dispose()
