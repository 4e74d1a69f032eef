"""backbone: organizations, members, licences, staff, audit

Revision ID: 0001_backbone
Revises:
Create Date: 2026-11-30 08:58:10.075065
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0001_backbone'
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('audit_entries',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('actor_user_id', sa.Integer(), nullable=True),
    sa.Column('actor_name', sa.String(length=200), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=False),
    sa.Column('action', sa.String(length=64), nullable=False),
    sa.Column('subject_type', sa.String(length=64), nullable=False),
    sa.Column('subject_id', sa.String(length=64), nullable=False),
    sa.Column('details', sa.Text(), nullable=False),
    sa.Column('prev_hash', sa.String(length=64), nullable=False),
    sa.Column('hash', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_entries')),
    sa.UniqueConstraint('seq', name=op.f('uq_audit_entries_seq'))
    )
    with op.batch_alter_table('audit_entries', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_audit_entries_action'), ['action'], unique=False)

    audit_head = op.create_table('audit_head',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('seq', sa.Integer(), nullable=False),
    sa.Column('hash', sa.String(length=64), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_audit_head'))
    )
    op.bulk_insert(audit_head, [{"id": 1, "seq": 0, "hash": "0" * 64}])
    op.create_table('organizations',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('bingo_first_licensed_on', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_organizations')),
    sa.UniqueConstraint('name', name=op.f('uq_organizations_name'))
    )
    op.create_table('vendors',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('license_number', sa.String(length=50), nullable=True),
    sa.Column('licensed_until', sa.Date(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendors')),
    sa.UniqueConstraint('name', name=op.f('uq_vendors_name'))
    )
    op.create_table('bingo_license_suspensions',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('starts_on', sa.Date(), nullable=False),
    sa.Column('ends_on', sa.Date(), nullable=False),
    sa.Column('reason', sa.String(length=500), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_bingo_license_suspensions_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_license_suspensions'))
    )
    with op.batch_alter_table('bingo_license_suspensions', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_license_suspensions_organization_id'), ['organization_id'], unique=False)

    op.create_table('bingo_licenses',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.String(length=50), nullable=False),
    sa.Column('valid_from', sa.Date(), nullable=False),
    sa.Column('valid_to', sa.Date(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_bingo_licenses_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_bingo_licenses'))
    )
    with op.batch_alter_table('bingo_licenses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_bingo_licenses_organization_id'), ['organization_id'], unique=False)

    op.create_table('members',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('date_of_birth', sa.Date(), nullable=False),
    sa.Column('active_since', sa.Date(), nullable=True),
    sa.Column('is_officer', sa.Boolean(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_members_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_members'))
    )
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_members_organization_id'), ['organization_id'], unique=False)

    op.create_table('poker_occasion_licenses',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.String(length=50), nullable=False),
    sa.Column('occasion_date', sa.Date(), nullable=False),
    sa.Column('fee_cents', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_poker_occasion_licenses_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_occasion_licenses')),
    sa.UniqueConstraint('number', name=op.f('uq_poker_occasion_licenses_number'))
    )
    with op.batch_alter_table('poker_occasion_licenses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_occasion_licenses_organization_id'), ['organization_id'], unique=False)

    op.create_table('premises',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('address', sa.String(length=500), nullable=False),
    sa.Column('owned_by_organization', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_premises_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_premises')),
    sa.UniqueConstraint('organization_id', 'name', name=op.f('uq_premises_organization_id_name'))
    )
    with op.batch_alter_table('premises', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_premises_organization_id'), ['organization_id'], unique=False)

    op.create_table('vendor_contracts',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('vendor_id', sa.Integer(), nullable=False),
    sa.Column('starts_on', sa.Date(), nullable=False),
    sa.Column('ends_on', sa.Date(), nullable=False),
    sa.Column('compensation_basis', sa.String(length=32), nullable=False),
    sa.Column('compensation_cents', sa.Integer(), nullable=False),
    sa.Column('terms', sa.Text(), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_vendor_contracts_organization_id_organizations')),
    sa.ForeignKeyConstraint(['vendor_id'], ['vendors.id'], name=op.f('fk_vendor_contracts_vendor_id_vendors')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_vendor_contracts'))
    )
    with op.batch_alter_table('vendor_contracts', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_vendor_contracts_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_vendor_contracts_vendor_id'), ['vendor_id'], unique=False)

    op.create_table('personal_licenses',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('vendor_id', sa.Integer(), nullable=True),
    sa.Column('holder_name', sa.String(length=200), nullable=False),
    sa.Column('date_of_birth', sa.Date(), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('number', sa.String(length=50), nullable=True),
    sa.Column('issued_on', sa.Date(), nullable=False),
    sa.Column('expires_on', sa.Date(), nullable=False),
    sa.Column('fee_cents', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('status_changed_on', sa.Date(), nullable=False),
    sa.Column('photo', sa.LargeBinary(), nullable=True),
    sa.Column('photo_type', sa.String(length=32), nullable=True),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_personal_licenses_member_id_members')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_personal_licenses_organization_id_organizations')),
    sa.ForeignKeyConstraint(['vendor_id'], ['vendors.id'], name=op.f('fk_personal_licenses_vendor_id_vendors')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_personal_licenses'))
    )
    with op.batch_alter_table('personal_licenses', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_personal_licenses_expires_on'), ['expires_on'], unique=False)
        batch_op.create_index(batch_op.f('ix_personal_licenses_member_id'), ['member_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_personal_licenses_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_personal_licenses_vendor_id'), ['vendor_id'], unique=False)

    op.create_table('users',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('username', sa.String(length=64), nullable=False),
    sa.Column('display_name', sa.String(length=200), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('password_hash', sa.String(length=200), nullable=False),
    sa.Column('pin_hash', sa.String(length=200), nullable=True),
    sa.Column('is_active', sa.Boolean(), nullable=False),
    sa.Column('failed_attempts', sa.Integer(), nullable=False),
    sa.Column('locked_until', sa.DateTime(timezone=True), nullable=True),
    sa.Column('session_epoch', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_users_member_id_members')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_users')),
    sa.UniqueConstraint('username', name=op.f('uq_users_username'))
    )
    op.create_table('user_roles',
    sa.Column('user_id', sa.Integer(), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], name=op.f('fk_user_roles_user_id_users')),
    sa.PrimaryKeyConstraint('user_id', 'role', name=op.f('pk_user_roles'))
    )
    op.create_table('work_assignments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('work_date', sa.Date(), nullable=False),
    sa.Column('role', sa.String(length=32), nullable=False),
    sa.Column('member_id', sa.Integer(), nullable=True),
    sa.Column('personal_license_id', sa.Integer(), nullable=True),
    sa.Column('person_name', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['member_id'], ['members.id'], name=op.f('fk_work_assignments_member_id_members')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_work_assignments_organization_id_organizations')),
    sa.ForeignKeyConstraint(['personal_license_id'], ['personal_licenses.id'], name=op.f('fk_work_assignments_personal_license_id_personal_licenses')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_work_assignments')),
    sa.UniqueConstraint('organization_id', 'work_date', 'role', 'member_id', 'personal_license_id', name=op.f('uq_work_assignments_organization_id_work_date_role_member_id_personal_license_id'))
    )
    with op.batch_alter_table('work_assignments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_work_assignments_organization_id'), ['organization_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_work_assignments_work_date'), ['work_date'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('work_assignments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_work_assignments_work_date'))
        batch_op.drop_index(batch_op.f('ix_work_assignments_organization_id'))

    op.drop_table('work_assignments')
    op.drop_table('user_roles')
    op.drop_table('users')
    with op.batch_alter_table('personal_licenses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_personal_licenses_vendor_id'))
        batch_op.drop_index(batch_op.f('ix_personal_licenses_organization_id'))
        batch_op.drop_index(batch_op.f('ix_personal_licenses_member_id'))
        batch_op.drop_index(batch_op.f('ix_personal_licenses_expires_on'))

    op.drop_table('personal_licenses')
    with op.batch_alter_table('vendor_contracts', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_vendor_contracts_vendor_id'))
        batch_op.drop_index(batch_op.f('ix_vendor_contracts_organization_id'))

    op.drop_table('vendor_contracts')
    with op.batch_alter_table('premises', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_premises_organization_id'))

    op.drop_table('premises')
    with op.batch_alter_table('poker_occasion_licenses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_occasion_licenses_organization_id'))

    op.drop_table('poker_occasion_licenses')
    with op.batch_alter_table('members', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_members_organization_id'))

    op.drop_table('members')
    with op.batch_alter_table('bingo_licenses', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_licenses_organization_id'))

    op.drop_table('bingo_licenses')
    with op.batch_alter_table('bingo_license_suspensions', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_bingo_license_suspensions_organization_id'))

    op.drop_table('bingo_license_suspensions')
    op.drop_table('vendors')
    op.drop_table('organizations')
    op.drop_table('audit_head')
    with op.batch_alter_table('audit_entries', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_audit_entries_action'))

    op.drop_table('audit_entries')
