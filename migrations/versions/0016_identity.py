"""identity: sign-in guards, server-side sessions, print jobs by organization, audit log truncation and head guards

Revision ID: 0016_identity
Revises: 0015_books
Create Date: 2026-12-01 12:46:27.704276
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0016_identity'
down_revision = '0015_books'
branch_labels = None
depends_on = None


HEAD_MESSAGE = "the audit head only moves forward"


def _guards_up() -> None:
    """The log cannot be truncated (PostgreSQL's TRUNCATE skips row triggers, so a statement trigger
    refuses it) and its head cannot move back or vanish. The database's own login can still drop
    these triggers; the keyed chain and the printed anchor catch what follows (docs/security.md)."""
    if op.get_bind().dialect.name == "sqlite":
        op.execute("CREATE TRIGGER audit_head_no_delete BEFORE DELETE ON audit_head "
                   f"BEGIN SELECT RAISE(ABORT, '{HEAD_MESSAGE}'); END")
        op.execute("CREATE TRIGGER audit_head_forward_only BEFORE UPDATE ON audit_head WHEN NEW.seq < OLD.seq "
                   f"BEGIN SELECT RAISE(ABORT, '{HEAD_MESSAGE}'); END")
    else:
        op.execute("CREATE TRIGGER audit_entries_no_truncate BEFORE TRUNCATE ON audit_entries "
                   "FOR EACH STATEMENT EXECUTE FUNCTION audit_entries_append_only()")
        op.execute("CREATE FUNCTION audit_head_forward_only() RETURNS trigger LANGUAGE plpgsql AS "
                   f"$$ BEGIN IF TG_OP <> 'UPDATE' OR NEW.seq < OLD.seq THEN RAISE EXCEPTION '{HEAD_MESSAGE}'; END IF; "
                   "RETURN NEW; END $$")
        op.execute("CREATE TRIGGER audit_head_forward_only BEFORE UPDATE OR DELETE ON audit_head "
                   "FOR EACH ROW EXECUTE FUNCTION audit_head_forward_only()")
        op.execute("CREATE TRIGGER audit_head_no_truncate BEFORE TRUNCATE ON audit_head "
                   "FOR EACH STATEMENT EXECUTE FUNCTION audit_head_forward_only()")


def _guards_down() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER audit_head_no_delete")
        op.execute("DROP TRIGGER audit_head_forward_only")
    else:
        op.execute("DROP TRIGGER audit_entries_no_truncate ON audit_entries")
        op.execute("DROP TRIGGER audit_head_no_truncate ON audit_head")
        op.execute("DROP TRIGGER audit_head_forward_only ON audit_head")
        op.execute("DROP FUNCTION audit_head_forward_only()")


def upgrade() -> None:
    with op.batch_alter_table('audit_head', schema=None) as batch_op:
        batch_op.add_column(sa.Column('keyed_from', sa.Integer(), nullable=True))
    _guards_up()
    op.create_table('sign_in_guards',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('subject', sa.String(length=100), nullable=False),
    sa.Column('source', sa.String(length=100), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=True),
    sa.Column('failures', sa.Integer(), nullable=False),
    sa.Column('lockouts', sa.Integer(), nullable=False),
    sa.Column('locked_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('window_start', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_sign_in_guards_user_id_users')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sign_in_guards')),
    sa.UniqueConstraint('subject', 'source', name=op.f('uq_sign_in_guards_subject_source'))
    )
    with op.batch_alter_table('sign_in_guards', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sign_in_guards_user_id'), ['user_id'], unique=False)

    op.create_table('staff_sessions',
    sa.Column('token_hash', sa.String(length=64), nullable=False),
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=True),
    sa.Column('address', sa.String(length=100), nullable=True),
    sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('ended_why', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_staff_sessions_user_id_users')),
    sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_staff_sessions'))
    )
    with op.batch_alter_table('staff_sessions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_staff_sessions_user_id'), ['user_id'], unique=False)

    with op.batch_alter_table('print_jobs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('organization_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_print_jobs_organization_id'), ['organization_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_print_jobs_organization_id_organizations'), 'organizations', ['organization_id'], ['id'])

    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.drop_column('session_epoch')
        batch_op.drop_column('failed_attempts')
        batch_op.drop_column('locked_until')



def downgrade() -> None:
    _guards_down()
    with op.batch_alter_table('audit_head', schema=None) as batch_op:
        batch_op.drop_column('keyed_from')
    with op.batch_alter_table('users', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locked_until', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('failed_attempts', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('session_epoch', sa.Integer(), nullable=False, server_default='0'))

    with op.batch_alter_table('print_jobs', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_print_jobs_organization_id_organizations'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_print_jobs_organization_id'))
        batch_op.drop_column('organization_id')

    with op.batch_alter_table('staff_sessions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_staff_sessions_user_id'))

    op.drop_table('staff_sessions')
    with op.batch_alter_table('sign_in_guards', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sign_in_guards_user_id'))

    op.drop_table('sign_in_guards')
