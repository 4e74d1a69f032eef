"""claims index: a verifier's claim is found by game, face and call, not by reading every claim of the game

Revision ID: 0014_claims_index
Revises: 0013_poker_clock_staff
Create Date: 2026-11-30 14:03:02.477425
"""
from __future__ import annotations

from alembic import op

revision = '0014_claims_index'
down_revision = '0013_poker_clock_staff'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('bingo_claims', schema=None) as batch_op:
        batch_op.create_index('ix_bingo_claims_game_face_call', ['game_id', 'face_number', 'on_call'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('bingo_claims', schema=None) as batch_op:
        batch_op.drop_index('ix_bingo_claims_game_face_call')

