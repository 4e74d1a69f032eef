"""reports: expenses with payees, the uses of net profit and the sworn statement

Revision ID: 0011_reports
Revises: 0010_board_events
Create Date: 2026-11-30 11:47:26.276916
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0011_reports'
down_revision = '0010_board_events'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('bingo_expenses',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=True),
    sa.Column('payee_name', sa.String(length=200), nullable=False),
    sa.Column('payee_address', sa.String(length=300), nullable=False),
    sa.Column('description', sa.String(length=300), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('recorded_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('recorded_by', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_bingo_expenses_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_expenses'))
    )
    with op.batch_alter_table('bingo_expenses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_expenses_occasion_id'), ['occasion_id'], unique=False)

    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('net_profit_uses', sa.Text(), nullable=True))
        batch_op.add_column(sa.Column('statement_sworn_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('statement_sworn_by', sa.String(length=200), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.drop_column('statement_sworn_by')
        batch_op.drop_column('statement_sworn_at')
        batch_op.drop_column('net_profit_uses')

    with op.batch_alter_table('bingo_expenses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_expenses_occasion_id'))

    op.drop_table('bingo_expenses')
