"""poker rule truth: the desk's 18-or-older confirmation on an entry (N.H. Admin. Code Pari 1207.03(b))

Revision ID: 0021_poker_permits
Revises: 0020_training
Create Date: 2026-12-02 10:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0021_poker_permits'
down_revision = '0020_training'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.add_column(sa.Column('age_confirmed_by', sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.drop_column('age_confirmed_by')
