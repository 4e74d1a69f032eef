"""The pure rules' doctests (pokerkit's habit): the examples in a rule's docstring are run, so the
reading they show stays true. Every module under a rules folder is collected, and the folders as a
whole must carry examples, so a move that loses them fails here."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
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
    assert attempted >= 20
