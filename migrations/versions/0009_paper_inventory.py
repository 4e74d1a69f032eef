"""paper inventory

Revision ID: 0009_paper_inventory
Revises: 0008_payouts_tills
Create Date: 2026-11-30 10:14:27.091959
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0009_paper_inventory'
down_revision = '0008_payouts_tills'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('paper_sets',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('series_id', sa.Integer(), nullable=False),
    sa.Column('colour', sa.String(length=50), nullable=False),
    sa.Column('faces_per_sheet', sa.Integer(), nullable=False),
    sa.Column('sheets_per_pack', sa.Integer(), nullable=False),
    sa.Column('serial_from', sa.Integer(), nullable=False),
    sa.Column('serial_to', sa.Integer(), nullable=False),
    sa.Column('first_face', sa.Integer(), nullable=False),
    sa.Column('received_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('received_by', sa.String(length=200), nullable=False),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_paper_sets_organization_id_organizations')),
    sa.ForeignKeyConstraint(['series_id'], ['bingo_series.id'], name=op.f('fk_paper_sets_series_id_bingo_series')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_paper_sets'))
    )
    with op.batch_alter_table('paper_sets', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_paper_sets_organization_id'), ['organization_id'], unique=False)

    op.create_table('packs',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('set_id', sa.Integer(), nullable=False),
    sa.Column('serial', sa.Integer(), nullable=False),
    sa.Column('first_face', sa.Integer(), nullable=False),
    sa.Column('last_face', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=True),
    sa.Column('station', sa.String(length=100), nullable=True),
    sa.Column('sale_id', sa.Integer(), nullable=True),
    sa.Column('note', sa.String(length=300), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_packs_occasion_id_bingo_occasions')),
    sa.ForeignKeyConstraint(['sale_id'], ['sales.id'], name=op.f('fk_packs_sale_id_sales')),
    sa.ForeignKeyConstraint(['set_id'], ['paper_sets.id'], name=op.f('fk_packs_set_id_paper_sets')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_packs')),
    sa.UniqueConstraint('set_id', 'serial', name=op.f('uq_packs_set_id_serial'))
    )
    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_packs_occasion_id'), ['occasion_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_packs_set_id'), ['set_id'], unique=False)

    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.add_column(sa.Column('paper_set_id', sa.Integer(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_products_paper_set_id_paper_sets'), 'paper_sets', ['paper_set_id'], ['id'])



def downgrade() -> None:
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_products_paper_set_id_paper_sets'), type_='foreignkey')
        batch_op.drop_column('paper_set_id')

    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_packs_set_id'))
        batch_op.drop_index(batch_op.f('ix_packs_occasion_id'))

    op.drop_table('packs')
    with op.batch_alter_table('paper_sets', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_paper_sets_organization_id'))

    op.drop_table('paper_sets')
