"""print jobs

Revision ID: 0006_print_jobs
Revises: 0005_upick_break_open
Create Date: 2026-11-30 10:00:07.493653
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0006_print_jobs'
down_revision = '0005_upick_break_open'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('print_jobs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('reference', sa.String(length=100), nullable=False),
    sa.Column('document', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('reprints', sa.Integer(), nullable=False),
    sa.Column('last_error', sa.String(length=300), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('printed_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_print_jobs'))
    )
    with op.batch_alter_table('print_jobs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_print_jobs_station'), ['station'], unique=False)
        batch_op.create_index(batch_op.f('ix_print_jobs_status'), ['status'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('print_jobs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_print_jobs_status'))
        batch_op.drop_index(batch_op.f('ix_print_jobs_station'))

    op.drop_table('print_jobs')
