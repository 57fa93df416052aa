"""Checking a student's answer to an exercise: right, or not yet (with a hint).

A notebook ends with exercises; the student types an answer (a fraction like ``"1/6"``, a
``Fraction`` or a float) and the package, not the notebook, knows the right one.

>>> from fractions import Fraction
>>> check("6/7776", Fraction(1, 1296)).correct
True
>>> feedback = check(0.5, Fraction(1, 3), hint="count the favourable outcomes")
>>> feedback.correct, str(feedback)
(False, 'Not yet. Hint: count the favourable outcomes')
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from dicepoker.core.errors import DicePokerError

Number = Fraction | float | int | str


def as_number(answer: Number) -> Fraction | float:
    """A student's answer as a number: ``"1/6"`` and ``"0.25"`` are read exactly, floats as floats.

    >>> as_number("2/12"), as_number(" 0.5 ")
    (Fraction(1, 6), Fraction(1, 2))
    """
    if isinstance(answer, bool):
        raise DicePokerError(f"answer {answer!r} is not a number")
    if isinstance(answer, Fraction | int):
        return Fraction(answer)
    if isinstance(answer, float):
        return answer
    if isinstance(answer, str):
        text = answer.strip().replace(" ", "")
        try:
            return Fraction(text)
        except (ValueError, ZeroDivisionError) as err:
            raise DicePokerError(f"answer {answer!r} is not a number like 1/6 or 0.1667") from err
    raise DicePokerError(f"answer {answer!r} is not a number like 1/6 or 0.1667")


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer; renders as a coloured line in a notebook."""

    correct: bool
    answer: str
    hint: str = ""

    def __str__(self) -> str:
        if self.correct:
            return "Right!"
        return "Not yet." + (f" Hint: {self.hint}" if self.hint else "")

    def __bool__(self) -> bool:
        return self.correct

    def _repr_html_(self) -> str:
        colour = "#1b7f3b" if self.correct else "#b35900"
        return f'<div style="color:{colour};font-weight:bold">{html.escape(str(self))}</div>'


def check(answer: Number, expected: Number, *, hint: str = "", tolerance: float = 5e-4) -> Feedback:
    """Compare an answer with the expected value.

    An exact answer (fraction or decimal text) must equal an exact expected value, or be within
    ``tolerance`` of it when written as a decimal; a float answer must be within ``tolerance``.

    >>> bool(check("0.1667", Fraction(1, 6))), bool(check("1/5", Fraction(1, 6)))
    (True, False)
    """
    got = as_number(answer)
    want = as_number(expected)
    exact = isinstance(got, Fraction) and isinstance(answer, Fraction | int | str) and "/" in str(answer)
    if exact and isinstance(want, Fraction):
        correct = got == want
    else:
        correct = abs(float(got) - float(want)) <= tolerance
    return Feedback(correct, str(answer), "" if correct else hint)
