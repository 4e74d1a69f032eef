"""The stations' printers, from a YAML file in python-escpos's config format, one `printer:` section
per station:

    stations:
      cashier-1:
        printer:
          type: Network
          host: 127.0.0.1
          port: 9100
          profile: TM-T20II
          confirm_seconds: 10     # optional: how long a job may take to be confirmed

A malformed file stops the server at start-up with the station and the problem, never at the first
sale. Supported types are python-escpos's: Network, Usb, Serial, File, CupsPrinter, LP and Dummy.
PyYAML and python-escpos are imported when there is a printer file, not when a hall without one
starts (issue 21: cold start).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from shared.platform.config import ConfigError

TYPES = {"Network", "Usb", "Serial", "File", "CupsPrinter", "LP", "Dummy"}


@dataclass(frozen=True)
class StationPrinter:
    station: str
    kind: str
    params: dict[str, Any]
    profile: str
    timeout_seconds: float | None = None
    confirm_seconds: float | None = None

    def open(self, timeout: float) -> Any:
        """A python-escpos printer object for this station; Network printers get the short timeout."""
        from escpos import printer as escpos_printers

        params = dict(self.params)
        if self.kind == "Network":
            params["timeout"] = timeout
        return getattr(escpos_printers, self.kind)(profile=self.profile, **params)


def load(path: Path | None) -> dict[str, StationPrinter]:
    if path is None:
        return {}
    import yaml

    try:
        data = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as exc:
        raise ConfigError(f"printer config {path}: cannot be read ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("stations"), dict):
        raise ConfigError(
            f"printer config {path}: expected a 'stations:' mapping of station name to a 'printer:' section"
        )
    from escpos.capabilities import get_profile

    found = {}
    for station, section in data["stations"].items():
        where = f"printer config {path}, station {station!r}"
        if not isinstance(section, dict) or not isinstance(section.get("printer"), dict):
            raise ConfigError(f"{where}: expected a 'printer:' section")
        params = dict(section["printer"])
        kind = params.pop("type", None)
        profile = params.pop("profile", "default")
        waits = {name: params.pop(name) for name in ("timeout_seconds", "confirm_seconds") if name in params}
        if any(isinstance(v, bool) or not isinstance(v, int | float) or not 0 < v <= 120 for v in waits.values()):
            raise ConfigError(f"{where}: timeout_seconds and confirm_seconds are seconds between 0 and 120")
        if kind not in TYPES:
            raise ConfigError(f"{where}: type must be one of {', '.join(sorted(TYPES))}, not {kind!r}")
        try:
            get_profile(profile)
        except Exception:  # noqa: BLE001 - python-escpos raises its own for unknown profiles
            raise ConfigError(f"{where}: unknown printer profile {profile!r}") from None
        if kind == "Network" and (
            not isinstance(params.get("host"), str) or not isinstance(params.get("port", 9100), int)
        ):
            raise ConfigError(f"{where}: a Network printer needs a host and a numeric port")
        found[str(station)] = StationPrinter(
            str(station),
            kind,
            params,
            profile,
            *(
                float(w) if w is not None else None
                for w in (waits.get("timeout_seconds"), waits.get("confirm_seconds"))
            ),
        )
    return found
