"""Lesson 02's exercises: each target against a count over the 7776 outcomes listed here, the forms
asked, the mistake hints, the function the student writes, and the interval shown as its two ends."""

from __future__ import annotations

from fractions import Fraction

import pytest
from exercise_bank_helpers import OUTCOMES, judged, pattern

from dicepoker.core.i18n import _
from dicepoker.lessons.exercise_bank import lesson_02
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, lesson_exercises
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.tables import one_roll_table

NO_SIX = Fraction(sum(6 not in o for o in OUTCOMES), len(OUTCOMES))
ONE_PAIR = sum(pattern(o) == (2, 1, 1, 1) for o in OUTCOMES)
SUM_AT_LEAST_25 = Fraction(sum(sum(o) >= 25 for o in OUTCOMES), len(OUTCOMES))


def test_the_lesson_has_four_exercises_one_of_them_code():
    assert [e.id for e in lesson_exercises("02")] == ["02.1", "02.2", "02.3", "02.4"]


def test_targets_equal_counts_over_the_outcomes():
    assert find_exercise("02.1").target() == NO_SIX == Fraction(5**5, 6**5)
    assert find_exercise("02.2").target() == ONE_PAIR == 3600
    assert find_exercise("02.3").target() == SUM_AT_LEAST_25 == Fraction(7, 216)


@pytest.mark.parametrize("answer", ["3125/7776", Fraction(3125, 7776), " 3125 / 7776 "])
def test_no_six_as_a_fraction(answer):
    assert judged("02.1", answer).correct


def test_no_six_refuses_a_decimal_and_a_near_miss():
    assert "as a fraction" in judged("02.1", "0.4019").problem
    near = judged("02.1", "3124/7776")
    assert not near.correct and not near.problem


@pytest.mark.parametrize(
    ("answer", "words"),
    [
        ("4651/7776", "complement"),
        ("5/6", "one die"),
    ],
)
def test_no_six_mistakes(answer, words):
    assert words in judged("02.1", answer).hint


def test_hints_are_graduated():
    first, second = judged("02.1", "1/7"), judged("02.1", "1/7", after=("1/8",))
    assert first.hint != second.hint and "5 faces" in second.hint


def test_one_pair_is_a_whole_number():
    assert judged("02.2", "3600").correct and judged("02.2", 3600).correct
    assert "whole number" in judged("02.2", "3600/7776").problem
    assert not judged("02.2", "3599").correct


@pytest.mark.parametrize(("answer", "words"), [("21600", "as a set"), ("60", "faces only")])
def test_one_pair_mistakes(answer, words):
    assert words in judged("02.2", answer).hint


@pytest.mark.parametrize("answer", ["7/216", "0.0324", "0,0324", "3.24%", "0.03241"])
def test_sum_at_least_25_in_each_form(answer):
    assert judged("02.3", answer).correct


def test_sum_at_least_25_wants_three_digits():
    assert "3 significant digits" in judged("02.3", "0.03").problem
    assert not judged("02.3", "0.0325").correct


def test_sum_at_least_25_mistakes():
    exactly_25 = Fraction(sum(sum(o) == 25 for o in OUTCOMES), 7776)
    above_25 = Fraction(sum(sum(o) > 25 for o in OUTCOMES), 7776)
    assert exactly_25 == above_25  # 126 outcomes each: one hint serves both
    assert "up to 30" in judged("02.3", str(exactly_25)).hint
    assert "complement" in judged("02.3", str(1 - SUM_AT_LEAST_25)).hint


chance = reference_solution("02.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_a_correct_chance_function_passes():
    assert judged("02.4", chance).correct


def test_the_hidden_events_match_an_enumeration_of_36_pairs():
    for event in lesson_02.HIDDEN_EVENTS:
        assert lesson_02.exact_two_dice_chance(event) == chance(event)
    assert {lesson_02.exact_two_dice_chance(e) for e in lesson_02.HIDDEN_EVENTS} >= {0, 1, Fraction(1, 6)}


def test_a_chance_over_unordered_rolls_is_refused():
    """The 21 different-looking rolls are not equally likely: counting them is the lesson's trap."""

    def unordered(event):
        rolls = [(a, b) for a in range(1, 7) for b in range(a, 7)]
        return Fraction(sum(bool(event(a, b)) for a, b in rolls), len(rolls))

    feedback = judged("02.4", unordered)
    assert not feedback.correct and "your function gives" in feedback.problem


def test_the_package_code_and_a_called_function_are_refused():
    assert "package's own code" in judged("02.4", lesson_02.exact_two_dice_chance).problem
    assert "package's own code" in judged("02.4", one_roll_probability).problem
    assert "without calling it" in judged("02.4", "chance(event)").problem


def test_a_failing_function_says_how():
    assert "raised ZeroDivisionError" in judged("02.4", lambda event: 1 / 0).problem


def test_an_event_names_itself_in_the_class_language():
    assert repr(lesson_02.HIDDEN_EVENTS[0]) == '"' + _("the sum is 7") + '"'


def test_the_one_roll_table_shows_the_interval_by_its_two_ends():
    """The Wilson interval is not symmetric around the estimate: no "±" half-width column."""
    table = one_roll_table("classic", n=2_000, rng=1)
    assert "ci_95" not in table
    assert ((table["ci_low"] <= table["simulated"]) & (table["simulated"] <= table["ci_high"])).all()
    poker = table.loc["Poker"]
    assert poker["ci_high"] - poker["simulated"] > poker["simulated"] - poker["ci_low"]
