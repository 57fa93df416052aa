"""The actions every dice game shares: roll the dice that are not held, keep some and reroll the rest.

Each game adds its own (``Score(box)``, ``Announce(hand)``, ``Place(cell)``, ...); all are small
frozen dataclasses, readable in a notebook.

>>> str(Roll()), str(Keep("66")), str(Keep("12345"))
('roll', 'keep 66 and roll 3', 'stop')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dicepoker.core.dice import NUMBER_OF_DICE, Dice


@dataclass(frozen=True)
class Roll:
    """Roll the dice that are not held (the first roll of a turn rolls all five)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Keep:
    """Keep these dice and reroll the rest; keeping all five means "stop rolling".

    >>> Keep("66"), str(Keep("66"))
    (Keep(dice=Dice('66')), 'keep 66 and roll 3')
    """

    dice: Dice

    def __init__(self, dice: Dice | str | Sequence[int]) -> None:
        object.__setattr__(self, "dice", Dice.parse(dice))

    def __str__(self) -> str:
        if len(self.dice) == NUMBER_OF_DICE:
            return "stop"
        kept = str(self.dice) or "nothing"
        return f"keep {kept} and roll {NUMBER_OF_DICE - len(self.dice)}"
