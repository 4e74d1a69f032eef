"""audit entries are append-only: the database itself refuses UPDATE and DELETE

Revision ID: 0002_audit_append_only
Revises: 0001_backbone
Create Date: 2026-11-30 09:20:00
"""
from __future__ import annotations

from alembic import op

revision = "0002_audit_append_only"
down_revision = "0001_backbone"
branch_labels = None
depends_on = None

MESSAGE = "audit entries are append-only"


def upgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for verb in ("UPDATE", "DELETE"):
            op.execute(f"CREATE TRIGGER audit_entries_no_{verb.lower()} BEFORE {verb} ON audit_entries "
                       f"BEGIN SELECT RAISE(ABORT, '{MESSAGE}'); END")
    else:
        op.execute("CREATE FUNCTION audit_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS "
                   f"$$ BEGIN RAISE EXCEPTION '{MESSAGE}'; END $$")
        op.execute("CREATE TRIGGER audit_entries_no_change BEFORE UPDATE OR DELETE ON audit_entries "
                   "FOR EACH ROW EXECUTE FUNCTION audit_entries_append_only()")


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        op.execute("DROP TRIGGER audit_entries_no_update")
        op.execute("DROP TRIGGER audit_entries_no_delete")
    else:
        op.execute("DROP TRIGGER audit_entries_no_change ON audit_entries")
        op.execute("DROP FUNCTION audit_entries_append_only()")
