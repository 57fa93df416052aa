"""The one interface every game engine offers, so one bot, one match runner and one test serve them all.

Like OpenSpiel's uniform ``State``: the player to act, the legal actions, applying one, the end
and its outcome, what one player sees, saving, and what chance may answer to a throw (OpenSpiel's
``chance_outcomes``). Actions are small frozen dataclasses (``Roll()``, ``Keep("66")``,
``Score("Chance")``, ``Announce(hand)``, ``Place(cell)``, ...).

>>> from dicepoker.games import new_game
>>> all(isinstance(new_game(name, seed=1), Game) for name in ("classic", "bluff", "board"))
True
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Protocol, Self, runtime_checkable


@runtime_checkable
class Outcome(Protocol):
    """How a game ended: ``winners`` holds the winning players (ties share; empty for a draw)."""

    @property
    def winners(self) -> tuple[int, ...]: ...


@runtime_checkable
class Game(Protocol):
    """A game in progress. Every engine is built with ``seed=`` or ``rng=`` (a numpy Generator).

    A refused action raises a :class:`~dicepoker.core.errors.DicePokerError` and changes nothing.
    """

    player_names: tuple[str, ...]

    @property
    def current_player(self) -> int | None:
        """The player to act now (``None`` once the game is over, in some games)."""
        ...

    def legal_actions(self) -> list[Any]:
        """Every action the current player may take now (empty once the game is over)."""
        ...

    def apply(self, action: Any) -> Any:
        """Take ``action`` for the current player."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        ...

    def view(self, player: int | None = None) -> Any:
        """What ``player`` may see (never another player's hidden dice)."""
        ...

    def chance_outcomes(self, action: Any) -> list[tuple[Any, Fraction]]:
        """What chance may answer to the legal ``action`` taken now: each outcome with its exact chance.

        For a throw of dice, the five dice that can then show, read from the one turn table
        (:func:`~dicepoker.core.turn.throw_outcomes`); empty for an action that throws no die.
        """
        ...

    def to_dict(self) -> dict[str, Any]: ...

    @classmethod
    def from_dict(cls, data: Any) -> Self: ...

    def save(self, path: str | Path) -> None: ...

    @classmethod
    def load(cls, path: str | Path) -> Self: ...
