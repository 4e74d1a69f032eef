"""Issue 21: cold start, `import wsgi` in a fresh interpreter (the whole hall's app built, no request
served), against a bare Flask app on the same machine in the same run, the two interleaved so a busy
machine slows both alike. Bytecode is compiled once into a temporary cache first (PYTHONPYCACHEPREFIX,
so nothing is written into the tree), as an installed hall has it. Prints the median and the fastest
of each, and which of the heavy libraries (reportlab, python-escpos, pokerkit, Alembic) the import
loaded. Target: under 0.6 s (the fastest wall time, the figure least touched by other work).

    .venv/bin/python bench/cold_start.py [--runs 15]

For where the time goes: `python -X importtime -c 'import wsgi' 2> imports.txt`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from fresh import machine

ROOT = Path(__file__).resolve().parent.parent
TARGET_SECONDS = 0.6
HALL = "import wsgi"
BARE = "import flask; flask.Flask('bare')"
HEAVY = ("reportlab", "escpos", "pokerkit", "alembic")


def _once(code: str, env: dict[str, str], cwd: str) -> tuple[float, float]:
    """The child's wall time and its CPU time (user + system): on a machine shared with other work the
    CPU time is the steadier figure."""
    start = time.perf_counter()
    child = subprocess.Popen([sys.executable, "-c", code], env=env, cwd=cwd)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        sys.exit(f"{code!r} failed")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("FLASHBOARD_", "PYTHONDONTWRITEBYTECODE"))},
            "PYTHONPATH": str(ROOT),
            "PYTHONPYCACHEPREFIX": str(Path(folder) / "pycache"),
            "FLASHBOARD_INSTANCE_PATH": folder,
            "FLASHBOARD_DATABASE_URL": f"sqlite:///{Path(folder) / 'cold.db'}",
        }
        loaded = subprocess.run(
            [sys.executable, "-c", f"{HALL}; import sys, json; print(json.dumps(sorted(sys.modules)))"],
            env=env,
            cwd=folder,
            capture_output=True,
            text=True,
            check=True,
        )
        heavy = sorted({m.split(".")[0] for m in json.loads(loaded.stdout)} & set(HEAVY))
        _once(BARE, env, folder)
        hall: list[tuple[float, float]] = []
        bare: list[tuple[float, float]] = []
        for _ in range(args.runs):
            hall.append(_once(HALL, env, folder))
            bare.append(_once(BARE, env, folder))
    print(machine("no database work (the app is built, no request served)"))
    for name, runs in (("import wsgi", hall), ("bare Flask app", bare)):
        wall, cpu = [w for w, _ in runs], [c for _, c in runs]
        print(
            f"{name:<15} wall median {statistics.median(wall):.3f} s, fastest {min(wall):.3f} s; "
            f"CPU median {statistics.median(cpu):.3f} s, least {min(cpu):.3f} s ({args.runs} runs)"
        )
    verdict = "met" if min(w for w, _ in hall) < TARGET_SECONDS else "MISSED"
    print(
        f"target: import wsgi under {TARGET_SECONDS} s: {verdict}; heavy libraries loaded: {', '.join(heavy) or 'none'}"
    )


if __name__ == "__main__":
    main()
