"""Lesson 06's exercises: each target against an independent count, its forms, hints and the caller."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker.games.bluff.bots import ReasoningBot, view_probability_true
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises


def _share(rolls, event) -> Fraction:
    rolls = list(rolls)
    return Fraction(sum(1 for roll in rolls if event(roll)), len(rolls))


def _at_least_full_house(roll) -> bool:
    shape = sorted(Counter(roll).values(), reverse=True)
    return shape[0] >= 4 or shape[:2] == [3, 2]


def test_the_lesson_has_four_exercises_the_last_a_caller():
    assert [e.id for e in lesson_exercises("06")] == ["06.1", "06.2", "06.3", "06.4"]


def test_06_1_two_sixes_among_three_dice():
    want = _share(product(range(1, 7), repeat=3), lambda dice: dice.count(6) >= 2)
    assert want == Fraction(16, 216) and find_exercise("06.1").target() == want
    for right in ("2/27", "16/216", "0.0741", "0,0741", "7.41%"):
        assert check("06.1", right), right
    assert not check("06.1", "0.0742")
    assert "significant" in check("06.1", "0.07").problem
    assert "two dice" in check("06.1", "11/36").hint
    assert "three 6s" in check("06.1", "15/216").hint


def test_06_2_bayes_rule():
    prior, bluff = Fraction(2, 5), Fraction(1, 4)
    want = prior / (prior + (1 - prior) * bluff)
    assert find_exercise("06.2").target() == want == Fraction(8, 11)
    assert check("06.2", "8/11") and check("06.2", "0.727") and check("06.2", "72.7%")
    assert not check("06.2", "0.73").correct and "significant" in check("06.2", "0.73").problem
    assert "prior" in check("06.2", "2/5").hint
    assert "announced at all" in check("06.2", "11/20").hint
    assert "bluff rate" in check("06.2", "8/17").hint


def test_06_2_hints_are_graduated_and_never_the_arithmetic():
    hints = [check("06.2", "3/7").hint for _ in range(3)]
    assert hints[0] != hints[1] == hints[2] and "Bayes" in hints[1]
    assert all("1/4" not in hint and "8/11" not in hint for hint in find_exercise("06.2").hints)


def test_06_3_at_least_a_full_house_on_one_roll():
    want = _share(product(range(1, 7), repeat=5), _at_least_full_house)
    assert want == Fraction(300 + 150 + 6, 7776) and find_exercise("06.3").target() == want
    assert check("06.3", "19/324") and check("06.3", "0.0586") and check("06.3", "5.86%")
    assert not check("06.3", "0.0587")
    assert "four and five" in check("06.3", "25/648").hint
    assert "less than" in check("06.3", 1 - want).hint
    assert "write it" not in str(check("06.3", "19/324"))


my_caller = reference_solution("06.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


@pytest.mark.slow  # the check plays whole bluff matches (3 s)
def test_06_4_a_students_caller_that_weighs_the_risk_passes():
    assert check("06.4", my_caller)


@pytest.mark.slow
def test_06_4_a_caller_below_one_half_fails_and_is_told_why():
    feedback = check("06.4", lambda view: view_probability_true(view) < Fraction(1, 2))
    assert not feedback and "24%" in feedback.problem and "risk in accepting" in feedback.problem
    never = check("06.4", lambda view: False)
    assert not never and "an unlikely claim is worth calling" in never.problem


@pytest.mark.parametrize("package_code", [ReasoningBot(), ReasoningBot().should_call, view_probability_true])
def test_06_4_refuses_the_packages_own_bots_and_callers(package_code):
    assert "package's own" in check("06.4", package_code).problem


def test_06_4_a_broken_or_unfinished_caller_is_told_so():
    assert "True or False" in check("06.4", lambda view: None).problem
    assert "ZeroDivisionError" in check("06.4", lambda view: 1 / 0).problem
    assert "like def my_caller" in check("06.4", ...).problem
