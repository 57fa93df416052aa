"""dicepoker: the rules, exact odds and optimal play of four dice-poker games, for Jupyter.

>>> from dicepoker import find_game, Dice
>>> find_game("classic").score("Pair", Dice.parse("55321"))
16
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from .core.dice import Dice, all_keeps, all_rolls, reroll_distribution, roll_distribution
from .core.errors import DicePokerError, IllegalActionError, InvalidDiceError, SaveFileError, UnknownNameError
from .core.patterns import BLUFF_CATEGORIES, Combination, bluff_category, combinations_of
from .core.version import __version__
from .games import GAMES, find_game
from .games.scorecard.bots import Strategy, TurnView, default_computer_strategy, play_turn, simple_bot
from .games.scorecard.engine import Keep, Outcome, Roll, Score, ScorecardGame
from .games.scorecard.rules import Box, JokerRule, ScorecardRules

# Everything else loads on first use, so that `import dicepoker` (and the command line) stays quick:
# the widgets, plotly figures and the solver are imported only when a name of theirs is asked for.
_LAZY: dict[str, tuple[str, ...]] = {
    "games.scorecard.solver.upper_game": (
        "UpperGame",
        "solve_upper_game",
    ),
    "games.bluff.rules": (
        "ALL_HANDS",
        "BLUFF",
        "BluffRules",
        "Hand",
        "best_hand",
        "hands_above",
        "holds",
        "next_hand",
    ),
    "games.bluff.bots": (
        "CallerBot",
        "NaiveBot",
        "RandomBot",
        "ReasoningBot",
        "bluff_rate_sweep",
        "bluff_tournament",
        "check_caller",
        "play_bluff_game",
        "view_probability_true",
    ),
    "games.bluff.figures": (
        "bayes_figure",
        "bluff_category_figure",
        "bluff_rate_figure",
        "bluff_reach_figure",
        "tournament_figure",
    ),
    "games.bluff.engine": (
        "Accept",
        "Announce",
        "BluffGame",
        "BluffOutcome",
        "BluffView",
        "CallBluff",
        "RoundResult",
        "Throw",
        "TurnRecord",
    ),
    "games.bluff.odds": (
        "bayes_table",
        "bayes_update",
        "category_probabilities",
        "hand_probability",
        "hand_table",
        "keep_to_reach",
        "probability_holds",
        "probability_true",
        "reach_probability",
        "reach_table",
    ),
    "games.bluff.widget": (
        "BluffUI",
        "play_bluff",
    ),
    "games.board.rules": (
        "BOARD",
        "BoardRules",
        "describe_label",
    ),
    "games.board.bots": (
        "BOARD_STRATEGIES",
        "ProbabilityBot",
        "board_tournament",
        "play_board_game",
    ),
    "games.board.figures": (
        "board_heatmap",
        "board_tournament_figure",
        "cells_against_chance_figure",
    ),
    "games.board.engine": (
        "BoardGame",
        "BoardOutcome",
        "Bounce",
        "PassTurn",
        "Place",
    ),
    "games.board.odds": (
        "cell_chances",
        "chance_to_take",
        "kind_chances",
        "label_chances",
    ),
    "games.board.widget": (
        "BoardUI",
        "board_html",
        "play_board",
    ),
    "games.scorecard.html": (
        "dice_html",
        "game_html",
        "scorecard_html",
    ),
    "games.scorecard.hints": (
        "Choice",
        "Hint",
        "hint",
    ),
    "lessons.lab": (
        "TournamentResult",
        "simulate",
        "tournament",
    ),
    "odds.one_roll": (
        "closed_form_count",
        "closed_form_probability",
        "find_combination",
        "multinomial",
        "one_roll_count",
        "one_roll_probability",
        "pattern_count",
        "sum_distribution",
    ),
    "odds.figures": (
        "convergence_figure",
        "dice_sum_figure",
        "one_vs_three_rolls_figure",
        "score_distribution_figure",
        "turn_flow_figure",
    ),
    "odds.tables": (
        "CombinationOdds",
        "game_odds",
        "game_odds_table",
        "one_roll_table",
    ),
    "games.scorecard.widget": (
        "PlayUI",
        "play",
    ),
    "odds.simulation": (
        "Estimate",
        "SimulatedTurns",
        "roll_dice",
        "running_estimate",
        "simulate_chance_with_keep",
        "simulate_expected_score",
        "simulate_game_one_roll",
        "simulate_game_within_three",
        "simulate_hold_by_roll",
        "simulate_one_roll",
        "simulate_turns",
        "simulate_within_three",
        "wilson_interval",
    ),
    "games.scorecard.solver.solution": ("Solution",),
    "games.scorecard.solver.solve": ("solve",),
    "games.scorecard.strategies": (
        "STRATEGIES",
        "RandomStrategy",
        "find_strategy",
    ),
    "odds.turn": (
        "KeepAdvice",
        "TurnPlan",
        "best_keep",
        "chance_with_keep",
        "expected_score",
        "game_within_three",
        "hold_chance_by_roll",
        "hold_plan",
        "keep_options",
        "score_distribution",
        "score_plan",
        "turn_flow",
        "useful_dice_by_roll",
        "useful_dice_transitions",
        "within_three_probability",
    ),
    "lessons.two_part_figures": (
        "part1_results_figure",
        "part1_total_figure",
        "settlement_figure",
        "stop_or_roll_on_figure",
    ),
    "lessons.two_part": (
        "face_count_distribution",
        "part1_bonus_probability",
        "part1_in_order_total_distribution",
        "part1_result_distribution",
        "part1_result_table",
        "part1_total_distribution",
        "settlement_table",
        "simulate_part1",
        "simulate_part1_bonus",
        "stop_or_roll_on",
        "stop_or_roll_on_summary",
    ),
}
_WHERE = {name: module for module, names in _LAZY.items() for name in names}

if TYPE_CHECKING:  # pragma: no cover
    from .games.bluff.bots import (
        CallerBot,
        NaiveBot,
        RandomBot,
        ReasoningBot,
        bluff_rate_sweep,
        bluff_tournament,
        check_caller,
        play_bluff_game,
        view_probability_true,
    )
    from .games.bluff.engine import (
        Accept,
        Announce,
        BluffGame,
        BluffOutcome,
        BluffView,
        CallBluff,
        RoundResult,
        Throw,
        TurnRecord,
    )
    from .games.bluff.figures import (
        bayes_figure,
        bluff_category_figure,
        bluff_rate_figure,
        bluff_reach_figure,
        tournament_figure,
    )
    from .games.bluff.odds import (
        bayes_table,
        bayes_update,
        category_probabilities,
        hand_probability,
        hand_table,
        keep_to_reach,
        probability_holds,
        probability_true,
        reach_probability,
        reach_table,
    )
    from .games.bluff.rules import (
        ALL_HANDS,
        BLUFF,
        BluffRules,
        Hand,
        best_hand,
        hands_above,
        holds,
        next_hand,
    )
    from .games.bluff.widget import BluffUI, play_bluff
    from .games.board.bots import BOARD_STRATEGIES, ProbabilityBot, board_tournament, play_board_game
    from .games.board.engine import BoardGame, BoardOutcome, Bounce, PassTurn, Place
    from .games.board.figures import board_heatmap, board_tournament_figure, cells_against_chance_figure
    from .games.board.odds import cell_chances, chance_to_take, kind_chances, label_chances
    from .games.board.rules import BOARD, BoardRules, describe_label
    from .games.board.widget import BoardUI, board_html, play_board
    from .games.scorecard.hints import Choice, Hint, hint
    from .games.scorecard.html import dice_html, game_html, scorecard_html
    from .games.scorecard.solver.solution import Solution
    from .games.scorecard.solver.solve import solve
    from .games.scorecard.solver.upper_game import UpperGame, solve_upper_game
    from .games.scorecard.strategies import STRATEGIES, RandomStrategy, find_strategy
    from .games.scorecard.widget import PlayUI, play
    from .lessons.lab import TournamentResult, simulate, tournament
    from .lessons.two_part import (
        face_count_distribution,
        part1_bonus_probability,
        part1_in_order_total_distribution,
        part1_result_distribution,
        part1_result_table,
        part1_total_distribution,
        settlement_table,
        simulate_part1,
        simulate_part1_bonus,
        stop_or_roll_on,
        stop_or_roll_on_summary,
    )
    from .lessons.two_part_figures import (
        part1_results_figure,
        part1_total_figure,
        settlement_figure,
        stop_or_roll_on_figure,
    )
    from .odds.figures import (
        convergence_figure,
        dice_sum_figure,
        one_vs_three_rolls_figure,
        score_distribution_figure,
        turn_flow_figure,
    )
    from .odds.one_roll import (
        closed_form_count,
        closed_form_probability,
        find_combination,
        multinomial,
        one_roll_count,
        one_roll_probability,
        pattern_count,
        sum_distribution,
    )
    from .odds.simulation import (
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
    from .odds.tables import CombinationOdds, game_odds, game_odds_table, one_roll_table
    from .odds.turn import (
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


def __getattr__(name: str) -> object:
    """Import a public name from its module the first time it is used."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'dicepoker' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


__all__ = [
    "__version__",
    "ALL_HANDS",
    "Accept",
    "Announce",
    "BLUFF",
    "BLUFF_CATEGORIES",
    "BOARD",
    "BOARD_STRATEGIES",
    "BluffGame",
    "BluffOutcome",
    "BluffRules",
    "BluffUI",
    "BluffView",
    "BoardGame",
    "BoardOutcome",
    "BoardRules",
    "BoardUI",
    "Bounce",
    "Box",
    "CallBluff",
    "CallerBot",
    "Choice",
    "Combination",
    "CombinationOdds",
    "Dice",
    "DicePokerError",
    "Estimate",
    "GAMES",
    "Hand",
    "Hint",
    "IllegalActionError",
    "InvalidDiceError",
    "JokerRule",
    "Keep",
    "KeepAdvice",
    "NaiveBot",
    "Outcome",
    "PassTurn",
    "Place",
    "PlayUI",
    "ProbabilityBot",
    "RandomBot",
    "RandomStrategy",
    "ReasoningBot",
    "Roll",
    "RoundResult",
    "STRATEGIES",
    "SaveFileError",
    "Score",
    "ScorecardGame",
    "ScorecardRules",
    "SimulatedTurns",
    "Solution",
    "Strategy",
    "Throw",
    "TournamentResult",
    "TurnPlan",
    "TurnRecord",
    "TurnView",
    "UnknownNameError",
    "UpperGame",
    "all_keeps",
    "all_rolls",
    "bayes_figure",
    "bayes_table",
    "bayes_update",
    "best_hand",
    "best_keep",
    "bluff_category",
    "bluff_category_figure",
    "bluff_rate_figure",
    "bluff_rate_sweep",
    "bluff_reach_figure",
    "bluff_tournament",
    "board_heatmap",
    "board_html",
    "board_tournament",
    "board_tournament_figure",
    "category_probabilities",
    "cell_chances",
    "cells_against_chance_figure",
    "chance_to_take",
    "chance_with_keep",
    "check_caller",
    "closed_form_count",
    "closed_form_probability",
    "combinations_of",
    "convergence_figure",
    "default_computer_strategy",
    "describe_label",
    "dice_html",
    "dice_sum_figure",
    "expected_score",
    "face_count_distribution",
    "find_combination",
    "find_game",
    "find_strategy",
    "game_html",
    "game_odds",
    "game_odds_table",
    "game_within_three",
    "hand_probability",
    "hand_table",
    "hands_above",
    "hint",
    "hold_chance_by_roll",
    "hold_plan",
    "holds",
    "keep_options",
    "keep_to_reach",
    "kind_chances",
    "label_chances",
    "multinomial",
    "next_hand",
    "one_roll_count",
    "one_roll_probability",
    "one_roll_table",
    "one_vs_three_rolls_figure",
    "part1_bonus_probability",
    "part1_in_order_total_distribution",
    "part1_result_distribution",
    "part1_result_table",
    "part1_results_figure",
    "part1_total_distribution",
    "part1_total_figure",
    "pattern_count",
    "play",
    "play_bluff",
    "play_bluff_game",
    "play_board",
    "play_board_game",
    "play_turn",
    "probability_holds",
    "probability_true",
    "reach_probability",
    "reach_table",
    "reroll_distribution",
    "roll_dice",
    "roll_distribution",
    "running_estimate",
    "score_distribution",
    "score_distribution_figure",
    "score_plan",
    "scorecard_html",
    "settlement_figure",
    "settlement_table",
    "simple_bot",
    "simulate",
    "simulate_chance_with_keep",
    "simulate_expected_score",
    "simulate_game_one_roll",
    "simulate_game_within_three",
    "simulate_hold_by_roll",
    "simulate_one_roll",
    "simulate_part1",
    "simulate_part1_bonus",
    "simulate_turns",
    "simulate_within_three",
    "solve",
    "solve_upper_game",
    "stop_or_roll_on",
    "stop_or_roll_on_figure",
    "stop_or_roll_on_summary",
    "sum_distribution",
    "tournament",
    "tournament_figure",
    "turn_flow",
    "turn_flow_figure",
    "useful_dice_by_roll",
    "useful_dice_transitions",
    "view_probability_true",
    "wilson_interval",
    "within_three_probability",
]
