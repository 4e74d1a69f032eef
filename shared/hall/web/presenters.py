"""Turn rows into the plain values the schemas and templates show, with the derived facts
(effective licence status, renewal date, lockout) computed by the rules, not by templates."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from shared.core import lockout
from shared.core.lockout import Guard
from shared.hall.models import PersonalLicense, User
from shared.hall.rules import licensing
from shared.hall.services.licenses import license_facts


def personal_license(row: PersonalLicense, today: date) -> dict[str, Any]:
    facts = license_facts(row)
    return {
        "id": row.id,
        "organization_id": row.organization_id,
        "member_id": row.member_id,
        "vendor_id": row.vendor_id,
        "holder_name": row.holder_name,
        "kind": row.kind,
        "number": row.number,
        "issued_on": row.issued_on,
        "expires_on": row.expires_on,
        "renewal_due_on": licensing.renewal_due_on(row.issued_on),
        "fee_cents": row.fee_cents,
        "status": row.status,
        "effective_status": licensing.effective_status(facts, today).value,
        "renewal_due": licensing.renewal_is_due(facts, today),
        "has_photo": row.photo is not None,
    }


def user(row: User, now: datetime) -> dict[str, Any]:
    return {
        "id": row.id,
        "username": row.username,
        "display_name": row.display_name,
        "member_id": row.member_id,
        "role_names": row.role_names,
        "is_active": row.is_active,
        "locked": any(lockout.is_locked(Guard(locked_until=g.locked_until), now) for g in row.guards),
        "has_pin": row.pin_hash is not None,
    }
