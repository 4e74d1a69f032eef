"""Issue 21, cold start: the hall's WSGI app starts without the heavy libraries a request may never need.
reportlab loads with the first PDF, python-escpos with the first receipt (or a printer file), pokerkit
with the first showdown, Alembic with the first migration; importing `wsgi` in a fresh interpreter loads
none of them."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from flask import Flask, url_for
from werkzeug.routing import Rule

from shared.platform.app import BuiltOnFirstUseRule

ROOT = Path(__file__).resolve().parent.parent
HEAVY = ("reportlab", "escpos", "pokerkit", "alembic")
LOADED = (
    "import json, sys, wsgi; "
    f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({list(HEAVY)!r}))))"
)


def test_issue_21_importing_wsgi_loads_no_pdf_printer_poker_or_migration_library(tmp_path: Path) -> None:
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("FLASHBOARD_")},
        "PYTHONPATH": str(ROOT),
        "FLASHBOARD_INSTANCE_PATH": str(tmp_path),
        "FLASHBOARD_DATABASE_URL": f"sqlite:///{tmp_path / 'cold.db'}",
    }
    done = subprocess.run(
        [sys.executable, "-c", LOADED], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_issue_21_every_route_builds_on_first_use_the_url_werkzeug_builds(app: Flask) -> None:
    """The builders compiled on first use are Werkzeug's own, compiled later: every route's link, with and
    without extra query values, is the one Werkzeug's eager builder makes."""
    routes = [rule for rule in app.url_map.iter_rules() if isinstance(rule, BuiltOnFirstUseRule)]
    assert len(routes) > 200
    for rule in routes:
        values: dict[str, object] = {name: 7 for name in rule.arguments}
        for given, append_unknown in ((values, False), (values, True), ({**values, "station": "Cashier 1"}, True)):
            expected = Rule._compile_builder(rule, append_unknown).__get__(rule, None)(**given)
            for _ in range(2):
                assert rule.build(given, append_unknown=append_unknown) == expected, rule.rule
    with app.test_request_context():
        assert url_for("health.healthz") == "/healthz"
