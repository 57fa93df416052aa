"""The assignments with hidden tests (``python -m dicepoker assignments DIR``), in English: every lesson
of the registry built, its student notebook free of answers, solutions and tests, its answer key
graded full marks by otter and its unanswered notebook graded zero. The answer key and the reference
solutions are checked here too; ``test_assignments_ro.py`` grades the Romanian assignments (and reads
the Thai ones) on another worker."""

from __future__ import annotations

import ast
import json

import pytest
from assignment_grading import answers_of, build_all, check_solved, check_unsolved, leaks, say_timings
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker.cli.main import main
from dicepoker.core.errors import UnknownNameError
from dicepoker.lessons.answer_key import right_answer_cell, written_value
from dicepoker.lessons.assignments import hidden_verdict, master_notebook
from dicepoker.lessons.exercise_bank.reference_solutions import SOURCES, answer_name, reference_solution
from dicepoker.lessons.exercise_cells import answer_cells
from dicepoker.lessons.exercise_registry import LESSONS, all_exercises, check, lesson_exercises, wrong_tries

LANG = "en"


@pytest.fixture(scope="module")
def assignments(tmp_path_factory):
    return build_all(tmp_path_factory.mktemp("assignments"), LANG)


GAME_PLAYING_CHECKS = {"04.3", "06.4"}  # the check plays whole games with the strategy or caller (3 s each)


@pytest.mark.parametrize(
    "exercise",
    [
        pytest.param(e, id=e.id, marks=[pytest.mark.slow] if e.id in GAME_PLAYING_CHECKS else [])
        for e in all_exercises()
        if e.asks_for_code
    ],
)
def test_every_code_exercise_has_a_reference_solution_that_passes(exercise):
    assert exercise.id in SOURCES, f"write a reference solution of {exercise.id} in reference_solutions.py"
    assert check(exercise.id, reference_solution(exercise.id))


SWEEPING_ANSWERS = {"09.3"}  # the answer is read from two risk solves of Yatzy (6 s)


@pytest.mark.parametrize(
    "exercise",
    [
        pytest.param(e, id=e.id, marks=[pytest.mark.slow] if e.id in SWEEPING_ANSWERS else [])
        for e in all_exercises()
        if not e.asks_for_code
    ],
)
def test_the_answer_key_writes_each_value_in_the_form_asked(exercise):
    answer = ast.literal_eval(written_value(exercise.form, exercise.target()))
    assert exercise.judge(answer).correct


@pytest.mark.parametrize(
    "lesson",
    [pytest.param(lesson, marks=[pytest.mark.slow] if lesson == "09" else []) for lesson in LESSONS],
)  # lesson 09's right answer to 09.3 needs two risk solves of Yatzy (6 s)
def test_each_answer_cell_hands_in_the_name_its_solution_defines(lesson):
    for cell in answer_cells(lesson):
        if cell.exercise.asks_for_code:
            assert answer_name(SOURCES[cell.exercise.id]) == cell.name
        assert right_answer_cell(cell.exercise, cell.name)


def test_the_reference_solutions_are_no_package_code():
    """The checker refuses the package's functions: the solutions are run from their source."""
    assert reference_solution("01.6").__code__.co_filename == "<reference solution 01.6>"


def test_a_hidden_verdict_says_what_check_says_without_a_hint_or_a_try():
    assert hidden_verdict("03.1", "5/36") == ""
    assert hidden_verdict("03.1", "1/6") == "Not yet."  # check would give the mistake's hint
    assert hidden_verdict("03.1", "0.139").startswith("Not yet: write it as a fraction")
    assert wrong_tries("03.1") == 0


def test_the_master_notebook_holds_the_solutions_and_the_hidden_tests():
    cells = master_notebook("03", LANG)["cells"]
    sources = "\n".join(cell["source"] for cell in cells)
    assert "answer = '5/36'" in sources and "hidden: true" in sources
    assert sources.count("# BEGIN QUESTION") == len(lesson_exercises("03"))
    assert sources.count("hidden_verdict(") == len(lesson_exercises("03"))


def test_the_assignment_holds_the_cells_the_exercises_need():
    """Lesson 04's exercise section sets up `position` from `classic`: both come along."""
    sources = [cell["source"] for cell in master_notebook("04", LANG)["cells"] if cell["cell_type"] == "code"]
    assert any(source.startswith('classic = find_game("classic")') for source in sources)
    assert any(source.startswith("position = TurnView(") for source in sources)


def test_the_command_refuses_an_unknown_lesson_in_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["assignments", str(tmp_path), "--lesson", "99"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err and "Traceback" not in err


@pytest.mark.slow
def test_every_lesson_of_the_registry_has_an_assignment(assignments):
    assert sorted(assignments) == sorted(LESSONS)
    for assignment in assignments.values():
        assert assignment.student.exists() and assignment.autograder.exists() and assignment.solved.exists()


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_student_notebook_holds_no_answer_no_solution_and_no_test(assignments, lesson):
    assert not leaks(assignments[lesson].student, lesson)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_answer_cells_are_the_lessons_own(assignments, lesson):
    student = answers_of(assignments[lesson].student)
    assert list(student.values()) == [cell.prompt for cell in answer_cells(lesson)]
    text = json.loads(assignments[lesson].student.read_text(encoding="utf-8"))["cells"][0]["source"]
    assert "tests you do not see" in "".join(text)


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_answer_key_gets_every_point(assignments, lesson):
    check_solved(assignments[lesson])


@pytest.mark.slow
@pytest.mark.parametrize("lesson", LESSONS)
def test_the_unanswered_notebook_gets_no_point(assignments, lesson):
    check_unsolved(assignments[lesson])


@pytest.mark.slow
def test_say_how_long_it_took(assignments):
    say_timings(LANG)


def test_a_code_exercise_without_a_reference_solution_is_still_handed_out(monkeypatch):
    """A new lesson's code exercise gets its student and autograder notebooks at once; only the answer
    key waits for its reference solution, and says so."""
    monkeypatch.delitem(SOURCES, "01.6")
    cells = master_notebook("01", LANG)["cells"]
    assert any("def three_of_a_kind(dice):\n    ...  # your code" in cell["source"] for cell in cells)
    with pytest.raises(UnknownNameError, match="01.6 has no reference solution"):
        right_answer_cell(lesson_exercises("01")[-1], "three_of_a_kind")


def test_a_folder_that_cannot_be_written_is_said_in_one_line(tmp_path, capsys):
    blocked = tmp_path / "a file"
    blocked.write_text("not a folder", encoding="utf-8")
    assert main(["assignments", str(blocked / "inside"), "--lesson", "01", "--lang", "ro"]) == 2
    err = capsys.readouterr().err
    assert "nu se pot scrie temele" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1


@pytest.mark.slow
def test_the_command_writes_one_lesson_in_every_language_with_its_answer_key(tmp_path, capsys):
    assert main(["assignments", str(tmp_path), "--lesson", "01", "--all-languages", "--solved"]) == 0
    assert capsys.readouterr().out.startswith("wrote 4 assignments in ")
    for lang in ("en", "ro", "th", "uk"):
        folder = tmp_path / lang / "01_play_dice_poker"
        assert (folder / "student" / "01_play_dice_poker.ipynb").exists()
        assert (folder / "solved" / "01_play_dice_poker.ipynb").exists()
        assert len(list((folder / "autograder").glob("*.zip"))) == 1
