"""Lesson 09 · Expected score is not winning: the two-dice toy, the spread from certainty equivalents,
and a certainty equivalent to write.

>>> [exercise.id for exercise in EXERCISES]
['09.1', '09.2', '09.3', '09.4']
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

from dicepoker.core.words import N_
from dicepoker.games import find_game
from dicepoker.games.scorecard.analysis.risk import (
    TOY_PLAYERS,
    risk_sweep,
    toy_die_worth,
    toy_distribution,
    toy_rerolls,
)
from dicepoker.lessons.answer_forms import Count, ExactFraction, Points
from dicepoker.lessons.exercise_record import Exercise, Function

LESSON_GRID = (-0.02, -0.002, 0.0, 0.002, 0.02)
"""The θ of the lesson's Yatzy sweep (its ``GRID``); the exercise reads the two at ±0.02."""


@cache
def _yatzy_certainty_equivalents(thetas: tuple[float, ...]):
    """Yatzy's certainty equivalents at ``thetas``: the lesson's sweep, for the θ an answer needs alone
    (two risk solves, not the grid's four)."""
    return risk_sweep(find_game("yatzy"), thetas, progress=False)["certainty_equivalent"]


def _variance(theta: float) -> float:
    """The variance of the final score read from the certainty equivalents at ``+theta`` and ``-theta``."""
    sweep = _yatzy_certainty_equivalents((-theta, theta))
    return float((sweep.loc[theta] - sweep.loc[-theta]) / theta)


def package_certainty_equivalent(distribution: dict[int, Fraction], theta: float) -> float:
    """``(1/θ) log E[exp(θ S)]`` of a score distribution (the mean when θ = 0), computed stably.

    >>> round(package_certainty_equivalent({0: Fraction(1, 2), 2: Fraction(1, 2)}, math.log(2)), 6)
    1.321928
    """
    if theta == 0:
        return float(sum(p * s for s, p in distribution.items()))
    top = max(distribution, key=lambda s: theta * s)
    total = math.fsum(float(p) * math.exp(theta * (s - top)) for s, p in distribution.items())
    return top + math.log(total) / theta


def _hidden_distributions() -> list[dict[int, Fraction]]:
    """The toy's three players, one fair die, a sure score and a lopsided gamble (never shown)."""
    found = [toy_distribution(toy_rerolls(base)) for base in TOY_PLAYERS.values()]
    found += [
        {face: Fraction(1, 6) for face in range(1, 7)},
        {250: Fraction(1)},
        {180: Fraction(9, 10), 300: Fraction(1, 10)},
        {200: Fraction(1, 4), 240: Fraction(1, 2), 320: Fraction(1, 4)},
    ]
    return found


def _certainty_cases() -> list[tuple[dict[int, Fraction], float]]:
    thetas = (math.log(2), -math.log(2), 0.02, -0.02, 0.002, 0.0)
    return [(dict(distribution), theta) for distribution in _hidden_distributions() for theta in thetas]


def _eight_or_more(player: str) -> Fraction:
    """The chance that a toy player's final sum is 8 or more."""
    distribution = toy_distribution(toy_rerolls(TOY_PLAYERS[player]))
    return sum((p for total, p in distribution.items() if total >= 8), Fraction(0))


EXPECTED_SCORE_PLAYER = "expected score (θ = 0)"


EXERCISES = (
    Exercise(
        "09.1",
        N_(
            "In the toy, a player with $\\theta = \\ln 3$ values a sum $S$ as $3^S$. What is a fresh die "
            "worth to it, $E[3^X]$ for one die? Answer as a whole number."
        ),
        lambda: toy_die_worth(Fraction(3)),
        Count(),
        hints=(
            N_("a fresh die shows each face with the same chance: what is each face worth to this player?"),
            N_("a face v is worth 3 to the power v: average the worths of the six faces"),
        ),
        mistakes=lambda: (
            (
                6 * toy_die_worth(Fraction(3)),
                N_("that is the sum of the six worths; a fresh die averages them"),
            ),
            (round(3**3.5), N_("the worth of the average face is not the average worth")),
        ),
    ),
    Exercise(
        "09.2",
        N_(
            "In the toy, what is the chance that the **expected-score player** ends with a sum of 8 or "
            "more? Answer as an exact fraction: numerator / denominator."
        ),
        lambda: _eight_or_more(EXPECTED_SCORE_PLAYER),
        ExactFraction(),
        hints=(
            N_("which first rolls does this player keep, which does it reroll, and what can each end on?"),
            N_(
                "go through the 36 first rolls: a kept roll counts 1/36 when its sum is 8 or more; a "
                "rerolled one counts 1/216 for each face of the new die that brings the sum to 8 or more"
            ),
        ),
        mistakes=lambda: (
            (1 - _eight_or_more(EXPECTED_SCORE_PLAYER), N_("that is the chance of 7 or less")),
            (
                _eight_or_more("risk seeker (θ = ln 2)"),
                N_(
                    "that is the risk seeker, who also rerolls a 4; the question asks for the "
                    "expected-score player"
                ),
            ),
        ),
    ),
    Exercise(
        "09.3",
        N_(
            "From the certainty equivalents of Yatzy at $\\theta = +0.02$ and $\\theta = -0.02$ (in "
            "`sweep`), estimate the variance of the final score the same way as in section 2. Answer as a "
            "whole number."
        ),
        lambda: _variance(0.02),
        Points(),
        hints=(
            N_("section 2 reads the variance from how fast the certainty equivalent grows with θ"),
            N_(
                "the certainty equivalent is about the mean plus θ times half the variance, so the "
                "difference of the two is about θ times the variance"
            ),
        ),
        mistakes=lambda: (
            (
                _variance(0.02) / 2,
                N_(
                    "divide by θ, not by the distance from -θ to +θ: the difference is about θ times "
                    "the variance"
                ),
            ),
            (
                math.sqrt(_variance(0.02)),
                N_("that is the standard deviation; the question asks for the variance"),
            ),
        ),
    ),
    Exercise(
        "09.4",
        N_(
            "**Write a function.** `certainty_equivalent(distribution, theta)` gets a score distribution (a "
            "dict: score -> probability, as `Fraction`s) and a risk $\\theta$, and returns "
            "$\\frac1\\theta \\log E[e^{\\theta S}]$ (the mean when $\\theta = 0$). The check calls it on "
            "distributions and values of θ you do not see, within 10⁻⁶."
        ),
        lambda: None,
        Function(cases=_certainty_cases, expected=package_certainty_equivalent, tolerance=1e-6),
        hints=(
            N_("$E[e^{\\theta S}]$ is a weighted sum: each score's $e^{\\theta S}$ times its probability"),
            N_(
                "add up each probability times e to the power θ times its score, take the logarithm of "
                "the sum and divide by θ; when θ is 0 the certainty equivalent is the mean"
            ),
        ),
    ),
)
