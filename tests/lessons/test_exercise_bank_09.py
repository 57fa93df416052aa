"""Lesson 09's exercises: the toy's targets by enumeration, the variance from the sweep, the
certainty equivalent a student writes."""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import pytest
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker import find_game
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.lessons.exercise_bank import lesson_09
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises


def test_the_lesson_has_four_exercises():
    assert [e.id for e in lesson_exercises("09")] == ["09.1", "09.2", "09.3", "09.4"]


def test_09_1_a_fresh_die_to_a_player_of_theta_ln_3():
    want = Fraction(sum(3**face for face in range(1, 7)), 6)
    assert want == 182 and find_exercise("09.1").target() == want
    assert check("09.1", "182") and check("09.1", 182)
    assert "whole number" in check("09.1", "182.5").problem
    assert "averages" in check("09.1", "1092").hint
    assert "average worth" in check("09.1", "47").hint


def _eight_or_more_for_the_expected_score_player() -> Fraction:
    """Roll two dice; reroll the lower one when it shows 1, 2 or 3 (a fresh die is worth 3.5)."""
    chance = Fraction(0)
    for a, b in product(range(1, 7), repeat=2):
        low, high = min(a, b), max(a, b)
        if low <= 3:
            chance += sum(Fraction(1, 216) for c in range(1, 7) if high + c >= 8)
        elif a + b >= 8:
            chance += Fraction(1, 36)
    return chance


def test_09_2_eight_or_more_by_enumeration():
    want = _eight_or_more_for_the_expected_score_player()
    assert want == Fraction(139, 216) and find_exercise("09.2").target() == want
    assert check("09.2", "139/216") and not check("09.2", "138/216")
    assert "fraction" in check("09.2", "0.644").problem
    assert "7 or less" in check("09.2", "77/216").hint
    assert "risk seeker" in check("09.2", lesson_09._eight_or_more("risk seeker (θ = ln 2)")).hint


@pytest.mark.slow  # two risk solves of Yatzy (6 s)
def test_09_3_the_variance_of_yatzy_from_two_certainty_equivalents():
    assert {-0.02, 0.02} <= set(lesson_09.LESSON_GRID)  # the two the lesson's sweep shows
    yatzy = find_game("yatzy")
    want = (
        solve(yatzy, risk=0.02).certainty_equivalent - solve(yatzy, risk=-0.02).certainty_equivalent
    ) / 0.02
    assert find_exercise("09.3").target() == pytest.approx(want)
    assert 30**2 < want < 45**2  # the spread of optimal play, as the lesson's ±0.002 reading finds
    assert check("09.3", str(round(want))) and not check("09.3", str(round(want) + 1))
    assert "standard deviation" in check("09.3", f"{math.sqrt(want):.0f}").hint
    assert "divide by θ" in check("09.3", str(round(want / 2))).hint


certainty_equivalent = reference_solution("09.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_09_4_the_package_value_matches_exact_toy_fractions():
    # with θ = ln 2 the certainty equivalent is log2 E[2^S], and E[2^S] is an exact fraction
    fair_die = {face: Fraction(1, 6) for face in range(1, 7)}
    assert lesson_09.package_certainty_equivalent(fair_die, math.log(2)) == pytest.approx(math.log2(21))
    assert lesson_09.package_certainty_equivalent(fair_die, -math.log(2)) == pytest.approx(
        -math.log2(Fraction(21, 128))
    )
    assert lesson_09.package_certainty_equivalent(fair_die, 0.0) == 3.5


def test_09_4_a_students_certainty_equivalent_passes_and_the_mean_does_not():
    assert check("09.4", certainty_equivalent)
    assert not check("09.4", lambda distribution, theta: sum(float(p) * s for s, p in distribution.items()))
    forgot_zero = check("09.4", lambda d, theta: certainty_equivalent(d, theta) if theta else 0.0)
    assert not forgot_zero and "0.0" in forgot_zero.problem
    assert "package's own" in check("09.4", lesson_09.package_certainty_equivalent).problem
