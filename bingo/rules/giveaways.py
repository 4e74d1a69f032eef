"""Recording a giveaway (10 DE Admin Code 101-4.6): a promotional giveaway says which occasion it marks,
since only the anniversary and the holiday occasions may carry one."""

from __future__ import annotations

from bingo.rules.limits import PromotionOccasion
from shared.core.violations import Violation


def promotion_occasion_refusal(kind: str, promotion_occasion: PromotionOccasion | None) -> Violation | None:
    """10 DE Admin Code 101-4.6: promotional giveaways are allowed at the anniversary occasion and three
    holiday occasions a year, so one is recorded with the occasion it marks (an inducement marks none).

    >>> promotion_occasion_refusal("inducement", None) is None
    True
    >>> promotion_occasion_refusal("promotion", PromotionOccasion.HOLIDAY) is None
    True
    >>> promotion_occasion_refusal("promotion", None).field
    'promotion_occasion'
    """
    if kind != "promotion" or promotion_occasion is not None:
        return None
    return Violation(
        "promotion_occasion_required",
        "Say whether this is the anniversary or a holiday occasion.",
        "10 DE Admin Code 101-4.6",
        "promotion_occasion",
    )
