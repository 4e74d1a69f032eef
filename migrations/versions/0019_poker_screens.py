"""poker screens: a hand's eliminations kept (the players out, the seats they had, the tables before) so
the last one can be undone, and seat moves numbered by the act that made them

Revision ID: 0019_poker_screens
Revises: 0017_structured_rows
Create Date: 2026-12-01 19:32:12.032935
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0019_poker_screens'
down_revision = '0018_game_hold'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('poker_eliminations',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('hand', sa.Integer(), nullable=False),
    sa.Column('batch', sa.Integer(), nullable=False),
    sa.Column('finished', sa.Boolean(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('recorded_by', sa.String(length=200), nullable=False),
    sa.Column('undone_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('undone_by', sa.String(length=200), nullable=True),
    sa.Column('undo_batch', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_eliminations_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_eliminations'))
    )
    with op.batch_alter_table('poker_eliminations', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_eliminations_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('poker_elimination_busts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('elimination_id', sa.Integer(), nullable=False),
    sa.Column('entry_number', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('starting_stack', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['elimination_id'], ['poker_eliminations.id'], name=op.f('fk_poker_elimination_busts_elimination_id_poker_eliminations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_elimination_busts'))
    )
    with op.batch_alter_table('poker_elimination_busts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_elimination_busts_elimination_id'), ['elimination_id'], unique=False)

    op.create_table('poker_elimination_tables',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('elimination_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('seats', sa.Integer(), nullable=True),
    sa.Column('button_seat', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['elimination_id'], ['poker_eliminations.id'], name=op.f('fk_poker_elimination_tables_elimination_id_poker_eliminations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_elimination_tables')),
    sa.UniqueConstraint('elimination_id', 'number', name=op.f('uq_poker_elimination_tables_elimination_id_number'))
    )
    with op.batch_alter_table('poker_elimination_tables', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_elimination_tables_elimination_id'), ['elimination_id'], unique=False)

    with op.batch_alter_table('poker_seat_moves', schema=None) as batch_op:
        batch_op.add_column(sa.Column('batch', sa.Integer(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('poker_seat_moves', schema=None) as batch_op:
        batch_op.drop_column('batch')

    with op.batch_alter_table('poker_elimination_tables', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_elimination_tables_elimination_id'))

    op.drop_table('poker_elimination_tables')
    with op.batch_alter_table('poker_elimination_busts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_elimination_busts_elimination_id'))

    op.drop_table('poker_elimination_busts')
    with op.batch_alter_table('poker_eliminations', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_eliminations_tournament_id'))

    op.drop_table('poker_eliminations')
