"""The pure rules' doctests (pokerkit's habit): the examples in a rule's docstring are run, so the
reading they show stays true. Every module under a rules folder is collected, and the folders as a
whole must carry examples (about 600 today), so a move that loses them fails here."""

from __future__ import annotations

import ast
import doctest
import importlib
import pkgutil
import re
from pathlib import Path
from types import ModuleType

import pytest

import bingo.rules
import poker.rules
import shared.core
import shared.hall.rules

RULE_PACKAGES: tuple[ModuleType, ...] = (bingo.rules, poker.rules, shared.core, shared.hall.rules)


def rule_modules() -> list[str]:
    return sorted(
        f"{package.__name__}.{info.name}"
        for package in RULE_PACKAGES
        for info in pkgutil.iter_modules(package.__path__)
    )


@pytest.mark.parametrize("name", rule_modules())
def test_rule_module_doctests_hold(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed"


def test_the_rules_carry_examples() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted for name in rule_modules())
    assert attempted >= 500


CITATION = re.compile(
    r"^(10 DE Admin Code 101-4\.|28 Del\. C\.|1 Del\. C\. §|NH Pari 1207\.03|MCA 23-5-317|TDA |IRS Form W-2G"
    r"|Flashboard house rule|Flashboard tournament setup|Settled reading|§|[^.]*\(DESIGN(\.md)?\b)"
)


def _public_functions(tree: ast.Module) -> list[ast.FunctionDef]:
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    for cls in (n for n in tree.body if isinstance(n, ast.ClassDef) and not n.name.startswith("_")):
        found += [n for n in cls.body if isinstance(n, ast.FunctionDef) and not n.name.startswith("_")]
    return found


def test_every_rule_function_starts_with_its_citation() -> None:
    """A rule is read beside the text it implements: every public function in a rules folder opens its
    docstring with the section (or the house rule, the settled reading or the design it serves)."""
    uncited = [
        f"{name}.{fn.name}"
        for name in rule_modules()
        for fn in _public_functions(ast.parse(Path(importlib.import_module(name).__file__ or "").read_text()))
        if not CITATION.match(ast.get_docstring(fn) or "")
    ]
    assert uncited == []


@pytest.mark.parametrize("domain", ["bingo", "poker", "shared/hall"])
def test_module_names_are_unique_across_a_domains_rooms(domain: str) -> None:
    """Each name says which module it is: no domain has two modules of one name in different rooms, so
    no import needs an alias to tell them apart."""
    root = Path(__file__).resolve().parent.parent / domain
    names = [p.stem for p in root.rglob("*.py") if p.stem != "__init__"]
    assert sorted({n for n in names if names.count(n) > 1}) == []
