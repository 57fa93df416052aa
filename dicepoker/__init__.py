"""dicepoker: the rules, exact odds and optimal play of four dice-poker games, for Jupyter.

>>> from dicepoker import find_game, Dice
>>> find_game("classic").score("Pair", Dice.parse("55321"))
16
"""

from .bots import Strategy, TurnView, default_computer_strategy, play_turn, simple_bot
from .combinations import BLUFF_CATEGORIES, Combination, bluff_category, combinations_of
from .dice import Dice, all_keeps, all_rolls, reroll_distribution, roll_distribution
from .display import dice_html, game_html, scorecard_html
from .errors import (
    DicePokerError,
    IllegalActionError,
    InvalidDiceError,
    SaveFileError,
    UnknownNameError,
)
from .games import GAMES, find_game
from .odds import (
    closed_form_count,
    closed_form_probability,
    find_combination,
    multinomial,
    one_roll_count,
    one_roll_probability,
    pattern_count,
    sum_distribution,
)
from .odds_figures import (
    convergence_figure,
    dice_sum_figure,
    one_vs_three_rolls_figure,
    score_distribution_figure,
    turn_flow_figure,
)
from .odds_table import CombinationOdds, game_odds, game_odds_table, one_roll_table
from .play_ui import PlayUI, play
from .scorecard import Box, JokerRule, ScorecardRules
from .scorecard_game import Keep, Outcome, Roll, Score, ScorecardGame
from .simulation import (
    Estimate,
    SimulatedTurns,
    roll_dice,
    running_estimate,
    simulate_chance_with_keep,
    simulate_expected_score,
    simulate_game_one_roll,
    simulate_game_within_three,
    simulate_hold_by_roll,
    simulate_one_roll,
    simulate_turns,
    simulate_within_three,
    wilson_interval,
)
from .turn_odds import (
    KeepAdvice,
    TurnPlan,
    best_keep,
    chance_with_keep,
    expected_score,
    game_within_three,
    hold_chance_by_roll,
    hold_plan,
    keep_options,
    score_distribution,
    score_plan,
    turn_flow,
    useful_dice_by_roll,
    useful_dice_transitions,
    within_three_probability,
)

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
    # display and the play widget (issue 2)
    "PlayUI",
    "dice_html",
    "game_html",
    "play",
    "scorecard_html",
    # odds (issue 3)
    "CombinationOdds",
    "Estimate",
    "KeepAdvice",
    "SimulatedTurns",
    "TurnPlan",
    "best_keep",
    "chance_with_keep",
    "closed_form_count",
    "closed_form_probability",
    "convergence_figure",
    "dice_sum_figure",
    "expected_score",
    "find_combination",
    "game_odds",
    "game_odds_table",
    "game_within_three",
    "hold_chance_by_roll",
    "hold_plan",
    "keep_options",
    "multinomial",
    "one_roll_count",
    "one_roll_probability",
    "one_roll_table",
    "one_vs_three_rolls_figure",
    "pattern_count",
    "roll_dice",
    "running_estimate",
    "score_distribution",
    "score_distribution_figure",
    "score_plan",
    "simulate_chance_with_keep",
    "simulate_expected_score",
    "simulate_game_one_roll",
    "simulate_game_within_three",
    "simulate_hold_by_roll",
    "simulate_one_roll",
    "simulate_turns",
    "simulate_within_three",
    "sum_distribution",
    "turn_flow",
    "turn_flow_figure",
    "useful_dice_by_roll",
    "useful_dice_transitions",
    "wilson_interval",
    "within_three_probability",
]
