"""a print job is printed only when the printer confirms it: "unconfirmed" jobs, the first time
bytes left (so only a later paper says REPRINT), who reprinted it and when, and the printer that
last took it (the job keeps its own station)

Revision ID: 0026_print_confirmation
Revises: 0025_licence_contents
Create Date: 2026-12-04 08:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0026_print_confirmation'
down_revision = '0025_licence_contents'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('print_jobs') as batch:
        batch.add_column(sa.Column('sent_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('printed_station', sa.String(length=100), nullable=True))
        batch.add_column(sa.Column('reprinted_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('reprinted_by', sa.String(length=200), nullable=True))
    op.execute("UPDATE print_jobs SET sent_at = printed_at, printed_station = station WHERE printed_at IS NOT NULL")


def downgrade() -> None:
    op.execute("UPDATE print_jobs SET status = 'not_printed' WHERE status = 'unconfirmed'")
    with op.batch_alter_table('print_jobs') as batch:
        batch.drop_column('reprinted_by')
        batch.drop_column('reprinted_at')
        batch.drop_column('printed_station')
        batch.drop_column('sent_at')
