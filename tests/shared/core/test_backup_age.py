"""Flashboard house rule (backups): when the member in charge's dashboard warns about the backup."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from shared.core.backup_age import backup_warning

NOW = datetime(2026, 12, 5, 20, 0, tzinfo=timezone.utc)


def test_backup_warning_when_none_was_ever_made_or_the_last_is_over_24_hours_old() -> None:
    assert backup_warning(None, NOW, None) is not None
    assert backup_warning(NOW - timedelta(hours=24), NOW, None) is None
    assert "more than 24 hours old" in (backup_warning(NOW - timedelta(hours=24, seconds=1), NOW, None) or "")


def test_backup_warning_while_an_occasion_is_under_way_with_no_backup_since_its_start() -> None:
    started = NOW - timedelta(hours=2)
    assert "since today's occasion started" in (backup_warning(started - timedelta(seconds=1), NOW, started) or "")
    assert backup_warning(started, NOW, started) is None
    assert backup_warning(started - timedelta(seconds=1), NOW, None) is None
