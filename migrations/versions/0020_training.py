"""training occasions and tournaments: a practice night's mark, set when it is made and fixed for good

Revision ID: 0020_training
Revises: 0019_poker_screens
Create Date: 2026-12-01 23:40:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0020_training'
down_revision = '0019_poker_screens'
branch_labels = None
depends_on = None

MESSAGE = "the training mark is fixed when the occasion or tournament is made"
TABLES = ('bingo_occasions', 'poker_tournaments')


def upgrade() -> None:
    for table in TABLES:
        op.add_column(table, sa.Column('training', sa.Boolean(), server_default=sa.false(), nullable=False))
        if op.get_bind().dialect.name == "sqlite":
            op.execute(f"CREATE TRIGGER {table}_training_fixed BEFORE UPDATE OF training ON {table} "
                       f"WHEN NEW.training IS NOT OLD.training BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")
        else:
            op.execute(f"CREATE FUNCTION {table}_training_fixed() RETURNS trigger LANGUAGE plpgsql AS $$ "
                       f"BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$")
            op.execute(f"CREATE TRIGGER {table}_training_fixed BEFORE UPDATE OF training ON {table} "
                       "FOR EACH ROW WHEN (NEW.training IS DISTINCT FROM OLD.training) "
                       f"EXECUTE FUNCTION {table}_training_fixed()")


def downgrade() -> None:
    for table in TABLES:
        op.execute(f"DROP TRIGGER IF EXISTS {table}_training_fixed" +
                   ("" if op.get_bind().dialect.name == "sqlite" else f" ON {table}"))
        if op.get_bind().dialect.name != "sqlite":
            op.execute(f"DROP FUNCTION IF EXISTS {table}_training_fixed()")
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('training')
