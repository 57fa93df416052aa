"""dicepoker: the rules, exact odds and optimal play of four dice-poker games, for Jupyter.

>>> from dicepoker import find_game, Dice
>>> find_game("classic").score("Pair", Dice.parse("55321"))
16
"""

from .combinations import BLUFF_CATEGORIES, Combination, bluff_category, combinations_of
from .dice import Dice, all_keeps, all_rolls, reroll_distribution, roll_distribution
from .errors import (
    DicePokerError,
    IllegalActionError,
    InvalidDiceError,
    SaveFileError,
    UnknownNameError,
)
from .games import GAMES, find_game
from .scorecard import Box, JokerRule, ScorecardRules

__version__ = "0.1.0"

__all__ = [
    "BLUFF_CATEGORIES",
    "GAMES",
    "Box",
    "Combination",
    "Dice",
    "DicePokerError",
    "IllegalActionError",
    "InvalidDiceError",
    "JokerRule",
    "SaveFileError",
    "ScorecardRules",
    "UnknownNameError",
    "all_keeps",
    "all_rolls",
    "bluff_category",
    "combinations_of",
    "find_game",
    "reroll_distribution",
    "roll_distribution",
]
