"""dicepoker: the rules, exact odds and optimal play of four dice-poker games, for Jupyter.

The front door holds the names a notebook's first cell needs; everything else is imported from
its own module, e.g. ``from dicepoker.games.bluff.odds import bayes_table``.

>>> from dicepoker import find_game, Dice
>>> find_game("classic").score("Pair", Dice.parse("55321"))
16
"""

from __future__ import annotations

from importlib import import_module

from .core.version import __version__

# name -> the module that defines it. Each loads on first use, so `import dicepoker` (and the
# command line) stays quick: widgets, plotly and the solver are imported only when asked for.
_WHERE: dict[str, str] = {
    # dice and errors
    "Dice": "dicepoker.core.dice",
    "DicePokerError": "dicepoker.core.errors",
    "IllegalActionError": "dicepoker.core.errors",
    "InvalidDiceError": "dicepoker.core.errors",
    "SaveFileError": "dicepoker.core.errors",
    "UnknownNameError": "dicepoker.core.errors",
    # the games, by name
    "GAMES": "dicepoker.games",
    "find_game": "dicepoker.games",
    "new_game": "dicepoker.games",
    "play": "dicepoker.games",
    "combinations_of": "dicepoker.games",
    # the engines and their actions
    "ScorecardGame": "dicepoker.games.scorecard.engine",
    "Roll": "dicepoker.core.actions",
    "Keep": "dicepoker.core.actions",
    "Score": "dicepoker.games.scorecard.engine",
    "BluffGame": "dicepoker.games.bluff.engine",
    "Throw": "dicepoker.games.bluff.engine",
    "Announce": "dicepoker.games.bluff.engine",
    "CallBluff": "dicepoker.games.bluff.engine",
    "Accept": "dicepoker.games.bluff.engine",
    "BoardGame": "dicepoker.games.board.engine",
    "Place": "dicepoker.games.board.engine",
    "Bounce": "dicepoker.games.board.engine",
    "PassTurn": "dicepoker.games.board.engine",
    # playing
    "play_bluff": "dicepoker.games.bluff.widget",
    "play_board": "dicepoker.games.board.widget",
    "tournament": "dicepoker.games",
    # optimal play
    "solve": "dicepoker.games.scorecard.solver.solve",
    "hint": "dicepoker.games.scorecard.hints",
    # the odds
    "one_roll_probability": "dicepoker.odds.one_roll",
    "closed_form_probability": "dicepoker.games.scorecard.odds",
    "within_three_probability": "dicepoker.odds.turn",
    "best_keep": "dicepoker.odds.turn",
    "simulate_within_three": "dicepoker.odds.simulation",
    # exercises
    "check": "dicepoker.lessons.exercise_registry",
    "find_exercise": "dicepoker.lessons.exercise_registry",
    # the class record
    "join_class": "dicepoker.lessons.class_record",
    "class_progress": "dicepoker.lessons.class_record",
    "save_strategy": "dicepoker.lessons.saved_strategies",
    "class_tournament": "dicepoker.lessons.class_tournament",
    # the language of what a person reads
    "set_language": "dicepoker.lessons.shown_tables",
}

__all__ = ["__version__", *_WHERE]


def __getattr__(name: str) -> object:
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module 'dicepoker' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
