"""Fairness (lesson 13): is this die fair? A loaded die, the chi-square test, its power, a posterior.

A die is its six face probabilities (:class:`LoadedDie`); :func:`secret_die` loads one, or not,
from a seed the teacher keeps. Rolled ``n`` times it shows counts ``O``; a fair die expects
``E = n/6`` of each face, and the chi-square statistic ``Σ (O - E)² / E`` measures how far the counts
stray. Its p-value, the chance that a *fair* die strays at least as far, is found twice: by rolling
a fair die many times (simulation) and from the chi-square distribution with 5 degrees of freedom.
The power of the test is the chance it catches a loaded die; the Bayesian answer is a Dirichlet
posterior of the six probabilities.

>>> die = loaded_die(6, 0.5)  # a six comes half as often again: 1/4 instead of 1/6
>>> die.probabilities[5], round(sum(die.probabilities), 12)
(0.25, 1.0)
>>> chi_square_statistic([10, 10, 10, 10, 10, 10]), chi_square_statistic([20, 10, 10, 10, 10, 0])
(0.0, 20.0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
from scipy import stats

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message
from dicepoker.core.randomness import check_seed, generator
from dicepoker.core.stats import Estimate, wilson_interval
from dicepoker.lessons.spread import check_rolls

FAIR = (1 / 6,) * 6
DEGREES_OF_FREEDOM = 5  # six counts that must add up to n
SECRET_LOADINGS = (0.1, 0.2, 0.3, 0.5)  # how much extra a secretly loaded face may get


@dataclass(frozen=True)
class LoadedDie:
    """A die as its six face probabilities (faces 1 to 6), fair or loaded.

    >>> LoadedDie((0.5, 0.5, 0, 0, 0, 0)).is_fair, LoadedDie(FAIR).is_fair
    (False, True)
    >>> LoadedDie((0.5, 0.5))
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: a die has six face probabilities, not 2
    """

    probabilities: tuple[float, ...]

    def __post_init__(self) -> None:
        p = tuple(float(x) for x in self.probabilities)
        if len(p) != 6:
            raise DicePokerError(format_message("a die has six face probabilities, not {n}", n=len(p)))
        if any(not math.isfinite(x) or x < 0 for x in p) or not math.isclose(sum(p), 1.0, abs_tol=1e-9):
            raise DicePokerError(
                format_message("face probabilities are at least 0 and add up to 1, not {p}", p=repr(p))
            )
        object.__setattr__(self, "probabilities", p)

    @property
    def is_fair(self) -> bool:
        """Whether every face has chance 1/6."""
        return all(math.isclose(x, 1 / 6, abs_tol=1e-12) for x in self.probabilities)

    @property
    def loaded_face(self) -> int | None:
        """The face that comes up most often, ``None`` for a fair die."""
        return None if self.is_fair else int(np.argmax(self.probabilities)) + 1

    def roll(self, n: int, rng: Any = None) -> np.ndarray:
        """``n`` rolls of this die (faces 1 to 6), from ``rng`` (a Generator or a seed).

        >>> rolls = fair_die().roll(6000, rng=1)
        >>> len(rolls), sorted(set(rolls.tolist()))
        (6000, [1, 2, 3, 4, 5, 6])
        """
        n = check_rolls(n, 0)
        return generator(rng=rng).choice(np.arange(1, 7), size=n, p=self.probabilities)


def fair_die() -> LoadedDie:
    """A fair die."""
    return LoadedDie(FAIR)


def loaded_die(face: int, extra: float) -> LoadedDie:
    """A die whose ``face`` comes up ``(1 + extra)`` times as often as on a fair die, the other five
    faces sharing what is left equally; ``extra=0.1`` is "loaded by 10%".

    >>> [round(p, 4) for p in loaded_die(3, 0.2).probabilities]
    [0.16, 0.16, 0.2, 0.16, 0.16, 0.16]
    """
    if isinstance(face, bool) or face not in range(1, 7):
        raise DicePokerError(
            format_message("a face is a whole number from 1 to 6, not {face}", face=repr(face))
        )
    if not (isinstance(extra, int | float) and 0 <= extra <= 5):
        raise DicePokerError(
            format_message(
                "a die's load is a number from 0 to 5 (times 1/6 extra), not {extra}", extra=repr(extra)
            )
        )
    mine = (1 + extra) / 6
    others = (1 - mine) / 5
    return LoadedDie(tuple(mine if f == face else others for f in range(1, 7)))


def secret_die(seed: int | None = None, chance_loaded: float = 0.5) -> LoadedDie:
    """A die chosen by ``seed``: loaded with chance ``chance_loaded`` (a random face, a random load
    from :data:`SECRET_LOADINGS`), else fair. The teacher keeps the seed; the class sees only rolls.

    >>> secret_die(1) == secret_die(1)
    True
    >>> sum(not secret_die(s).is_fair for s in range(200)) in range(70, 131)
    True
    """
    seed = check_seed(seed)
    rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    if rng.random() >= chance_loaded:
        return fair_die()
    return loaded_die(int(rng.integers(1, 7)), float(rng.choice(SECRET_LOADINGS)))


def face_counts(rolls: Sequence[int] | np.ndarray) -> np.ndarray:
    """How many of ``rolls`` show each face 1 to 6.

    >>> face_counts([1, 6, 6, 3]).tolist()
    [1, 0, 1, 0, 0, 2]
    """
    rolls = np.asarray(rolls, dtype=np.int64)
    if rolls.size and (rolls.min() < 1 or rolls.max() > 6):
        raise DicePokerError(
            format_message("a die shows 1 to 6, not {value}", value=int(rolls[(rolls < 1) | (rolls > 6)][0]))
        )
    return np.bincount(rolls, minlength=7)[1:]


def _counts(counts: Sequence[int] | np.ndarray) -> np.ndarray:
    counts = np.asarray(counts)
    if counts.shape[-1:] != (6,) or (counts < 0).any() or not np.all(counts == np.round(counts)):
        raise DicePokerError(
            format_message(
                "six counts of whole rolls, one per face, not {counts}", counts=repr(counts.tolist())
            )
        )
    if (counts.sum(axis=-1) == 0).any():
        raise DicePokerError(
            format_message("a test needs at least one roll, not {counts}", counts=repr(counts.tolist()))
        )
    return counts.astype(float)


def chi_square_statistic(counts: Sequence[int] | np.ndarray) -> float | np.ndarray:
    """``Σ (O - E)² / E`` of the six counts against a fair die (``E = n/6``); rows of counts at once.

    >>> float(chi_square_statistic([8, 12, 10, 10, 10, 10]))
    0.8
    """
    observed = _counts(counts)
    expected = observed.sum(axis=-1, keepdims=True) / 6
    value = ((observed - expected) ** 2 / expected).sum(axis=-1)
    return float(value) if np.ndim(value) == 0 else value


def chi_square_p_value(counts: Sequence[int] | np.ndarray) -> float:
    """The p-value from the chi-square distribution with 5 degrees of freedom: ``P(χ²₅ >= statistic)``.

    >>> round(chi_square_p_value([20, 10, 10, 10, 10, 0]), 5)
    0.00125
    """
    return float(stats.chi2.sf(chi_square_statistic(counts), DEGREES_OF_FREEDOM))


def simulated_statistics(rolls: int, simulations: int = 10_000, rng: Any = None) -> np.ndarray:
    """The chi-square statistics of ``simulations`` fair dice rolled ``rolls`` times each.

    >>> simulated_statistics(60, 5, rng=1).shape
    (5,)
    """
    rolls, simulations = check_rolls(rolls), check_rolls(simulations)
    counts = generator(rng=rng).multinomial(rolls, FAIR, size=simulations)
    return chi_square_statistic(counts)


def simulated_p_value(
    counts: Sequence[int] | np.ndarray, simulations: int = 10_000, rng: Any = None
) -> Estimate:
    """The p-value by simulation: how often a fair die rolled as often strays at least as far.

    >>> e = simulated_p_value([20, 10, 10, 10, 10, 0], 20_000, rng=2)
    >>> e.low < chi_square_p_value([20, 10, 10, 10, 10, 0]) < e.high
    True
    """
    observed = chi_square_statistic(counts)
    rolls = int(_counts(counts).sum())
    fair = simulated_statistics(rolls, simulations, rng)
    return wilson_interval(int((fair >= observed - 1e-9).sum()), simulations)


def _sorted_counts(rolls: int, faces: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Every way ``rolls`` rolls can fall on ``faces`` faces, as counts from the largest down."""
    if faces == 1:
        if rolls <= largest:
            yield (rolls,)
        return
    for first in range(min(rolls, largest), -1, -1):
        if first * faces < rolls:  # the others may not exceed ``first``: too few rolls left on it
            break
        for rest in _sorted_counts(rolls - first, faces - 1, first):
            yield (first, *rest)


def exact_p_value(counts: Sequence[int] | np.ndarray) -> Fraction:
    """The p-value by enumeration: the exact chance that a fair die rolled as often gives a statistic
    at least as large. Every way the rolls can fall is counted, grouped by its counts sorted
    (``n!/(c₁!···c₆!)`` orders of the rolls, times the faces' arrangements of those counts); quick for
    a few hundred rolls.

    >>> exact_p_value([1, 0, 0, 0, 0, 0]), exact_p_value([2, 0, 0, 0, 0, 0])
    (Fraction(1, 1), Fraction(1, 6))
    """
    observed = _counts(counts)
    if observed.ndim != 1:
        raise DicePokerError(
            format_message(
                "six counts of whole rolls, one per face, not {counts}", counts=repr(observed.tolist())
            )
        )
    rolls = int(observed.sum())
    # the statistic is (6/n) Σ c² - n: at least as large exactly when Σ c² is
    squares = int((observed.astype(np.int64) ** 2).sum())
    ways = 0
    for sorted_counts in _sorted_counts(rolls, 6, rolls):
        if sum(c * c for c in sorted_counts) >= squares:
            orders = math.factorial(rolls)
            for c in sorted_counts:
                orders //= math.factorial(c)
            arrangements = math.factorial(6)
            for repeats in Counter(sorted_counts).values():
                arrangements //= math.factorial(repeats)
            ways += orders * arrangements
    return Fraction(ways, 6**rolls)


def critical_value(alpha: float = 0.05) -> float:
    """The statistic above which the test calls a die loaded at level ``alpha`` (11.07 at 5%)."""
    if not 0 < alpha < 1:
        raise DicePokerError(format_message("a level is between 0 and 1, not {alpha}", alpha=repr(alpha)))
    return float(stats.chi2.isf(alpha, DEGREES_OF_FREEDOM))


def simulated_power(
    die: LoadedDie, rolls: int, alpha: float = 0.05, simulations: int = 2000, rng: Any = None
) -> Estimate:
    """The power: how often ``rolls`` rolls of ``die`` give a p-value below ``alpha`` (simulated).

    >>> die = loaded_die(6, 0.2)
    >>> simulated_power(die, 600, simulations=2000, rng=1).contains(power(die, 600))
    True
    """
    rolls, simulations = check_rolls(rolls), check_rolls(simulations)
    counts = generator(rng=rng).multinomial(rolls, die.probabilities, size=simulations)
    caught = chi_square_statistic(counts) > critical_value(alpha)
    return wilson_interval(int(caught.sum()), simulations)


def power(die: LoadedDie, rolls: int, alpha: float = 0.05) -> float:
    """The power by the large-sample theory: the statistic is then about noncentral chi-square with
    noncentrality ``n Σ (p - 1/6)² / (1/6)``. An approximation: near 80% power it is two or three
    points above the simulated power (:func:`simulated_power`) for the loads of the lesson.

    >>> round(power(fair_die(), 100), 6)  # a fair die is "caught" exactly as often as the level
    0.05
    """
    rolls = check_rolls(rolls)
    p = np.array(die.probabilities)
    noncentrality = rolls * float(((p - 1 / 6) ** 2 / (1 / 6)).sum())
    if noncentrality == 0:
        return float(alpha)
    return float(stats.ncx2.sf(critical_value(alpha), DEGREES_OF_FREEDOM, noncentrality))


def rolls_to_catch(extra: float, wanted: float = 0.8, alpha: float = 0.05, face: int = 6) -> int:
    """The fewest rolls that catch a die loaded by ``extra`` with chance ``wanted`` by the large-sample
    :func:`power` (a simulation at that many rolls catches it a little less often, about 77%).

    >>> rolls_to_catch(0.2) < rolls_to_catch(0.1) < rolls_to_catch(0.05)
    True
    """
    if not 0 < wanted < 1:
        raise DicePokerError(format_message("a power is between 0 and 1, not {wanted}", wanted=repr(wanted)))
    die = loaded_die(face, extra)
    if die.is_fair:
        raise DicePokerError(
            format_message("a fair die is never caught: give a load above 0, not {extra}", extra=repr(extra))
        )
    high = 1
    while power(die, high, alpha) < wanted:
        high *= 2
    low = high // 2
    while high - low > 1:  # the power grows with the rolls: the first n that reaches ``wanted``
        middle = (low + high) // 2
        low, high = (middle, high) if power(die, middle, alpha) < wanted else (low, middle)
    return high


# --- the Bayesian answer -------------------------------------------------------------------------
@dataclass(frozen=True)
class Posterior:
    """A Dirichlet posterior of the six face probabilities: ``prior + counts``.

    >>> post = dirichlet_posterior([3, 0, 0, 0, 0, 1])
    >>> post.alpha, [round(m, 4) for m in post.mean]
    ((4.0, 1.0, 1.0, 1.0, 1.0, 2.0), [0.4, 0.1, 0.1, 0.1, 0.1, 0.2])
    """

    alpha: tuple[float, ...]

    @property
    def mean(self) -> tuple[float, ...]:
        """The posterior mean of each face's probability: ``alpha_i / Σ alpha``."""
        total = sum(self.alpha)
        return tuple(a / total for a in self.alpha)

    def interval(self, level: float = 0.95) -> tuple[tuple[float, float], ...]:
        """Each face's central credible interval: its marginal is ``Beta(alpha_i, Σ alpha - alpha_i)``.

        >>> [round(x, 4) for x in dirichlet_posterior([0] * 6).interval()[0]]  # uniform prior: Beta(1, 5)
        [0.0051, 0.5218]
        """
        if not 0 < level < 1:
            raise DicePokerError(format_message("a level is between 0 and 1, not {level}", level=repr(level)))
        total = sum(self.alpha)
        tail = (1 - level) / 2
        return tuple(
            (float(stats.beta.ppf(tail, a, total - a)), float(stats.beta.isf(tail, a, total - a)))
            for a in self.alpha
        )

    def chance_face_above(self, face: int, threshold: float = 1 / 6) -> float:
        """The posterior chance that ``face`` comes up more often than ``threshold`` (a fair die's 1/6)."""
        a = self.alpha[face - 1]
        return float(stats.beta.sf(threshold, a, sum(self.alpha) - a))


def dirichlet_posterior(counts: Sequence[int] | np.ndarray, prior: float = 1.0) -> Posterior:
    """The posterior of the face probabilities after ``counts``, from the Dirichlet(``prior``, ...) prior.

    ``prior=1`` is the uniform prior: every die equally likely before a roll.
    """
    counts = np.asarray(counts, dtype=float)
    if counts.shape != (6,) or (counts < 0).any():
        raise DicePokerError(
            format_message(
                "six counts of whole rolls, one per face, not {counts}", counts=repr(counts.tolist())
            )
        )
    if not prior > 0:
        raise DicePokerError(format_message("a Dirichlet prior is above 0, not {prior}", prior=repr(prior)))
    return Posterior(tuple(float(prior + c) for c in counts))
