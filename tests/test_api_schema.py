"""schemathesis against /api/v1/openapi.json (issue 10): every documented operation called with
generated input (schemathesis' strategies from the document) by a signed-in user holding every role,
over the app's own WSGI interface. No answer is a server error, and every answer matches the response
schema the document declares for it.

CI runs a fixed set of examples (derandomized) so that a run is repeatable and a landing is never
decided by chance; a deeper, random hunt is `FLASHBOARD_FUZZ_RANDOM=1 FLASHBOARD_FUZZ_EXAMPLES=50`,
and anything it finds gets its own regression test (tests/test_unstorable_text.py is the first)."""

from __future__ import annotations

import os
from typing import Any

import schemathesis
from flask import Flask
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import response_schema_conformance
from sqlalchemy.orm import Session

from shared.core.roles import Role
from shared.hall.models import User
from shared.hall.schemas import SecretsRequest
from shared.hall.services import staff
from shared.hall.services.staff import KdfCost
from shared.platform.audit import SYSTEM
from tests.support.client import Api
from tests.support.clock import Clock
from tests.support.factories import NOW, PASSWORD, TEST_KDF_N, make_member, make_org, make_user

EXAMPLES = int(os.environ.get("FLASHBOARD_FUZZ_EXAMPLES", "5"))
RANDOM = os.environ.get("FLASHBOARD_FUZZ_RANDOM", "") in {"1", "true", "yes"}


def everyone(app: Flask, session: Session, user_id: int) -> tuple[dict[str, str], dict[str, str]]:
    """The session cookie and CSRF token of a fresh sign-in of the user who holds every role. Each
    operation gets its own, so one that ended the session (sign-out, "sign out everywhere") or
    changed the user (a generated password, fewer roles, a lockout) leaves the next one signed in
    with every role again."""
    staff.set_secrets(session, SYSTEM, NOW, user_id, SecretsRequest(password=PASSWORD), KdfCost(TEST_KDF_N))
    staff.set_roles(session, SYSTEM, NOW, user_id, list(Role))
    staff.unlock(session, SYSTEM, NOW, user_id)
    user = session.get(User, user_id)
    assert user is not None
    user.is_active = True
    session.commit()
    api = Api(app.test_client())
    assert api.sign_in("everyone", PASSWORD).status_code == 200
    cookie = api.client.get_cookie("flashboard_session")
    assert cookie is not None
    return {"flashboard_session": cookie.value}, {"X-CSRF-Token": api.token}


def test_every_operation_answers_within_its_schema_and_never_500(app: Flask, session: Session, clock: Clock) -> None:
    org = make_org(session)
    user_id = make_user(session, list(Role), member=make_member(session, org), username="everyone").id
    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", app)
    results = list(schema.get_all_operations())
    assert all(isinstance(result, Ok) for result in results), [r for r in results if not isinstance(r, Ok)]
    operations = [result.ok() for result in results if isinstance(result, Ok)]
    assert len(operations) > 100
    failures: list[str] = []
    statuses: dict[int, int] = {}
    for operation in operations:
        cookies, headers = everyone(app, session, user_id)

        @given(operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            database=None,
            derandomize=not RANDOM,
        )
        def exercise(case: Any) -> None:
            response = case.call(headers=headers, cookies=cookies)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
            case.validate_response(response, checks=[not_a_server_error, response_schema_conformance])

        try:
            exercise()
        except Exception as failure:  # noqa: BLE001 - gather every operation's failure, then report them together
            failures.append(f"{operation.method.upper()} {operation.path}: {str(failure)[:600]}")
    print("schemathesis answers by status:", dict(sorted(statuses.items())))
    assert failures == [], "\n\n".join(failures)
    assert sum(statuses.values()) >= len(operations) and statuses.get(500, 0) == 0
