"""When the member in charge is told the hall's records are not backed up well enough.

Pure: the caller passes the last backup's time, the occasion's start and the hall's clock.
"""

from __future__ import annotations

from datetime import datetime, timedelta

BACKUP_AGE_LIMIT = timedelta(hours=24)


def backup_warning(last_taken_at: datetime | None, now: datetime, occasion_started_at: datetime | None) -> str | None:
    """Flashboard house rule (backups, docs/decisions.md issue 20): warn when no backup has been made, when
    the last is older than 24 hours, or when an occasion is under way (`occasion_started_at`, not closed)
    and none was taken since it started: a lost disk would then take the night's sales, calls and
    payouts with it, and the Board's papers are made from those rows. None when the backup is recent.

    >>> from datetime import timezone
    >>> now = datetime(2026, 12, 5, 20, 0, tzinfo=timezone.utc)
    >>> backup_warning(None, now, None)
    'No backup has been made: run flashboard backup PATH on the server.'
    >>> backup_warning(now - timedelta(hours=24), now, None) is None
    True
    >>> backup_warning(now - timedelta(hours=24, seconds=1), now, None)
    'The last backup is more than 24 hours old: run flashboard backup PATH on the server.'
    >>> backup_warning(now - timedelta(hours=3), now, now - timedelta(hours=2))
    "No backup has been taken since today's occasion started: run flashboard backup PATH on the server."
    >>> backup_warning(now - timedelta(hours=1), now, now - timedelta(hours=2)) is None
    True
    """
    advice = "run flashboard backup PATH on the server."
    if last_taken_at is None:
        return f"No backup has been made: {advice}"
    if now - last_taken_at > BACKUP_AGE_LIMIT:
        return f"The last backup is more than 24 hours old: {advice}"
    if occasion_started_at is not None and last_taken_at < occasion_started_at:
        return f"No backup has been taken since today's occasion started: {advice}"
    return None
