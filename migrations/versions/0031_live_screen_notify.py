"""Live screens: on PostgreSQL every board or clock event committed tells the live-screen listeners
at once (NOTIFY from a statement trigger), so no process polls the event tables (issue 21). SQLite
has no NOTIFY: there the listeners keep polling, and this revision changes nothing.

Revision ID: 0031_live_screen_notify
Revises: 0030_audit_head_follows_entries
Create Date: 2026-12-09 09:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0031_live_screen_notify"
down_revision = "0030_audit_head_follows_entries"
branch_labels = None
depends_on = None

# table -> the NOTIFY channel its listeners LISTEN on (shared/platform/live_feeds.py: notify_channel)
NOTIFIED = {"board_events": "flashboard_board", "poker_clock_events": "flashboard_clock"}


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE FUNCTION flashboard_notify_event() RETURNS trigger LANGUAGE plpgsql AS"
        " $$ BEGIN PERFORM pg_notify(TG_ARGV[0], ''); RETURN NULL; END $$"
    )
    for table, channel in NOTIFIED.items():
        op.execute(
            f"CREATE TRIGGER {table}_notify AFTER INSERT ON {table}"
            f" FOR EACH STATEMENT EXECUTE FUNCTION flashboard_notify_event('{channel}')"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    for table in NOTIFIED:
        op.execute(f"DROP TRIGGER {table}_notify ON {table}")
    op.execute("DROP FUNCTION flashboard_notify_event()")
