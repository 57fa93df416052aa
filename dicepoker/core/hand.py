"""The dice a player has in hand during a turn: what every rolling game's engine reads the same way.

An engine keeps ``_positions`` (the five dice in table order, ``None`` before the turn's first
roll), ``_held`` (which positions are held for the next roll) and ``_rolls_used``; this mix-in reads
them out, and answers the Game protocol's ``chance_outcomes`` for ``Roll()`` and ``Keep(dice)``.

>>> class Turn(DiceInHand):
...     _positions, _held, _rolls_used = (6, 1, 6, 3, 6), [True, False, True, False, True], 1
>>> Turn().dice, Turn().held, Turn().rolls_used
(Dice('13666'), (True, False, True, False, True), 1)
>>> Turn().chance_outcomes(Roll())[-1]  # the three sixes held, two dice thrown
(Dice('66666'), Fraction(1, 36))
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import Dice
from dicepoker.core.turn import throw_outcomes


class DiceInHand:
    """The dice, their table order, the holds and the rolls used in the current turn."""

    _positions: tuple[int, ...] | None
    _held: Sequence[bool]
    _rolls_used: int

    @property
    def dice(self) -> Dice | None:
        """The five dice as a multiset, or ``None`` before the turn's first roll."""
        return None if self._positions is None else _dice_of(tuple(self._positions))

    @property
    def positions(self) -> tuple[int, ...] | None:
        """The five dice in table order (for display), or ``None`` before the first roll."""
        return self._positions

    @property
    def held(self) -> tuple[bool, ...]:
        """Which of the five positions are held for the next roll."""
        return tuple(self._held)

    @property
    def rolls_used(self) -> int:
        """Rolls made this turn."""
        return self._rolls_used

    def chance_outcomes(self, action: object) -> list[tuple[Dice, Fraction]]:
        """The five dice ``action`` can leave showing, each with its exact chance ([] if no die is thrown).

        ``Roll()`` throws the dice not held (all five before the turn's first roll); ``Keep(dice)``
        keeps those and throws the rest; keeping all five, or any other action, throws nothing.
        """
        match action:
            case Keep(dice=kept):
                return throw_outcomes(kept)
            case Roll():
                if self._positions is None:
                    return throw_outcomes(Dice())
                return throw_outcomes(Dice(v for v, h in zip(self._positions, self._held, strict=True) if h))
        return []


@cache
def _dice_of(positions: tuple[int, ...]) -> Dice:  # read many times a move: 6^5 orders at most
    return Dice(positions)
