"""The tests' own layout: what tests share lives in tests/support/, and a test module never imports
another test module (nor conftest.py), so each one can be read, run and moved on its own."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def imported_modules(path: Path) -> list[str]:
    """Every module the file imports, absolute: `from . import x` in tests/ reads as tests.x."""
    package = ".".join(path.relative_to(TESTS.parent).parent.parts)
    found: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            found += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    return found


def is_test_module(name: str) -> bool:
    parts = name.split(".")
    return parts[0] == "tests" and any(p.startswith("test_") or p == "conftest" for p in parts[1:])


def test_no_test_module_imports_another_test_module() -> None:
    files = sorted(TESTS.rglob("test_*.py")) + sorted((TESTS / "support").rglob("*.py"))
    assert len(files) > 50
    found = [
        f"{path.relative_to(TESTS.parent)}: {name}"
        for path in files
        for name in sorted(set(imported_modules(path)))
        if is_test_module(name)
    ]
    assert found == [], "import it from tests/support/ instead:\n" + "\n".join(found)


def test_helpers_live_in_tests_support() -> None:
    loose = sorted(
        p.name
        for p in TESTS.glob("*.py")
        if not (p.name.startswith("test_") or p.name in {"__init__.py", "conftest.py"})
    )
    assert loose == [], f"move these into tests/support/: {loose}"


def test_pure_rule_tests_mirror_their_domains_rules_folder() -> None:
    """Tests mirror the tree: a rules folder's pure tests stand in the same path under tests/ (for
    bingo/rules/, tests/bingo/rules/), and they need no database or app fixture."""
    fixtures = {"session", "admin", "app", "client", "browser", "live_url", "clock", "emulator"}
    for folder in ("bingo/rules", "poker/rules", "shared/core", "shared/hall/rules"):
        tests = sorted((TESTS / folder).glob("test_*.py"))
        assert tests, f"tests/{folder}/ holds the pure tests of {folder}/"
        for path in tests:
            used = {
                arg.arg
                for node in ast.walk(ast.parse(path.read_text()))
                if isinstance(node, ast.FunctionDef)
                for arg in node.args.args
            }
            assert not used & fixtures, f"{path.relative_to(TESTS.parent)} is not pure: {sorted(used & fixtures)}"
