"""a U Pick Em ticket's cookie-jar share: a ticket completed on the call of the cookie-jar number is a
bingo on that call and shares the jar (10 DE Admin Code 101-4.31.6, 4.11)

Revision ID: 0021_upick_jar_share
Revises: 0020_training
Create Date: 2026-12-02 08:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0021_upick_jar_share'
down_revision = '0020_training'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('upick_tickets') as batch:
        batch.add_column(sa.Column('jar_share_cents', sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('upick_tickets') as batch:
        batch.drop_column('jar_share_cents')
