"""Lesson 12's exercises: each target equals a computation of its own (a series summed, the chain's
equations solved by hand, numpy's linear algebra), the right answer passes in each accepted form, near
misses and the wrong form are refused, each mistake hint fires, and the code exercise passes a
student's function, refuses a wrong one and the package's own."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest

from dicepoker import check
from dicepoker.core.dice import Dice
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, forget_tries, lesson_exercises
from dicepoker.lessons.waiting import five_of_a_kind_chain, large_straight_chain, most_common_count


@pytest.fixture(autouse=True)
def _fresh_tries():
    forget_tries()
    yield
    forget_tries()


def _wait_from_three_by_hand() -> Fraction:
    """From three matching dice: roll two, count by enumeration where they lead, solve t3 = 1 + ... ."""
    moves = {3: Fraction(0), 4: Fraction(0), 5: Fraction(0)}
    for a, b in product(range(1, 7), repeat=2):
        moves[most_common_count(Dice([6, 6, 6, a, b]))] += Fraction(1, 36)
    wait_from_four = Fraction(6)  # one die, chance 1/6 a roll
    return (1 + moves[4] * wait_from_four) / (1 - moves[3])


def test_the_exercises_are_numbered_in_order():
    assert [e.id for e in lesson_exercises("12")] == ["12.1", "12.2", "12.3", "12.4"]


def test_two_dice_until_a_six_is_one_over_eleven_thirty_sixths():
    exercise = find_exercise("12.1")
    no_six = sum(1 for a, b in product(range(1, 7), repeat=2) if 6 not in (a, b))
    series = sum(k * Fraction(no_six, 36) ** (k - 1) * Fraction(36 - no_six, 36) for k in range(1, 400))
    assert exercise.target() == Fraction(36, 11)
    assert abs(exercise.target() - series) < Fraction(1, 10**20)
    for right in ("36/11", "3.27", "3,27", "3.273"):
        assert check("12.1", right), right
    assert not check("12.1", "3.3")
    assert "%" in check("12.1", "327%").problem


def test_twelve_one_mistakes_get_their_hints():
    assert "overlap" in str(check("12.1", "3"))
    assert "two sixes at once" in str(check("12.1", "36"))


def test_first_one_or_two_on_roll_four():
    exercise = find_exercise("12.2")
    hits = sum(
        1 for rolls in product(range(1, 7), repeat=4) if all(r > 2 for r in rolls[:3]) and rolls[3] <= 2
    )
    assert exercise.target() == Fraction(hits, 6**4) == Fraction(8, 81)
    for right in ("8/81", "0.0988", "9.88%", "0,0988"):
        assert check("12.2", right), right
    assert not check("12.2", "0.0989")
    assert "significant" in check("12.2", "0.1").problem
    assert "four misses" in str(check("12.2", "16/81"))
    assert "for a six" in str(check("12.2", "125/1296"))
    assert "within four rolls" in str(check("12.2", "65/81"))


def test_five_of_a_kind_from_three_matching_dice():
    exercise = find_exercise("12.3")
    assert exercise.target() == _wait_from_three_by_hand() == Fraction(96, 11)
    for right in ("96/11", "8.73", "8,73"):
        assert check("12.3", right), right
    assert not check("12.3", "8.72") and not check("12.3", "8.7")
    assert "without %" in check("12.3", "873%").problem
    assert "from the start" in str(check("12.3", "11.09"))
    assert "two matching" in str(check("12.3", str(five_of_a_kind_chain().expected_rolls(2))))


def test_hints_come_nudge_first_then_the_method():
    exercise = find_exercise("12.3")
    assert check("12.3", "5.00").hint == exercise.hints[0]
    assert check("12.3", "5.01").hint == exercise.hints[1]


expected_steps = reference_solution("12.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def expected_steps_exact(q):
    """Another student's answer: elimination in fractions, written here."""
    n = len(q)
    rows = [[Fraction(int(i == j)) - Fraction(q[i][j]) for j in range(n)] + [Fraction(1)] for i in range(n)]
    for col in range(n):
        pivot = next(r for r in range(col, n) if rows[r][col] != 0)
        rows[col], rows[pivot] = rows[pivot], rows[col]
        rows[col] = [x / rows[col][col] for x in rows[col]]
        for r in range(n):
            if r != col and rows[r][col]:
                rows[r] = [a - rows[r][col] * b for a, b in zip(rows[r], rows[col], strict=True)]
    return rows[0][n]


def test_the_code_exercise_passes_a_students_function_and_checks_hidden_chains():
    exercise = find_exercise("12.4")
    assert check("12.4", expected_steps)
    assert check("12.4", expected_steps_exact)
    cases = exercise.form.cases()
    assert len(cases) == 5 and any(len(q) == 46 for (q,) in cases)
    assert exercise.form.expected(*cases[-2]) == Fraction(191283, 17248)
    assert exercise.form.expected(*cases[-1]) == large_straight_chain().expected_rolls()
    assert abs(exercise.form.expected(*cases[-1]) - Fraction(expected_steps(cases[-1][0]))) < 1e-9


def test_the_code_exercise_refuses_wrong_functions_and_the_package_own():
    assert not check("12.4", lambda q: 6)  # right only for the one-state chain
    assert not check("12.4", lambda q: 1 / (1 - q[0][0]))  # the geometric wait of state 0 alone
    assert not check("12.4", lambda q: expected_steps(q) + 1e-6)  # outside the tolerance
    assert "package's own" in check("12.4", large_straight_chain().expected_rolls).problem
    assert "write a function" in check("12.4", "6").problem
    assert "raised ZeroDivisionError" in check("12.4", lambda q: 1 / 0).problem
