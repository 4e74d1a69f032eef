"""Selling cookie-jar entries (10 DE Admin Code 101-4.31.1, 4.31.3 and 4.31.4): the jar is set up
first, an entry costs exactly the jar's fee and is sold on its own, and entries are sold (or given
back) only until the first number is drawn and the fees are posted to the jars."""

from __future__ import annotations

from shared.core.money import format_cents
from shared.core.violations import Violation

RULE = "10 DE Admin Code 101-4.31"


def settings_refusal(is_set: bool, field: str = "maximum") -> Violation | None:
    """10 DE Admin Code 101-4.31.1: the organization chooses the jar's maximum (and sets its entry fee)
    before anything is posted to a jar, so no entry is sold and no jar movement recorded without them.

    >>> settings_refusal(True) is None
    True
    >>> refusal = settings_refusal(False, "lines.0.product_id")
    >>> refusal.code, refusal.field, refusal.status
    ('jar_not_set_up', 'lines.0.product_id', 409)
    """
    if is_set:
        return None
    return Violation("jar_not_set_up", "Set the cookie jar's maximum and entry fee first.", f"{RULE}.1", field, 409)


def settings_change_refusal(running_occasion: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.1 and 4.31.6: the jar's maximum and fee, and whether the hall runs a jar
    at all, are set between occasions: the cookie-jar number is drawn at the start of the event only where
    there is a jar, and fees are posted against the maximum announced, so neither changes while an
    occasion runs.

    >>> settings_change_refusal(False) is None
    True
    >>> settings_change_refusal(True).code
    'occasion_running'
    """
    if not running_occasion:
        return None
    return Violation(
        "occasion_running",
        "An occasion is running: set up or change the cookie jar after it closes.",
        f"{RULE}.1",
        "maximum",
        409,
    )


def fee_refusal(fee_cents: int) -> Violation | None:
    """10 DE Admin Code 101-4.31.3: the cookie-jar fee is collected from each player who enters, so it is
    an amount of money: a fee of nothing would post nothing to the jars.

    >>> fee_refusal(200) is None
    True
    >>> fee_refusal(0).rule
    '10 DE Admin Code 101-4.31.3'
    """
    if fee_cents > 0:
        return None
    return Violation("fee_required", "The cookie-jar entry fee must be more than $0.00.", f"{RULE}.3", "fee")


def entry_price_refusal(price_cents: int | None, fee_cents: int) -> Violation | None:
    """10 DE Admin Code 101-4.31.3: the cookie-jar fee is collected separately, never inside another fee;
    a jar-entry product that names a price other than the jar's fee would fold the fee into something
    else, so its price can only be the fee itself (or none: it costs the fee read from the settings).

    >>> entry_price_refusal(None, 200) is None and entry_price_refusal(200, 200) is None
    True
    >>> refusal = entry_price_refusal(500, 200)
    >>> refusal.code, refusal.message
    ('jar_fee_bundled', 'A cookie-jar entry costs exactly the jar fee, $2.00, and is sold on its own.')
    """
    if price_cents is None or price_cents == fee_cents:
        return None
    return Violation(
        "jar_fee_bundled",
        f"A cookie-jar entry costs exactly the jar fee, {format_cents(fee_cents)}, and is sold on its own.",
        f"{RULE}.3",
        "price",
        422,
    )


def entry_sale_refusal(occasion_status: str, fees_posted: bool) -> Violation | None:
    """10 DE Admin Code 101-4.25 and 4.31.4: cookie-jar entries are sold from the start of the occasion (the
    balls verified) until the first number of the first game is drawn, when the fees are posted; an
    entry sold later would play for a jar its fee never reached.

    >>> entry_sale_refusal("running", False) is None
    True
    >>> entry_sale_refusal("scheduled", False).rule
    '10 DE Admin Code 101-4.25'
    >>> entry_sale_refusal("running", True).code
    'jar_sales_closed'
    """
    if occasion_status != "running":
        return Violation(
            "occasion_not_running",
            "Cookie-jar entries are sold once the occasion has started (balls verified).",
            "10 DE Admin Code 101-4.25",
            "occasion_id",
            409,
        )
    if fees_posted:
        return Violation(
            "jar_sales_closed",
            "The first number has been drawn and the fees posted: no more cookie-jar entries.",
            f"{RULE}.4",
            "quantity",
            409,
        )
    return None


def refund_refusal(fees_posted: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.4: the fees are posted to the jars when the first number is drawn; after
    that they are jar money, and a refund could only come out of a jar.

    >>> refund_refusal(False) is None
    True
    >>> refund_refusal(True).message
    'The fees are already posted to the jars.'
    """
    if not fees_posted:
        return None
    return Violation("jar_fees_posted", "The fees are already posted to the jars.", f"{RULE}.4", "sale_id", 409)


def sale_void_refusal(fees_posted: bool) -> Violation | None:
    """10 DE Admin Code 101-4.31.4: a sale holding cookie-jar entries is voided only before the posting,
    while its fees still wait in the pending pot; once posted they are in the jars.

    >>> sale_void_refusal(False) is None
    True
    >>> sale_void_refusal(True).code, sale_void_refusal(True).field
    ('jar_fees_posted', 'sale_id')
    """
    if not fees_posted:
        return None
    return Violation(
        "jar_fees_posted",
        "The cookie-jar fees in this sale are already in the jars.",
        f"{RULE}.4",
        "sale_id",
        409,
    )
