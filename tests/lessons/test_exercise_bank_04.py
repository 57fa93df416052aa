"""Lesson 04's exercises: the two-roll game by enumeration, the cost of a choice from the solver's
value of the position it leads to, and the strategy exercise: a strategy written here beats greedy,
the package's strategies and bots are refused, and so is a strategy that passes their choices on."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from exercise_bank_helpers import judged

from dicepoker.games.scorecard.bots import greedy_strategy, heuristic, optimal_strategy, simple_bot
from dicepoker.games.scorecard.engine import Score
from dicepoker.games.scorecard.hints import hint
from dicepoker.lessons.exercise_bank import lesson_04
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, lesson_exercises


def test_the_lesson_has_three_exercises_one_of_them_code():
    assert [e.id for e in lesson_exercises("04")] == ["04.1", "04.2", "04.3"]


def test_the_last_turn_with_two_rolls():
    """Only Sixes is left: each of two dice ends a six unless both its throws miss."""
    ends_a_six = Fraction(sum(6 in throws for throws in product(range(1, 7), repeat=2)), 36)
    assert find_exercise("04.1").target() == 2 * ends_a_six * 6 == Fraction(11, 3)


@pytest.mark.parametrize(("answer", "words"), [("55/18", "scores Sixes"), ("4/2", "one roll a turn")])
def test_the_two_roll_game_mistakes(answer, words):
    assert words in judged("04.1", answer).hint


def test_the_two_roll_game_wants_a_fraction():
    assert judged("04.1", "11/3").correct and judged("04.1", "22/6").correct
    assert "as a fraction" in judged("04.1", "3.67").problem


def test_the_cost_is_the_best_choice_minus_the_position_three_of_a_kind_leads_to():
    """Scored as Three of a Kind, 6-6-6-2-1 writes 21 and the game goes on from that scorecard."""
    solution = lesson_04.classic_solution()
    best = hint(lesson_04.first_roll_position(), solution=solution).best.expected
    after = solution.expected_final({"Three of a Kind": 6 + 6 + 6 + 2 + 1})
    assert find_exercise("04.2").target() == pytest.approx(best - after, abs=1e-9)
    assert 0 < best - after < 30


def test_the_cost_to_one_decimal():
    cost = find_exercise("04.2").target()
    assert judged("04.2", f"{cost:.1f}").correct
    assert not judged("04.2", f"{cost + 0.2:.1f}").correct
    assert "1 decimal" in judged("04.2", f"{round(cost)}").problem
    assert "positive" in judged("04.2", f"{-cost:.1f}").hint
    assert "below the best" in judged("04.2", f"{lesson_04.three_of_a_kind_expected():.1f}").hint


def test_no_hint_gives_the_code_that_answers():
    for exercise in lesson_exercises("04"):
        for text in exercise.hints:
            assert ".cost(" not in text and "Score(" not in text


my_strategy = reference_solution("04.3")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def never_reroll(view):
    options = view.options()
    return Score(max(options, key=options.get))


@pytest.mark.slow
def test_a_strategy_of_ones_own_that_beats_greedy_passes():
    assert judged("04.3", my_strategy).correct


@pytest.mark.slow  # the check plays a hundred games with each strategy (3.5 s)
def test_a_strategy_that_loses_says_by_how_much_and_what_to_try():
    feedback = judged("04.3", never_reroll)
    assert not feedback.correct
    assert "greedy" in feedback.problem and "on the same 200 games" in feedback.problem
    assert "roll on" in feedback.problem  # it never rolls again: the first hint


@pytest.mark.parametrize(
    "package_strategy",
    [
        lambda: optimal_strategy(lesson_04.classic_solution()),
        lambda: heuristic,
        lambda: greedy_strategy(),
        lambda: simple_bot,
        lambda: optimal_strategy(lesson_04.classic_solution()).__call__,
    ],
    ids=["optimal", "heuristic", "greedy", "simple_bot", "optimal's method"],
)
def test_the_package_strategies_and_bots_are_refused(package_strategy):
    assert "package's own code" in judged("04.3", package_strategy()).problem


def test_a_bot_named_is_no_function():
    assert "write a function" in judged("04.3", "greedy").problem


@pytest.mark.slow
def test_a_strategy_that_passes_the_optimal_choices_on_is_refused():
    optimal = optimal_strategy(lesson_04.classic_solution())

    def wrapper(view):
        if view.dice is not None and str(view.dice) == "11111" and view.rolls_left == 2:
            return Score("Chance")  # one rare change does not make it one's own
        return optimal(view)

    feedback = judged("04.3", wrapper)
    assert not feedback.correct and "optimal strategy" in feedback.problem


def test_a_strategy_that_returns_nothing_says_so():
    feedback = judged("04.3", lambda view: None)
    assert not feedback.correct and "None" in feedback.problem
