"""Assignments with hidden tests: each lesson's exercises as an otter-grader assignment, in each language.

For a lesson and a language, :func:`master_notebook` builds otter's master notebook from the exercise
registry: the lesson's setup cell (its imports and ``set_language``) and the few cells its exercise
section needs, then one question per registered exercise with the question in the class's language,
the lesson's own answer cell as the prompt (``answer = ...`` or a function stub, without its ``check``
line), the right answer as the solution (:mod:`dicepoker.lessons.answer_key`) and one hidden test
that asks the exercise's judge for its verdict (:func:`hidden_verdict`: the verdict ``check`` gives,
without a hint, a print or a line in the class record). ``otter assign`` then writes the student
notebook (no solution, no test) and the autograder zip (the hidden tests). docs/assignments.md says
why the assignment holds the exercise section and not the whole lesson.

    python -m dicepoker assignments DIR                   # every lesson, in the language of --lang
    python -m dicepoker assignments DIR --all-languages --solved

>>> cells = master_notebook("01", "en")["cells"]
>>> cells[0]["source"].splitlines()[0], sum(c["source"].startswith("# BEGIN QUESTION") for c in cells)
('# ASSIGNMENT CONFIG', 6)
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import SOURCE_LANGUAGE, _, format_message, in_language
from dicepoker.core.version import __version__
from dicepoker.core.words import N_
from dicepoker.lessons.answer_key import has_right_answer, right_answer_cell
from dicepoker.lessons.exercise_cells import AnswerCell, answer_cells, setup_cells
from dicepoker.lessons.exercise_record import Exercise
from dicepoker.lessons.exercise_registry import LESSONS, find_exercise, lesson_exercises
from dicepoker.lessons.exercises import Feedback, shown
from dicepoker.lessons.teacher_notes import NOTEBOOKS, lesson_path, title_and_goals

INSTRUCTIONS = N_(
    "Run the first cell, then write your answer in each cell below, in the form its question asks, "
    "and hand in this notebook. Your answers are checked after you hand it in, by tests you do not "
    "see. Work them out in the lesson's notebook, `{lesson}`: the questions use its sections."
)


def question_name(exercise: Exercise) -> str:
    """otter's name of an exercise's question: ``q03_4``."""
    return "q" + exercise.id.replace(".", "_")


def hidden_verdict(exercise_id: str, answer: object) -> str:
    """What a hidden test says: ``""`` when ``answer`` is right, else why not (no hint is given, and
    nothing is printed or recorded: the same verdict as ``check``, without its side effects).

    >>> hidden_verdict("01.1", "27"), hidden_verdict("01.1", "26"), hidden_verdict("01.1", ...)
    ('', 'Not yet.', 'Not yet: write it like 17')
    """
    exercise = find_exercise(exercise_id)
    verdict = exercise.judge(answer)
    if verdict.correct:
        return ""
    return str(Feedback(False, shown(answer), "", verdict.problem))


def _hidden_test(cell: AnswerCell) -> str:
    return (
        '""" # BEGIN TEST CONFIG\nhidden: true\n""" # END TEST CONFIG\n'
        f"def test_{question_name(cell.exercise)}({cell.name}):\n"
        "    from dicepoker.lessons.assignments import hidden_verdict\n\n"
        f"    problem = hidden_verdict({cell.exercise.id!r}, {cell.name})\n"
        "    assert not problem, problem\n"
    )


def _config(name: str) -> str:
    return "\n".join(
        [
            "# ASSIGNMENT CONFIG",
            f"name: {name}",
            "init_cell: false",
            "check_all_cell: false",
            "export_cell: false",
            "run_tests: false",
            "generate: true",
            "requirements:",  # what a grading image installs (Gradescope); `otter run` uses this Python
            f"  - dicepoker=={__version__}",
            "tests:",
            "  files: false",
            "  ok_format: false",
        ]
    )


def _answer_source(cell: AnswerCell) -> str:
    """The answer cell of the master notebook: the right answer, which ``otter assign`` removes from
    the student's notebook, then the lesson's prompt (a string in the master, code for the student).

    >>> from dicepoker.lessons.exercise_cells import answer_cells
    >>> _answer_source(answer_cells("01")[0]).splitlines()[:3]
    ['# BEGIN SOLUTION NO PROMPT', "answer = '27'", '# END SOLUTION']
    """
    if '"""' in cell.prompt:
        raise AssertionError(f"the answer cell of {cell.exercise.id} holds triple quotes")
    # a code exercise still without a reference solution keeps its prompt: only --solved needs one
    solution = right_answer_cell(cell.exercise, cell.name) if has_right_answer(cell.exercise) else cell.prompt
    return (
        f"# BEGIN SOLUTION NO PROMPT\n{solution}\n# END SOLUTION\n"
        f'""" # BEGIN PROMPT\n{cell.prompt}\n""" # END PROMPT'
    )


Notebook = dict[str, Any]
"""A notebook as its JSON (nbformat 4.5), written without nbformat: the kit does not depend on it."""


def new_cell(kind: str, source: str) -> dict[str, Any]:
    """A notebook cell of ``kind`` (``code``, ``markdown``, ``raw``) holding ``source``, unrun."""
    cell: dict[str, Any] = {"cell_type": kind, "metadata": {}, "source": source}
    if kind == "code":
        cell |= {"execution_count": None, "outputs": []}
    return cell


def raw(source: str) -> dict[str, Any]:
    return new_cell("raw", source)


def code(source: str) -> dict[str, Any]:
    return new_cell("code", source)


def markdown(source: str) -> dict[str, Any]:
    return new_cell("markdown", source)


def _question(cell: AnswerCell, lang: str) -> list[dict[str, Any]]:
    exercise = cell.exercise
    text = f"**{exercise.number}.** {_(exercise.question, lang)}"
    return [
        raw(f"# BEGIN QUESTION\nname: {question_name(exercise)}\npoints: 1\ncheck_cell: false"),
        markdown(text),
        raw("# BEGIN SOLUTION"),
        code(_answer_source(cell)),
        raw("# END SOLUTION"),
        raw("# BEGIN TESTS"),
        code(_hidden_test(cell)),
        raw("# END TESTS"),
        raw("# END QUESTION"),
    ]


def assignment_name(lesson: str, folder: Path = NOTEBOOKS) -> str:
    """The assignment's name: the English lesson's file name (``03_three_rolls``), in every language."""
    return lesson_path(lesson, SOURCE_LANGUAGE, folder).stem


def master_notebook(lesson: str, lang: str = SOURCE_LANGUAGE, folder: Path = NOTEBOOKS) -> Notebook:
    """otter's master notebook of one lesson in ``lang``: questions, prompts, solutions, hidden tests."""
    with in_language(lang):
        path = lesson_path(lesson, lang, folder)
        title, _goals = title_and_goals(path)
        heading = format_message("Assignment · {title}", title=title)
        intro = format_message(INSTRUCTIONS, lesson=path.name)
    cells = [
        raw(_config(assignment_name(lesson, folder))),
        markdown(f"# {heading}\n\n{intro}"),
        *[code(source) for source in setup_cells(lesson, lang, folder)],
    ]
    for cell in answer_cells(lesson, lang, folder):
        cells += _question(cell, lang)
    lesson_metadata = json.loads(path.read_text(encoding="utf-8"))["metadata"]
    for number, cell in enumerate(cells):
        cell["id"] = f"{lesson}-{number}"
    return {"cells": cells, "metadata": lesson_metadata, "nbformat": 4, "nbformat_minor": 5}


def read_notebook(path: Path) -> Notebook:
    """A notebook file as its JSON, each cell's source one string."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook["cells"]:
        cell["source"] = "".join(cell["source"])
    return notebook


def write_notebook(notebook: Notebook, path: Path) -> None:
    """Write a notebook's JSON (as Jupyter writes it: one-space indents, text kept as it is)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


@dataclass(frozen=True)
class Assignment:
    """Where one lesson's assignment in one language was written."""

    lesson: str
    lang: str
    folder: Path

    @property
    def student(self) -> Path:
        """The student's notebook: the questions and prompts, no solution, no test."""
        return self.folder / "student" / f"{self.folder.name}.ipynb"

    @property
    def autograder(self) -> Path:
        """otter's autograder zip (the hidden tests), for ``otter run -a``."""
        return next((self.folder / "autograder").glob("*autograder*.zip"))

    @property
    def solved(self) -> Path:
        """The answer key: the student's notebook with every answer cell answered right."""
        return self.folder / "solved" / f"{self.folder.name}.ipynb"


def otter_assign(master: Path, out: Path) -> None:
    """Run ``otter assign`` on a master notebook, in this process (otter is imported once, however
    many lessons are written); without PDFs and without running the tests (``tests/test_assignments.py``
    grades the notebooks). What otter prints is kept out of sight; a failure is one clear error."""
    try:
        from otter.assign import main as assign
    except ImportError as err:
        raise DicePokerError(_("`otter-grader` is not installed: `pip install otter-grader`")) from err
    said = io.StringIO()
    try:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            assign(str(master), str(out), no_pdfs=True, no_run_tests=True)
    except Exception as err:  # noqa: BLE001 - otter may fail in any way: say how, in one line
        reason = " ".join(f"{type(err).__name__}: {err}".split())
        raise DicePokerError(
            format_message(
                "`otter assign` failed on {notebook}: {reason}", notebook=master.name, reason=reason
            )
        ) from err


def solved_notebook(student: Notebook, lesson: str) -> Notebook:
    """The student's notebook with each answer cell replaced by the right answer (the answer key)."""
    solved = copy.deepcopy(student)
    prompts = [cell for cell in solved["cells"] if cell["cell_type"] == "code" and is_answer_cell(cell)]
    exercises = lesson_exercises(lesson)
    if len(prompts) != len(exercises):
        raise DicePokerError(
            format_message(
                "the exercise cells of lesson {lesson} are not its registered exercises", lesson=lesson
            )
        )
    for cell, exercise, answer in zip(prompts, exercises, _answer_names(lesson), strict=True):
        cell["source"] = right_answer_cell(exercise, answer)
    return solved


def is_answer_cell(cell: dict[str, Any]) -> bool:
    """Whether a cell of the student's notebook is an answer cell (otter tags it so)."""
    return "otter_answer_cell" in cell.get("metadata", {}).get("tags", [])


def _answer_names(lesson: str) -> list[str]:
    return [cell.name for cell in answer_cells(lesson)]


def write_assignment(
    out: Path, lesson: str, lang: str = SOURCE_LANGUAGE, *, solved: bool = False, folder: Path = NOTEBOOKS
) -> Assignment:
    """Write one lesson's assignment in ``lang`` under ``out/lang/NAME/``: ``master/`` (otter's master
    notebook, with solutions and tests: the teacher's), ``student/``, ``autograder/`` and, with
    ``solved``, ``solved/`` (the answer key)."""
    name = assignment_name(lesson, folder)
    where = Path(out) / lang / name
    master = where / "master" / f"{name}.ipynb"
    write_notebook(master_notebook(lesson, lang, folder), master)
    otter_assign(master, where)
    assignment = Assignment(lesson, lang, where)
    if solved:
        write_notebook(solved_notebook(read_notebook(assignment.student), lesson), assignment.solved)
    return assignment


def write_assignments(
    out: str | Path,
    languages: Iterable[str] = (SOURCE_LANGUAGE,),
    lessons: Iterable[str] = LESSONS,
    *,
    solved: bool = False,
    folder: Path = NOTEBOOKS,
) -> list[Assignment]:
    """Write the assignment of every lesson (of ``lessons``) in every language of ``languages``."""
    return [
        write_assignment(Path(out), lesson, lang, solved=solved, folder=folder)
        for lang in languages
        for lesson in lessons
    ]
