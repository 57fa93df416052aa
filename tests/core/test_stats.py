"""The one Wilson interval and the one mean interval that every simulation and tournament uses."""

from __future__ import annotations

import math

import numpy as np
import pytest

from dicepoker import DicePokerError
from dicepoker.core.stats import Z95, mean_interval, wilson_interval, z_for


def test_wilson_interval_against_the_formula():
    # with no wins the upper end is z^2 / (n + z^2)
    assert wilson_interval(0, 10).high == pytest.approx(Z95 * Z95 / (10 + Z95 * Z95))
    assert wilson_interval(0, 10).low == 0
    e = wilson_interval(30, 100)
    assert e.low == pytest.approx(1 - wilson_interval(70, 100).high)  # symmetric
    assert e.low < 0.3 < e.high
    # the normal approximation for large n
    assert e.high - e.low == pytest.approx(2 * Z95 * math.sqrt(0.3 * 0.7 / 100), rel=0.03)


def test_wilson_interval_known_values():
    assert wilson_interval(0, 10).high == pytest.approx(0.2775, abs=1e-4)  # the textbook 0-of-10 interval
    assert wilson_interval(10, 10).low == pytest.approx(1 - 0.2775, abs=1e-4)
    assert wilson_interval(10, 10).high == 1


def test_a_draw_may_count_as_half_a_win():
    assert wilson_interval(2.5, 5).value == 0.5


def test_z_for_a_confidence_is_the_normal_quantile():
    assert z_for(0.95) == pytest.approx(Z95)
    assert z_for(0.99) == pytest.approx(2.5758293, abs=1e-6)
    with pytest.raises(DicePokerError, match="between 0 and 1"):
        z_for(1.5)


def test_mean_interval_is_mean_plus_minus_z_s_over_root_n():
    values = np.array([3.0, 5.0, 7.0, 9.0])
    e = mean_interval(values)
    half = Z95 * np.std(values, ddof=1) / 2
    assert (e.value, e.low, e.high) == pytest.approx((6.0, 6.0 - half, 6.0 + half))
    with pytest.raises(DicePokerError, match="at least two"):
        mean_interval(np.array([1.0]))


def test_trials_must_be_positive():
    with pytest.raises(DicePokerError, match="at least one trial"):
        wilson_interval(0, 0)
