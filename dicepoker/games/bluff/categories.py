"""The nine categories of the bluff game's hands, low to high, as tests on five dice (RULES.md Game 3).

>>> bluff_category(Dice.parse("12345"))
'Small Straight'
>>> [c.name for c in bluff_combinations()][:3]
['Nothing', 'One Pair', 'Two Pairs']
"""

from __future__ import annotations

from functools import partial

from dicepoker.core.dice import Dice
from dicepoker.core.patterns import Combination

# --- the categories, low to high -------------------------------------------------
BLUFF_CATEGORIES: tuple[str, ...] = (
    "Nothing",
    "One Pair",
    "Two Pairs",
    "Three of a Kind",
    "Small Straight",
    "Large Straight",
    "Full House",
    "Four of a Kind",
    "Five of a Kind",
)


def bluff_category(dice: Dice) -> str:
    """The highest bluff category that five dice hold (RULES.md Game 3)."""
    c = sorted((n for n in dice.counts if n), reverse=True)
    if c[0] == 5:
        return "Five of a Kind"
    if c[0] == 4:
        return "Four of a Kind"
    if c[:2] == [3, 2]:
        return "Full House"
    if dice.values == (2, 3, 4, 5, 6):
        return "Large Straight"
    if dice.values == (1, 2, 3, 4, 5):
        return "Small Straight"
    if c[0] == 3:
        return "Three of a Kind"
    if c[:2] == [2, 2]:
        return "Two Pairs"
    if c[0] == 2:
        return "One Pair"
    return "Nothing"


def bluff_rank(dice: Dice) -> int:
    """The rank 0..8 of the highest bluff category the dice hold."""
    return BLUFF_CATEGORIES.index(bluff_category(dice))


def _at_least_bluff(rank: int, dice: Dice) -> bool:
    return bluff_rank(dice) >= rank


def bluff_combinations(rules: object = None) -> list[Combination]:
    """Each bluff category read as "at least this category" (``rules`` is accepted for the registry)."""
    return [Combination(name, partial(_at_least_bluff, i)) for i, name in enumerate(BLUFF_CATEGORIES)]
