"""upick break open

Revision ID: 0005_upick_break_open
Revises: 0004_cookie_jar
Create Date: 2026-11-30 09:55:26.955340
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0005_upick_break_open'
down_revision = '0004_cookie_jar'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('break_open_sales',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=False),
    sa.Column('quantity', sa.Integer(), nullable=False),
    sa.Column('sold_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_break_open_sales_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_break_open_sales'))
    )
    with op.batch_alter_table('break_open_sales', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_break_open_sales_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('upick_tickets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('code', sa.String(length=20), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=False),
    sa.Column('numbers', sa.String(length=100), nullable=False),
    sa.Column('quick_pick', sa.Boolean(), nullable=False),
    sa.Column('price_cents', sa.Integer(), nullable=False),
    sa.Column('sold_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('void_reason', sa.String(length=500), nullable=True),
    sa.Column('voided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('voided_by', sa.String(length=200), nullable=True),
    sa.Column('completed_on_call', sa.Integer(), nullable=True),
    sa.Column('share_cents', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_upick_tickets_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_upick_tickets')),
    sa.UniqueConstraint('code', name=op.f('uq_upick_tickets_code'))
    )
    with op.batch_alter_table('upick_tickets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_upick_tickets_occasion_id'), ['occasion_id'], unique=False)

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pick_count', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('face_price_cents', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('break_open_numbers', sa.Integer(), nullable=True))

    with op.batch_alter_table('bingo_program_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('pick_count', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('face_price_cents', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('break_open_numbers', sa.Integer(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('bingo_program_games', schema=None) as batch_op:
        batch_op.drop_column('break_open_numbers')
        batch_op.drop_column('face_price_cents')
        batch_op.drop_column('pick_count')

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.drop_column('break_open_numbers')
        batch_op.drop_column('face_price_cents')
        batch_op.drop_column('pick_count')

    with op.batch_alter_table('upick_tickets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_upick_tickets_occasion_id'))

    op.drop_table('upick_tickets')
    with op.batch_alter_table('break_open_sales', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_break_open_sales_occasion_id'))

    op.drop_table('break_open_sales')
