"""the later drawing among a merchandise game's other qualifiers, its prize and value counted toward the
occasion's maximum (10 DE Admin Code 101-4.11)

Revision ID: 0023_qualifier_drawings
Revises: 0022_prize_tables
Create Date: 2026-12-02 08:30:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0023_qualifier_drawings'
down_revision = '0022_prize_tables'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        'bingo_qualifier_drawings',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('occasion_id', sa.Integer(), nullable=False),
        sa.Column('game_number', sa.Integer(), nullable=False),
        sa.Column('prize', sa.String(length=200), nullable=False),
        sa.Column('merchandise', sa.Boolean(), nullable=False),
        sa.Column('value_cents', sa.Integer(), nullable=False),
        sa.Column('entrants', sa.Integer(), nullable=False),
        sa.Column('winner_claim_id', sa.Integer(), nullable=False),
        sa.Column('drawn_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('drawn_by', sa.String(length=200), nullable=False),
        sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id']),
        sa.ForeignKeyConstraint(['winner_claim_id'], ['bingo_claims.id']),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('occasion_id', 'game_number'),
    )
    op.create_index('ix_bingo_qualifier_drawings_occasion_id', 'bingo_qualifier_drawings', ['occasion_id'])


def downgrade() -> None:
    op.drop_index('ix_bingo_qualifier_drawings_occasion_id', table_name='bingo_qualifier_drawings')
    op.drop_table('bingo_qualifier_drawings')
