"""payouts tills

Revision ID: 0008_payouts_tills
Revises: 0007_cashier_sales
Create Date: 2026-11-30 10:11:09.984656
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0008_payouts_tills'
down_revision = '0007_cashier_sales'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('tills',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.Column('opened_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('opening_bank_cents', sa.Integer(), nullable=False),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('counts', sa.Text(), nullable=True),
    sa.Column('counted_cents', sa.Integer(), nullable=True),
    sa.Column('expected_cents', sa.Integer(), nullable=True),
    sa.Column('over_short_cents', sa.Integer(), nullable=True),
    sa.Column('explanation', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_tills_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_tills'))
    )
    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_tills_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('payouts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('sale_id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=False),
    sa.Column('prize', sa.String(length=16), nullable=False),
    sa.Column('claim_id', sa.Integer(), nullable=True),
    sa.Column('ticket_code', sa.String(length=20), nullable=True),
    sa.Column('winner', sa.String(length=100), nullable=False),
    sa.Column('amount_cents', sa.Integer(), nullable=False),
    sa.Column('verifier_name', sa.String(length=200), nullable=False),
    sa.Column('w2g_required', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['claim_id'], ['bingo_claims.id'], name=op.f('fk_payouts_claim_id_bingo_claims')),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_payouts_occasion_id_bingo_occasions')),
    sa.ForeignKeyConstraint(['sale_id'], ['sales.id'], name=op.f('fk_payouts_sale_id_sales')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_payouts')),
    sa.UniqueConstraint('sale_id', name=op.f('uq_payouts_sale_id'))
    )
    with op.batch_alter_table('payouts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_payouts_occasion_id'), ['occasion_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('payouts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_payouts_occasion_id'))

    op.drop_table('payouts')
    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_tills_occasion_id'))

    op.drop_table('tills')
