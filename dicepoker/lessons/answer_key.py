"""The answer key: each exercise's right answer written as a student writes it, in the form asked.

A value exercise's target is computed by the package and written the way its form wants it: an
exact fraction in quotes, a whole number, a decimal with the places asked, a named choice, a pair
in parentheses. A code exercise's answer is its reference solution
(:mod:`dicepoker.lessons.exercise_bank.reference_solutions`). The assignments' solved notebooks
are written from here; ``tests/test_assignments.py`` grades them.

>>> from fractions import Fraction
>>> from dicepoker.lessons.answer_forms import Chance, ExactFraction, Points
>>> written_value(ExactFraction(), Fraction(5, 36)), written_value(Points(places=2), Fraction(2275, 216))
("'5/36'", "'10.53'")
>>> written_value(Chance(places=3), 0.5864782978723405)
"'0.586478'"
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from dicepoker.lessons.answer_forms import AnswerForm, Choice, ExactFraction, Points, rounded_to
from dicepoker.lessons.exercise_bank.reference_solutions import SOURCES, solution_source
from dicepoker.lessons.exercise_record import Exercise, Pair

DECIMALS = 6
"""The decimals a right answer is written with when its value is no exact fraction (a float)."""
LONGEST_DENOMINATOR = 10**12
"""A chance whose fraction needs a longer denominator is written as a decimal (the checker refuses
numbers that long; the question allows three significant digits)."""


def _decimal(value: Fraction, places: int) -> str:
    rounded = rounded_to(value, places)[0]
    return format(Decimal(rounded.numerator) / Decimal(rounded.denominator), f".{places}f")


def _text(value: object, form: AnswerForm) -> str:
    """A number as the text a student writes for ``form``."""
    exact = not isinstance(value, float) and Fraction(value) == value  # type: ignore[arg-type]
    number = Fraction(value)  # type: ignore[arg-type]
    if isinstance(form, Points):
        if form.tolerance is not None:
            return f"{number.numerator}/{number.denominator}" if exact else _decimal(number, DECIMALS)
        if form.places == 0:
            return str(round(number))
        return _decimal(number, form.places)
    if exact and (isinstance(form, ExactFraction) or number.denominator < LONGEST_DENOMINATOR):
        return (
            str(number.numerator) if number.denominator == 1 else f"{number.numerator}/{number.denominator}"
        )
    return _decimal(number, max(DECIMALS, getattr(form, "places", None) or 0))


def written_value(form: AnswerForm, target: object) -> str:
    """The Python source of a right answer to a value exercise (``'5/36'``, ``('0', '29')``)."""
    if isinstance(form, Pair):
        return (
            "("
            + ", ".join(written_value(part, want) for part, want in zip(form.parts, target, strict=True))
            + ")"
        )  # type: ignore[arg-type]
    if isinstance(form, Choice):
        return repr(target)
    return repr(_text(target, form))


def has_right_answer(exercise: Exercise) -> bool:
    """Whether the key can answer ``exercise``: a value exercise always, a code exercise when it has
    a reference solution."""
    return not exercise.asks_for_code or exercise.id in SOURCES


def right_answer_cell(exercise: Exercise, name: str) -> str:
    """The source of a notebook cell that answers ``exercise`` right, binding the answer to ``name``."""
    if exercise.asks_for_code:
        return solution_source(exercise.id).rstrip("\n")
    return f"{name} = {written_value(exercise.form, exercise.target())}"
