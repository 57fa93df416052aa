"""The one small hierarchy of errors that dicepoker raises.

Every error is a :class:`ValueError`, so ``except ValueError`` also catches it.
The message names the rule that was broken and quotes the input.

>>> from dicepoker import Dice, DicePokerError
>>> try:
...     Dice.parse("1237")
... except DicePokerError as err:
...     print(err)
die value 7 is not one of 1..6 in '1237'
"""

from __future__ import annotations


class DicePokerError(ValueError):
    """Base class of every error raised by dicepoker."""


class InvalidDiceError(DicePokerError):
    """Dice that are not dice: a value outside 1..6, or the wrong number of dice."""


class UnknownNameError(DicePokerError, KeyError):
    """A game, box, strategy or combination name that does not exist."""

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return str(self.args[0]) if self.args else ""


class IllegalActionError(DicePokerError):
    """An action the rules do not allow now: out of turn, a fourth roll, a filled box, ..."""


class SaveFileError(DicePokerError):
    """A saved game that is malformed, tampered with, or from an unknown format."""


QUOTED_CHARACTERS = 60  # a refusal quotes at most this much of the value it refuses


def quoted(value: object, limit: int = QUOTED_CHARACTERS) -> str:
    """What a refusal quotes of ``value``: its ``repr``, cut short when long (a refusal is one line).

    >>> quoted("dice: 12"), quoted(None), quoted("1" * 100)[-5:], len(quoted("1" * 100))
    ("'dice: 12'", 'None', '1111…', 60)
    """
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
