"""Organization scoping: an admin sees every organization; other staff only their own."""
from __future__ import annotations

from shared.context import current_user
from shared.roles import Role
from shared.violations import refuse


def check_org(org_id: int) -> int:
    """Refuse staff of one organization reaching into another's records."""
    user = current_user()
    if user is None:
        raise refuse("sign_in_required", "Sign in first.", None, status=401)
    if Role.ADMIN.value in user.role_names:
        return org_id
    if user.member is None or user.member.organization_id != org_id:
        raise refuse("forbidden", "You may only see your own organization's records.", None, status=403)
    return org_id


def visible_org_ids() -> set[int] | None:
    """None means every organization (admin)."""
    user = current_user()
    if user is not None and Role.ADMIN.value in user.role_names:
        return None
    if user is None or user.member is None:
        return set()
    return {user.member.organization_id}
