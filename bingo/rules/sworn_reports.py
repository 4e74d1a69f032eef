"""The books behind the sworn statement (28 Del. C. §1521): once an occasion is closed its books are
closed, a later correction is an adjustment by the member in charge with a reason, every expense names
its payee, and the statement is sworn once, after the close, with the uses of the net profit."""

from __future__ import annotations

from shared.core.violations import Violation

SWORN_RULE = "28 Del. C. §1521"


def books_open_refusal(occasion_status: str) -> Violation | None:
    """28 Del. C. §1521: the sworn statement reports the occasion's receipts and expenses, so once the
    occasion is closed nothing more posts to its books; a correction is an adjustment by the member in
    charge, which un-swears the statement.

    >>> books_open_refusal("running") is None
    True
    >>> books_open_refusal("closed").rule
    '28 Del. C. §1521'
    """
    if occasion_status != "closed":
        return None
    return Violation(
        "occasion_closed",
        "This occasion is closed and its books with it; a correction is an adjustment by the "
        "member in charge on the reports page.",
        SWORN_RULE,
        "occasion_id",
        409,
    )


def adjustment_refusal(occasion_closed: bool, reason: str, in_charge: bool) -> Violation | None:
    """28 Del. C. §1521: an expense found after the occasion closed is an adjustment of sworn books, made
    only by the member in charge and only with a reason; an open occasion's expense is simply recorded,
    so a reason there is a mistake.

    >>> adjustment_refusal(False, "", False) is None and adjustment_refusal(True, "late bill", True) is None
    True
    >>> adjustment_refusal(True, "", True).code
    'occasion_closed'
    >>> adjustment_refusal(True, "late bill", False).status
    403
    >>> adjustment_refusal(False, "late bill", True).code
    'not_closed'
    """
    if occasion_closed:
        if not reason:
            return Violation(
                "occasion_closed",
                "This occasion is closed and its books with it: an expense found later is an adjustment "
                "by the member in charge, with a reason.",
                SWORN_RULE,
                "adjustment_reason",
                409,
            )
        if not in_charge:
            return Violation(
                "member_in_charge_only",
                "Only the member in charge adjusts a closed occasion's books.",
                SWORN_RULE,
                "adjustment_reason",
                403,
            )
    elif reason:
        return Violation(
            "not_closed",
            "An adjustment is for a closed occasion; record the expense as it is.",
            None,
            "adjustment_reason",
            422,
        )
    return None


def payee_refusal(payee_name: str, payee_address: str) -> Violation | None:
    """28 Del. C. §1521: the statement lists each expense with the name and address of its payee, so an
    expense without them cannot be reported.

    >>> payee_refusal("Hall Supply Co.", "1 Main St") is None
    True
    >>> payee_refusal("Hall Supply Co.", "  ").field
    'payee_address'
    """
    for field, text in (("payee_name", payee_name), ("payee_address", payee_address)):
        if not text.strip():
            return Violation(
                "payee_required", "An expense names its payee and the payee's address.", SWORN_RULE, field, 422
            )
    return None


def swear_refusal(occasion_closed: bool, already_sworn: bool, uses: str) -> Violation | None:
    """28 Del. C. §1521: the member in charge swears the statement once the occasion is over (its books
    closed), once, stating the general uses of the net profit.

    >>> swear_refusal(True, False, "the fire engine fund") is None
    True
    >>> swear_refusal(False, False, "the fire engine fund").code
    'occasion_not_closed'
    >>> swear_refusal(True, True, "the fire engine fund").code
    'statement_sworn'
    >>> swear_refusal(True, False, " ").field
    'net_profit_uses'
    """
    if not occasion_closed:
        return Violation(
            "occasion_not_closed", "Close the occasion before swearing its statement.", SWORN_RULE, "occasion_id", 409
        )
    if already_sworn:
        return Violation("statement_sworn", "This statement was already sworn.", SWORN_RULE, "occasion_id", 409)
    if not uses.strip():
        return Violation(
            "uses_required", "State the general uses of the net profit.", SWORN_RULE, "net_profit_uses", 422
        )
    return None
