"""poker clock, staff and clock events: the clock's start and pauses, the clock TV's token, the director
and dealers with their licences, and the events the clock TV follows

Revision ID: 0013_poker_clock_staff
Revises: 0012_poker_tournaments
Create Date: 2026-11-30 13:34:06.589308
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0013_poker_clock_staff'
down_revision = '0012_poker_tournaments'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('poker_clock_events',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('reason', sa.String(length=32), nullable=False),
    sa.Column('state', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_clock_events_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_clock_events'))
    )
    with op.batch_alter_table('poker_clock_events', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_clock_events_tournament_id'), ['tournament_id'], unique=False)

    op.create_table('poker_staff',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('tournament_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.Column('table_number', sa.Integer(), nullable=True),
    sa.Column('person_name', sa.String(length=200), nullable=False),
    sa.Column('personal_license_id', sa.Integer(), nullable=True),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('assigned_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('assigned_by', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_poker_staff_member_id_members')),
    sa.ForeignKeyConstraint(['personal_license_id'], ['personal_licenses.id'], name=op.f('fk_poker_staff_personal_license_id_personal_licenses')),
    sa.ForeignKeyConstraint(['tournament_id'], ['poker_tournaments.id'], name=op.f('fk_poker_staff_tournament_id_poker_tournaments')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_staff')),
    sa.UniqueConstraint('tournament_id', 'role', 'person_name', name=op.f('uq_poker_staff_tournament_id_role_person_name'))
    )
    with op.batch_alter_table('poker_staff', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_staff_tournament_id'), ['tournament_id'], unique=False)

    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('display_token', sa.String(length=40), nullable=True))
        batch_op.add_column(sa.Column('clock_started_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('clock_pauses', sa.Text(), nullable=False, server_default='[]'))
        batch_op.create_unique_constraint(batch_op.f('uq_poker_tournaments_display_token'), ['display_token'])



def downgrade() -> None:
    with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_poker_tournaments_display_token'), type_='unique')
        batch_op.drop_column('clock_pauses')
        batch_op.drop_column('clock_started_at')
        batch_op.drop_column('display_token')

    with op.batch_alter_table('poker_staff', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_staff_tournament_id'))

    op.drop_table('poker_staff')
    with op.batch_alter_table('poker_clock_events', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_clock_events_tournament_id'))

    op.drop_table('poker_clock_events')
