"""what a bingo licence term specifies: its alternate prizes by calls (10 DE Admin Code 101-4.15), its
prizes by attendance (4.18) and its Addendum A U Pick Em games with their payouts (4.30.1.6)

Revision ID: 0025_licence_contents
Revises: 0024_poker_permits
Create Date: 2026-12-03 08:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0025_licence_contents'
down_revision = '0024_poker_permits'
branch_labels = None
depends_on = None

LISTS = (
    ('bingo_license_alternates', 'within_calls', 'prize_cents'),
    ('bingo_license_attendance_prizes', 'min_players', 'prize_cents'),
    ('bingo_license_upick_games', 'pick_count', 'payout_cents'),
)


def upgrade() -> None:
    for table, first, second in LISTS:
        op.create_table(
            table,
            sa.Column('id', sa.Integer(), nullable=False),
            sa.Column('license_id', sa.Integer(), nullable=False),
            sa.Column(first, sa.Integer(), nullable=False),
            sa.Column(second, sa.Integer(), nullable=False),
            sa.ForeignKeyConstraint(
                ['license_id'], ['bingo_licenses.id'], name=op.f(f'fk_{table}_license_id_bingo_licenses')
            ),
            sa.PrimaryKeyConstraint('id', name=op.f(f'pk_{table}')),
            sa.UniqueConstraint('license_id', first, second, name=op.f(f'uq_{table}_license_id_{first}_{second}')),
        )
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.create_index(batch_op.f(f'ix_{table}_license_id'), ['license_id'], unique=False)


def downgrade() -> None:
    for table, _, _ in reversed(LISTS):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_index(batch_op.f(f'ix_{table}_license_id'))
        op.drop_table(table)
