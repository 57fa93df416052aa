"""Lesson 13 · Is this die fair? The chi-square statistic, many tests of a fair die, a posterior mean,
and a chi-square function to write.

>>> [exercise.id for exercise in EXERCISES]
['13.1', '13.2', '13.3', '13.4']
"""

from __future__ import annotations

from fractions import Fraction

from dicepoker.core.words import N_
from dicepoker.lessons.answer_forms import Chance, Points
from dicepoker.lessons.exercise_record import Exercise, Function, as_tuple
from dicepoker.lessons.fairness import chi_square_statistic, dirichlet_posterior, face_counts, loaded_die

SIXTY_ROLLS = (4, 9, 8, 11, 10, 18)
"""Exercise 1's counts of faces 1 to 6 in 60 rolls."""
LEVEL = Fraction(1, 20)
"""The chance that a test at level 5% calls a fair die loaded."""
DAYS = 20
"""Exercise 2's days, each with a new test of the same fair die."""
FORTY_ROLLS = (6, 7, 5, 4, 7, 11)
"""Exercise 3's counts of faces 1 to 6 in 40 rolls."""


def exact_statistic(counts: tuple[int, ...]) -> Fraction:
    """The chi-square statistic in fractions: ``Σ (O - E)² / E`` with ``E`` the rolls over 6."""
    expected = Fraction(sum(counts), 6)
    return sum(((count - expected) ** 2 / expected for count in counts), Fraction(0))


def posterior_mean_of_six(counts: tuple[int, ...]) -> Fraction:
    """The posterior mean of face six's chance from the uniform prior, exactly (the alphas are whole)."""
    alpha = dirichlet_posterior(counts).alpha
    return Fraction(alpha[5]) / Fraction(sum(alpha))


def _chance_called_loaded_some_day(days: int) -> float:
    """The chance that at least one of ``days`` independent tests calls a fair die loaded (a float:
    its exact fraction has 26 digits above the line)."""
    return float(1 - (1 - LEVEL) ** days)


def _count_cases() -> tuple[tuple[list[int]], ...]:
    """Counts the student never sees: even, lopsided, a few rolls, many rolls of a loaded die."""
    many = face_counts(loaded_die(3, 0.3).roll(1234, rng=13)).tolist()
    return as_tuple([[10] * 6, [20, 10, 10, 10, 10, 0], [3, 0, 0, 0, 0, 1], [0, 0, 0, 0, 0, 7], many])


def _statistic_of(counts: list[int]) -> float:
    return float(chi_square_statistic(counts))


EXERCISES = (
    Exercise(
        "13.1",
        N_(
            "A die rolled 60 times shows the faces 1 to 6 this often: 4, 9, 8, 11, 10, 18. What is the "
            "chi-square statistic of these counts? Give it to one decimal."
        ),
        lambda: exact_statistic(SIXTY_ROLLS),
        Points(places=1),
        hints=(
            N_("a fair die expects the same count of each face: first find that count E"),
            N_(
                "for each face square the difference between its count and E, divide by E, "
                "and add the six results"
            ),
        ),
        mistakes=lambda: (
            (
                sum((Fraction(c) - 10) ** 2 for c in SIXTY_ROLLS),
                N_("each squared difference is divided by the expected count E before adding"),
            ),
            (
                exact_statistic(SIXTY_ROLLS) * 10 / 60,
                N_("divide by the expected count of a face, not by the number of rolls"),
            ),
            (
                sum(((Fraction(c) - 10) ** 2 / c for c in SIXTY_ROLLS), Fraction(0)),
                N_("divide by the expected count E, not by the count seen"),
            ),
            (0, N_("the differences cancel out when added: square each one first")),
        ),
    ),
    Exercise(
        "13.2",
        N_(
            "A fair die is tested at level 5%, so each test calls it loaded with chance 5%. It is tested "
            "once a day for 20 days, each day on new rolls. What is the chance that at least one day's "
            "test calls it loaded? Give it to three significant digits."
        ),
        lambda: _chance_called_loaded_some_day(DAYS),
        Chance(),
        hints=(
            N_("each day's test uses new rolls, so the days are independent"),
            N_("find the chance that no day's test calls the die loaded, then take it away from 1"),
        ),
        mistakes=lambda: (
            (LEVEL, N_("that is one day's chance; the question asks about any of the 20 days")),
            (
                DAYS * LEVEL,
                N_("chances of different days overlap (two days can both call it loaded): do not add them"),
            ),
            (1 - _chance_called_loaded_some_day(DAYS), N_("that is the chance that no day calls it loaded")),
        ),
    ),
    Exercise(
        "13.3",
        N_(
            "A die rolled 40 times shows the faces 1 to 6 this often: 6, 7, 5, 4, 7, 11. Starting from "
            "the uniform prior of the lesson, what is the posterior mean of the chance of a six? Give it "
            "as a fraction or to three significant digits."
        ),
        lambda: posterior_mean_of_six(FORTY_ROLLS),
        Chance(),
        hints=(
            N_("the posterior adds the counts seen to the prior's numbers, one for each face"),
            N_(
                "the posterior mean of a face is its number divided by the sum of the six numbers, "
                "after the counts are added"
            ),
        ),
        mistakes=lambda: (
            (
                Fraction(FORTY_ROLLS[5], sum(FORTY_ROLLS)),
                N_("that is the share of sixes in the rolls alone; the prior counts too"),
            ),
            (
                Fraction(FORTY_ROLLS[5] + 1, sum(FORTY_ROLLS) + 1),
                N_("the prior adds one to every face, so six to the total"),
            ),
            (
                Fraction(FORTY_ROLLS[5], sum(FORTY_ROLLS) + 6),
                N_("the prior adds one to the sixes as well"),
            ),
        ),
    ),
    Exercise(
        "13.4",
        N_(
            "**Write a function.** `chi_square(counts)` gets a list of six counts (how often each face 1 "
            "to 6 came up; at least one roll in all) and returns their chi-square statistic against a "
            "fair die. The check calls it on counts you do not see; an answer within 10⁻⁹ counts."
        ),
        lambda: None,
        Function(cases=_count_cases, expected=_statistic_of, tolerance=1e-9),
        hints=(
            N_("the expected count of each face is the number of rolls divided by 6"),
            N_(
                "add (count - expected)² / expected over the six counts; `sum(counts)` is the number of rolls"
            ),
        ),
    ),
)
