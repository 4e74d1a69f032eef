"""U Pick Em winners by their stored completing call: an index on a game's tickets and the call that
completed each, so the winners of the last call are read without a scan of every ticket (issue 21)

Revision ID: 0032_upick_completed_index
Revises: 0031_live_screen_notify
Create Date: 2026-12-09 09:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0032_upick_completed_index"
down_revision = "0031_live_screen_notify"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_index(
        "ix_upick_tickets_game_completed", "upick_tickets", ["occasion_id", "game_number", "completed_on_call"]
    )


def downgrade() -> None:
    op.drop_index("ix_upick_tickets_game_completed", table_name="upick_tickets")
