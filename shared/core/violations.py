"""A refused action: which field, which rule, and why, in words a hall volunteer can act on.

Pure rule functions raise RuleViolation; the API turns it into
{"error", "message", "fields", "rule"} with a 4xx, and HTML forms show it beside the field.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One broken rule. `rule` is the citation, e.g. "10 DE Admin Code 101-4.3"."""

    code: str
    message: str
    rule: str | None
    field: str | None = None
    status: int = 422


class RuleViolation(Exception):
    """Raised by rules and services; nothing has been written when it propagates."""

    def __init__(self, violation: Violation) -> None:
        super().__init__(violation.message)
        self.violation = violation


def refuse(code: str, message: str, rule: str | None, field: str | None = None, status: int = 422) -> RuleViolation:
    """Refusals name their rule (DESIGN.md, "Errors"): build the exception in one line at the point of
    refusal: `raise refuse(...)`.

    >>> error = refuse("underage_player", "A player must be 18 or older.", "10 DE Admin Code 101-4.3")
    >>> error.violation.rule, error.violation.status, str(error)
    ('10 DE Admin Code 101-4.3', 422, 'A player must be 18 or older.')
    """
    return RuleViolation(Violation(code=code, message=message, rule=rule, field=field, status=status))
