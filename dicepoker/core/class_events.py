"""Who wants to know that a game has ended: the class record listens, the play widgets tell.

A widget that sees its game end calls :func:`a_game_ended`; whoever registered with
:func:`when_a_game_ends` (the class record, once a teacher sets a class folder) is told. Core knows
no listener by name, and a listener that fails never stops a game.

>>> heard = []
>>> when_a_game_ends(lambda game, seats, mode: heard.append((game, seats, mode)))
>>> a_game_ended("a game", ("human", "computer"))
>>> heard
[('a game', ('human', 'computer'), 'practice')]
>>> stop_listening()
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from typing import Any

Listener = Callable[[Any, tuple[str, ...], str], None]

_listeners: list[Listener] = []


def when_a_game_ends(listener: Listener) -> None:
    """Call ``listener(game, seats, mode)`` each time a played game ends (once per listener)."""
    if listener not in _listeners:
        _listeners.append(listener)


def stop_listening(listener: Listener | None = None) -> None:
    """Forget ``listener`` (default: every listener)."""
    if listener is None:
        _listeners.clear()
    elif listener in _listeners:
        _listeners.remove(listener)


def a_game_ended(game: Any, seats: Sequence[str] = (), mode: str = "practice") -> None:
    """Tell every listener that ``game`` ended, played from ``seats`` ("human", a bot's name) in ``mode``."""
    for listener in list(_listeners):
        try:
            listener(game, tuple(seats), mode)
        except Exception as err:  # noqa: BLE001 - a record that cannot be written must not stop the game
            warnings.warn(f"a game's end could not be recorded: {err}", RuntimeWarning, stacklevel=2)
