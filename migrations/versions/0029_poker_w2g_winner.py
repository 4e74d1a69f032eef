"""IRS Form W-2G: the name, address and ID seen of a poker winner paid a prize the form reports (issue 20)

Revision ID: 0029_poker_w2g_winner
Revises: 0028_payout_w2g_winner
Create Date: 2026-12-08 09:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0029_poker_w2g_winner"
down_revision = "0028_payout_w2g_winner"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("poker_prize_payments") as batch:
        batch.add_column(sa.Column("w2g_name", sa.String(length=100), nullable=True))
        batch.add_column(sa.Column("w2g_address", sa.String(length=300), nullable=True))
        batch.add_column(sa.Column("w2g_id_shown", sa.String(length=60), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("poker_prize_payments") as batch:
        batch.drop_column("w2g_id_shown")
        batch.drop_column("w2g_address")
        batch.drop_column("w2g_name")
