"""The README's promise: its test command is the one CI runs."""

from __future__ import annotations

from shared.platform.config import PROJECT_ROOT


def test_readme_test_command_is_the_one_ci_runs() -> None:
    readme = (PROJECT_ROOT / "README.md").read_text()
    ci = (PROJECT_ROOT / ".ci" / "run").read_text()
    command = "python3 -m venv .venv && .venv/bin/pip install -q -e '.[test]' && .venv/bin/python -m pytest"
    assert command in readme
    assert command in ci
    assert "python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/flashboard serve --demo" in readme
