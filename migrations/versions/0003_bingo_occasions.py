"""bingo occasions

Revision ID: 0003_bingo_occasions
Revises: 0002_audit_append_only
Create Date: 2026-11-30 09:27:15.124951
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0003_bingo_occasions'
down_revision = '0002_audit_append_only'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('idempotency_records',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('key', sa.String(length=100), nullable=False),
    sa.Column('endpoint', sa.String(length=200), nullable=False),
    sa.Column('status', sa.Integer(), nullable=True),
    sa.Column('body', sa.Text(), nullable=True),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('user_id', 'key', name=op.f('pk_idempotency_records'))
    )
    op.create_table('bingo_programs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_bingo_programs_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_programs'))
    )
    with op.batch_alter_table('bingo_programs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_programs_organization_id'), ['organization_id'], unique=False)

    op.create_table('bingo_series',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('face_count', sa.Integer(), nullable=False),
    sa.Column('seed', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_bingo_series_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_series'))
    )
    with op.batch_alter_table('bingo_series', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_series_organization_id'), ['organization_id'], unique=False)

    op.create_table('bingo_faces',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('series_id', sa.Integer(), nullable=False),
    sa.Column('face_number', sa.Integer(), nullable=False),
    sa.Column('numbers', sa.String(length=100), nullable=False),
    sa.ForeignKeyConstraint(['series_id'], ['bingo_series.id'], name=op.f('fk_bingo_faces_series_id_bingo_series')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_faces')),
    sa.UniqueConstraint('series_id', 'face_number', name=op.f('uq_bingo_faces_series_id_face_number'))
    )
    op.create_table('bingo_occasions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('premises_id', sa.Integer(), nullable=False),
    sa.Column('program_id', sa.Integer(), nullable=False),
    sa.Column('series_id', sa.Integer(), nullable=False),
    sa.Column('occasion_date', sa.Date(), nullable=False),
    sa.Column('start_time', sa.Time(), nullable=False),
    sa.Column('member_in_charge_id', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('cookie_jar_number', sa.Integer(), nullable=True),
    sa.Column('cookie_jar_drawn_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('last_call_only', sa.Boolean(), nullable=False),
    sa.Column('split_whole_dollars', sa.Boolean(), nullable=False),
    sa.Column('split_per_player', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['member_in_charge_id'], ['members.id'], name=op.f('fk_bingo_occasions_member_in_charge_id_members')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_bingo_occasions_organization_id_organizations')),
    sa.ForeignKeyConstraint(['premises_id'], ['premises.id'], name=op.f('fk_bingo_occasions_premises_id_premises')),
    sa.ForeignKeyConstraint(['program_id'], ['bingo_programs.id'], name=op.f('fk_bingo_occasions_program_id_bingo_programs')),
    sa.ForeignKeyConstraint(['series_id'], ['bingo_series.id'], name=op.f('fk_bingo_occasions_series_id_bingo_series')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_occasions'))
    )
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_occasions_occasion_date'), ['occasion_date'], unique=False)
        batch_op.create_index(batch_op.f('ix_bingo_occasions_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_bingo_occasions_premises_id'), ['premises_id'], unique=False)

    op.create_table('bingo_program_games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('program_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('pattern_spec', sa.Text(), nullable=False),
    sa.Column('ball_mode', sa.String(length=16), nullable=False),
    sa.Column('prize_cents', sa.Integer(), nullable=False),
    sa.Column('merchandise', sa.String(length=200), nullable=True),
    sa.Column('alternate_within_calls', sa.Integer(), nullable=True),
    sa.Column('alternate_cents', sa.Integer(), nullable=True),
    sa.Column('attendance_tiers', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['program_id'], ['bingo_programs.id'], name=op.f('fk_bingo_program_games_program_id_bingo_programs')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_program_games')),
    sa.UniqueConstraint('program_id', 'number', name=op.f('uq_bingo_program_games_program_id_number'))
    )
    op.create_table('bingo_ball_checks',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('verified_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('checked_by', sa.String(length=500), nullable=False),
    sa.Column('recorded_by_user_id', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_bingo_ball_checks_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_ball_checks')),
    sa.UniqueConstraint('occasion_id', name=op.f('uq_bingo_ball_checks_occasion_id'))
    )
    op.create_table('bingo_games',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('pattern_spec', sa.Text(), nullable=False),
    sa.Column('pattern_name', sa.String(length=200), nullable=False),
    sa.Column('ball_mode', sa.String(length=16), nullable=False),
    sa.Column('prize_cents', sa.Integer(), nullable=False),
    sa.Column('merchandise', sa.String(length=200), nullable=True),
    sa.Column('alternate_within_calls', sa.Integer(), nullable=True),
    sa.Column('alternate_cents', sa.Integer(), nullable=True),
    sa.Column('attendance_tiers', sa.Text(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('attendance', sa.Integer(), nullable=True),
    sa.Column('announced_prize_cents', sa.Integer(), nullable=True),
    sa.Column('announcement', sa.Text(), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('closed_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('closing_announcement', sa.Text(), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_bingo_games_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_games')),
    sa.UniqueConstraint('occasion_id', 'number', name=op.f('uq_bingo_games_occasion_id_number'))
    )
    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_games_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('bingo_giveaways',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('promotion_occasion', sa.String(length=16), nullable=True),
    sa.Column('description', sa.String(length=300), nullable=False),
    sa.Column('value_cents', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_bingo_giveaways_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_giveaways'))
    )
    with op.batch_alter_table('bingo_giveaways', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_giveaways_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('bingo_call_corrections',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('old_ball', sa.Integer(), nullable=False),
    sa.Column('new_ball', sa.Integer(), nullable=False),
    sa.Column('reason', sa.String(length=500), nullable=False),
    sa.Column('corrected_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('corrected_by', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['bingo_games.id'], name=op.f('fk_bingo_call_corrections_game_id_bingo_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_call_corrections'))
    )
    with op.batch_alter_table('bingo_call_corrections', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_call_corrections_game_id'), ['game_id'], unique=False)

    op.create_table('bingo_calls',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('ball', sa.Integer(), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('called_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('caller_user_id', sa.Integer(), nullable=True),
    sa.Column('caller_name', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['bingo_games.id'], name=op.f('fk_bingo_calls_game_id_bingo_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_calls')),
    sa.UniqueConstraint('game_id', 'ball', name=op.f('uq_bingo_calls_game_id_ball')),
    sa.UniqueConstraint('game_id', 'seq', name=op.f('uq_bingo_calls_game_id_seq'))
    )
    op.create_table('bingo_claims',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('face_number', sa.Integer(), nullable=False),
    sa.Column('player', sa.String(length=100), nullable=True),
    sa.Column('on_call', sa.Integer(), nullable=False),
    sa.Column('verdict', sa.String(length=16), nullable=False),
    sa.Column('covered_mask', sa.Integer(), nullable=False),
    sa.Column('alternative_mask', sa.Integer(), nullable=True),
    sa.Column('completed_on_call', sa.Integer(), nullable=True),
    sa.Column('completed_by_ball', sa.Integer(), nullable=True),
    sa.Column('verified_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('verifier_name', sa.String(length=200), nullable=False),
    sa.Column('share_cents', sa.Integer(), nullable=True),
    sa.Column('merchandise_won', sa.Boolean(), nullable=False),
    sa.Column('qualified_for_later', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['bingo_games.id'], name=op.f('fk_bingo_claims_game_id_bingo_games')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_claims'))
    )
    op.create_table('bingo_verification_requests',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('game_id', sa.Integer(), nullable=False),
    sa.Column('requested_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('drawn', sa.Text(), nullable=False),
    sa.Column('remaining', sa.Text(), nullable=False),
    sa.Column('witness_member_id', sa.Integer(), nullable=False),
    sa.Column('witness_role', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['game_id'], ['bingo_games.id'], name=op.f('fk_bingo_verification_requests_game_id_bingo_games')),
    sa.ForeignKeyConstraint(['witness_member_id'], ['members.id'], name=op.f('fk_bingo_verification_requests_witness_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_verification_requests'))
    )
    with op.batch_alter_table('bingo_verification_requests', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_verification_requests_game_id'), ['game_id'], unique=False)

    with op.batch_alter_table('organizations', schema=None) as batch_op:
        batch_op.add_column(sa.Column('anniversary_on', sa.Date(), nullable=True))



def downgrade() -> None:
    with op.batch_alter_table('organizations', schema=None) as batch_op:
        batch_op.drop_column('anniversary_on')

    with op.batch_alter_table('bingo_verification_requests', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_verification_requests_game_id'))

    op.drop_table('bingo_verification_requests')
    op.drop_table('bingo_claims')
    op.drop_table('bingo_calls')
    with op.batch_alter_table('bingo_call_corrections', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_call_corrections_game_id'))

    op.drop_table('bingo_call_corrections')
    with op.batch_alter_table('bingo_giveaways', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_giveaways_occasion_id'))

    op.drop_table('bingo_giveaways')
    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_games_occasion_id'))

    op.drop_table('bingo_games')
    op.drop_table('bingo_ball_checks')
    op.drop_table('bingo_program_games')
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_occasions_premises_id'))
        batch_op.drop_index(batch_op.f('ix_bingo_occasions_organization_id'))
        batch_op.drop_index(batch_op.f('ix_bingo_occasions_occasion_date'))

    op.drop_table('bingo_occasions')
    op.drop_table('bingo_faces')
    with op.batch_alter_table('bingo_series', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_series_organization_id'))

    op.drop_table('bingo_series')
    with op.batch_alter_table('bingo_programs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_programs_organization_id'))

    op.drop_table('bingo_programs')
    op.drop_table('idempotency_records')
