"""poker rule truth: Montana tournament permits (MCA 23-5-317(1)(a)-(b), (2)(a)-(b)), the tournament's
permit, and the desk's 18-or-older confirmation on an entry (N.H. Admin. Code Pari 1207.03(b))

Revision ID: 0024_poker_permits
Revises: 0023_qualifier_drawings
Create Date: 2026-12-02 10:00:00
"""
from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = '0024_poker_permits'
down_revision = '0023_qualifier_drawings'
branch_labels = None
depends_on = None

PERMIT_FK = 'fk_poker_tournaments_permit_id_poker_tournament_permits'
TRAINING_FIXED = "the training mark is fixed when the occasion or tournament is made"


def upgrade() -> None:
    op.create_table(
        'poker_tournament_permits',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('organization_id', sa.Integer(), nullable=False),
        sa.Column('jurisdiction', sa.String(length=16), nullable=False),
        sa.Column('year', sa.Integer(), nullable=False),
        sa.Column('number', sa.String(length=50), nullable=False),
        sa.Column('fee_cents', sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(['organization_id'], ['organizations.id'],
                                name=op.f('fk_poker_tournament_permits_organization_id_organizations')),
        sa.PrimaryKeyConstraint('id', name=op.f('pk_poker_tournament_permits')),
        sa.UniqueConstraint('organization_id', 'jurisdiction', 'year',
                            name=op.f('uq_poker_tournament_permits_organization_id_jurisdiction_year')),
    )
    with op.batch_alter_table('poker_tournament_permits', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_poker_tournament_permits_organization_id'), ['organization_id'],
                              unique=False)
    if op.get_bind().dialect.name == "sqlite":
        # the column with its reference in place: a batch rebuild would drop 0020's trigger
        op.execute(f"ALTER TABLE poker_tournaments ADD COLUMN permit_id INTEGER CONSTRAINT {PERMIT_FK} "
                   "REFERENCES poker_tournament_permits (id)")
    else:
        op.add_column('poker_tournaments', sa.Column('permit_id', sa.Integer(), nullable=True))
        op.create_foreign_key(op.f(PERMIT_FK), 'poker_tournaments', 'poker_tournament_permits', ['permit_id'], ['id'])
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.add_column(sa.Column('age_confirmed_by', sa.String(length=200), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table('poker_entries', schema=None) as batch_op:
        batch_op.drop_column('age_confirmed_by')
    if op.get_bind().dialect.name == "sqlite":
        with op.batch_alter_table('poker_tournaments', schema=None) as batch_op:
            batch_op.drop_column('permit_id')
        # the rebuild dropped 0020's trigger: the training mark stays fixed
        op.execute("CREATE TRIGGER poker_tournaments_training_fixed BEFORE UPDATE OF training ON poker_tournaments "
                   f"WHEN NEW.training IS NOT OLD.training BEGIN SELECT RAISE(ABORT, '{TRAINING_FIXED}'); END")
    else:
        op.drop_constraint(op.f(PERMIT_FK), 'poker_tournaments', type_='foreignkey')
        op.drop_column('poker_tournaments', 'permit_id')
    with op.batch_alter_table('poker_tournament_permits', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_poker_tournament_permits_organization_id'))
    op.drop_table('poker_tournament_permits')
