"""The organizations, members and roster API: successes, and refusals that name the field and the
rule and leave nothing written."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.rules.licensing import PersonalLicenseStatus
from shared.hall.rules.people import MemberStatus
from shared.platform.audit import AuditEntry
from tests.support.client import Api
from tests.support.factories import PASSWORD, audit_count, make_license, make_member, make_org, make_user


def refused(reply: object, status: int, field: str, rule: str | None = None) -> dict[str, object]:
    body = reply.get_json()  # type: ignore[attr-defined]
    assert reply.status_code == status, body  # type: ignore[attr-defined]
    assert field in body["fields"], body
    if rule is not None:
        assert body["rule"] == rule, body
    return body  # type: ignore[no-any-return]


def test_1801_33_organization_kind_must_be_a_sponsoring_kind(admin: Api, session: Session) -> None:
    before = audit_count(session)
    refused(admin.post("/api/v1/organizations", {"name": "Casino Inc", "kind": "for_profit"}), 422, "kind")
    assert audit_count(session) == before
    reply = admin.post(
        "/api/v1/organizations", {"name": "Post 12", "kind": "veterans", "bingo_first_licensed_on": "1992-05-01"}
    )
    assert reply.status_code == 201 and reply.get_json()["kind"] == "veterans"
    refused(admin.post("/api/v1/organizations", {"name": "post 12", "kind": "veterans"}), 409, "name")


def test_members_added_and_changed_with_audit(admin: Api, session: Session) -> None:
    org = make_org(session)
    reply = admin.post(
        f"/api/v1/organizations/{org.id}/members",
        {"name": "Ann Lee", "date_of_birth": "1961-02-03", "active_since": "1990-01-01", "is_officer": True},
    )
    assert reply.status_code == 201
    member_id = reply.get_json()["id"]
    reply = admin.patch(f"/api/v1/organizations/{org.id}/members/{member_id}", {"status": "inactive"})
    assert reply.status_code == 200 and reply.get_json()["status"] == "inactive"
    with session.info["database"].readers() as reader:
        latest = reader.scalars(select(AuditEntry.action).order_by(AuditEntry.seq.desc()).limit(2)).all()
    assert latest == ["member.update", "member.create"]


def test_member_with_a_future_birth_date_is_refused_and_nothing_written(admin: Api, session: Session) -> None:
    org = make_org(session)
    before = audit_count(session)
    refused(
        admin.post(f"/api/v1/organizations/{org.id}/members", {"name": "Not Born", "date_of_birth": "2099-01-01"}),
        422,
        "date_of_birth",
    )
    refused(
        admin.post(
            f"/api/v1/organizations/{org.id}/members",
            {"name": "Early", "date_of_birth": "1990-01-01", "active_since": "1980-01-01"},
        ),
        422,
        "active_since",
    )
    assert audit_count(session) == before
    assert admin.get(f"/api/v1/organizations/{org.id}/members").get_json() == []


def test_staff_see_only_their_own_organization(api: Api, session: Session) -> None:
    mine, theirs = make_org(session), make_org(session)
    make_user(session, [Role.OFFICER], member=make_member(session, mine), username="officer1")
    api.sign_in("officer1", PASSWORD)
    assert api.get(f"/api/v1/organizations/{mine.id}/members").status_code == 200
    assert api.get(f"/api/v1/organizations/{theirs.id}/members").status_code == 403
    assert [o["id"] for o in api.get("/api/v1/organizations").get_json()] == [mine.id]


def test_4_23_roster_refuses_an_inactive_member(admin: Api, session: Session) -> None:
    org = make_org(session)
    member = make_member(session, org, status=MemberStatus.INACTIVE)
    before = audit_count(session)
    refused(
        admin.post(
            f"/api/v1/organizations/{org.id}/work-assignments",
            {"work_date": "2026-12-05", "role": "caller", "member_id": member.id},
        ),
        422,
        "member_id",
        "10 DE Admin Code 101-4.23",
    )
    assert audit_count(session) == before


def test_4_3_roster_refuses_a_15_year_old_caller_but_takes_them_for_food_service(admin: Api, session: Session) -> None:
    org = make_org(session)
    teen = make_member(session, org, date_of_birth=date(2011, 6, 1), active_since=date(2025, 1, 1))
    url = f"/api/v1/organizations/{org.id}/work-assignments"
    refused(
        admin.post(url, {"work_date": "2026-12-05", "role": "cashier", "member_id": teen.id}),
        422,
        "member_id",
        "10 DE Admin Code 101-4.3",
    )
    assert admin.post(url, {"work_date": "2026-12-05", "role": "food_service", "member_id": teen.id}).status_code == 201


def test_4_1_roster_refuses_an_inactive_member_in_charge(admin: Api, session: Session) -> None:
    org = make_org(session)
    late = make_member(session, org, active_since=date(2027, 1, 1))
    refused(
        admin.post(
            f"/api/v1/organizations/{org.id}/work-assignments",
            {"work_date": "2026-12-05", "role": "member_in_charge", "member_id": late.id},
        ),
        422,
        "member_in_charge_id",
        "10 DE Admin Code 101-4.1",
    )


def test_1831_1_roster_refuses_an_unlicensed_or_expired_dealer(admin: Api, session: Session) -> None:
    org = make_org(session)
    dealer = make_member(session, org)
    url = f"/api/v1/organizations/{org.id}/work-assignments"
    refused(
        admin.post(url, {"work_date": "2026-12-05", "role": "dealer", "member_id": dealer.id}),
        409,
        "personal_license_id",
        "28 Del. C. §1831(1)",
    )
    old = make_license(
        session,
        org,
        member_id=dealer.id,
        holder_name=dealer.name,
        date_of_birth=dealer.date_of_birth,
        issued_on=date(2023, 12, 1),
    )
    body = refused(
        admin.post(url, {"work_date": "2026-12-05", "role": "dealer", "member_id": dealer.id}),
        409,
        "personal_license_id",
    )
    assert "expired" in str(body["message"])
    reply = admin.post(url, {"work_date": "2026-11-30", "role": "dealer", "personal_license_id": old.id})
    assert reply.status_code == 201 and reply.get_json()["person_name"] == dealer.name


def test_who_may_work_a_role_on_a_date(admin: Api, session: Session) -> None:
    org = make_org(session)
    make_member(session, org, name="Adult Active")
    make_member(session, org, name="Young", date_of_birth=date(2012, 1, 1), active_since=date(2025, 1, 1))
    make_license(session, org, holder_name="Licensed Dealer", issued_on=date(2026, 1, 1))
    make_license(
        session, org, holder_name="Suspended Dealer", issued_on=date(2026, 1, 1), status=PersonalLicenseStatus.SUSPENDED
    )
    url = f"/api/v1/organizations/{org.id}/eligible-workers"
    assert [c["name"] for c in admin.get(url + "?role=caller&on=2026-12-05").get_json()] == ["Adult Active"]
    assert [c["name"] for c in admin.get(url + "?role=food_service&on=2026-12-05").get_json()] == ["Adult Active"]
    assert [c["name"] for c in admin.get(url + "?role=dealer&on=2026-12-05").get_json()] == ["Licensed Dealer"]
    assert admin.get(url + "?role=dealer&on=2029-01-01").get_json() == []
