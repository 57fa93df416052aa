"""Lesson 13's exercises: each target equals a computation of its own (scipy's chisquare, the days
enumerated or simulated, scipy's Dirichlet), the right answer passes in each accepted form, near misses
are refused, each mistake hint fires, and the code exercise passes a student's function, refuses a
wrong one and the package's own."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest
from scipy import stats

from dicepoker import check
from dicepoker.core.stats import wilson_interval, z_for
from dicepoker.lessons.exercise_bank.lesson_13 import FORTY_ROLLS, SIXTY_ROLLS
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, forget_tries, lesson_exercises
from dicepoker.lessons.fairness import chi_square_statistic, critical_value, simulated_statistics


@pytest.fixture(autouse=True)
def _fresh_tries():
    forget_tries()
    yield
    forget_tries()


def test_the_exercises_are_numbered_in_order():
    assert [e.id for e in lesson_exercises("13")] == ["13.1", "13.2", "13.3", "13.4"]


def test_the_statistic_of_sixty_rolls_is_scipys():
    exercise = find_exercise("13.1")
    assert sum(SIXTY_ROLLS) == 60
    assert exercise.target() == Fraction(53, 5)
    assert float(exercise.target()) == pytest.approx(stats.chisquare(SIXTY_ROLLS).statistic, abs=1e-12)
    for right in ("10.6", "10,6"):
        assert check("13.1", right), right
    assert not check("13.1", "10.5") and not check("13.1", "11")
    assert "without %" in check("13.1", "10.6%").problem
    assert "divided by the expected count" in str(check("13.1", "106.0"))
    assert "not by the number of rolls" in str(check("13.1", "1.8"))
    assert "not by the count seen" in str(check("13.1", str(sum((c - 10) ** 2 / c for c in SIXTY_ROLLS))[:5]))
    assert "square each one" in str(check("13.1", "0.0"))


def test_twenty_days_of_tests_of_a_fair_die():
    exercise = find_exercise("13.2")
    # enumerated: k of the 20 days call the die loaded, for k = 1 to 20 (the binomial distribution)
    level = Fraction(1, 20)
    some_day = sum(comb(20, k) * level**k * (1 - level) ** (20 - k) for k in range(1, 21))
    assert exercise.target() == pytest.approx(float(some_day), rel=1e-15)
    # simulated: fair dice rolled 100 times a day, tested against the curve's critical value
    called = simulated_statistics(100, 20 * 2000, rng=5).reshape(2000, 20) > critical_value(0.05)
    assert wilson_interval(int(called.any(axis=1).sum()), 2000, z=z_for(0.999)).contains(float(some_day))
    for right in ("0.642", "64.2%", "0,6415"):
        assert check("13.2", right), right
    assert not check("13.2", "0.643")
    assert "significant" in check("13.2", "0.6").problem
    assert "one day's chance" in str(check("13.2", "0.05"))
    assert "do not add them" in str(check("13.2", "100%"))
    assert "no day calls it loaded" in str(check("13.2", "0.358"))


def test_the_posterior_mean_of_a_six_is_scipys_dirichlet():
    exercise = find_exercise("13.3")
    assert sum(FORTY_ROLLS) == 40
    assert exercise.target() == Fraction(12, 46)
    assert float(exercise.target()) == pytest.approx(stats.dirichlet(np.array(FORTY_ROLLS) + 1).mean()[5])
    for right in ("6/23", "0.261", "26.1%", "0,2609"):
        assert check("13.3", right), right
    assert not check("13.3", "0.262")
    assert "prior counts too" in str(check("13.3", "11/40"))
    assert "six to the total" in str(check("13.3", "12/41"))
    assert "sixes as well" in str(check("13.3", "11/46"))


def test_hints_come_nudge_first_then_the_method():
    exercise = find_exercise("13.2")
    assert check("13.2", "0.111").hint == exercise.hints[0]
    assert check("13.2", "0.112").hint == exercise.hints[1]


chi_square = reference_solution("13.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_the_code_exercise_passes_a_students_function_on_hidden_counts():
    exercise = find_exercise("13.4")
    assert check("13.4", chi_square)
    assert check("13.4", lambda counts: stats.chisquare(counts).statistic)
    cases = exercise.form.cases()
    assert len(cases) == 5 and sum(cases[-1][0]) == 1234
    assert exercise.form.expected([20, 10, 10, 10, 10, 0]) == 20


def test_the_code_exercise_refuses_wrong_functions_and_the_package_own():
    assert not check("13.4", lambda counts: sum((c - 10) ** 2 / 10 for c in counts))  # 60 rolls only
    assert not check("13.4", lambda counts: chi_square(counts) * 6 / sum(counts))  # divided by n
    assert not check("13.4", lambda counts: chi_square(counts) + 1e-6)  # outside the tolerance
    assert "package's own" in check("13.4", chi_square_statistic).problem
    assert "write a function" in check("13.4", "20").problem
    assert "raised ZeroDivisionError" in check("13.4", lambda counts: 1 / 0).problem
