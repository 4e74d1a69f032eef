"""Organization scoping for views: an admin sees every organization; other staff only their own.
Both read the request's scope, set once by shared.platform.access from the signed-in user, so a view and
the services' get_or_refuse decide alike."""

from __future__ import annotations

from shared.core.violations import refuse
from shared.platform.context import current_user, db_session
from shared.platform.service_kit import reachable, tenant


def check_org(org_id: int) -> int:
    """Refuse staff of one organization reaching into another's records."""
    if current_user() is None:
        raise refuse("sign_in_required", "Sign in first.", None, status=401)
    if not reachable(db_session(), org_id):
        raise refuse("forbidden", "You may only see your own organization's records.", None, status=403)
    return org_id


def visible_org_ids() -> set[int] | None:
    """None means every organization (admin)."""
    scope = tenant(db_session())
    return None if scope is None else set(scope)
