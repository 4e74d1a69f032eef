"""Turn rows into the plain values the schemas and templates show, with the derived facts
(effective licence status, renewal date, lockout) computed by the rules, not by templates."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime
from typing import Any

from shared.core import citations, lockout
from shared.core.lockout import Guard
from shared.core.money import format_cents
from shared.hall.models import BingoLicense, Organization, PersonalLicense, User
from shared.hall.rules import licensing
from shared.hall.services.licenses import license_facts
from shared.reports.document import Document, Table


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


def bingo_licence_document(org: Organization, terms: Sequence[BingoLicense], today: date) -> Document:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6: the bingo licence as recorded, each term with what it
    specifies (the alternate prizes, the prizes by attendance and the Addendum A U Pick Em games), for the
    member in charge's binder and the Board's inspector (4.5): one document as PDF and as CSV tables."""
    contents = [
        (term, kind, condition, amount, rule)
        for term in terms
        for kind, rule, items in (
            (
                "Alternate prize",
                citations.BINGO_ALTERNATE_PRIZE,
                [(f"within {a.within_calls} calls", a.prize_cents) for a in term.alternates],
            ),
            (
                "Prize by attendance",
                citations.BINGO_ATTENDANCE_PRIZE,
                [(f"{p.min_players} or more present", p.prize_cents) for p in term.attendance_prizes],
            ),
            (
                "U Pick Em (Addendum A)",
                citations.BINGO_UPICK_ADDENDUM,
                [(f"{g.pick_count} numbers picked", g.payout_cents) for g in term.upick_games],
            ),
        )
        for condition, amount in items
    ]
    return Document(
        title=f"Bingo licence: {org.name}",
        subtitle=f"As recorded on {today.isoformat()}",
        facts=(("Organization", org.name), ("First licensed", str(org.bingo_first_licensed_on or "not recorded"))),
        tables=(
            Table(
                "terms",
                "Licence terms",
                ("Licence", "Valid from", "Valid to", "Alternate prizes", "Prizes by attendance", "U Pick Em games"),
                tuple(
                    (
                        t.number,
                        t.valid_from.isoformat(),
                        t.valid_to.isoformat(),
                        str(len(t.alternates)),
                        str(len(t.attendance_prizes)),
                        str(len(t.upick_games)),
                    )
                    for t in terms
                ),
            ),
            Table(
                "contents",
                "What each term specifies",
                ("Licence", "Valid from", "Valid to", "Kind", "Condition", "Amount", "Rule"),
                tuple(
                    (
                        t.number,
                        t.valid_from.isoformat(),
                        t.valid_to.isoformat(),
                        kind,
                        condition,
                        format_cents(cents),
                        rule,
                    )
                    for t, kind, condition, cents, rule in contents
                ),
                note="A program game may offer an alternate prize, a prize by attendance or a U Pick Em game only "
                "as the term of its occasion's day lists it, to the cent.",
            ),
        ),
    )
