"""training occasions: a practice night's mark, set when it is scheduled and fixed for good

Revision ID: 0020_training_occasions
Revises: 0019_poker_screens
Create Date: 2026-12-01 23:40:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0020_training_occasions'
down_revision = '0019_poker_screens'
branch_labels = None
depends_on = None

MESSAGE = "the training mark is fixed when the occasion is scheduled"


def upgrade() -> None:
    op.add_column('bingo_occasions', sa.Column('training', sa.Boolean(), server_default=sa.false(), nullable=False))
    if op.get_bind().dialect.name == "sqlite":
        op.execute("CREATE TRIGGER bingo_occasions_training_fixed BEFORE UPDATE OF training ON bingo_occasions "
                   f"WHEN NEW.training IS NOT OLD.training BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")
    else:
        op.execute("CREATE FUNCTION bingo_occasions_training_fixed() RETURNS trigger LANGUAGE plpgsql AS $$ "
                   f"BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$")
        op.execute("CREATE TRIGGER bingo_occasions_training_fixed BEFORE UPDATE OF training ON bingo_occasions "
                   "FOR EACH ROW WHEN (NEW.training IS DISTINCT FROM OLD.training) "
                   "EXECUTE FUNCTION bingo_occasions_training_fixed()")


def downgrade() -> None:
    op.execute("DROP TRIGGER IF EXISTS bingo_occasions_training_fixed" +
               ("" if op.get_bind().dialect.name == "sqlite" else " ON bingo_occasions"))
    if op.get_bind().dialect.name != "sqlite":
        op.execute("DROP FUNCTION IF EXISTS bingo_occasions_training_fixed()")
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.drop_column('training')
