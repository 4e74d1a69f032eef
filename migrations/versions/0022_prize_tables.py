"""prize tables by field size: the table picked at the draw for the number of entrants

Revision ID: 0022_prize_tables
Revises: 0021_upick_jar_share
Create Date: 2026-12-02 10:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0022_prize_tables'
down_revision = '0021_upick_jar_share'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column('poker_tournaments', sa.Column('prize_table', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.drop_column('prize_table')
