"""Statistics every simulation and tournament shares: an estimate with its confidence interval.

One Wilson interval for a chance or a win rate, one normal interval for a mean.

>>> e = wilson_interval(50, 100)
>>> round(e.low, 3), round(e.high, 3)
(0.404, 0.596)
>>> round(z_for(0.95), 4)
1.96
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from statistics import NormalDist

import numpy as np

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import format_message

Z95 = 1.959963984540054  # the 97.5% point of the standard normal distribution


def z_for(confidence: float) -> float:
    """The normal quantile that gives a two-sided interval of ``confidence`` (0.95 -> 1.96)."""
    if not 0 < confidence < 1:
        raise DicePokerError(f"a confidence is between 0 and 1, not {confidence!r}")
    return NormalDist().inv_cdf(0.5 + confidence / 2)


@dataclass(frozen=True)
class Estimate:
    """A simulated value with its 95% confidence interval ``[low, high]`` from ``n`` trials.

    >>> e = wilson_interval(50, 100)
    >>> round(e.value, 3), round(e.low, 4), round(e.high, 4), e.contains(0.5)
    (0.5, 0.4038, 0.5962, True)
    """

    value: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the width of the interval: the "±" of ``value ± half_width``."""
        return (self.high - self.low) / 2

    def contains(self, exact: float | Fraction) -> bool:
        """Whether the interval contains ``exact``."""
        return self.low <= float(exact) <= self.high

    def __str__(self) -> str:
        """The estimate, its interval and its trials, in the current language.

        >>> str(Estimate(0.5, 0.4, 0.6, 1000))
        '0.50000 ± 0.10000 (95% CI, n = 1,000)'
        """
        return format_message(
            "{value:.5f} ± {half_width:.5f} (95% CI, n = {n:,})",
            value=self.value,
            half_width=self.half_width,
            n=self.n,
        )


def wilson_interval(successes: float, n: int, z: float = Z95) -> Estimate:
    """The chance estimated from ``successes`` in ``n`` trials, with Wilson's confidence interval.

    Unlike "p ± z·sqrt(p(1-p)/n)" it stays inside [0, 1] and is not zero-width when p is 0 or 1.
    ``successes`` may be fractional (a draw counted as half a win).

    >>> e = wilson_interval(0, 1000)
    >>> e.value, e.low, round(e.high, 5)
    (0.0, 0.0, 0.00383)
    """
    if n <= 0:
        raise DicePokerError(f"an estimate needs at least one trial, not n = {n}")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return Estimate(p, low, high, n)


def mean_interval(values: np.ndarray, z: float = Z95) -> Estimate:
    """The mean of ``values`` with the normal 95% confidence interval mean ± z·s/sqrt(n).

    >>> mean_interval(np.array([1.0, 2.0, 3.0])).value
    2.0
    """
    n = len(values)
    if n <= 1:
        raise DicePokerError(f"a mean's interval needs at least two values, not {n}")
    mean = float(np.mean(values))
    half = z * float(np.std(values, ddof=1)) / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half, n)


def std_interval(values: np.ndarray, z: float = Z95) -> Estimate:
    """The standard deviation of ``values`` with a large-sample confidence interval (any distribution).

    The sample variance ``s²`` has variance about ``(m4 - s⁴) / n`` (``m4`` the fourth central
    moment), so ``s`` has standard error ``sqrt((m4 - s⁴) / n) / (2 s)`` (the delta method); the
    interval is ``s ± z x`` that. Unlike the chi-square interval it does not assume a normal sample.

    >>> e = std_interval(np.array([1.0, 2.0, 3.0, 4.0] * 100))
    >>> round(e.value, 4), round(e.low, 4), round(e.high, 4)
    (1.1194, 1.0758, 1.163)
    """
    n = len(values)
    if n <= 2:
        raise DicePokerError(f"a standard deviation's interval needs at least three values, not {n}")
    values = np.asarray(values, dtype=float)
    s = float(np.std(values, ddof=1))
    if s == 0:
        return Estimate(0.0, 0.0, 0.0, n)
    m4 = float(np.mean((values - values.mean()) ** 4))
    half = z * math.sqrt(max(m4 - s**4, 0.0) / n) / (2 * s)
    return Estimate(s, max(0.0, s - half), s + half, n)
