"""poker tournaments: the setup, entries with seats, finishes and payments, buys, seat moves and the deck log

Revision ID: 0012_poker_tournaments
Revises: 0011_reports
Create Date: 2026-11-30 12:46:03.758909
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0012_poker_tournaments'
down_revision = '0011_reports'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('poker_tournaments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('license_id', sa.Integer(), nullable=True),
    sa.Column('jurisdiction', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('starts_on', sa.Date(), nullable=False),
    sa.Column('setup', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('tables', sa.Text(), nullable=False),
    sa.Column('buttons', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['license_id'], ['poker_occasion_licenses.id'], name=op.f('fk_poker_tournaments_license_id_poker_occasion_licenses')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_poker_tournaments_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_tournaments'))
    )
    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_tournaments_organization_id'), ['organization_id'], unique=False)

    op.create_table('poker_deck_log',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=False),
    sa.Column('event', sa.String(length=16), nullable=False),
    sa.Column('backs', sa.String(length=200), nullable=False),
    sa.Column('complete', sa.Boolean(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('recorded_by', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_deck_log_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_deck_log'))
    )
    with op.batch_alter_table('poker_deck_log', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_deck_log_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('poker_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('player_name', sa.String(length=200), nullable=False),
    sa.Column('spent_cents', sa.Integer(), nullable=False),
    sa.Column('rebuys', sa.Integer(), nullable=False),
    sa.Column('reentries', sa.Integer(), nullable=False),
    sa.Column('eliminated', sa.Boolean(), nullable=False),
    sa.Column('place', sa.Integer(), nullable=True),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('prize_cents', sa.Integer(), nullable=True),
    sa.Column('bust_hand', sa.Integer(), nullable=True),
    sa.Column('bust_table', sa.Integer(), nullable=True),
    sa.Column('bust_stack', sa.Integer(), nullable=True),
    sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_entries_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_entries')),
    sa.UniqueConstraint('tournament_id', 'number', name=op.f('uq_poker_entries_tournament_id_number'))
    )
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_entries_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('poker_seat_moves',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('entry_number', sa.Integer(), nullable=False),
    sa.Column('from_table', sa.Integer(), nullable=True),
    sa.Column('from_seat', sa.Integer(), nullable=True),
    sa.Column('to_table', sa.Integer(), nullable=False),
    sa.Column('to_seat', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=100), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_seat_moves_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_seat_moves'))
    )
    with op.batch_alter_table('poker_seat_moves', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_seat_moves_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('poker_buys',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('tender', sa.String(length=32), nullable=False),
    sa.Column('tendered_cents', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['entry_id'], ['poker_entries.id'], name=op.f('fk_poker_buys_entry_id_poker_entries')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_buys'))
    )
    with op.batch_alter_table('poker_buys', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_buys_entry_id'), ['entry_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('poker_buys', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_buys_entry_id'))

    op.drop_table('poker_buys')
    with op.batch_alter_table('poker_seat_moves', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_seat_moves_tournament_id'))

    op.drop_table('poker_seat_moves')
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_entries_tournament_id'))

    op.drop_table('poker_entries')
    with op.batch_alter_table('poker_deck_log', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_deck_log_tournament_id'))

    op.drop_table('poker_deck_log')
    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_tournaments_organization_id'))

    op.drop_table('poker_tournaments')
