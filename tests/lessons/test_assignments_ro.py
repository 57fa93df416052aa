"""The assignments with hidden tests in Romanian (graded by otter on this worker while
``test_assignments.py`` grades the English ones), and the Thai ones read for leaks."""

from __future__ import annotations

import pytest
from assignment_grading import build_all, check_solved, check_unsolved, leaks, say_timings

from dicepoker.core.i18n import _
from dicepoker.lessons.assignments import INSTRUCTIONS, master_notebook
from dicepoker.lessons.exercise_registry import LESSONS, lesson_exercises

LANG = "ro"
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def assignments(tmp_path_factory):
    return build_all(tmp_path_factory.mktemp("assignments"), LANG)


@pytest.fixture(scope="module")
def thai(tmp_path_factory):
    return build_all(tmp_path_factory.mktemp("thai"), "th")


@pytest.mark.parametrize("lang", [LANG, "th", "uk"])
def test_the_questions_and_instructions_are_in_the_class_language(lang):
    text = "\n".join(cell["source"] for cell in master_notebook("02", lang)["cells"])
    assert _(INSTRUCTIONS, lang).split("`")[0] in text
    for exercise in lesson_exercises("02"):
        assert _(exercise.question, lang) in text and _(exercise.question, lang) != exercise.question


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_student_notebook_holds_no_answer_no_solution_and_no_test(assignments, thai, lesson):
    assert not leaks(assignments[lesson].student, lesson)
    assert not leaks(thai[lesson].student, lesson)


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_answer_key_gets_every_point(assignments, lesson):
    check_solved(assignments[lesson])


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_unanswered_notebook_gets_no_point(assignments, lesson):
    check_unsolved(assignments[lesson])


def test_say_how_long_it_took(assignments, thai):
    say_timings(LANG)
    say_timings("th")
