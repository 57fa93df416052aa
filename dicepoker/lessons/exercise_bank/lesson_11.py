"""Lesson 11 · Spread: the variance of a die, of a sum of dice, of a difference; a variance function.

>>> [exercise.id for exercise in EXERCISES]
['11.1', '11.2', '11.3', '11.4']
"""

from __future__ import annotations

import math
from fractions import Fraction

from dicepoker.core.words import N_
from dicepoker.lessons.answer_forms import Choice, ExactFraction, Points
from dicepoker.lessons.exercise_record import Exercise, Function, as_tuple
from dicepoker.lessons.fairness import loaded_die
from dicepoker.lessons.spread import (
    FACES,
    dice_sum_distribution,
    distribution_mean,
    distribution_variance,
    sum_variance,
)

LOW_DIE = (2, 2, 4, 4, 6, 6)
"""The faces of exercise 1's die."""

DIFFERENCE_OPTIONS = ("smaller", "the same", "larger")


def _low_die() -> dict[int, Fraction]:
    """Exercise 1's die as a distribution: each of its faces 2, 4, 6 with chance 2/6."""
    return {face: Fraction(LOW_DIE.count(face), len(LOW_DIE)) for face in set(LOW_DIE)}


def _difference_distribution() -> dict[int, Fraction]:
    """The distribution of X - Y for two independent fair dice (36 equally likely pairs)."""
    found: dict[int, Fraction] = {}
    for x in FACES:
        for y in FACES:
            found[x - y] = found.get(x - y, Fraction(0)) + Fraction(1, 36)
    return found


def _compare(difference: Fraction, total: Fraction) -> str:
    if difference == total:
        return "the same"
    return "smaller" if difference < total else "larger"


def _difference_against_sum() -> str:
    """How the variance of X - Y compares with that of X + Y, computed from both distributions."""
    return _compare(
        distribution_variance(_difference_distribution()), distribution_variance(dice_sum_distribution(2))
    )


def _variance_cases() -> tuple[tuple[dict], ...]:
    """Distributions the student never sees: exact ones, a loaded die in floats, a one-point one."""
    loaded = loaded_die(6, 0.5).probabilities
    return as_tuple(
        [
            dice_sum_distribution(3),
            {face: float(p) for face, p in zip(FACES, loaded, strict=True)},
            {0: Fraction(1, 2), 10: Fraction(1, 2)},
            {4: Fraction(1)},
            {-2: Fraction(1, 5), 1: Fraction(3, 10), 7: Fraction(1, 2)},
        ]
    )


EXERCISES = (
    Exercise(
        "11.1",
        N_(
            "A die has the faces 2, 2, 4, 4, 6, 6. What is the variance of one roll of it? "
            "Give it as a fraction."
        ),
        lambda: distribution_variance(_low_die()),
        ExactFraction(),
        hints=(
            N_("first find the mean of one roll; the variance is the mean squared distance from it"),
            N_(
                "the variance is the mean of the squares minus the squared mean: "
                "average the six faces' squares first"
            ),
        ),
        mistakes=lambda: (
            (
                sum(Fraction(face * face, len(LOW_DIE)) for face in LOW_DIE),
                N_("that is the mean of the squares: take away the square of the mean"),
            ),
            (
                distribution_mean(_low_die()),
                N_("that is the mean; the variance measures the spread around it"),
            ),
        ),
    ),
    Exercise(
        "11.2",
        N_(
            "Twenty fair dice are rolled and added up. What is the standard deviation of their sum? "
            "Give it to two decimals."
        ),
        lambda: math.sqrt(sum_variance(20)),
        Points(places=2),
        hints=(
            N_("the dice are independent: which of mean, variance and standard deviation simply adds up?"),
            N_("add the twenty variances of one die, then take the square root of the total"),
        ),
        mistakes=lambda: (
            (sum_variance(20), N_("that is the variance: the standard deviation is its square root")),
            (
                20 * math.sqrt(sum_variance(1)),
                N_("standard deviations do not add: variances do, for independent dice"),
            ),
            (math.sqrt(sum_variance(1)), N_("that is one die's standard deviation; twenty were added")),
        ),
    ),
    Exercise(
        "11.3",
        N_(
            "Two independent fair dice X and Y are rolled. Is the variance of their difference X - Y "
            'smaller than, the same as, or larger than the variance of their sum X + Y? Answer `"smaller"`, '
            '`"the same"` or `"larger"`.'
        ),
        _difference_against_sum,
        Choice(DIFFERENCE_OPTIONS),
        hints=(
            N_("write X - Y as X + (-Y): what does a minus sign do to a die's spread?"),
            N_(
                "a minus sign turns each value around 0 and keeps each distance from the mean; "
                "then add variances"
            ),
        ),
        mistakes=lambda: (("smaller", N_("a minus sign moves the values but does not shrink their spread")),),
    ),
    Exercise(
        "11.4",
        N_(
            "**Write a function.** `variance(distribution)` gets a distribution as a dictionary "
            "`{value: chance}` (the chances are fractions or decimals and add up to 1) and returns its "
            "variance. The check calls it on distributions you do not see."
        ),
        lambda: None,
        Function(cases=_variance_cases, expected=distribution_variance, tolerance=1e-9),
        hints=(
            N_("two passes over `distribution.items()`: the first finds the mean, the second the spread"),
            N_("the mean is the sum of value x chance; the variance the sum of (value - mean)² x chance"),
        ),
    ),
)
