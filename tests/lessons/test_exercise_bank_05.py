"""Lesson 05's exercises: each target against a binomial formula or the mean worked out here, the
forms asked (a decimal is no fraction: -18.17 and -18.25 are refused for -73/4), the mistake hints,
and the settlement function the student writes."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest
from exercise_bank_helpers import judged

from dicepoker.games import find_game
from dicepoker.games.scorecard.analysis.two_part import settlement_table
from dicepoker.lessons.exercise_bank import lesson_05
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import find_exercise, lesson_exercises

FOUR_AFTER_THREE = 1 - Fraction(5, 6) ** 3
FOUR_AFTER_TWO = 1 - Fraction(5, 6) ** 2


def binomial(k, q):
    return comb(5, k) * q**k * (1 - q) ** (5 - k)


def test_the_lesson_has_five_exercises_one_of_them_code():
    assert [e.id for e in lesson_exercises("05")] == ["05.1", "05.2", "05.3", "05.4", "05.5"]


def test_targets_equal_formulas():
    assert find_exercise("05.1").target() == binomial(4, FOUR_AFTER_THREE) + binomial(5, FOUR_AFTER_THREE)
    assert find_exercise("05.2").target() == (5 * FOUR_AFTER_TWO - 3) * 4 == Fraction(-53, 9)
    assert find_exercise("05.3").target() == 140 - Fraction(162 + 140 + 181 + 150, 4) == Fraction(-73, 4)


@pytest.mark.parametrize("answer", ["-73/4", "-146/8", Fraction(-73, 4)])
def test_the_settlement_as_a_fraction(answer):
    assert judged("05.3", answer).correct


@pytest.mark.parametrize("answer", ["-18.17", "-18.25", "-18,25"])
def test_a_decimal_is_no_fraction(answer):
    """The old check took -18.17 for -18.25; the question asks for a fraction."""
    feedback = judged("05.3", answer)
    assert not feedback.correct and "as a fraction" in feedback.problem


@pytest.mark.parametrize(
    ("exercise", "answer", "words"),
    [
        ("05.1", str(sum(binomial(k, FOUR_AFTER_THREE) for k in (3, 4, 5))), "exactly three"),
        ("05.1", str(binomial(4, FOUR_AFTER_THREE)), "five fours"),
        ("05.2", str((5 * FOUR_AFTER_THREE - 3) * 4), "three throws"),
        ("05.2", "53/9", "sign"),
        ("05.3", "73/4", "sign"),
        ("05.3", str(140 - Fraction(162 + 181 + 150, 3)), "this one too"),
        ("05.3", "633/4", "the mean"),
    ],
)
def test_mistakes_get_their_hint(exercise, answer, words):
    assert words in judged(exercise, answer).hint


def test_the_late_scorecard_is_the_lessons():
    """The question points at the notebook's ``late``: the bank's copy is the same scorecard."""
    notebook = Path(__file__).resolve().parents[2] / "notebooks" / "05_two_part_game.ipynb"
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    source = next("".join(c["source"]) for c in cells if "".join(c["source"]).startswith("late = {"))
    space = {"start_of_part2": dict(lesson_05.START_OF_PART2), "stop_or_roll_on_summary": lambda t: t}
    space.update(stop_or_roll_on=lambda filled, solution: filled, solution=None)
    exec(source, space)  # noqa: S102 - the lesson's own cell, to read its scorecard
    assert space["late"] == lesson_05.LATE
    open_boxes = set(find_game("two_part").box_names) - set(lesson_05.LATE)
    assert open_boxes == {"Four of a Kind", "Poker", "Large Straight"}


def test_the_gain_of_stopping_is_stop_minus_roll_on():
    table = lesson_05.stop_or_roll_on(lesson_05.LATE, solution=lesson_05.two_part_solution()).set_index(
        "dice"
    )
    row = table.loc["26666"]
    assert row["box"] == "Four of a Kind" and row["points"] == 2 * (6 + 6 + 6 + 6)
    assert find_exercise("05.4").target() == pytest.approx(row["stop"] - row["roll_on"], abs=1e-9)


def test_the_gain_to_one_decimal():
    gain = find_exercise("05.4").target()
    assert judged("05.4", f"{gain:.1f}").correct
    assert not judged("05.4", f"{gain + 0.3:.1f}").correct
    assert "sign" in judged("05.4", f"{-gain:.1f}").hint
    assert "1 decimal" in judged("05.4", f"{round(gain)}").problem
    early = lesson_05.stopping_gain(lesson_05.START_OF_PART2, "26666")
    assert "start of part 2" in judged("05.4", f"{early:.1f}").hint


settlement = reference_solution("05.5")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_a_right_settlement_passes_and_matches_the_table():
    assert judged("05.5", settlement).correct
    for table in lesson_05.HIDDEN_TABLES:
        assert settlement(list(table)) == settlement_table(list(table))["result"].tolist()
        assert sum(settlement(list(table))) == 0


def test_a_float_settlement_is_refused_on_thirds():
    feedback = judged("05.5", lambda totals: [t - sum(totals) / len(totals) for t in totals])
    assert not feedback.correct and "[150, 171, 200]" in feedback.problem


def test_a_settlement_against_the_others_mean_is_refused():
    def others(totals):
        if len(totals) == 1:
            return [Fraction(0)]
        return [t - Fraction(sum(totals) - t, len(totals) - 1) for t in totals]

    assert not judged("05.5", others).correct


def test_the_package_settlement_is_refused():
    assert "package's own code" in judged("05.5", lesson_05.exact_settlement).problem
    assert "package's own code" in judged("05.5", settlement_table).problem
