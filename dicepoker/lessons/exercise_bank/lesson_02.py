"""Lesson 02 · The odds of each combination: the sample space, counting by pattern, a chance by symmetry.

None of these answers is printed in the lesson: the lesson counts full houses, straights and the
seven patterns' total; the exercises ask for the roll with no six, the one-pair pattern, a sum of at
least 25, and a function that computes any chance of two dice from their sample space.

>>> [exercise.id for exercise in EXERCISES]
['02.1', '02.2', '02.3', '02.4']
>>> EXERCISES[3].form.judge(lambda event: 0, None).problem
'on the input "the sum is 7" your function gives 0; that is not right'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from dicepoker.core.counting import multinomial, pattern_count
from dicepoker.core.dice import roll_distribution
from dicepoker.core.i18n import _
from dicepoker.core.words import N_
from dicepoker.lessons.answer_forms import Chance, Count, ExactFraction
from dicepoker.lessons.exercise_record import Exercise, Function
from dicepoker.odds.one_roll import one_roll_probability, sum_distribution


def _no_six() -> Fraction:
    """The chance that one roll shows no six: the complement of the Sixes box qualifying."""
    return 1 - one_roll_probability("Sixes")


def _sum_at_least(least: int) -> Fraction:
    return sum((p for total, p in sum_distribution().items() if total >= least), Fraction(0))


@dataclass(frozen=True)
class TwoDiceEvent:
    """An event of two dice, ``event(a, b) -> bool``, that names itself in the class's language.

    >>> TwoDiceEvent(N_("the sum is 7"), lambda a, b: a + b == 7)(3, 4)
    True
    """

    words: str
    test: Callable[[int, int], bool]

    def __call__(self, a: int, b: int) -> bool:
        return bool(self.test(a, b))

    def __repr__(self) -> str:
        return '"' + _(self.words) + '"'


HIDDEN_EVENTS = (
    TwoDiceEvent(N_("the sum is 7"), lambda a, b: a + b == 7),
    TwoDiceEvent(N_("both dice show the same face"), lambda a, b: a == b),
    TwoDiceEvent(N_("at least one die shows a 6"), lambda a, b: 6 in (a, b)),
    TwoDiceEvent(N_("the sum is 10 or more"), lambda a, b: a + b >= 10),
    TwoDiceEvent(N_("the product is odd"), lambda a, b: a * b % 2 == 1),
    TwoDiceEvent(N_("the dice differ by exactly 1"), lambda a, b: abs(a - b) == 1),
    TwoDiceEvent(N_("the higher die shows 4"), lambda a, b: max(a, b) == 4),
    TwoDiceEvent(N_("the sum is 13"), lambda a, b: a + b == 13),
    TwoDiceEvent(N_("anything at all"), lambda a, b: True),
)
"""The events a student's ``chance`` is tried on (all symmetric in the two dice, so the package's
distribution of unordered rolls gives their exact chance)."""


def exact_two_dice_chance(event: TwoDiceEvent) -> Fraction:
    """The package's exact chance of an event of two dice, from the distribution of two-dice rolls.

    >>> exact_two_dice_chance(HIDDEN_EVENTS[0])
    Fraction(1, 6)
    """
    return sum((p for dice, p in roll_distribution(2).items() if event(*dice)), Fraction(0))


EXERCISES = (
    Exercise(
        "02.1",
        N_("What is the chance that one roll of five dice shows **no six at all**? Write it as a fraction."),
        _no_six,
        ExactFraction(),
        hints=(
            N_("count the ordered outcomes in which no die shows a 6: how many faces may each die show?"),
            N_("each of the five dice may show any of 5 faces; divide by all 7776 outcomes"),
        ),
        mistakes=lambda: (
            (one_roll_probability("Sixes"), N_("that is the chance of at least one six: the complement")),
            (Fraction(5, 6), N_("that is one die; all five must miss the 6")),
        ),
    ),
    Exercise(
        "02.2",
        N_(
            "How many of the 7776 ordered outcomes show **exactly one pair** and three other, different "
            "faces, the pattern (2, 1, 1, 1)? Give a whole number."
        ),
        lambda: pattern_count((2, 1, 1, 1)),
        Count(),
        hints=(
            N_("count in two steps, as for the full house: which faces, then which order"),
            N_(
                "faces: one for the pair, then a set of three others (the singles are interchangeable); "
                "orders: the multinomial coefficient of the pattern"
            ),
        ),
        mistakes=lambda: (
            (
                6 * 5 * 4 * 3 * multinomial(2, 1, 1, 1),
                N_(
                    "the three singles are groups of the same size: choose their faces as a set, not in order"
                ),
            ),
            (6 * comb(5, 3), N_("that counts the faces only: multiply by the number of orders")),
        ),
    ),
    Exercise(
        "02.3",
        N_(
            "What is the chance that the five dice of one roll add up to **at least 25**? Give it to three "
            "significant digits (or as a fraction)."
        ),
        lambda: _sum_at_least(25),
        Chance(digits=3),
        hints=(
            N_(
                "turn every die d into 7 - d: a sum of at least 25 becomes a sum of at most 10, which is "
                "easier to count"
            ),
            N_(
                "list the rolls that sum to 10 or less (few of them), count the orders of each, and divide "
                "by 7776"
            ),
        ),
        mistakes=lambda: (
            (
                sum_distribution()[25],  # exactly 25, and by chance also 26 or more: the same 126 outcomes
                N_("that counts only some of the sums: at least 25 means 25, 26 and so on up to 30"),
            ),
            (1 - _sum_at_least(25), N_("that is the complement: a sum below 25")),
        ),
    ),
    Exercise(
        "02.4",
        N_(
            "**Write a function.** `chance(event)` gets an event of **two** dice, a function `event(a, b)` "
            "that returns `True` or `False` for the faces `a` and `b` (1 to 6), and returns the exact chance "
            "of the event as a `Fraction`. Build the sample space of two dice yourself. The check calls it "
            "on events you do not see and compares with the exact chances."
        ),
        lambda: None,
        Function(cases=lambda: tuple((event,) for event in HIDDEN_EVENTS), expected=exact_two_dice_chance),
        hints=(
            N_("two dice have 6 x 6 ordered outcomes, all equally likely: list them as pairs (a, b)"),
            N_("count the pairs for which `event(a, b)` is `True` and divide by how many pairs there are"),
        ),
    ),
)
