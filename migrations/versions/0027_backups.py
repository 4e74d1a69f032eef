"""the record of each backup (issue 20): when, the command, the file, its size once whole

Revision ID: 0027_backups
Revises: 0026_print_confirmation
Create Date: 2026-12-06 09:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0027_backups'
down_revision = '0026_print_confirmation'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'backups',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('taken_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('command', sa.String(length=200), nullable=False),
        sa.Column('path', sa.String(length=1000), nullable=False),
        sa.Column('status', sa.String(length=16), nullable=False),
        sa.Column('size_bytes', sa.BigInteger(), nullable=True),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_backups')),
    )


def downgrade() -> None:
    op.drop_table('backups')
