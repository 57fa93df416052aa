"""Teacher notes, generated: for each lesson, its goals, what it assumes, the minutes it takes, and
every exercise with its worked answer, the reasoning, and the mistakes students commonly make.

The notes are made from the exercise registry and the package's own numbers (never typed by hand),
in each language, as Markdown and as a printable HTML page:

    python -m dicepoker teacher-notes docs/teachers            # write every lesson in every language
    python -m dicepoker teacher-notes docs/teachers --measure  # and time each lesson's run first

``tests/lessons/test_teacher_notes.py`` fails when a committed page differs from what the command writes.

>>> from fractions import Fraction
>>> print(answer_text(Fraction(25, 648)))
25/648 ≈ 0.0386 (3.86%)
"""

from __future__ import annotations

import html
import json
import math
import re
import time
from collections.abc import Iterable
from fractions import Fraction
from pathlib import Path

from dicepoker.core.errors import DicePokerError
from dicepoker.core.i18n import (
    SOURCE_LANGUAGE,
    _,
    available_languages,
    format_message,
    format_number,
    format_percent,
    in_language,
    minus_sign,
    ngettext,
)
from dicepoker.core.words import N_
from dicepoker.lessons.exercise_record import Exercise, Simulation
from dicepoker.lessons.exercise_registry import LESSONS, lesson_exercises

CODE_ANSWER = N_(
    "**Answer:** a function the student writes; the check calls it on inputs the student does not see "
    "and compares each result with the package's exact value."
)
ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
TIMINGS = "timings.json"
WORDS_PER_MINUTE = 150
"""A student's reading pace for a lesson's prose (slower than plain reading: it has formulas)."""

ASSUMES = {
    "01": N_("nothing: it is the first lesson (its few lines of `Python` are explained as they come)"),
    "02": N_("lesson 01 (the boxes and combinations); counting with factorials and binomial coefficients"),
    "03": N_("lesson 02 (one roll's chances); a probability tree of two or three steps"),
    "04": N_("lessons 01 to 03 (scores, one roll, three rolls); expected value; a `Python` function"),
    "05": N_("lessons 01 to 04 (the scorecard games, expected value, the solver)"),
    "06": N_("lessons 02 and 03 (one roll and three rolls); conditional probability"),
    "07": N_("lessons 02 and 03 (one roll and three rolls)"),
    "08": N_("lesson 04 (the optimal strategy and hints)"),
    "09": N_("lessons 04 and 05 (the solver); the exponential and logarithm functions"),
    "10": N_("lesson 06 (the bluff game); expected value of a game between two players"),
    "11": N_("lessons 02 and 04 (one roll's chances, expected value, the solver); a `Python` function"),
    "12": N_(
        "lessons 03 and 05 (a turn as a Markov chain); the sum of a geometric series; "
        "solving a small linear system"
    ),
    "13": N_(
        "lessons 02 and 11 (one roll's chances, the sum of many dice and the normal curve); "
        "simulating with a seed"
    ),
}
"""What each lesson takes for granted, in a line a teacher reads before the class."""


def lesson_path(lesson: str, lang: str = SOURCE_LANGUAGE, folder: Path = NOTEBOOKS) -> Path:
    """The lesson's notebook in ``lang``."""
    where = folder if lang == SOURCE_LANGUAGE else folder / lang
    found = sorted(where.glob(f"{lesson}_*.ipynb"))
    if not found:
        raise FileNotFoundError(f"no notebook of lesson {lesson} in {where}")
    return found[0]


def _markdown_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]


def title_and_goals(path: Path) -> tuple[str, list[str]]:
    """A lesson's title and its learning goals (the numbered list of its first cell)."""
    first = _markdown_cells(path)[0]
    title = next(line.lstrip("# ").strip() for line in first.splitlines() if line.startswith("#"))
    goals = [
        re.sub(r"^\d+\.\s*", "", line).strip() for line in first.splitlines() if re.match(r"^\d+\.\s", line)
    ]
    return title, goals


def reading_minutes(path: Path) -> int:
    """Minutes to read a lesson's prose at :data:`WORDS_PER_MINUTE` (whole minutes, rounded up)."""
    words = sum(len(text.split()) for text in _markdown_cells(path))
    return max(1, math.ceil(words / WORDS_PER_MINUTE))


def answer_text(value: object) -> str:
    """A worked answer as a teacher reads it: the exact fraction with its decimal (and percentage).

    >>> answer_text((Fraction(0), Fraction(29))), answer_text(Fraction(-73, 4))
    ('0; 29', '−73/4 ≈ −18.25')
    """
    if isinstance(value, tuple | list):
        return "; ".join(answer_text(part) for part in value)
    if isinstance(value, float):  # a value the package computes in floating point: its decimals
        return format_number(value, digits=4)
    if isinstance(value, Fraction | int) and not isinstance(value, bool):
        number = Fraction(value)
        top = f"{minus_sign() if number < 0 else ''}{abs(number.numerator)}"  # the digits a student types
        if number.denominator == 1:
            return top
        shown = f"{top}/{number.denominator} ≈ {format_number(float(number), digits=4)}"
        return shown + (f" ({format_percent(number, digits=2)})" if 0 < number < 1 else "")
    return str(value)


def exercise_section(exercise: Exercise) -> list[str]:
    """The notes of one exercise: its question, worked answer, reasoning and common mistakes."""
    lines = [f"### {exercise.id}", "", _(exercise.question), ""]
    if exercise.asks_for_code:
        lines.append("* " + _(CODE_ANSWER))
        if isinstance(exercise.form, Simulation):
            lines.append(
                "* "
                + format_message(
                    "**The exact chance it is checked against:** {answer}",
                    answer=answer_text(exercise.target()),
                )
            )
    else:
        lines.append("* " + format_message("**Answer:** {answer}", answer=answer_text(exercise.target())))
    if exercise.hints:
        lines.append("* " + _("**Reasoning** (the hints, in the order the checker gives them):"))
        lines += [f"  {number}. {_(hint)}" for number, hint in enumerate(exercise.hints, 1)]
    mistakes = list(exercise.mistakes())
    if mistakes:
        lines.append("* " + _("**Common mistakes** (the checker answers each with its own hint):"))
        lines += [f"  * {answer_text(wrong)}: {_(hint)}" for wrong, hint in mistakes]
    return [*lines, ""]


def teacher_notes(
    lesson: str, lang: str = SOURCE_LANGUAGE, *, seconds: float | None = None, folder: Path = NOTEBOOKS
) -> str:
    """The Markdown page of one lesson's teacher notes in ``lang``."""
    with in_language(lang):
        path = lesson_path(lesson, lang, folder)
        title, goals = title_and_goals(path)
        reading = reading_minutes(path)
        exercises = lesson_exercises(lesson)
        heading = _("Teacher notes")
        lines = [f"# {heading} · {title}", ""]
        lines += [
            f"## {_('What the students learn')}",
            "",
            *[f"{n}. {goal}" for n, goal in enumerate(goals, 1)],
            "",
        ]
        lines += ["## " + _("What the lesson assumes"), "", _(ASSUMES[lesson]), ""]
        lines += ["## " + _("Time"), ""]
        lines.append(
            "* "
            + format_message(
                ngettext("reading: about {n} minute", "reading: about {n} minutes", reading), n=reading
            )
        )
        if seconds is not None:
            lines.append(
                "* "
                + format_message(
                    "running every cell: {seconds} s on the kit's test machine", seconds=round(seconds)
                )
            )
        count = len(exercises)
        lines.append("* " + format_message(ngettext("{n} exercise", "{n} exercises", count), n=count))
        lines += ["", "## " + _("Exercises and their answers"), ""]
        for exercise in exercises:
            lines += exercise_section(exercise)
        return "\n".join(lines).rstrip() + "\n"


def page_name(lesson: str, lang: str, folder: Path = NOTEBOOKS) -> str:
    """The file name of a lesson's notes: ``03_three_rolls.md``, ``03_three_rolls.ro.md``."""
    stem = lesson_path(lesson, SOURCE_LANGUAGE, folder).stem
    return f"{stem}.md" if lang == SOURCE_LANGUAGE else f"{stem}.{lang}.md"


def printable(markdown: str, title: str) -> str:
    """A lesson's notes as one printable HTML page (print it, or save it as PDF from the browser)."""
    import mistune

    body = mistune.html(markdown)
    style = "body{font-family:sans-serif;max-width:46em;margin:2em auto;line-height:1.45}h3{margin-top:1.6em}"
    return (
        f"<!DOCTYPE html>\n<html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        f"<style>{style}</style></head><body>\n{body}</body></html>\n"
    )


def measure(lessons: Iterable[str] = LESSONS, folder: Path = NOTEBOOKS) -> dict[str, float]:
    """Seconds each English lesson takes to run top to bottom (nbval, one kernel)."""
    import subprocess
    import sys

    found = {}
    for lesson in lessons:
        started = time.monotonic()
        path = lesson_path(lesson, folder=folder)
        ran = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "-n",
                "0",
                "--nbval-lax",
                "--nbval-current-env",
                str(path),
            ],
            check=False,
            capture_output=True,
            text=True,
        )
        if ran.returncode != 0:  # a timing of a run that failed would be no lesson's time
            last = (ran.stdout.strip().splitlines() or [""])[-1]
            raise DicePokerError(
                format_message(
                    "lesson {lesson} did not run to its end ({path}): {last}",
                    lesson=lesson,
                    path=path.name,
                    last=last,
                )
            )
        found[lesson] = round(time.monotonic() - started, 1)
    return found


def notes_pages(out: Path, folder: Path = NOTEBOOKS) -> dict[Path, str]:
    """Every page the command writes (Markdown and HTML, every lesson, every language), by path."""
    timings_file = out / TIMINGS
    timings = json.loads(timings_file.read_text(encoding="utf-8")) if timings_file.exists() else {}
    pages = {}
    for lesson in LESSONS:
        for lang in available_languages():
            text = teacher_notes(lesson, lang, seconds=timings.get(lesson), folder=folder)
            name = page_name(lesson, lang, folder)
            pages[out / name] = text
            pages[out / name.replace(".md", ".html")] = printable(text, text.splitlines()[0].lstrip("# "))
    return pages


def write_teacher_notes(
    out: str | Path, *, measure_first: bool = False, folder: Path = NOTEBOOKS
) -> list[Path]:
    """Write every lesson's notes into ``out`` (and, with ``measure_first``, time the lessons first)."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    if measure_first:
        (out / TIMINGS).write_text(json.dumps(measure(folder=folder), indent=1) + "\n", encoding="utf-8")
    written = []
    for path, text in notes_pages(out, folder).items():
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written
