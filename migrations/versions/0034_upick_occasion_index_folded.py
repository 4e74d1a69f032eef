"""U Pick Em tickets lose their index on the occasion alone: the index on (occasion_id, game_number,
completed_on_call) serves every look-up by occasion, and the two let PostgreSQL pick the wrong one
(issue 21). Planned while the table's statistics still counted it empty, as a hall's is at the start of
the night, the ball call's check for a ticket completed on the last call read every ticket of the
occasion through the narrower index and filtered them: 0.61 ms at 2,000 tickets, growing with each
ticket sold, inside the call's lock.

Revision ID: 0034_upick_occasion_index_folded
Revises: 0033_claims_newest_index
Create Date: 2026-12-05 23:50:00
"""

from __future__ import annotations

from alembic import op

revision = "0034_upick_occasion_index_folded"
down_revision = "0033_claims_newest_index"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("upick_tickets") as batch_op:
        batch_op.drop_index("ix_upick_tickets_occasion_id")


def downgrade() -> None:
    with op.batch_alter_table("upick_tickets") as batch_op:
        batch_op.create_index("ix_upick_tickets_occasion_id", ["occasion_id"], unique=False)
