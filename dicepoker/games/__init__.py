"""Every game and preset of the kit, found by name.

>>> find_game("classic").title
'Dice Poker'
>>> sorted(GAMES)
['bluff', 'board', 'classic', 'two_part', 'yahtzee', 'yatzy']
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from dicepoker.core.errors import UnknownNameError

# name -> (module, attribute); looked up lazily so that each game's module loads only when used
GAMES: dict[str, tuple[str, str]] = {
    "classic": ("dicepoker.games.scorecard.presets", "CLASSIC"),
    "yahtzee": ("dicepoker.games.scorecard.presets", "YAHTZEE"),
    "yatzy": ("dicepoker.games.scorecard.presets", "YATZY"),
    "two_part": ("dicepoker.games.scorecard.two_part_preset", "TWO_PART"),
    "bluff": ("dicepoker.games.bluff.rules", "BLUFF"),
    "board": ("dicepoker.games.board.rules", "BOARD"),
}

SCORECARD_GAMES = ("classic", "yahtzee", "yatzy", "two_part")


def find_game(name: str) -> Any:
    """The rule set of the game or preset called ``name`` (a frozen dataclass).

    >>> find_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no game 'chess'; the games are: classic, yahtzee, ...
    """
    if name not in GAMES:
        raise UnknownNameError(f"no game {name!r}; the games are: {', '.join(GAMES)}")
    module, attribute = GAMES[name]
    return getattr(import_module(module), attribute)
