"""Lesson 08's exercises: the targets from the lesson's own saved game and the advisor, recomputed
another way; forms, hints, mistakes and the loss function."""

from __future__ import annotations

import pytest
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker.core.dice import Dice
from dicepoker.games.scorecard.advisor import advise
from dicepoker.games.scorecard.analysis.lab import play_game
from dicepoker.games.scorecard.coach import coach_report
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.lessons.exercise_bank import lesson_08
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises


@pytest.fixture(scope="module")
def sams_loaded_report(tmp_path_factory):
    """Sam's report as the notebook makes it: the game saved to a file and loaded again."""
    path = tmp_path_factory.mktemp("class") / "sam.json"
    play_game("heuristic", "classic", rng=2026).save(path)
    return coach_report(ScorecardGame.load(path), "Player 1")


def test_the_lesson_has_four_exercises():
    assert [e.id for e in lesson_exercises("08")] == ["08.1", "08.2", "08.3", "08.4"]


def test_08_1_what_sams_box_choices_lost(sams_loaded_report):
    table = sams_loaded_report.table()
    boxes = table[table["kind"] == "box"]
    want = sum(best - got for best, got in zip(boxes["best expected"], boxes["expected"], strict=True))
    assert find_exercise("08.1").target() == pytest.approx(want, abs=1e-9)
    assert 0 < want < sams_loaded_report.total_loss
    assert check("08.1", f"{want:.1f}") and check("08.1", f"{want:.1f}".replace(".", ","))
    assert not check("08.1", f"{want + 0.1:.1f}")
    assert "decimal" in check("08.1", str(round(want))).problem
    assert "every decision" in check("08.1", f"{sams_loaded_report.total_loss:.1f}").hint
    assert "keeps" in check("08.1", f"{sams_loaded_report.total_loss - want:.1f}").hint


def test_08_2_the_advisor_on_a_first_roll_scored_in_chance():
    advice = advise("classic", "dice: 6-6-6-2-1; rolls: 2")
    best = max(ranked.expected for ranked in advice.choices)
    chance = advice.choice("Chance")
    want = best - chance.expected
    assert chance.choice.points == sum(Dice.parse("66621")) == 21
    assert find_exercise("08.2").target() == pytest.approx(want, abs=1e-9)
    assert check("08.2", f"{want:.1f}") and not check("08.2", f"{want - 0.1:.1f}")
    assert "without %" in check("08.2", f"{want:.1f}%").problem
    assert "expected final score" in check("08.2", f"{chance.expected:.1f}").hint
    assert "scores now" in check("08.2", "21.0").hint


def test_08_3_the_dice_of_sams_game(sams_loaded_report):
    report = sams_loaded_report
    assert report.final_score == play_game("heuristic", "classic", rng=2026).totals()[0]
    want = report.final_score - report.start_expected + report.total_loss
    assert find_exercise("08.3").target() == pytest.approx(want, abs=1e-9)
    assert want < 0  # Sam's dice were a little unkind: the sign is part of the answer
    assert check("08.3", f"{want:.1f}") and not check("08.3", f"{-want:.1f}")
    wrong_sign = report.final_score - report.start_expected - report.total_loss
    assert "sign" in check("08.3", f"{wrong_sign:.1f}").hint
    assert "luck" in check("08.3", f"{report.final_score - report.start_expected:.1f}").hint


loss = reference_solution("08.4")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


def test_08_4_a_students_loss_function_passes_on_every_hidden_choice():
    assert check("08.4", loss)
    cases = lesson_08._loss_cases()
    assert len(cases) > 50 and all(chosen in values for values, chosen in cases)


def test_08_4_a_wrong_loss_function_is_refused():
    assert not check("08.4", lambda values, chosen: values[chosen] - min(values.values()))
    assert not check("08.4", lambda values, chosen: max(values.values()) - values[chosen] + 0.01)
    assert "package's own" in check("08.4", lesson_08._package_loss).problem


def test_08_4_a_student_function_cannot_change_the_hidden_values():
    def greedy_loss(values, chosen):
        values.clear()
        return 0.0

    feedback = check("08.4", greedy_loss)
    assert not feedback and "raised" in feedback.problem
    assert check("08.4", loss)
