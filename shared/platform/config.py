"""Configuration from FLASHBOARD_* environment variables.

One prefix, read in one place, so a hall's volunteer can see every setting in the README table and
nothing is configured by editing code.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from shared.core.tills import NON_CASH_TENDERS, Tender

PREFIX = "FLASHBOARD_"
PROJECT_ROOT = Path(__file__).resolve().parents[2]


class ConfigError(ValueError):
    """A setting that cannot be used; raised at start-up, never at the first request."""


def _flag(name: str, default: bool) -> bool:
    raw = os.environ.get(PREFIX + name)
    if raw is None or raw == "":
        return default
    lowered = raw.strip().lower()
    if lowered in {"1", "true", "yes", "on"}:
        return True
    if lowered in {"0", "false", "no", "off"}:
        return False
    raise ConfigError(f"{PREFIX}{name} must be true or false, not {raw!r}")


def _int(name: str, default: int, low: int, high: int) -> int:
    raw = os.environ.get(PREFIX + name)
    if raw is None or raw == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{PREFIX}{name} must be a whole number, not {raw!r}") from None
    if not low <= value <= high:
        raise ConfigError(f"{PREFIX}{name} must be between {low} and {high}, not {value}")
    return value


@dataclass(frozen=True)
class Settings:
    """Every setting the app reads. Tests build one directly instead of patching the environment."""

    instance_path: Path
    database_url: str
    secret_key: str
    timezone: str = "America/New_York"
    cookie_secure: bool = False
    lockout_attempts: int = 5
    lockout_minutes: int = 15
    idle_lock_minutes: int = 15
    printers_path: Path | None = None
    tenders: tuple[Tender, ...] = ()
    audit_key_path: Path | None = None
    trusted_proxies: int = 0
    payout_slip_copies: int = 2

    @property
    def audit_key_file(self) -> Path:
        """The audit chain's HMAC key (shared.platform.audit_key): outside the database, in the instance folder
        unless FLASHBOARD_AUDIT_KEY_PATH puts it elsewhere (a root-only folder, a removable drive)."""
        return self.audit_key_path or self.instance_path / "audit.key"

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


def _secret_key(instance_path: Path) -> str:
    """Generated once and kept in the instance folder, so sessions survive a restart."""
    explicit = os.environ.get(PREFIX + "SECRET_KEY")
    if explicit:
        return explicit
    path = instance_path / "secret_key"
    if path.exists():
        return path.read_text().strip()
    key = secrets.token_hex(32)
    path.write_text(key)
    path.chmod(0o600)
    return key


def _tenders() -> tuple[Tender, ...]:
    """The non-cash tender a hall takes besides cash: a comma list of check and debit_card."""
    raw = os.environ.get(PREFIX + "TENDERS") or ""
    found = []
    for name in filter(None, (part.strip() for part in raw.split(","))):
        kind = next((t for t in NON_CASH_TENDERS if t.value == name), None)
        if kind is None:
            allowed = " and ".join(t.value for t in NON_CASH_TENDERS)
            raise ConfigError(
                f"{PREFIX}TENDERS lists {name!r}: only {allowed} may be taken besides cash (never credit)"
            )
        found.append(kind)
    return tuple(dict.fromkeys(found))


def load_settings() -> Settings:
    """Read the environment once; a bad value raises ConfigError naming the variable."""
    instance_path = Path(os.environ.get(PREFIX + "INSTANCE_PATH") or PROJECT_ROOT / "instance")
    instance_path.mkdir(parents=True, exist_ok=True)
    database_url = os.environ.get(PREFIX + "DATABASE_URL") or f"sqlite:///{instance_path / 'flashboard.db'}"
    timezone = os.environ.get(PREFIX + "TIMEZONE") or "America/New_York"
    try:
        ZoneInfo(timezone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"{PREFIX}TIMEZONE is not a known time zone: {timezone!r}") from None
    return Settings(
        instance_path=instance_path,
        database_url=database_url,
        secret_key=_secret_key(instance_path),
        timezone=timezone,
        cookie_secure=_flag("COOKIE_SECURE", False),
        lockout_attempts=_int("LOCKOUT_ATTEMPTS", 5, 1, 100),
        lockout_minutes=_int("LOCKOUT_MINUTES", 15, 1, 24 * 60),
        idle_lock_minutes=_int("IDLE_LOCK_MINUTES", 15, 0, 24 * 60),
        printers_path=Path(os.environ[PREFIX + "PRINTERS"]) if os.environ.get(PREFIX + "PRINTERS") else None,
        tenders=_tenders(),
        audit_key_path=Path(os.environ[PREFIX + "AUDIT_KEY_PATH"])
        if os.environ.get(PREFIX + "AUDIT_KEY_PATH")
        else None,
        trusted_proxies=_int("TRUSTED_PROXIES", 0, 0, 5),
        payout_slip_copies=_int("PAYOUT_SLIP_COPIES", 2, 1, 2),
    )
