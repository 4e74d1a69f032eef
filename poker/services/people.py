"""Who did it, as the screens and the reports name them: the signed-in person's name (a user's display
name), not their username, for the cashier on a buy or a prize and the director on a bust."""

from __future__ import annotations

from sqlalchemy.orm import Session

from shared.hall.models import User
from shared.platform.audit import Actor


def name_of(session: Session, actor: Actor) -> str:
    """The actor's display name; the system, or an account without one, by the name it signs with."""
    user = session.get(User, actor.user_id) if actor.user_id is not None else None
    return user.display_name if user is not None and user.display_name else actor.name
