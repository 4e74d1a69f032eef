"""cookie jar

Revision ID: 0004_cookie_jar
Revises: 0003_bingo_occasions
Create Date: 2026-11-30 09:44:52.282894
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0004_cookie_jar'
down_revision = '0003_bingo_occasions'
branch_labels = None
depends_on = None


MESSAGE = "cookie jar ledger lines are append-only"


def upgrade() -> None:
    op.create_table('cookie_jar_settings',
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('maximum_cents', sa.Integer(), nullable=False),
    sa.Column('fee_cents', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_cookie_jar_settings_organization_id_organizations')),
    sa.PrimaryKeyConstraint('organization_id', name=op.f('pk_cookie_jar_settings'))
    )
    op.create_table('cookie_jar_lines',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=True),
    sa.Column('game_number', sa.Integer(), nullable=True),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('source', sa.String(length=16), nullable=False),
    sa.Column('target', sa.String(length=16), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('pending_after', sa.Integer(), nullable=False),
    sa.Column('jar1_after', sa.Integer(), nullable=False),
    sa.Column('jar2_after', sa.Integer(), nullable=False),
    sa.Column('held_after', sa.Integer(), nullable=False),
    sa.Column('awarded_after', sa.Integer(), nullable=False),
    sa.Column('collected_after', sa.Integer(), nullable=False),
    sa.Column('actor_name', sa.String(length=200), nullable=False),
    sa.Column('note', sa.String(length=300), nullable=False),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_cookie_jar_lines_occasion_id_bingo_occasions')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_cookie_jar_lines_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_cookie_jar_lines')),
    sa.UniqueConstraint('organization_id', 'seq', name=op.f('uq_cookie_jar_lines_organization_id_seq'))
    )
    with op.batch_alter_table('cookie_jar_lines', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_cookie_jar_lines_occasion_id'), ['occasion_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_cookie_jar_lines_organization_id'), ['organization_id'], unique=False)

    with op.batch_alter_table('bingo_claims', schema=None) as batch_op:
        batch_op.add_column(sa.Column('jar_share_cents', sa.Integer(), nullable=True))

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.add_column(sa.Column('jar_award_cents', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('jar_announcement', sa.Text(), nullable=True))

    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.add_column(sa.Column('jar_posted_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('jar_must_go', sa.Boolean(), nullable=False, server_default=sa.false()))

    if op.get_bind().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER cookie_jar_lines_no_{verb.lower()} BEFORE {verb} ON cookie_jar_lines "
                       f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")
    else:
        op.execute("CREATE FUNCTION cookie_jar_lines_append_only() RETURNS trigger LANGUAGE plpgsql AS "
                   f"$$ BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$")
        op.execute("CREATE TRIGGER cookie_jar_lines_no_change BEFORE UPDATE OR DELETE ON cookie_jar_lines "
                   "FOR EACH ROW EXECUTE FUNCTION cookie_jar_lines_append_only()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER cookie_jar_lines_no_update")
        op.execute("DROP TRIGGER cookie_jar_lines_no_delete")
    else:
        op.execute("DROP TRIGGER cookie_jar_lines_no_change ON cookie_jar_lines")
        op.execute("DROP FUNCTION cookie_jar_lines_append_only()")
    with op.batch_alter_table('bingo_occasions', schema=None) as batch_op:
        batch_op.drop_column('jar_must_go')
        batch_op.drop_column('jar_posted_at')

    with op.batch_alter_table('bingo_games', schema=None) as batch_op:
        batch_op.drop_column('jar_announcement')
        batch_op.drop_column('jar_award_cents')

    with op.batch_alter_table('bingo_claims', schema=None) as batch_op:
        batch_op.drop_column('jar_share_cents')

    with op.batch_alter_table('cookie_jar_lines', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_cookie_jar_lines_organization_id'))
        batch_op.drop_index(batch_op.f('ix_cookie_jar_lines_occasion_id'))

    op.drop_table('cookie_jar_lines')
    op.drop_table('cookie_jar_settings')
