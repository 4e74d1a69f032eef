"""Live screens: each board or clock event committed on PostgreSQL is carried in its own NOTIFY (a row
trigger), so the live-screen listeners put it on the screens without reading it back (issue 21: that
read was 1-2.5 ms of a call's time to the TVs, in every server process). An event too long for a
NOTIFY's payload (8,000 bytes) carries only its id, and the listeners read it as before. SQLite has no
NOTIFY: this revision changes nothing there.

Revision ID: 0035_live_screen_notify_rows
Revises: 0034_upick_occasion_index_folded
Create Date: 2026-12-06 00:45:00
"""

from __future__ import annotations

from alembic import op

revision = "0035_live_screen_notify_rows"
down_revision = "0034_upick_occasion_index_folded"
branch_labels = None
depends_on = None

# table -> (the NOTIFY channel its listeners LISTEN on, its screen's column, its data's column)
NOTIFIED = {
    "board_events": ("flashboard_board", "occasion_id", "board"),
    "poker_clock_events": ("flashboard_clock", "tournament_id", "state"),
}
CARRIED_BYTES = 7900  # a NOTIFY's payload must be shorter than 8,000 bytes


def upgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE FUNCTION flashboard_notify_row() RETURNS trigger LANGUAGE plpgsql AS $$"
        " DECLARE fields jsonb := to_jsonb(NEW); message text;"
        " BEGIN"
        " message := json_build_array(NEW.id, fields -> TG_ARGV[1], NEW.reason, fields ->> TG_ARGV[2])::text;"
        f" IF octet_length(message) >= {CARRIED_BYTES} THEN message := json_build_array(NEW.id)::text; END IF;"
        " PERFORM pg_notify(TG_ARGV[0], message);"
        " RETURN NULL;"
        " END $$"
    )
    _retrigger("ROW", "flashboard_notify_row", carried=True)
    op.execute("DROP FUNCTION flashboard_notify_event()")


def downgrade() -> None:
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(
        "CREATE FUNCTION flashboard_notify_event() RETURNS trigger LANGUAGE plpgsql AS"
        " $$ BEGIN PERFORM pg_notify(TG_ARGV[0], ''); RETURN NULL; END $$"
    )
    _retrigger("STATEMENT", "flashboard_notify_event", carried=False)
    op.execute("DROP FUNCTION flashboard_notify_row()")


def _retrigger(each: str, function: str, carried: bool) -> None:
    """Replace each notified table's trigger by one that runs `function` FOR EACH `each`, told the channel,
    and, when it carries the event, the screen's and the data's columns."""
    for table, (channel, screen, data) in NOTIFIED.items():
        arguments = f"'{channel}', '{screen}', '{data}'" if carried else f"'{channel}'"
        op.execute(f"DROP TRIGGER {table}_notify ON {table}")
        op.execute(
            f"CREATE TRIGGER {table}_notify AFTER INSERT ON {table}"
            f" FOR EACH {each} EXECUTE FUNCTION {function}({arguments})"
        )
