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
