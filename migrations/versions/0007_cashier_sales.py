"""cashier sales

Revision ID: 0007_cashier_sales
Revises: 0006_print_jobs
Create Date: 2026-11-30 10:07:46.939994
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0007_cashier_sales'
down_revision = '0006_print_jobs'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('products',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('name', sa.String(length=200), nullable=False),
    sa.Column('price_cents', sa.Integer(), nullable=False),
    sa.Column('game_number', sa.Integer(), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_products_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_products'))
    )
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_products_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('sales',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('organization_id', sa.Integer(), nullable=False),
    sa.Column('number', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('total_cents', sa.Integer(), nullable=False),
    sa.Column('tender', sa.String(length=32), nullable=False),
    sa.Column('tendered_cents', sa.Integer(), nullable=False),
    sa.Column('change_cents', sa.Integer(), nullable=False),
    sa.Column('status', sa.String(length=16), nullable=False),
    sa.Column('void_reason', sa.String(length=500), nullable=True),
    sa.Column('voided_at', sa.DateTime(timezone=True), nullable=True),
    sa.Column('approved_by', sa.String(length=200), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_sales_occasion_id_bingo_occasions')),
    sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'], name=op.f('fk_sales_organization_id_organizations')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sales')),
    sa.UniqueConstraint('organization_id', 'number', name=op.f('uq_sales_organization_id_number'))
    )
    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sales_occasion_id'), ['occasion_id'], unique=False)
        batch_op.create_index(batch_op.f('ix_sales_organization_id'), ['organization_id'], unique=False)

    op.create_table('sale_lines',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('sale_id', sa.Integer(), nullable=False),
    sa.Column('product_id', sa.Integer(), nullable=True),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('description', sa.String(length=200), nullable=False),
    sa.Column('quantity', sa.Integer(), nullable=False),
    sa.Column('unit_cents', sa.Integer(), nullable=False),
    sa.Column('total_cents', sa.Integer(), nullable=False),
    sa.Column('reference', sa.String(length=100), nullable=True),
    sa.ForeignKeyConstraint(['product_id'], ['products.id'], name=op.f('fk_sale_lines_product_id_products')),
    sa.ForeignKeyConstraint(['sale_id'], ['sales.id'], name=op.f('fk_sale_lines_sale_id_sales')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_sale_lines'))
    )
    with op.batch_alter_table('sale_lines', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_sale_lines_sale_id'), ['sale_id'], unique=False)



def downgrade() -> None:
    with op.batch_alter_table('sale_lines', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sale_lines_sale_id'))

    op.drop_table('sale_lines')
    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_sales_organization_id'))
        batch_op.drop_index(batch_op.f('ix_sales_occasion_id'))

    op.drop_table('sales')
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_products_occasion_id'))

    op.drop_table('products')
