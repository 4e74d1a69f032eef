"""The cookie-jar ledger's own refusals (10 DE Admin Code 101-4.31): opening balances carried over from
the paper ledger obey the two-jar rules, and no line is written that would leave the ledger out of
balance."""

from __future__ import annotations

from bingo.rules.cookie_jar import Jars
from shared.core.money import format_cents
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.31"


def opening_refusal(jar1: int, jar2: int, held: int, maximum: int) -> Violation | None:
    """10 DE Admin Code 101-4.31.1 and 4.31.4: balances carried over from the paper ledger are balances the
    rules could have produced: each jar within the maximum, a second jar only beside a full first one,
    and fees held only while jar 1 is full.

    >>> opening_refusal(100_000, 20_000, 0, 100_000) is None
    True
    >>> opening_refusal(100_001, 0, 0, 100_000).field
    'jar1'
    >>> opening_refusal(50_000, 10_000, 0, 100_000).code
    'jar1_not_full'
    >>> opening_refusal(50_000, 0, 500, 100_000).rule
    '10 DE Admin Code 101-4.31.4'
    """
    for name, cents in (("jar1", jar1), ("jar2", jar2)):
        if cents > maximum:
            return Violation("over_maximum", f"A jar holds at most {format_cents(maximum)}.", f"{RULE}.1", name)
    if jar2 and jar1 < maximum:
        return Violation("jar1_not_full", "A second jar exists only once the first is full.", f"{RULE}.4", "jar2")
    if held and jar1 < maximum:
        return Violation("held_without_full_jar", "Fees are held only when jar 1 is full.", f"{RULE}.4", "held")
    return None


def balance_refusal(jars: Jars) -> Violation | None:
    """10 DE Admin Code 101-4.31: every fee collected is pending, in a jar, held or awarded, and no account
    is below zero; a line that would break that is never written.

    >>> balance_refusal(Jars(pending=200, collected=200)) is None
    True
    >>> balance_refusal(Jars(jar1=100, collected=200)).code
    'ledger_out_of_balance'
    """
    if jars.balanced():
        return None
    return Violation(
        "ledger_out_of_balance",
        "The cookie-jar ledger would not balance; nothing was written.",
        RULE,
        None,
        409,
    )
