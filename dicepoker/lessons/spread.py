"""Spread (lesson 11): variance on one die, the sum of n dice, and the spread of a whole game.

One die: its mean 7/2 and variance 35/12, by the formula ``E[X²] - E[X]²`` and by enumerating the
six faces. Independent dice add their means and their variances (linearity of expectation; the
variance of a sum of *independent* parts), so the sum of ``n`` dice has mean ``7n/2`` and variance
``35n/12``; its exact distribution comes from convolving one die's with itself ``n`` times, and the
normal curve with that mean and variance fits it better as ``n`` grows (the central limit theorem).

>>> die_mean(), die_variance(), die_variance_by_enumeration()
(Fraction(7, 2), Fraction(35, 12), Fraction(35, 12))
>>> d = dice_sum_distribution(2)
>>> d[7], distribution_mean(d), distribution_variance(d)
(Fraction(1, 6), Fraction(7, 1), Fraction(35, 6))
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message
from dicepoker.core.randomness import generator
from dicepoker.core.stats import Estimate, mean_interval, std_interval, z_for
from dicepoker.games.scorecard.analysis.lab import simulate
from dicepoker.games.scorecard.solver.solve import solve

FACES = range(1, 7)
MAX_DICE = 200  # the largest number of dice summed exactly (n = 30 takes a millisecond)


# --- one die -------------------------------------------------------------------------------------
def die_mean() -> Fraction:
    """``E[X] = (1 + 2 + ... + 6) / 6`` for one fair die."""
    return Fraction(sum(FACES), 6)


def die_variance() -> Fraction:
    """``Var(X) = E[X²] - E[X]²`` for one fair die: 91/6 - 49/4 = 35/12.

    >>> die_variance() == Fraction(91, 6) - Fraction(7, 2) ** 2
    True
    """
    return Fraction(sum(f * f for f in FACES), 6) - die_mean() ** 2


def die_variance_by_enumeration() -> Fraction:
    """``Var(X)`` as the average squared distance of the six faces from the mean (no formula)."""
    mean = die_mean()
    return sum((Fraction(f) - mean) ** 2 for f in FACES) / 6


def simulated_die_spread(rolls: int, rng: Any = None) -> tuple[Estimate, Estimate]:
    """The mean and standard deviation of ``rolls`` simulated rolls of one die, with 95% intervals.

    >>> mean, spread = simulated_die_spread(100_000, rng=1)
    >>> mean.contains(Fraction(7, 2)), spread.contains(math.sqrt(35 / 12))
    (True, True)
    """
    rolls = check_rolls(rolls, 3)
    faces = generator(rng=rng).integers(1, 7, size=rolls).astype(float)
    return mean_interval(faces), std_interval(faces)


# --- the sum of n dice ---------------------------------------------------------------------------
def is_whole(n: Any, least: int, most: int | None = None) -> bool:
    """Whether ``n`` is a whole number (not a bool) from ``least`` up to ``most``.

    >>> is_whole(3, 1), is_whole(0, 1), is_whole(2.0, 1), is_whole(True, 1), is_whole(31, 1, 30)
    (True, False, False, False, False)
    """
    if isinstance(n, bool) or not isinstance(n, int | np.integer):
        return False
    return n >= least and (most is None or n <= most)


def check_dice(n: Any) -> int:
    """``n`` as a number of dice to sum, refused unless a whole number from 1 to :data:`MAX_DICE`.

    >>> check_dice(0)
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: the number of dice must be a whole number from 1 to 200, not 0
    """
    if not is_whole(n, 1, MAX_DICE):
        raise DicePokerError(
            format_message(
                "the number of dice must be a whole number from 1 to {most}, not {n}",
                most=MAX_DICE,
                n=repr(n),
            )
        )
    return int(n)


def check_rolls(n: Any, least: int = 1) -> int:
    """``n`` as a number of rolls, refused unless a whole number of at least ``least``."""
    if not is_whole(n, least):
        raise DicePokerError(
            format_message(
                "rolls must be a whole number of at least {least}, not {n}", least=least, n=repr(n)
            )
        )
    return int(n)


def dice_sum_counts(n: int) -> list[int]:
    """How many of the ``6^n`` ordered rolls of ``n`` dice give each total ``n .. 6n``: convolution.

    Each die more spreads every count over the six totals it can add (the counts stay exact).

    >>> dice_sum_counts(2)
    [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1]
    >>> sum(dice_sum_counts(30)) == 6**30
    True
    """
    n = check_dice(n)
    counts = [1]  # zero dice: one way to total 0
    for _ in range(n):
        longer = [0] * (len(counts) + 5)
        for total, ways in enumerate(counts):
            for face in range(6):
                longer[total + face] += ways
        counts = longer
    return counts


def dice_sum_distribution(n: int) -> dict[int, Fraction]:
    """The exact distribution of the sum of ``n`` fair dice: total -> chance.

    >>> from dicepoker.odds.one_roll import sum_distribution
    >>> dice_sum_distribution(5) == sum_distribution(5)  # the 7,776 rolls counted one by one
    True
    """
    counts = dice_sum_counts(n)
    return {n + i: Fraction(ways, 6**n) for i, ways in enumerate(counts)}


def distribution_mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """``Σ x P(x)``."""
    return sum((Fraction(x) * p for x, p in distribution.items()), Fraction(0))


def distribution_variance(distribution: Mapping[int, Fraction]) -> Fraction:
    """``Σ (x - mean)² P(x)``."""
    mean = distribution_mean(distribution)
    return sum(((x - mean) ** 2 * p for x, p in distribution.items()), Fraction(0))


def sum_mean(n: int) -> Fraction:
    """The mean of the sum of ``n`` dice by linearity: ``n x 7/2``."""
    return check_dice(n) * die_mean()


def sum_variance(n: int) -> Fraction:
    """The variance of the sum of ``n`` independent dice: ``n x 35/12``."""
    return check_dice(n) * die_variance()


def normal_density(x: np.ndarray | float, mean: float, std: float) -> np.ndarray:
    """The normal curve with this mean and standard deviation at ``x``.

    >>> round(float(normal_density(0.0, 0.0, 1.0)), 6)
    0.398942
    """
    z = (np.asarray(x, dtype=float) - mean) / std
    return np.exp(-0.5 * z * z) / (std * math.sqrt(2 * math.pi))


def normal_gap(n: int) -> float:
    """The largest gap between the exact chance of a total of ``n`` dice and the normal curve there.

    It shrinks as ``n`` grows (about like ``1/n``): the central limit theorem seen in numbers.

    >>> normal_gap(30) < normal_gap(5) < normal_gap(2) < normal_gap(1)
    True
    """
    distribution = dice_sum_distribution(n)
    totals = np.array(list(distribution))
    exact = np.array([float(p) for p in distribution.values()])
    curve = normal_density(totals, float(sum_mean(n)), math.sqrt(sum_variance(n)))
    return float(np.max(np.abs(exact - curve)))


# --- the spread of a whole game ------------------------------------------------------------------
@dataclass(frozen=True)
class GameSpread:
    """A scorecard game's final score under optimal play: exact, and from a seeded simulation.

    ``mean`` and ``std`` are exact (``solve(rules).final_score_mean`` and ``.final_score_std``);
    ``simulated_mean`` and ``simulated_std`` are estimates with intervals at ``confidence``.
    """

    game: str
    title: str  # the rule set's title ("Dice Poker" for classic)
    mean: float
    std: float
    totals: np.ndarray  # the simulated final scores
    simulated_mean: Estimate
    simulated_std: Estimate
    seed: int | None
    confidence: float

    @property
    def agrees(self) -> bool:
        """Whether both exact numbers lie inside the simulation's intervals."""
        return self.simulated_mean.contains(self.mean) and self.simulated_std.contains(self.std)


def game_spread(
    rules: Any = "classic", games: int = 1000, seed: int | None = 0, confidence: float = 0.99
) -> GameSpread:
    """The exact mean and standard deviation of optimal play beside a seeded simulation of it.

    >>> spread = game_spread("two_part", games=300, seed=1)
    >>> round(spread.mean, 4), round(spread.std, 4), spread.agrees
    (164.911, 48.1947, True)
    """
    solution = solve(rules, progress=False)
    if not is_whole(games, 3):
        raise DicePokerError(
            format_message("games must be a whole number of at least 3, not {games}", games=repr(games))
        )
    rules = solution.rules
    totals = simulate("optimal", games=games, seed=seed, rules=rules)["total"].to_numpy(dtype=float)
    z = z_for(confidence)
    return GameSpread(
        game=rules.name,
        title=rules.title,
        mean=solution.final_score_mean,
        std=solution.final_score_std,
        totals=totals,
        simulated_mean=mean_interval(totals, z=z),
        simulated_std=std_interval(totals, z=z),
        seed=seed,
        confidence=confidence,
    )
