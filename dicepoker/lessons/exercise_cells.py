"""A lesson's exercise cells, read from its notebook: which cell answers which exercise, what the
student writes there, and which other cells the exercises need to run.

An exercise cell ends with ``check("03.4", name)``: the code before that line is the student's part
(``answer = ...``, or the function to write), ``name`` is what is handed in. The assignments
(:mod:`dicepoker.lessons.assignments`) are built from these.

>>> [cell.exercise.id for cell in answer_cells("03")], answer_cells("03")[-1].name
(['03.1', '03.2', '03.3', '03.4'], 'trial')
"""

from __future__ import annotations

import ast
import builtins
import json
from dataclasses import dataclass
from pathlib import Path

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import SOURCE_LANGUAGE, format_message
from dicepoker.lessons.exercise_record import Exercise
from dicepoker.lessons.exercise_registry import find_exercise, lesson_exercises
from dicepoker.lessons.teacher_notes import NOTEBOOKS, lesson_path

CHECK_CALL = "check"


@dataclass(frozen=True)
class AnswerCell:
    """One exercise cell of a lesson: the exercise, the student's code before its ``check`` line, and
    the name the ``check`` call hands in (``answer``, ``trial``)."""

    exercise: Exercise
    prompt: str
    name: str


def _check_call(node: ast.stmt) -> tuple[str, str] | None:
    """``("03.4", "trial")`` for the statement ``check("03.4", trial)``, else None."""
    if not (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)):
        return None
    call = node.value
    if not (isinstance(call.func, ast.Name) and call.func.id == CHECK_CALL and len(call.args) == 2):
        return None
    first, second = call.args
    if isinstance(first, ast.Constant) and isinstance(first.value, str) and isinstance(second, ast.Name):
        return first.value, second.id
    return None


def answer_cell(source: str) -> AnswerCell | None:
    """The exercise cell in ``source`` (a cell that ends with ``check("NN.M", name)``), else None.

    >>> cell = answer_cell('answer = ...  # your answer\\ncheck("01.1", answer)')
    >>> cell.exercise.id, cell.prompt, cell.name
    ('01.1', 'answer = ...  # your answer', 'answer')
    """
    try:
        body = ast.parse(source).body
    except SyntaxError:
        return None
    found = _check_call(body[-1]) if body else None
    if found is None:
        return None
    lines = source.splitlines()
    prompt = "\n".join(lines[: body[-1].lineno - 1]).rstrip()
    return AnswerCell(find_exercise(found[0]), prompt, found[1])


def _code_cells(path: Path) -> tuple[list[str], int]:
    """A lesson's code cells, and the index of the first that belongs to its exercise section (the
    section whose heading, a ``## `` markdown cell, comes last before the first exercise cell)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code: list[str] = []
    section_start = 0
    for cell in cells:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.startswith("## ") and not any(map(answer_cell, code)):
            section_start = len(code)
        elif cell["cell_type"] == "code":
            code.append(source)
    return code, section_start


def _names(source: str) -> tuple[set[str], set[str]]:
    """The names a cell defines at its top level and the names it reads that it does not define first
    (none for a cell that is no Python, an IPython magic say).

    >>> [sorted(names) for names in _names("x = f(y)\\nimport math")]
    [['math', 'x'], ['f', 'y']]
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return set(), set()
    defined: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            defined |= {(alias.asname or alias.name).split(".")[0] for alias in node.names}
        else:
            defined |= {
                n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
            }
    read = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    return defined, read - defined - set(dir(builtins))


def setup_cells(lesson: str, lang: str = SOURCE_LANGUAGE, folder: Path = NOTEBOOKS) -> list[str]:
    """The code the assignment runs before its questions: the lesson's first cell (its imports and
    ``set_language``), the other code cells of its exercise section that are no exercise, and every
    earlier cell that defines a name these read (so ``position = TurnView(classic, ...)`` finds
    ``classic``), in the lesson's order."""
    cells, section_start = _code_cells(lesson_path(lesson, lang, folder))
    section = [i for i in range(section_start, len(cells)) if not answer_cell(cells[i])]
    chosen = {0, *section}
    wanted = set().union(*(_names(cells[i])[1] for i in chosen))
    while wanted:
        known = set().union(*(_names(cells[i])[0] for i in chosen))
        missing = wanted - known
        if not missing:
            break
        name = missing.pop()
        source_cell = next((i for i in range(section_start - 1, -1, -1) if name in _names(cells[i])[0]), None)
        if source_cell is None:  # not the lesson's (a name a stub reads at run time): nothing to add
            wanted.discard(name)
            continue
        chosen.add(source_cell)
        wanted = (wanted | _names(cells[source_cell])[1]) - {name}
    return [cells[i] for i in sorted(chosen)]


def answer_cells(lesson: str, lang: str = SOURCE_LANGUAGE, folder: Path = NOTEBOOKS) -> list[AnswerCell]:
    """The lesson's exercise cells in order, one for each registered exercise."""
    found = [
        cell for source in _code_cells(lesson_path(lesson, lang, folder))[0] if (cell := answer_cell(source))
    ]
    if [cell.exercise.id for cell in found] != [exercise.id for exercise in lesson_exercises(lesson)]:
        raise DicePokerError(
            format_message(
                "the exercise cells of lesson {lesson} are not its registered exercises", lesson=lesson
            )
        )
    return found
