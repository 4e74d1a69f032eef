"""Licences through the API: 10 DE Admin Code 101-4.4 terms and class; 28 Del. C. ch. 18 occasion,
personal and vendor licences, renewals and refusals."""

from __future__ import annotations

from datetime import date

from sqlalchemy import select
from sqlalchemy.orm import Session

from shared.platform.audit import AuditEntry
from tests.support.client import Api
from tests.support.factories import audit_count, make_license, make_member, make_org


def expect(reply: object, status: int, field: str | None = None, rule: str | None = None) -> dict[str, object]:
    body = reply.get_json()  # type: ignore[attr-defined]
    assert reply.status_code == status, body  # type: ignore[attr-defined]
    if field is not None:
        assert field in body["fields"], body
    if rule is not None:
        assert body["rule"] == rule, body
    return body  # type: ignore[no-any-return]


def test_4_4_reclassification_after_a_lapse_through_the_api(admin: Api, session: Session) -> None:
    org = make_org(session, bingo_first_licensed_on=date(1991, 4, 1))
    url = f"/api/v1/organizations/{org.id}"
    expect(
        admin.post(url + "/bingo-licenses", {"number": "B-77", "valid_from": "2024-01-01", "valid_to": "2024-12-31"}),
        201,
    )
    status = expect(admin.get(url + "/bingo-license-status?on=2024-06-01"), 200)
    assert status["license_class"] == "pre_444" and status["in_force"] is True
    expect(
        admin.post(url + "/bingo-licenses", {"number": "B-77", "valid_from": "2025-08-01", "valid_to": "2026-07-31"}),
        201,
    )
    status = expect(admin.get(url + "/bingo-license-status?on=2025-09-01"), 200)
    assert status["license_class"] == "post_444"
    assert status["lapses"] == [{"starts_on": "2025-01-01", "ends_on": "2025-07-31"}]


def test_4_4_overlapping_terms_are_refused(admin: Api, session: Session) -> None:
    org = make_org(session)
    url = f"/api/v1/organizations/{org.id}/bingo-licenses"
    expect(admin.post(url, {"number": "B-1", "valid_from": "2026-01-01", "valid_to": "2026-12-31"}), 201)
    before = audit_count(session)
    expect(admin.post(url, {"number": "B-1", "valid_from": "2026-06-01", "valid_to": "2027-05-31"}), 409, "valid_from")
    expect(admin.post(url, {"number": "B-2", "valid_from": "2027-06-01", "valid_to": "2027-01-01"}), 422, "valid_to")
    assert audit_count(session) == before


def test_t28_occasion_licence_needs_one_sponsor_and_the_250_fee(admin: Api, session: Session) -> None:
    one, two = make_org(session), make_org(session)
    url = "/api/v1/poker-occasion-licenses"
    before = audit_count(session)
    expect(
        admin.post(
            url,
            {
                "number": "P-1",
                "occasion_date": "2026-12-12",
                "sponsor_organization_ids": [one.id, two.id],
                "fee": "250.00",
            },
        ),
        422,
        "sponsor_organization_ids",
        "28 Del. C. ch. 18, general provisions ¶(1)",
    )
    expect(
        admin.post(
            url, {"number": "P-1", "occasion_date": "2026-12-12", "sponsor_organization_ids": [one.id], "fee": "200.00"}
        ),
        422,
        "fee",
        "28 Del. C. ch. 18, general provisions ¶(3)",
    )
    assert audit_count(session) == before
    body = expect(
        admin.post(
            url, {"number": "P-1", "occasion_date": "2026-12-12", "sponsor_organization_ids": [one.id], "fee": "$250"}
        ),
        201,
    )
    assert body["fee"] == "250.00" and body["organization_id"] == one.id


def test_t28_personal_licence_expires_three_years_after_issue_for_a_15_fee(admin: Api, session: Session) -> None:
    org = make_org(session)
    url = f"/api/v1/organizations/{org.id}/personal-licenses"
    base = {
        "holder_name": "Gail Reyes",
        "date_of_birth": "1988-08-08",
        "kind": "dealer",
        "number": "NLH-77",
        "issued_on": "2026-02-10",
    }
    expect(admin.post(url, {**base, "fee": "10.00"}), 422, "fee", "28 Del. C. ch. 18, license contents ¶(2)")
    expect(admin.post(url, {**base, "number": None, "fee": "15.00"}), 422, "number")
    body = expect(admin.post(url, {**base, "fee": "15.00"}), 201)
    assert (
        body["expires_on"] == "2029-02-10"
        and body["renewal_due_on"] == "2029-01-11"
        and body["effective_status"] == "active"
    )


def test_1831_4_d_denied_applicant_cannot_reapply_within_12_months(admin: Api, session: Session) -> None:
    org = make_org(session)
    url = f"/api/v1/organizations/{org.id}/personal-licenses"
    base = {"holder_name": "Vic Stone", "date_of_birth": "1979-03-03", "kind": "dealer", "fee": "15.00"}
    expect(admin.post(url, {**base, "issued_on": "2026-01-15", "status": "denied"}), 201)
    before = audit_count(session)
    body = expect(
        admin.post(url, {**base, "number": "NLH-9", "issued_on": "2026-11-01"}),
        409,
        "holder_name",
        "28 Del. C. §1831(4)(d)",
    )
    assert "2027-01-15" in str(body["message"])
    assert audit_count(session) == before
    expect(admin.post(url, {**base, "number": "NLH-9", "issued_on": "2027-01-15"}), 201)


def test_t28_license_renewal_window_lists_licences_due_in_30_days(admin: Api, session: Session) -> None:
    org = make_org(session)
    make_license(session, org, holder_name="Due Soon", issued_on=date(2024, 1, 20))
    make_license(session, org, holder_name="Far Off", issued_on=date(2026, 1, 20))
    make_license(session, org, holder_name="Long Expired", issued_on=date(2020, 1, 20))
    url = f"/api/v1/organizations/{org.id}/renewals-due"
    assert [r["holder_name"] for r in admin.get(url + "?today=2026-11-20").get_json()] == []
    assert [r["holder_name"] for r in admin.get(url + "?today=2026-11-21").get_json()] == ["Due Soon"]
    assert [r["holder_name"] for r in admin.get(url + "?today=2027-01-19").get_json()] == ["Due Soon"]
    assert admin.get(url + "?today=2027-01-20").get_json() == []


def test_t28_licence_status_changes_are_audited_and_expired_is_never_set_by_hand(admin: Api, session: Session) -> None:
    org = make_org(session)
    lic = make_license(session, org)
    url = f"/api/v1/organizations/{org.id}/personal-licenses/{lic.id}/status"
    assert (
        expect(admin.post(url, {"status": "suspended", "reason": "arrest reported"}), 200)["effective_status"]
        == "suspended"
    )
    expect(
        admin.post(url, {"status": "expired", "reason": "x"}), 422, "status", "28 Del. C. ch. 18, license renewal ¶(1)"
    )
    with session.info["database"].readers() as reader:
        details = reader.scalars(select(AuditEntry.details).where(AuditEntry.action == "personal_license.status")).all()
    assert details == ['{"from":"active","reason":"arrest reported","to":"suspended"}']


def test_t28_vendor_contract_refuses_percentage_pay_and_unlicensed_vendors(admin: Api, session: Session) -> None:
    org = make_org(session)
    licensed = expect(
        admin.post(
            "/api/v1/vendors", {"name": "Good Deals LLC", "license_number": "TPV-1", "licensed_until": "2027-12-31"}
        ),
        201,
    )
    unlicensed = expect(admin.post("/api/v1/vendors", {"name": "Shady LLC"}), 201)
    url = f"/api/v1/organizations/{org.id}/vendor-contracts"
    terms = {"starts_on": "2026-12-01", "ends_on": "2027-06-30", "compensation": "400.00"}
    before = audit_count(session)
    expect(
        admin.post(url, {**terms, "vendor_id": licensed["id"], "compensation_basis": "percent_of_entries"}),
        422,
        "compensation_basis",
        "28 Del. C. ch. 18, third party vendors ¶(2)",
    )
    expect(
        admin.post(url, {**terms, "vendor_id": unlicensed["id"], "compensation_basis": "flat_fee"}),
        409,
        "vendor_id",
        "28 Del. C. ch. 18, third party vendors ¶(1)",
    )
    expect(
        admin.post(
            url, {**terms, "ends_on": "2028-06-30", "vendor_id": licensed["id"], "compensation_basis": "flat_fee"}
        ),
        409,
        "vendor_id",
    )
    assert audit_count(session) == before
    body = expect(admin.post(url, {**terms, "vendor_id": licensed["id"], "compensation_basis": "per_table"}), 201)
    assert body["compensation"] == "400.00"


def test_member_licence_links_to_the_member_of_the_same_organization(admin: Api, session: Session) -> None:
    mine, other = make_org(session), make_org(session)
    stranger = make_member(session, other)
    url = f"/api/v1/organizations/{mine.id}/personal-licenses"
    body = {
        "holder_name": "X",
        "date_of_birth": "1980-01-01",
        "kind": "dealer",
        "number": "N-1",
        "issued_on": "2026-01-01",
        "fee": "15.00",
        "member_id": stranger.id,
    }
    expect(admin.post(url, body), 409, "member_id")
