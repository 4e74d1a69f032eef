"""books: every sale on a till, payouts unique by share, till paid-ins and drops, lists as child rows, adjustments

Revision ID: 0015_books
Revises: 0014_claims_index
Create Date: 2026-12-01 09:20:05.522028
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0015_books'
down_revision = '0014_claims_index'
branch_labels = None
depends_on = None

JAR_MESSAGE = "cookie jar ledger lines are append-only"


def _sqlite_jar_triggers() -> None:
    """SQLite's batch mode rebuilds cookie_jar_lines, which drops its append-only triggers (0004)."""
    if op.get_bind().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(f"DROP TRIGGER IF EXISTS cookie_jar_lines_no_{verb.lower()}")
            op.execute(f"CREATE TRIGGER cookie_jar_lines_no_{verb.lower()} BEFORE {verb} ON cookie_jar_lines "
                       f"BEGIN SELECT RAISE(ABORT, '{JAR_MESSAGE}'); END")


def upgrade() -> None:
    op.create_table('occasion_adjustments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('occasion_id', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by_name', sa.String(length=200), nullable=False),
    sa.Column('kind', sa.String(length=32), nullable=False),
    sa.Column('reason', sa.String(length=500), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('unswore_at', sa.DateTime(timezone=True), nullable=True),
    sa.ForeignKeyConstraint(['occasion_id'], ['bingo_occasions.id'], name=op.f('fk_occasion_adjustments_occasion_id_bingo_occasions')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_occasion_adjustments'))
    )
    with op.batch_alter_table('occasion_adjustments', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_occasion_adjustments_occasion_id'), ['occasion_id'], unique=False)

    op.create_table('poker_prize_payments',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('entry_id', sa.Integer(), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('station', sa.String(length=100), nullable=False),
    sa.Column('cashier_name', sa.String(length=200), nullable=False),
    sa.Column('w2g_required', sa.Boolean(), nullable=False),
    sa.ForeignKeyConstraint(['entry_id'], ['poker_entries.id'], name=op.f('fk_poker_prize_payments_entry_id_poker_entries')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_prize_payments')),
    sa.UniqueConstraint('entry_id', name=op.f('uq_poker_prize_payments_entry_id'))
    )
    op.create_table('till_movements',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('till_id', sa.Integer(), nullable=False),
    sa.Column('kind', sa.String(length=16), nullable=False),
    sa.Column('cents', sa.Integer(), nullable=False),
    sa.Column('at', sa.DateTime(timezone=True), nullable=False),
    sa.Column('by_name', sa.String(length=200), nullable=False),
    sa.Column('note', sa.String(length=300), nullable=False),
    sa.ForeignKeyConstraint(['till_id'], ['tills.id'], name=op.f('fk_till_movements_till_id_tills')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_till_movements'))
    )
    with op.batch_alter_table('till_movements', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_till_movements_till_id'), ['till_id'], unique=False)

    with op.batch_alter_table('break_open_sales', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_line_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_break_open_sales_sale_line_id'), ['sale_line_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_break_open_sales_sale_line_id_sale_lines'), 'sale_lines', ['sale_line_id'], ['id'])

    op.execute("UPDATE break_open_sales SET sale_line_id = (SELECT MIN(sl.id) FROM sale_lines sl JOIN sales s ON s.id = sl.sale_id "
               "JOIN products p ON p.id = sl.product_id WHERE sl.kind = 'break_open' AND s.occasion_id = break_open_sales.occasion_id "
               "AND p.game_number = break_open_sales.game_number AND sl.quantity = break_open_sales.quantity "
               "AND s.created_at = break_open_sales.sold_at)")

    with op.batch_alter_table('cookie_jar_lines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_cookie_jar_lines_sale_id'), ['sale_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_cookie_jar_lines_sale_id_sales'), 'sales', ['sale_id'], ['id'])
    _sqlite_jar_triggers()

    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_line_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_packs_sale_line_id'), ['sale_line_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_packs_sale_line_id_sale_lines'), 'sale_lines', ['sale_line_id'], ['id'])
    op.execute("UPDATE packs SET sale_line_id = (SELECT MIN(sl.id) FROM sale_lines sl JOIN products p ON p.id = sl.product_id "
               "WHERE sl.sale_id = packs.sale_id AND p.paper_set_id = packs.set_id) WHERE sale_id IS NOT NULL")
    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_packs_sale_id_sales'), type_='foreignkey')
        batch_op.drop_column('sale_id')

    with op.batch_alter_table('payouts', schema=None) as batch_op:
        batch_op.add_column(sa.Column('share_key', sa.String(length=80), nullable=True))
    op.execute("UPDATE payouts SET share_key = CASE WHEN ticket_code IS NOT NULL THEN 'ticket:' || ticket_code || ':' || prize "
               "ELSE 'claim:' || CAST(claim_id AS VARCHAR(20)) || ':' || prize END")
    op.execute("UPDATE payouts SET share_key = share_key || ':' || CAST(id AS VARCHAR(20)) WHERE id > "
               "(SELECT MIN(p2.id) FROM payouts p2 WHERE p2.share_key = payouts.share_key)")
    with op.batch_alter_table('payouts', schema=None) as batch_op:
        batch_op.alter_column('share_key', existing_type=sa.String(length=80), nullable=False)
        batch_op.create_unique_constraint(batch_op.f('uq_payouts_share_key'), ['share_key'])

    op.execute("INSERT INTO poker_prize_payments (entry_id, cents, at, station, cashier_name, w2g_required) "
               "SELECT id, COALESCE(prize_cents, 0), paid_at, 'unknown', 'recorded before 0015', "
               "CASE WHEN COALESCE(prize_cents, 0) - spent_cents > 500000 THEN TRUE ELSE FALSE END "
               "FROM poker_entries WHERE paid_at IS NOT NULL")
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.drop_column('paid_at')

    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.alter_column('price_cents',
               existing_type=sa.INTEGER(),
               nullable=True)
    op.execute("UPDATE products SET price_cents = NULL WHERE kind = 'cookie_jar'")

    with op.batch_alter_table('upick_tickets', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_line_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_upick_tickets_sale_line_id'), ['sale_line_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_upick_tickets_sale_line_id_sale_lines'), 'sale_lines', ['sale_line_id'], ['id'])
    op.execute("UPDATE upick_tickets SET sale_line_id = (SELECT MIN(sl.id) FROM sale_lines sl WHERE sl.kind = 'upick_face' "
               "AND (',' || sl.reference || ',') LIKE ('%,' || upick_tickets.code || ',%'))")

    with op.batch_alter_table('sale_lines', schema=None) as batch_op:
        batch_op.drop_column('reference')

    op.execute("UPDATE sales SET tender = LOWER(TRIM(tender))")
    op.execute("UPDATE sales SET tender = 'credit_card' WHERE tender IN ('credit', 'credit card')")
    op.execute("UPDATE sales SET tender = 'debit_card' WHERE tender IN ('debit', 'debit card')")
    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.add_column(sa.Column('till_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_sales_till_id'), ['till_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_sales_till_id_tills'), 'tills', ['till_id'], ['id'])
    op.execute("UPDATE sales SET till_id = (SELECT MAX(t.id) FROM tills t WHERE t.occasion_id = sales.occasion_id "
               "AND t.station = sales.station AND t.opened_at <= sales.created_at "
               "AND (t.closed_at IS NULL OR t.closed_at >= sales.created_at))")

    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.add_column(sa.Column('cashier_user_id', sa.Integer(), nullable=True))

    with op.batch_alter_table('poker_buys', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_line_id', sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f('ix_poker_buys_sale_line_id'), ['sale_line_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_poker_buys_sale_line_id_sale_lines'), 'sale_lines', ['sale_line_id'], ['id'])

    with op.batch_alter_table('poker_prize_payments', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_id', sa.Integer(), nullable=True))
        batch_op.create_unique_constraint(batch_op.f('uq_poker_prize_payments_sale_id'), ['sale_id'])
        batch_op.create_foreign_key(batch_op.f('fk_poker_prize_payments_sale_id_sales'), 'sales', ['sale_id'], ['id'])

    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tournament_id', sa.Integer(), nullable=True))
        batch_op.alter_column('occasion_id', existing_type=sa.INTEGER(), nullable=True)
        batch_op.create_index(batch_op.f('ix_sales_tournament_id'), ['tournament_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_sales_tournament_id_poker_tournaments'), 'poker_tournaments', ['tournament_id'], ['id'])

    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.add_column(sa.Column('tournament_id', sa.Integer(), nullable=True))
        batch_op.alter_column('occasion_id', existing_type=sa.INTEGER(), nullable=True)
        batch_op.create_index(batch_op.f('ix_tills_tournament_id'), ['tournament_id'], unique=False)
        batch_op.create_foreign_key(batch_op.f('fk_tills_tournament_id_poker_tournaments'), 'poker_tournaments', ['tournament_id'], ['id'])


def downgrade() -> None:
    with op.batch_alter_table('poker_buys', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_poker_buys_sale_line_id_sale_lines'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_poker_buys_sale_line_id'))
        batch_op.drop_column('sale_line_id')

    with op.batch_alter_table('poker_prize_payments', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_poker_prize_payments_sale_id_sales'), type_='foreignkey')
        batch_op.drop_constraint(batch_op.f('uq_poker_prize_payments_sale_id'), type_='unique')
        batch_op.drop_column('sale_id')

    op.execute("DELETE FROM sale_lines WHERE sale_id IN (SELECT id FROM sales WHERE occasion_id IS NULL)")
    op.execute("DELETE FROM sales WHERE occasion_id IS NULL")
    op.execute("DELETE FROM till_movements WHERE till_id IN (SELECT id FROM tills WHERE occasion_id IS NULL)")
    op.execute("DELETE FROM tills WHERE occasion_id IS NULL")
    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_tills_tournament_id_poker_tournaments'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_tills_tournament_id'))
        batch_op.alter_column('occasion_id', existing_type=sa.INTEGER(), nullable=False)
        batch_op.drop_column('tournament_id')

    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_sales_tournament_id_poker_tournaments'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_sales_tournament_id'))
        batch_op.alter_column('occasion_id', existing_type=sa.INTEGER(), nullable=False)
        batch_op.drop_column('tournament_id')

    with op.batch_alter_table('upick_tickets', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_upick_tickets_sale_line_id_sale_lines'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_upick_tickets_sale_line_id'))
        batch_op.drop_column('sale_line_id')

    with op.batch_alter_table('tills', schema=None) as batch_op:
        batch_op.drop_column('cashier_user_id')

    with op.batch_alter_table('sales', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_sales_till_id_tills'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_sales_till_id'))
        batch_op.drop_column('till_id')

    with op.batch_alter_table('sale_lines', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reference', sa.VARCHAR(length=100), nullable=True))

    op.execute("UPDATE products SET price_cents = COALESCE((SELECT s.fee_cents FROM cookie_jar_settings s JOIN bingo_occasions o "
               "ON o.organization_id = s.organization_id WHERE o.id = products.occasion_id), 0) WHERE price_cents IS NULL")
    with op.batch_alter_table('products', schema=None) as batch_op:
        batch_op.alter_column('price_cents',
               existing_type=sa.INTEGER(),
               nullable=False)

    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.add_column(sa.Column('paid_at', sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE poker_entries SET paid_at = (SELECT p.at FROM poker_prize_payments p WHERE p.entry_id = poker_entries.id)")

    with op.batch_alter_table('payouts', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('uq_payouts_share_key'), type_='unique')
        batch_op.drop_column('share_key')

    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.add_column(sa.Column('sale_id', sa.INTEGER(), nullable=True))
        batch_op.create_foreign_key(batch_op.f('fk_packs_sale_id_sales'), 'sales', ['sale_id'], ['id'])
    op.execute("UPDATE packs SET sale_id = (SELECT sl.sale_id FROM sale_lines sl WHERE sl.id = packs.sale_line_id)")
    with op.batch_alter_table('packs', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_packs_sale_line_id_sale_lines'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_packs_sale_line_id'))
        batch_op.drop_column('sale_line_id')

    with op.batch_alter_table('cookie_jar_lines', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_cookie_jar_lines_sale_id_sales'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_cookie_jar_lines_sale_id'))
        batch_op.drop_column('sale_id')
    _sqlite_jar_triggers()

    with op.batch_alter_table('break_open_sales', schema=None) as batch_op:
        batch_op.drop_constraint(batch_op.f('fk_break_open_sales_sale_line_id_sale_lines'), type_='foreignkey')
        batch_op.drop_index(batch_op.f('ix_break_open_sales_sale_line_id'))
        batch_op.drop_column('sale_line_id')

    with op.batch_alter_table('till_movements', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_till_movements_till_id'))

    op.drop_table('till_movements')
    op.drop_table('poker_prize_payments')
    with op.batch_alter_table('occasion_adjustments', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_occasion_adjustments_occasion_id'))

    op.drop_table('occasion_adjustments')
