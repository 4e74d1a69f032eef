"""the audit head follows the entries: the database moves it with each entry appended (issue 21)

An append locked the head, inserted its entry and then updated the head to the entry's sequence
number and hash: three statements in every audited request. The head now moves with the insert
itself, in the database, so an append is the locking read and the insert. The head still cannot
move back or vanish (0016's guards stand).

Revision ID: 0030_audit_head_follows_entries
Revises: 0029_poker_w2g_winner
Create Date: 2026-12-09 09:00:00
"""

from __future__ import annotations

from alembic import op

revision = "0030_audit_head_follows_entries"
down_revision = "0029_poker_w2g_winner"
branch_labels = None
depends_on = None

MOVE = "UPDATE audit_head SET seq = NEW.seq, hash = NEW.hash WHERE id = 1"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute(f"CREATE TRIGGER audit_entries_move_head AFTER INSERT ON audit_entries BEGIN {MOVE}; END")
    else:
        op.execute(
            "CREATE FUNCTION audit_head_follows() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN {MOVE}; RETURN NULL; END $$"
        )
        op.execute(
            "CREATE TRIGGER audit_entries_move_head AFTER INSERT ON audit_entries "
            "FOR EACH ROW EXECUTE FUNCTION audit_head_follows()"
        )


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER audit_entries_move_head")
    else:
        op.execute("DROP TRIGGER audit_entries_move_head ON audit_entries")
        op.execute("DROP FUNCTION audit_head_follows()")
