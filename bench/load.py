"""The hall under load at full length (issues 10 and 21), beside its reference: uvicorn (2 processes)
over PostgreSQL for five minutes with 50 verifiers, 4 cashiers, the caller calling every 5 s and
1,000 TVs on the flashboard's event stream. It runs tests/test_load.py with the length raised (CI
runs the same test for 30 s), then the minimal asyncio SSE server of bench/sse_reference.py with
the same screens and the same client, and prints the figures against the targets and the
reference: call to every display p99 < 50 ms, verify p99 < 25 ms, zero errors, nothing missing.

    .venv/bin/python bench/load.py [--seconds 300] [--screens 1000] [--verifiers 50] [--cashiers 4]
                                   [--database URL] [--workers 2]

Traffic goes only to 127.0.0.1; every run is bounded and stops by itself.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import sse_reference  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {"verify": 25.0, "call_to_display": 50.0}


def row(name: str, figures: dict[str, float]) -> str:
    target = (
        f" (target p99 < {TARGETS[name]:g} ms: {'met' if figures.get('p99', 1e9) < TARGETS[name] else 'MISSED'})"
        if name in TARGETS
        else ""
    )
    return (
        f"{name:22} n={figures.get('n', 0):6}  p50={figures.get('p50', '-'):>7} ms  p95={figures.get('p95', '-'):>7} ms"
        f"  p99={figures.get('p99', '-'):>7} ms  max={figures.get('max', '-'):>7} ms{target}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=300.0)
    parser.add_argument("--screens", type=int, default=1000)
    parser.add_argument("--verifiers", type=int, default=50)
    parser.add_argument("--cashiers", type=int, default=4)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--database", default="postgresql+psycopg://postgres@127.0.0.1:5432/test")
    args = parser.parse_args()
    report = Path(tempfile.mkdtemp()) / "load.json"
    env = {
        **os.environ,
        "FLASHBOARD_LOAD_SECONDS": str(args.seconds),
        "FLASHBOARD_LOAD_SCREENS": str(args.screens),
        "FLASHBOARD_LOAD_VERIFIERS": str(args.verifiers),
        "FLASHBOARD_LOAD_CASHIERS": str(args.cashiers),
        "FLASHBOARD_LOAD_WORKERS": str(args.workers),
        "FLASHBOARD_LOAD_REPORT": str(report),
    }
    if args.database.startswith("postgresql"):
        env["FLASHBOARD_TEST_DATABASE_URL"] = args.database
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:logging", "tests/test_load.py"], cwd=ROOT, env=env
    )
    if not report.exists():
        sys.exit(result.returncode or 1)
    figures = json.loads(report.read_text())
    calls = max(1, figures["calls"] - 3)
    reference = sse_reference.run(args.screens, calls, 5.0 if args.seconds >= 60 else 1.0)
    print(
        f"\nmachine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{'PostgreSQL' if args.database.startswith('postgresql') else 'SQLite'}; {args.seconds:g} s, {args.screens} "
        f"screens, {args.verifiers} verifiers, {args.cashiers} cashiers, {args.workers} server processes"
    )
    for name in ("verify", "sell", "call", "call_to_display"):
        print(row(name, figures[name]))
    ours, theirs = figures["call_to_display"], reference["call_to_display"]
    print(row("reference fan-out", theirs))  # type: ignore[arg-type]
    print(
        "ratio to the reference (call to display): "
        + ", ".join(f"{q} {ours[q] / max(theirs[q], 0.1):.1f}x" for q in ("p50", "p99"))  # type: ignore[index]
    )
    print(
        f"errors: {figures['errors']}; calls: {figures['calls']}; screens: {figures['screens']}; "
        f"deliveries missing: {figures['deliveries_missing']} (reference: {reference['deliveries_missing']})"
    )
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
