"""Lesson 03's exercises: each target against an enumeration of the dice thrown, the forms asked,
the mistake hints, and the simulated turn the student writes (right, too few throws, the package's)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from exercise_bank_helpers import judged

from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, lesson_exercises
from dicepoker.odds.simulation import simulate_within_three

FACES = range(1, 7)


def five_of_a_kind_chance(throws: int) -> Fraction:
    """Chasing five of a kind over ``throws`` throws, by enumerating every throw of the dice thrown:
    the state is how many dice show the most common face (the held face is 1, by symmetry)."""
    states = Counter()
    for outcome in product(FACES, repeat=5):
        states[max(Counter(outcome).values())] += Fraction(1, 6**5)
    for _ in range(throws - 1):
        after = Counter()
        for held, p in states.items():
            if held == 5:
                after[5] += p
                continue
            thrown = 5 - held
            for outcome in product(FACES, repeat=thrown):
                others = Counter(d for d in outcome if d != 1)
                best = max(held + outcome.count(1), max(others.values(), default=0))
                after[best] += p / 6**thrown
        states = after
    return states[5]


def test_the_lesson_has_four_exercises_one_of_them_code():
    assert [e.id for e in lesson_exercises("03")] == ["03.1", "03.2", "03.3", "03.4"]


def is_full_house(dice):
    return sorted(Counter(dice).values()) == [2, 3]


def test_a_full_house_from_a_triple_with_one_roll_left():
    by_hand = Fraction(sum(is_full_house([3, 3, 3, a, b]) for a, b in product(FACES, repeat=2)), 36)
    assert find_exercise("03.1").target() == by_hand == Fraction(5, 36)


def test_three_matching_dice_with_two_rolls_left():
    total = Fraction(0)
    for a, b in product(FACES, repeat=2):
        matched = (a == 3) + (b == 3)
        total += Fraction(1, 36) * Fraction(1, 6) ** (2 - matched)
    assert find_exercise("03.2").target() == total == Fraction(121, 1296)


def test_the_expected_score_of_fives():
    ends_a_five = Fraction(sum(5 in throws for throws in product(FACES, repeat=3)), 6**3)
    assert find_exercise("03.3").target() == 5 * 5 * ends_a_five == Fraction(2275, 216)


def test_the_simulation_target_is_the_chance_with_four_throws():
    assert five_of_a_kind_chance(3) == Fraction(2_783_176, 6**10)  # the famous 4.6%: the method is right
    assert find_exercise("03.4").target() == five_of_a_kind_chance(4)


@pytest.mark.parametrize(("exercise", "answer"), [("03.1", "5/36"), ("03.1", "10/72"), ("03.2", "121/1296")])
def test_fractions_are_right(exercise, answer):
    assert judged(exercise, answer).correct


def test_a_decimal_where_a_fraction_is_asked():
    assert "as a fraction" in judged("03.1", "0.139").problem
    assert "as a fraction" in judged("03.2", "0.0934").problem


@pytest.mark.parametrize(
    ("exercise", "answer", "words"),
    [
        ("03.1", "1/6", "five of a kind"),
        ("03.1", "365/1296", "two rolls"),
        ("03.2", "1/36", "one roll"),
        ("03.2", "11/36", "four matching"),
        ("03.3", "12.64", "Sixes"),
        ("03.3", "4.17", "one roll"),
    ],
)
def test_mistakes_get_their_hint(exercise, answer, words):
    assert words in judged(exercise, answer).hint


@pytest.mark.parametrize("answer", ["10.53", "10,53", "10.532"])
def test_the_expected_score_to_two_decimals(answer):
    assert judged("03.3", answer).correct


@pytest.mark.parametrize("answer", ["10.54", "10.6", "11", "10.52"])
def test_the_tolerance_is_the_two_decimals_asked(answer):
    """The old check passed 12.7, 12.58 and 13 for 12.64 (a widened half-percent tolerance)."""
    feedback = judged("03.3", answer)
    assert not feedback.correct


def test_too_few_decimals_are_asked_for():
    assert "2 decimals" in judged("03.3", "10.5").problem
    assert "without %" in judged("03.3", "1053%").problem
    assert "2 decimals" in judged("03.3", "2275/216").problem  # the form asked is a decimal


turn = reference_solution("03.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_a_right_simulation_passes():
    assert judged("03.4", turn).correct


def test_a_turn_of_three_throws_is_refused():
    feedback = judged("03.4", lambda rng: turn(rng, throws=3))
    assert not feedback.correct and "too far from the exact chance" in feedback.problem


def test_a_trial_must_answer_true_or_false():
    assert "`True` or `False`" in judged("03.4", lambda rng: None).problem


def test_the_package_simulation_is_refused():
    assert "package's own code" in judged("03.4", simulate_within_three).problem
