"""Who plays, and which die: the checks every engine makes on players and die positions.

A count of players is checked before any name is made (``players=10**9`` would otherwise fill
the memory first), and ``True`` is never taken for ``1``, though Python counts it as one.

>>> player_names(2, fewest=1, most=8, game="classic")
('Player 1', 'Player 2')
>>> player_names(["Ann", "Bo"], fewest=2, most=6, game="bluff")
('Ann', 'Bo')
>>> player_names(10**9, fewest=1, most=8, game="classic")
Traceback (most recent call last):
...
dicepoker.core.errors.DicePokerError: classic is for 1 to 8 players, not 1000000000
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Sequence
from itertools import islice
from typing import Any

from dicepoker.core.dice import NUMBER_OF_DICE
from dicepoker.core.errors import DicePokerError, IllegalActionError


def whole_number(value: Any) -> bool:
    """Whether ``value`` is a whole number and not a bool (``True`` is not the number 1 here).

    >>> whole_number(3), whole_number(True), whole_number(2.0)
    (True, False, False)
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def player_names(players: Any, *, fewest: int, most: int, game: str) -> tuple[str, ...]:
    """The players' names: ``players`` is a count (named "Player 1", ...) or the names themselves.

    Refused: a count or a number of names outside ``fewest..most`` (checked before any name is
    made, and at most ``most + 1`` names are read), ``True``/``False``, names that are not text,
    and names that repeat.
    """
    if whole_number(players):
        if not fewest <= players <= most:
            raise DicePokerError(f"{game} is for {fewest} to {most} players, not {players}")
        return tuple(f"Player {i + 1}" for i in range(int(players)))
    if isinstance(players, str | bytes) or not isinstance(players, Iterable):
        raise DicePokerError(f"players are a number or a list of names, not {players!r}")
    names = tuple(islice(players, most + 1))
    if not all(isinstance(name, str) for name in names):
        raise DicePokerError(f"player names are text, not {list(names)!r}")
    if not fewest <= len(names) <= most:
        many = f"more than {most}" if len(names) > most else str(len(names))
        raise DicePokerError(f"{game} is for {fewest} to {most} players, not {many}")
    if len(set(names)) != len(names):
        raise DicePokerError(f"player names must differ: {list(names)}")
    return names


def player_index(player: Any, names: Sequence[str]) -> int:
    """The index of ``player``, given by its number (0, 1, ...) or its name.

    >>> player_index("Bo", ("Ann", "Bo")), player_index(0, ("Ann", "Bo"))
    (1, 0)
    >>> player_index(True, ("Ann", "Bo"))
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.IllegalActionError: no player True: the players are 0..1 or their names 'Ann', 'Bo'
    """
    if isinstance(player, str) and player in names:
        return names.index(player)
    if whole_number(player) and 0 <= player < len(names):
        return int(player)
    known = ", ".join(repr(n) for n in names)
    last = len(names) - 1
    raise IllegalActionError(f"no player {player!r}: the players are 0..{last} or their names {known}")


def die_position(position: Any) -> int:
    """``position`` if it is a die position 0..4 (not a bool), else a clear refusal.

    >>> die_position(4)
    4
    >>> die_position(True)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.IllegalActionError: die position True is not one of 0..4
    """
    if not whole_number(position) or not 0 <= position < NUMBER_OF_DICE:
        raise IllegalActionError(f"die position {position!r} is not one of 0..{NUMBER_OF_DICE - 1}")
    return int(position)
