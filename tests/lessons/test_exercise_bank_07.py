"""Lesson 07's exercises: each target against an independent count, its forms, hints and the function."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker.games.board.odds import chance_to_take
from dicepoker.games.board.rules import BOARD
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises


def test_the_lesson_has_four_exercises():
    assert [e.id for e in lesson_exercises("07")] == ["07.1", "07.2", "07.3", "07.4"]


def test_07_1_lucky_eleven_by_enumeration():
    rolls = list(product(range(1, 7), repeat=5))
    want = Fraction(sum(1 for roll in rolls if sum(roll) == 11), len(rolls))
    assert want == Fraction(205, 7776) and find_exercise("07.1").target() == want
    for right in ("205/7776", "0.0264", "2.64%", "0,0264"):
        assert check("07.1", right), right
    assert not check("07.1", "0.0265")
    assert "significant" in check("07.1", "0.03").problem
    assert "lucky seven" in check("07.1", "15/7776").hint
    assert "at most 6" in check("07.1", "210/7776").hint


def test_07_2_missing_a_full_house_three_turns():
    p = chance_to_take("FH")
    want = (1 - p) * (1 - p) * (1 - p)
    assert find_exercise("07.2").target() == want
    assert check("07.2", f"{float(want):.3f}") and check("07.2", f"{float(want) * 100:.2f}%")
    assert not check("07.2", f"{float(want) + 0.002:.3f}")
    assert "missing it once" in check("07.2", 1 - p).hint
    assert "at least once" in check("07.2", 1 - want).hint
    assert "1 - p" not in " ".join(find_exercise("07.2").hints)


def _runs_of_five(size: int = 9) -> int:
    """Count the lines of five cells by trying every start cell and direction."""
    count = 0
    for r, c in product(range(size), repeat=2):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            end_r, end_c = r + 4 * dr, c + 4 * dc
            count += 0 <= end_r < size and 0 <= end_c < size
    return count


def test_07_3_runs_of_five_counted_cell_by_cell():
    assert find_exercise("07.3").target() == _runs_of_five() == 140
    assert check("07.3", "140") and check("07.3", 140)
    assert "whole number" in check("07.3", "140.5").problem
    assert "diagonals" in check("07.3", "90").hint
    assert "two directions" in check("07.3", "115").hint
    assert "five times" in check("07.3", "700").hint


student_holds = reference_solution("07.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_07_4_a_students_placement_rule_passes_on_every_label_and_throw():
    assert check("07.4", student_holds)
    cases = list(find_exercise("07.4").form.cases())
    assert len(cases) == 252 * len({label for label in BOARD.label_counts()})


def test_07_4_a_wrong_rule_is_refused_with_the_input():
    def full_house_with_poker(label, dice):  # five of a kind is no full house on the board
        return student_holds(label, dice) or (label == "FH" and len(set(dice)) == 1)

    feedback = check("07.4", full_house_with_poker)
    assert not feedback and "'FH'" in feedback.problem
    assert "package's own" in check("07.4", BOARD.labels_held).problem


@pytest.mark.slow
def test_the_lessons_claim_that_300_games_do_not_settle_blocking():
    """Section 6 says: over 300 games the blocking bot wins about half, its 95% interval holding 1/2."""
    from dicepoker.games.board.bots import ProbabilityBot, board_tournament, probability_bot

    never_blocks = ProbabilityBot(block_weight=0, stop_threats=False)
    results = board_tournament(
        {"probability": probability_bot, "no blocking": never_blocks}, games=300, rng=7
    )
    blocking = results[(results.strategy == "probability") & (results.opponent == "no blocking")].iloc[0]
    assert blocking.wins + blocking.draws + blocking.losses == 300
    assert 0.4 < blocking.win_rate < 0.6 and blocking.ci_low < 0.5 < blocking.ci_high
