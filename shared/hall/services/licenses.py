"""Licences: bingo licence terms and class, poker occasion licences, personal gaming licences,
third-party vendors and their contracts."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass
from datetime import date, datetime

from sqlalchemy import ScalarSelect, SQLColumnExpression, func, or_, select
from sqlalchemy.orm import Session, selectinload

from shared.core.violations import refuse
from shared.hall.models import (
    BingoLicense,
    BingoLicenseAlternate,
    BingoLicenseAttendancePrize,
    BingoLicenseSuspension,
    BingoLicenseUPickGame,
    Member,
    PersonalLicense,
    PokerOccasionLicense,
    Vendor,
    VendorContract,
)
from shared.hall.rules import addendum, hall_refusals, licensing
from shared.hall.rules.addendum import (
    LicenceContents,
    LicensedAlternate,
    LicensedAttendancePrize,
    LicensedUPickGame,
)
from shared.hall.rules.licensing import (
    BingoLicenseClass,
    Lapse,
    Period,
    PersonalLicenseFacts,
    PersonalLicenseKind,
    PersonalLicenseStatus,
)
from shared.hall.schemas import (
    BingoLicenseRequest,
    LicenceContentsRequest,
    PersonalLicenseRequest,
    PokerOccasionLicenseRequest,
    SuspensionRequest,
    VendorContractRequest,
    VendorRequest,
)
from shared.hall.services.organizations import get_organization
from shared.platform.audit import Actor
from shared.platform.service_kit import check, finish, get_or_refuse, same_text


def _period(starts_on: date, ends_on: date, field: str) -> Period:
    if ends_on < starts_on:
        raise refuse("bad_period", "The end date is before the start date.", None, field=field)
    return Period(starts_on, ends_on)


def add_bingo_license_term(
    session: Session, actor: Actor, now: datetime, org_id: int, data: BingoLicenseRequest
) -> BingoLicense:
    """10 DE Admin Code 101-4.4: each renewal is a term; gaps between terms are lapses."""
    org = get_organization(session, org_id)
    new = _period(data.valid_from, data.valid_to, "valid_to")
    for term in bingo_terms(session, org.id):
        if term.valid_from <= new.ends_on and new.starts_on <= term.valid_to:
            raise refuse(
                "overlap",
                f"This term overlaps licence term {term.number} "
                f"({term.valid_from.isoformat()} to {term.valid_to.isoformat()}).",
                None,
                field="valid_from",
                status=409,
            )
    check(addendum.contents_refusal(data.contents()))
    term = BingoLicense(organization_id=org.id, number=data.number, valid_from=data.valid_from, valid_to=data.valid_to)
    _write_contents(term, data.contents())
    if org.bingo_first_licensed_on is None or term.valid_from < org.bingo_first_licensed_on:
        org.bingo_first_licensed_on = term.valid_from
    session.add(term)
    finish(session, actor, now, "bingo_license.add_term", term, "bingo_license", _text(data))
    return term


def _write_contents(term: BingoLicense, contents: LicenceContents) -> None:
    term.alternates = [
        BingoLicenseAlternate(within_calls=a.within_calls, prize_cents=a.prize_cents)
        for a in sorted(contents.alternates)
    ]
    term.attendance_prizes = [
        BingoLicenseAttendancePrize(min_players=p.min_players, prize_cents=p.prize_cents)
        for p in sorted(contents.attendance_prizes)
    ]
    term.upick_games = [
        BingoLicenseUPickGame(pick_count=g.pick_count, payout_cents=g.payout_cents)
        for g in sorted(contents.upick_games)
    ]


def contents_of(term: BingoLicense) -> LicenceContents:
    """What a recorded term specifies (10 DE Admin Code 101-4.15, 4.18, 4.30.1.6), as the rules read it."""
    return LicenceContents(
        alternates=tuple(LicensedAlternate(a.within_calls, a.prize_cents) for a in term.alternates),
        attendance_prizes=tuple(LicensedAttendancePrize(p.min_players, p.prize_cents) for p in term.attendance_prizes),
        upick_games=tuple(LicensedUPickGame(g.pick_count, g.payout_cents) for g in term.upick_games),
    )


def _described(contents: LicenceContents) -> dict[str, object]:
    return {
        "alternates": [a.describe() for a in contents.alternates],
        "attendance_prizes": [p.describe() for p in contents.attendance_prizes],
        "upick_games": [g.describe() for g in contents.upick_games],
    }


def get_bingo_term(session: Session, org_id: int, license_id: int) -> BingoLicense:
    """A term of this organization's licence; another organization's answers as one that does not exist."""
    term = get_or_refuse(session, BingoLicense, license_id, "license_id", "bingo licence term")
    if term.organization_id != org_id:
        raise refuse("not_found", f"No bingo licence term has id {license_id}.", None, "license_id", 404)
    return term


def set_bingo_license_contents(
    session: Session, actor: Actor, now: datetime, org_id: int, license_id: int, data: LicenceContentsRequest
) -> BingoLicense:
    """10 DE Admin Code 101-4.15, 4.18 and 4.30.1.6 (an amended licence, 101-3.5): the term's alternate
    prizes, prizes by attendance and Addendum A U Pick Em games are replaced as the licence now lists them.
    Occasions already scheduled are checked again when their balls are verified."""
    term = get_bingo_term(session, get_organization(session, org_id).id, license_id)
    contents = data.contents()
    check(addendum.contents_refusal(contents))
    before = _described(contents_of(term))
    term.alternates, term.attendance_prizes, term.upick_games = [], [], []
    session.flush()
    _write_contents(term, contents)
    finish(
        session,
        actor,
        now,
        "bingo_license.contents",
        term,
        "bingo_license",
        {"number": term.number, "before": before, "after": _described(contents)},
    )
    return term


def contents_with(
    term: BingoLicense, item: LicensedAlternate | LicensedAttendancePrize | LicensedUPickGame
) -> LicenceContentsRequest:
    """The term's contents with one more item (the office screen adds one at a time)."""
    now = contents_of(term)
    return LicenceContentsRequest(
        alternates=(*now.alternates, item) if isinstance(item, LicensedAlternate) else now.alternates,
        attendance_prizes=(
            (*now.attendance_prizes, item) if isinstance(item, LicensedAttendancePrize) else now.attendance_prizes
        ),
        upick_games=(*now.upick_games, item) if isinstance(item, LicensedUPickGame) else now.upick_games,
    )


LICENCE_LISTS = ("alternates", "attendance_prizes", "upick_games")


def contents_without(term: BingoLicense, list_name: str, row_id: int) -> LicenceContentsRequest:
    """The term's contents without the row `row_id` of `list_name` (404 when the term lists no such row)."""
    rows = getattr(term, list_name) if list_name in LICENCE_LISTS else []
    if not any(row.id == row_id for row in rows):
        raise refuse("not_found", f"This licence term lists no item {row_id} there.", None, "item_id", 404)
    now = contents_of(term)
    kept = {
        name: tuple(
            item for row, item in zip(getattr(term, name), getattr(now, name)) if (name, row.id) != (list_name, row_id)
        )
        for name in LICENCE_LISTS
    }
    return LicenceContentsRequest(**kept)


def bingo_term_on(session: Session, org_id: int, day: date) -> BingoLicense | None:
    """The licence term whose dates cover `day` (its contents are what an occasion that day may offer)."""
    query = select(BingoLicense).where(
        BingoLicense.organization_id == org_id, BingoLicense.valid_from <= day, BingoLicense.valid_to >= day
    )
    return session.scalars(query.order_by(BingoLicense.valid_from).limit(1)).first()


def add_bingo_suspension(
    session: Session, actor: Actor, now: datetime, org_id: int, data: SuspensionRequest
) -> BingoLicenseSuspension:
    org = get_organization(session, org_id)
    _period(data.starts_on, data.ends_on, "ends_on")
    row = BingoLicenseSuspension(
        organization_id=org.id, starts_on=data.starts_on, ends_on=data.ends_on, reason=data.reason
    )
    session.add(row)
    finish(session, actor, now, "bingo_license.suspend", row, "bingo_license_suspension", _text(data))
    return row


def _text(data: BingoLicenseRequest | SuspensionRequest | VendorRequest) -> dict[str, object]:
    """The audit entry's details: every field of the request as text (None as "None")."""
    return {key: str(value) for key, value in asdict(data).items()}


def bingo_terms(session: Session, org_id: int) -> list[BingoLicense]:
    """The organization's licence terms in date order, each with what it specifies."""
    query = (
        select(BingoLicense)
        .where(BingoLicense.organization_id == org_id)
        .options(
            selectinload(BingoLicense.alternates),
            selectinload(BingoLicense.attendance_prizes),
            selectinload(BingoLicense.upick_games),
        )
    )
    return list(session.scalars(query.order_by(BingoLicense.valid_from)))


def bingo_suspensions(session: Session, org_id: int) -> list[BingoLicenseSuspension]:
    query = select(BingoLicenseSuspension).where(BingoLicenseSuspension.organization_id == org_id)
    return list(session.scalars(query.order_by(BingoLicenseSuspension.starts_on)))


def number_in_force(org_id: SQLColumnExpression[int], on: SQLColumnExpression[date]) -> ScalarSelect[str]:
    """The number of the licence term covering a day, read as bingo_license_status reads its
    current_number (the first term by start date that covers the day), inside a caller's own
    statement (a sale's receipt header, issue 21)."""
    return (
        select(BingoLicense.number)
        .where(BingoLicense.organization_id == org_id, BingoLicense.valid_from <= on, BingoLicense.valid_to >= on)
        .order_by(BingoLicense.valid_from)
        .limit(1)
        .scalar_subquery()
    )


@dataclass(frozen=True)
class BingoLicenseStatus:
    """What the office and the scheduler need to know about an organization's bingo licence on a day."""

    on: date
    current_number: str | None
    in_force: bool
    license_class: BingoLicenseClass | None
    lapses: list[Lapse]


def bingo_license_status(session: Session, org_id: int, on: date) -> BingoLicenseStatus:
    """10 DE Admin Code 101-4.4: the class on a day, with the lapse history that decided it."""
    return bingo_license_statuses(session, org_id, [on])[on]


def bingo_license_statuses(session: Session, org_id: int, days: Iterable[date]) -> dict[date, BingoLicenseStatus]:
    """The status on each of several days, from one reading of the terms and suspensions."""
    org = get_organization(session, org_id)
    terms = bingo_terms(session, org.id)
    periods = [Period(t.valid_from, t.valid_to) for t in terms]
    cuts = [Period(s.starts_on, s.ends_on) for s in bingo_suspensions(session, org.id)]
    coverage = licensing.coverage(periods, cuts)
    first = org.bingo_first_licensed_on
    found = {}
    for on in days:
        current = next((t for t in terms if t.valid_from <= on <= t.valid_to), None)
        found[on] = BingoLicenseStatus(
            on=on,
            current_number=current.number if current else None,
            in_force=any(p.starts_on <= on <= p.ends_on for p in coverage),
            license_class=licensing.bingo_license_class(first, periods, cuts, on) if first is not None else None,
            lapses=licensing.lapses(periods, cuts, on),
        )
    return found


def create_poker_occasion_license(
    session: Session, actor: Actor, now: datetime, data: PokerOccasionLicenseRequest
) -> PokerOccasionLicense:
    """28 Del. C. ch. 18, general provisions ¶(1) and ¶(3): one sponsor, $250 per occasion."""
    sponsors = data.sponsor_organization_ids
    check(licensing.sponsor_refusal(sponsors))
    org = get_organization(session, sponsors[0])
    check(licensing.occasion_license_fee_refusal(data.fee_cents))
    if session.scalar(select(PokerOccasionLicense.id).where(PokerOccasionLicense.number == data.number)) is not None:
        raise refuse(
            "duplicate", f"Licence number {data.number} is already recorded.", None, field="number", status=409
        )
    row = PokerOccasionLicense(
        organization_id=org.id, number=data.number, occasion_date=data.occasion_date, fee_cents=data.fee_cents
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "poker_occasion_license.create",
        row,
        "poker_occasion_license",
        {
            "number": row.number,
            "occasion_date": str(row.occasion_date),
            "organization_id": org.id,
            "fee_cents": row.fee_cents,
        },
    )
    return row


def list_poker_occasion_licenses(session: Session, org_id: int) -> list[PokerOccasionLicense]:
    get_organization(session, org_id)
    query = select(PokerOccasionLicense).where(PokerOccasionLicense.organization_id == org_id)
    return list(session.scalars(query.order_by(PokerOccasionLicense.occasion_date)))


def create_vendor(session: Session, actor: Actor, now: datetime, data: VendorRequest) -> Vendor:
    if session.scalar(select(Vendor.id).where(same_text(Vendor.name, data.name))) is not None:
        raise refuse("duplicate", f"A vendor named {data.name!r} already exists.", None, field="name", status=409)
    vendor = Vendor(name=data.name, license_number=data.license_number, licensed_until=data.licensed_until)
    session.add(vendor)
    finish(session, actor, now, "vendor.create", vendor, "vendor", _text(data))
    return vendor


def list_vendors(session: Session) -> list[Vendor]:
    return list(session.scalars(select(Vendor).order_by(Vendor.name)))


def vendor_licensed(vendor: Vendor, ends_on: date) -> bool:
    """28 Del. C. ch. 18, third party vendors ¶(1): licensed for the whole contract."""
    return bool(vendor.license_number) and vendor.licensed_until is not None and vendor.licensed_until >= ends_on


def create_vendor_contract(
    session: Session, actor: Actor, now: datetime, org_id: int, data: VendorContractRequest
) -> VendorContract:
    org = get_organization(session, org_id)
    vendor = get_or_refuse(session, Vendor, data.vendor_id, "vendor_id", "vendor")
    _period(data.starts_on, data.ends_on, "ends_on")
    check(licensing.vendor_contract_refusal(data.compensation_basis, vendor_licensed(vendor, data.ends_on)))
    contract = VendorContract(
        organization_id=org.id,
        vendor_id=data.vendor_id,
        starts_on=data.starts_on,
        ends_on=data.ends_on,
        compensation_basis=data.compensation_basis.value,
        compensation_cents=data.compensation_cents,
        terms=data.terms,
    )
    session.add(contract)
    finish(
        session,
        actor,
        now,
        "vendor_contract.create",
        contract,
        "vendor_contract",
        {key: getattr(value, "value", str(value)) for key, value in asdict(data).items()},
    )
    return contract


def list_vendor_contracts(session: Session, org_id: int) -> list[VendorContract]:
    get_organization(session, org_id)
    query = select(VendorContract).where(VendorContract.organization_id == org_id)
    return list(session.scalars(query.order_by(VendorContract.starts_on)))


def license_facts(row: PersonalLicense) -> PersonalLicenseFacts:
    return PersonalLicenseFacts(
        kind=PersonalLicenseKind(row.kind),
        number=row.number or "(no number)",
        issued_on=row.issued_on,
        status=PersonalLicenseStatus(row.status),
        holder_name=row.holder_name,
    )


def _same_person(session: Session, org_id: int, member_id: int | None, name: str, born: date) -> list[PersonalLicense]:
    same = [func.lower(PersonalLicense.holder_name) == name.lower()]
    if member_id is not None:
        same.append(PersonalLicense.member_id == member_id)
    query = select(PersonalLicense).where(or_(*same), PersonalLicense.organization_id == org_id)
    return [row for row in session.scalars(query) if row.member_id == member_id or row.date_of_birth == born]


def record_personal_license(
    session: Session, actor: Actor, now: datetime, org_id: int, data: PersonalLicenseRequest
) -> PersonalLicense:
    """28 Del. C. ch. 18: number, photo, issue date, $15 fee, expiry 3 years after issue; a person
    denied within 12 months may not re-apply (§1831(4)(d))."""
    org = get_organization(session, org_id)
    if data.member_id is not None:
        member = get_or_refuse(session, Member, data.member_id, "member_id", "member")
        if member.organization_id != org.id:
            raise refuse(
                "wrong_organization",
                "That member belongs to another organization.",
                None,
                field="member_id",
                status=409,
            )
    if data.vendor_id is not None:
        get_or_refuse(session, Vendor, data.vendor_id, "vendor_id", "vendor")
    status = data.status
    check(hall_refusals.recorded_status_refusal(status))
    history = _same_person(session, org.id, data.member_id, data.holder_name, data.date_of_birth)
    denials = [
        row.status_changed_on for row in history if PersonalLicenseStatus(row.status) is PersonalLicenseStatus.DENIED
    ]
    check(licensing.reapply_refusal(denials, data.issued_on))
    check(hall_refusals.licence_number_refusal(status, data.number))
    if status is not PersonalLicenseStatus.DENIED:
        check(licensing.personal_license_fee_refusal(data.fee_cents))
    row = PersonalLicense(
        organization_id=org.id,
        member_id=data.member_id,
        vendor_id=data.vendor_id,
        holder_name=data.holder_name,
        date_of_birth=data.date_of_birth,
        kind=data.kind.value,
        number=data.number,
        issued_on=data.issued_on,
        expires_on=licensing.personal_license_expiry(data.issued_on),
        fee_cents=data.fee_cents,
        status=status.value,
        status_changed_on=data.issued_on,
    )
    session.add(row)
    finish(
        session,
        actor,
        now,
        "personal_license.record",
        row,
        "personal_license",
        {
            "holder_name": row.holder_name,
            "kind": row.kind,
            "number": row.number,
            "status": row.status,
            "issued_on": str(row.issued_on),
            "fee_cents": row.fee_cents,
        },
    )
    return row


def change_personal_license_status(
    session: Session,
    actor: Actor,
    now: datetime,
    org_id: int,
    license_id: int,
    status: PersonalLicenseStatus,
    reason: str,
) -> PersonalLicense:
    """An organization suspends, revokes or restores only its own people's licences: another's answers
    as no licence at all (the measured failure: org B's officer revoked org A's dealer)."""
    row = get_or_refuse(session, PersonalLicense, license_id, "personal_license_id", "personal licence")
    if row.organization_id != org_id:
        raise refuse(
            "not_found", f"No personal licence has id {license_id}.", None, field="personal_license_id", status=404
        )
    check(hall_refusals.status_change_refusal(status))
    before = row.status
    row.status = status
    row.status_changed_on = now.date()
    finish(
        session,
        actor,
        now,
        "personal_license.status",
        row,
        "personal_license",
        {"from": before, "to": row.status, "reason": reason},
    )
    return row


def set_personal_license_photo(
    session: Session, actor: Actor, now: datetime, license_id: int, photo: bytes, content_type: str
) -> PersonalLicense:
    """28 Del. C. ch. 18, license contents ¶(2): the licence shows its holder's photograph."""
    row = get_or_refuse(session, PersonalLicense, license_id, "personal_license_id", "personal licence")
    row.photo = photo
    row.photo_type = content_type
    finish(
        session,
        actor,
        now,
        "personal_license.photo",
        row,
        "personal_license",
        {"bytes": len(photo), "type": content_type},
    )
    return row


def list_personal_licenses(session: Session, org_id: int) -> list[PersonalLicense]:
    get_organization(session, org_id)
    query = select(PersonalLicense).where(PersonalLicense.organization_id == org_id)
    return list(session.scalars(query.order_by(PersonalLicense.holder_name, PersonalLicense.issued_on)))


def renewals_due(session: Session, org_id: int, today: date) -> list[PersonalLicense]:
    """28 Del. C. ch. 18, license renewal ¶(1): licences whose 30-day renewal date falls in the next
    30 days, or has passed while the licence is still valid."""
    return [
        row for row in list_personal_licenses(session, org_id) if licensing.renewal_is_due(license_facts(row), today)
    ]
