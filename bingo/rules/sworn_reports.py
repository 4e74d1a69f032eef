"""The books behind the sworn statement (28 Del. C. §1521): once an occasion is closed its books are
closed, a later correction is an adjustment by the member in charge with a reason, every expense names
its payee, the cookie jar is reported as the game it is, and the statement is sworn once, after the close,
with the uses of the net profit, by a person named with their title."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from shared.core.violations import Violation

SWORN_RULE = "28 Del. C. §1521"
MEMBER_IN_CHARGE = "Member in charge"
OFFICER = "Officer"
OATH = "I swear that this statement is true and complete to the best of my knowledge."
DRAFT_NOTICE = (
    "Not sworn: not for filing with the Board. The member in charge swears it, with the uses of the net "
    "profit, once the occasion is closed (28 Del. C. §1521)."
)


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


def swearer_title(given: str | None, member_in_charge: bool, officer: bool) -> str | None:
    """28 Del. C. §1521: the statement is the member in charge's, sworn by a person whose title prints
    beside the name: the title as given, else from the person record (the occasion's member in charge,
    else an officer of the organization); None when neither says it.

    >>> swearer_title(" President ", True, True), swearer_title(None, True, True), swearer_title(None, False, True)
    ('President', 'Member in charge', 'Officer')
    >>> swearer_title("", False, False) is None
    True
    """
    if given and given.strip():
        return given.strip()
    if member_in_charge:
        return MEMBER_IN_CHARGE
    return OFFICER if officer else None


def swearer_refusal(name: str, title: str | None) -> Violation | None:
    """28 Del. C. §1521: a sworn statement is sworn by a person, named on it with their title; an
    account with no name on record (only a login) cannot swear one, and neither can one whose title is
    unknown.

    >>> swearer_refusal("Frank Moretti", "Member in charge") is None
    True
    >>> swearer_refusal("", "Member in charge").code
    'swearer_unnamed'
    >>> swearer_refusal("Frank Moretti", None).field
    'title'
    """
    if not name.strip():
        return Violation(
            "swearer_unnamed",
            "The statement is sworn by a person: give this account its holder's name (Staff) first.",
            SWORN_RULE,
            None,
            422,
        )
    if title is None:
        return Violation(
            "title_required",
            "Give your title in the organization (for example President); it prints beside your signature.",
            SWORN_RULE,
            "title",
            422,
        )
    return None


def signer(name: str, title: str) -> str:
    """28 Del. C. §1521: who swears, as the statement prints it: the person's name, then their title.

    >>> signer("Frank Moretti", "Member in charge")
    'Frank Moretti, Member in charge'
    """
    return f"{name.strip()}, {title.strip()}"


@dataclass(frozen=True)
class JarMove:
    """One line of the organization's cookie-jar ledger written at the occasion, as the statement reads it."""

    kind: str
    cents: int
    jar1_after: int
    game_number: int | None = None


@dataclass(frozen=True)
class JarGame:
    """The cookie jar's line on the sworn statement."""

    receipts_cents: int
    offered_cents: int
    prizes_cents: int
    won_in: tuple[int, ...]

    @property
    def net_cents(self) -> int:
        """28 Del. C. §1521: receipts less prizes; no expense is charged to the jar (its money is jar
        prizes only, 10 DE Admin Code 101-4.31)."""
        return self.receipts_cents - self.prizes_cents


def jar_game(moves: Sequence[JarMove]) -> JarGame | None:
    """28 Del. C. §1521 with 10 DE Admin Code 101-4.31: cookie jar bingo is a game, so the statement reports
    it: its gross receipts are the entry fees sold at the occasion (less those refunded), its prize given
    every jar 1 awarded at it, its prize offered jar 1 as it stood once the fees were posted (what was
    awarded first, or what it held at the end). None when the occasion moved no jar money.

    >>> moves = [JarMove("fee", 1_000, 50_000), JarMove("post_jar1", 1_000, 51_000), JarMove("award", 51_000, 0, 1)]
    >>> jar = jar_game(moves)
    >>> (jar.receipts_cents, jar.offered_cents, jar.prizes_cents, jar.won_in, jar.net_cents)
    (1000, 51000, 51000, (1,), -50000)
    >>> jar_game([JarMove("fee", 600, 20_000), JarMove("refund", 200, 20_000), JarMove("post_jar1", 400, 20_400)])
    JarGame(receipts_cents=400, offered_cents=20400, prizes_cents=0, won_in=())
    >>> jar_game([]) is None
    True
    """
    if not moves:
        return None
    awards = [m for m in moves if m.kind == "award"]
    return JarGame(
        sum(m.cents for m in moves if m.kind == "fee") - sum(m.cents for m in moves if m.kind == "refund"),
        awards[0].cents if awards else moves[-1].jar1_after,
        sum(m.cents for m in awards),
        tuple(m.game_number for m in awards if m.game_number is not None),
    )
