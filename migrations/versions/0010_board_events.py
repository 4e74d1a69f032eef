"""board events

Revision ID: 0010_board_events
Revises: 0009_paper_inventory
Create Date: 2026-11-30 10:22:53.144443
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0010_board_events'
down_revision = '0009_paper_inventory'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('board_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('reason', sa.String(length=32), nullable=False),
    sa.Column('board', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_board_events_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_board_events'))
    )
    with op.batch_alter_table('board_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_board_events_occasion_id'), ['occasion_id'], unique=False)

    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('display_token', sa.String(length=40), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_bingo_occasions_display_token'), ['display_token'])



def downgrade() -> None:
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_bingo_occasions_display_token'), type_='unique')
        batch_op.drop_column('display_token')

    with op.batch_alter_table('board_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_board_events_occasion_id'))

    op.drop_table('board_events')
