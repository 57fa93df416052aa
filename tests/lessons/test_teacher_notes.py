"""The teacher notes in docs/teachers are what `python -m dicepoker teacher-notes docs/teachers` writes
(a drift test like the rules pages'), and each holds every exercise's worked answer, computed."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from dicepoker.core.i18n import available_languages, minus_sign
from dicepoker.lessons.exercise_registry import LESSONS, lesson_exercises
from dicepoker.lessons.teacher_notes import answer_text, notes_pages, teacher_notes

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "docs" / "teachers"


@pytest.mark.slow  # 104 pages, every worked answer: classic's final-score spread (cold each session, 9 s)
def test_the_committed_notes_are_what_the_command_writes():
    pages = notes_pages(FOLDER)
    assert len(pages) == len(LESSONS) * len(available_languages()) * 2
    stale = [
        path.name
        for path, text in pages.items()
        if not path.exists() or path.read_text(encoding="utf-8") != text
    ]
    assert not stale, (
        f"run: python -m dicepoker teacher-notes docs/teachers ({len(stale)} pages out of date: {stale[:4]})"
    )


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_exercise_and_its_answer_are_in_the_notes(lesson):
    text = teacher_notes(lesson)
    for exercise in lesson_exercises(lesson):
        assert f"### {exercise.id}" in text
        target = exercise.target()
        if isinstance(target, Fraction) and target.denominator != 1:
            assert f"{target.numerator}/{target.denominator}".replace("-", minus_sign()) in text


def test_a_worked_answer_reads_exactly():
    assert answer_text(Fraction(455, 36)) == "455/36 ≈ 12.6389"
    assert answer_text((0, 29)) == "0; 29"
    assert answer_text(Fraction(1, 6)).endswith("(16.67%)")


@pytest.mark.parametrize("lang", available_languages()[1:])
def test_the_notes_speak_the_language(lang):
    text = teacher_notes("01", lang)
    assert "Teacher notes" not in text and "Reasoning" not in text and "Answer:" not in text


def _notebook(folder: Path, name: str, code: str) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, folder / name)


@pytest.mark.slow
def test_a_lesson_is_timed_only_when_it_runs_to_its_end(tmp_path):
    from dicepoker.core.errors import DicePokerError
    from dicepoker.lessons.teacher_notes import measure

    _notebook(tmp_path, "01_runs.ipynb", "total = sum(range(10))\nassert total == 45")
    _notebook(tmp_path, "02_stops.ipynb", "raise ValueError('a cell that fails')")
    assert measure(["01"], folder=tmp_path)["01"] > 0
    with pytest.raises(DicePokerError, match="did not run to its end"):
        measure(["02"], folder=tmp_path)
