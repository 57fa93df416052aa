"""Lesson 11's exercises: each target against an independent computation, forms, hints, the code exercise."""

from __future__ import annotations

import itertools
import math
import statistics
from fractions import Fraction

import pytest

from dicepoker.lessons import exercise_registry
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises
from dicepoker.lessons.spread import distribution_variance


@pytest.fixture(autouse=True)
def _fresh_tries():
    exercise_registry._wrong_tries.clear()
    exercise_registry._hints_shown.clear()
    yield
    exercise_registry._wrong_tries.clear()
    exercise_registry._hints_shown.clear()


def judged(exercise_id: str, answer: object):
    return find_exercise(exercise_id).judge(answer)


def test_the_lesson_has_four_exercises_in_order():
    assert [e.id for e in lesson_exercises("11")] == ["11.1", "11.2", "11.3", "11.4"]


# --- 11.1: the variance of the die 2, 2, 4, 4, 6, 6 ----------------------------------------------
def test_the_even_die_variance_is_the_population_variance_of_its_faces():
    faces = [Fraction(f) for f in (2, 2, 4, 4, 6, 6)]
    assert find_exercise("11.1").target() == statistics.pvariance(faces) == Fraction(8, 3)


def test_the_even_die_variance_is_asked_as_a_fraction():
    assert judged("11.1", "8/3").correct
    assert judged("11.1", "16/6").correct
    assert not judged("11.1", "3/8").correct
    assert "fraction" in judged("11.1", "2.667").problem


def test_the_even_die_mistakes_get_their_hints():
    assert "mean of the squares" in find_exercise("11.1").mistake_hint("56/3")  # the mean of the squares
    assert "mean" in find_exercise("11.1").mistake_hint("8/2")


# --- 11.2: the standard deviation of the sum of 20 dice ------------------------------------------
def test_twenty_dice_spread_is_the_root_of_twenty_variances():
    by_enumeration = statistics.pvariance(range(1, 7))  # one die, from its six faces
    assert find_exercise("11.2").target() == pytest.approx(math.sqrt(20 * by_enumeration), abs=1e-12)
    assert round(find_exercise("11.2").target(), 2) == 7.64


def test_twenty_dice_spread_wants_two_decimals():
    assert judged("11.2", "7.64").correct
    assert judged("11.2", "7,64").correct
    assert not judged("11.2", "7.65").correct
    assert "2 decimals" in judged("11.2", "7.6").problem


def test_twenty_dice_mistakes_get_their_hints():
    exercise = find_exercise("11.2")
    assert "square root" in exercise.mistake_hint("58.33")
    assert "do not add" in exercise.mistake_hint("34.16")
    assert "one die" in exercise.mistake_hint("1.71")


# --- 11.3: the variance of X - Y against that of X + Y -------------------------------------------
def _variance_of(values: list[int]) -> Fraction:
    return statistics.pvariance([Fraction(v) for v in values])


def test_the_difference_spreads_as_much_as_the_sum():
    pairs = list(itertools.product(range(1, 7), repeat=2))
    difference = _variance_of([x - y for x, y in pairs])
    total = _variance_of([x + y for x, y in pairs])
    assert difference == total == Fraction(35, 6)
    assert find_exercise("11.3").target() == "the same"


def test_the_difference_question_is_a_choice():
    assert judged("11.3", "The Same").correct
    assert not judged("11.3", "larger").correct
    assert "none of" in judged("11.3", "equal").problem
    assert "minus sign" in find_exercise("11.3").mistake_hint("smaller")


# --- 11.4: write variance(distribution) ----------------------------------------------------------
student_variance = reference_solution("11.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def forgets_the_mean(distribution):  # E[X²], not the variance
    return sum(value * value * chance for value, chance in distribution.items())


def spread_by_count(distribution):  # ignores the chances: the variance of the listed values
    return statistics.pvariance(list(distribution))


def test_a_correct_variance_function_passes():
    assert judged("11.4", student_variance).correct
    assert str(check("11.4", student_variance)).startswith("Right")


@pytest.mark.parametrize("wrong", [forgets_the_mean, spread_by_count])
def test_a_wrong_variance_function_is_refused_on_a_hidden_input(wrong):
    verdict = judged("11.4", wrong)
    assert not verdict.correct and "on the input" in verdict.problem


def test_the_package_own_variance_is_refused():
    assert "package's own" in judged("11.4", distribution_variance).problem
    assert "function" in judged("11.4", "0").problem


def test_the_hidden_inputs_are_checked_against_an_independent_variance():
    form = find_exercise("11.4").form
    cases = list(form.cases())
    assert len(cases) == 5
    for (distribution,) in cases:
        assert float(form.expected(distribution)) == pytest.approx(
            float(student_variance(distribution)), abs=1e-12
        )
    assert form.expected({0: Fraction(1, 2), 10: Fraction(1, 2)}) == 25
    assert form.expected({4: Fraction(1)}) == 0
