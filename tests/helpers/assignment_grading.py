"""What the assignment tests share: every lesson's assignment built once per test module and language,
the checks made on a student's notebook, and otter's grading of a notebook (no Docker: the autograder
runs here, in a kernel of this environment), timed.

One test file per language (``test_assignments.py`` English, ``test_assignments_ro.py`` Romanian) so
that two workers of the suite share the gradings (``--dist loadfile`` gives a file to one worker).
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from pathlib import Path

from exercise_leaks import find_forms, in_sight, searchable

from dicepoker.core.i18n import _
from dicepoker.lessons.answer_key import written_value
from dicepoker.lessons.assignments import Assignment, write_assignments
from dicepoker.lessons.exercise_bank.reference_solutions import SOURCES
from dicepoker.lessons.exercise_registry import LESSONS, lesson_exercises

TIMINGS: dict[tuple[str, str], list[float]] = defaultdict(list)
"""Seconds each lesson's build and each grading took, by (language, "build" or "grade"); the last
test of each file prints its language's."""


def build_all(folder: Path, lang: str) -> dict[str, Assignment]:
    """Every lesson's assignment in ``lang``, with its answer key, by lesson."""
    built = {}
    for lesson in LESSONS:
        started = time.monotonic()
        (built[lesson],) = write_assignments(folder, (lang,), (lesson,), solved=True)
        TIMINGS[lang, "build"].append(time.monotonic() - started)
    return built


def graded(notebook: Path, assignment: Assignment):
    """otter's grading of ``notebook`` with the assignment's autograder zip (``otter run``'s API)."""
    from otter.api import grade_submission

    started = time.monotonic()
    path = os.environ.get("PATH", "")
    try:
        results = grade_submission(str(notebook), str(assignment.autograder), quiet=True)
    finally:  # otter puts its miniconda folder first on PATH: the worker's next test files get it back
        os.environ["PATH"] = path
    TIMINGS[assignment.lang, "grade"].append(time.monotonic() - started)
    return results


def case_results(results) -> dict[str, list[tuple[bool, str]]]:
    """Each question's test results: (passed, message)."""
    return {
        name: [(case.passed, case.message or "") for case in result.test_case_results]
        for name, result in results.results.items()
    }


def what_a_student_can_read(student: Path) -> str:
    """The whole file a student gets (cells and metadata), as text."""
    return student.read_text(encoding="utf-8")


def leaks(student: Path, lesson: str) -> list[str]:
    """Everything of the answers, the solutions and the hidden tests found in a student's notebook."""
    text = what_a_student_can_read(student)
    markers = ("hidden_verdict", "BEGIN SOLUTION", "test_case(", "def test_")
    found = [marker for marker in markers if marker in text]
    for exercise in lesson_exercises(lesson):
        if exercise.asks_for_code:
            solution_lines = [line.strip() for line in SOURCES.get(exercise.id, "").splitlines()]
            found += [
                f"{exercise.id}: {line}"
                for line in solution_lines
                if len(line) > 25 and not line.startswith(("def ", "from ", "import ")) and line in text
            ]
            continue
        target = exercise.target()
        found += [f"{exercise.id}: {written_value(exercise.form, target)}"] * (
            written_value(exercise.form, target) in text
        )
        for number in searchable(target):
            if in_sight(number):
                found += [f"{exercise.id}: {form} in {context}" for form, context in find_forms(text, number)]
    return found


def say_timings(lang: str) -> None:
    """Print how long the builds and gradings took (``-s`` shows it; the suite never asserts times)."""
    for (where, what), seconds in TIMINGS.items():
        if where == lang and seconds:
            print(
                f"\n{lang}: {len(seconds)} {what}s, {sum(seconds):.1f} s in all, "
                f"{min(seconds):.1f} to {max(seconds):.1f} s each"
            )


def answers_of(notebook: Path) -> dict[str, str]:
    """The answer cells of a notebook, by question name."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return {
        cell["metadata"]["otter"]["tests"][0]: "".join(cell["source"])
        for cell in cells
        if cell.get("metadata", {}).get("otter", {}).get("tests")
    }


def check_solved(assignment: Assignment) -> None:
    """The answer key gets every point: each hidden test passes."""
    results = graded(assignment.solved, assignment)
    failed = {name: cases for name, cases in case_results(results).items() if not all(ok for ok, _ in cases)}
    assert not failed, failed
    assert results.total == results.possible == len(lesson_exercises(assignment.lesson))


def check_unsolved(assignment: Assignment) -> None:
    """The student's notebook as handed out gets no point: each hidden test fails, and fails by the
    exercise's verdict ("Not yet: ...", in the class's language), not by an error of the grader or
    of the test."""
    not_yet = _("Not yet: {problem}", assignment.lang).split("{")[0]
    results = graded(assignment.student, assignment)
    cases = case_results(results)
    assert sorted(cases) == sorted(f"q{e.id.replace('.', '_')}" for e in lesson_exercises(assignment.lesson))
    for name, outcome in cases.items():
        assert len(outcome) == 1, name
        passed, message = outcome[0]
        assert not passed and f"AssertionError: {not_yet}" in message, (name, message)
    assert results.total == 0
