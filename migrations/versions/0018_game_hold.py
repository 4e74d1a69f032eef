"""game hold: the caller's "Bingo! hold" while a claim is checked, so calls stop (101-4.16)

Revision ID: 0018_game_hold
Revises: 0017_structured_rows
Create Date: 2026-12-02 10:00:00.000000
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0018_game_hold'
down_revision = '0017_structured_rows'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('held_at', sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.drop_column('held_at')
