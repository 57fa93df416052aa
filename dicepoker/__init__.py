"""dicepoker: the rules, exact odds and optimal play of four dice-poker games, for Jupyter.

>>> from dicepoker import find_game, Dice
>>> find_game("classic").score("Pair", Dice.parse("55321"))
16
"""

from .bots import Strategy, TurnView, default_computer_strategy, play_turn, simple_bot
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
from .scorecard_game import Keep, Outcome, Roll, Score, ScorecardGame

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
    "Keep",
    "Outcome",
    "Roll",
    "Score",
    "ScorecardGame",
    "Strategy",
    "TurnView",
    "default_computer_strategy",
    "play_turn",
    "simple_bot",
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
