"""Every lesson's exercises by id, and ``check``: a student's answer judged in the form asked.

``check("03.4", answer)`` finds exercise 4 of lesson 03, computes its answer with the package,
judges the answer in the form the exercise asks (a fraction, digits, whole points, a function...)
and says "Right!" or what to fix, in the class's language; each wrong try brings the next hint.
``check(answer, target)`` with an explicit target keeps working for a teacher's own exercise.

>>> str(check("01.1", ...))
'Not yet: replace ... by your answer, like 17'
>>> find_exercise("01.1").lesson, [e.id for e in lesson_exercises("01")][:2]
('01', ['01.1', '01.2'])
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from importlib import import_module

from dicepoker.core.errors import UnknownNameError
from dicepoker.core.i18n import format_message
from dicepoker.lessons.class_record import record_attempt
from dicepoker.lessons.exercise_record import EXERCISE_ID, Exercise
from dicepoker.lessons.exercises import Feedback, shown
from dicepoker.lessons.exercises import check as check_against

LESSONS = ("01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13")
"""The lessons whose exercises are registered, each in ``dicepoker.lessons.exercise_bank.lesson_NN``."""

_wrong_tries: dict[str, int] = {}
"""How many wrong answers each exercise has had in this session (it chooses the hint shown)."""
_hints_shown: dict[str, int] = {}
"""How many hints each exercise has shown in this session (the class record keeps the count)."""


@cache
def lesson_exercises(lesson: str) -> tuple[Exercise, ...]:
    """The exercises of one lesson, in order."""
    if lesson not in LESSONS:
        raise UnknownNameError(
            format_message(
                "no lesson {lesson}; the lessons are {lessons}",
                lesson=repr(lesson),
                lessons=", ".join(LESSONS),
            )
        )
    found = import_module(f"dicepoker.lessons.exercise_bank.lesson_{lesson}").EXERCISES
    ids = [exercise.id for exercise in found]
    if ids != [f"{lesson}.{n}" for n in range(1, len(found) + 1)]:
        raise AssertionError(f"lesson {lesson}'s exercises are numbered {ids}")
    return tuple(found)


def all_exercises() -> Iterator[Exercise]:
    """Every registered exercise, lesson by lesson."""
    for lesson in LESSONS:
        yield from lesson_exercises(lesson)


def find_exercise(exercise_id: str) -> Exercise:
    """The exercise named ``exercise_id`` (``"03.4"``), or a clear error."""
    if not isinstance(exercise_id, str) or not EXERCISE_ID.fullmatch(exercise_id):
        raise UnknownNameError(
            format_message("exercise ids look like '03.4', not {id}", id=shown(exercise_id))
        )
    lesson, number = exercise_id.split(".")
    found = lesson_exercises(lesson)
    if int(number) > len(found):
        raise UnknownNameError(
            format_message(
                "lesson {lesson} has exercises {first} to {last}, not {id}",
                lesson=lesson,
                first=found[0].id,
                last=found[-1].id,
                id=exercise_id,
            )
        )
    return found[int(number) - 1]


def is_exercise_id(text: object) -> bool:
    """Whether ``text`` names a registered exercise (``"03.4"``) rather than being an answer.

    Only an exercise that exists counts: ``"12.64"`` is an answer (lesson 12 has no exercise 64).

    >>> is_exercise_id("01.4"), is_exercise_id("01.64"), is_exercise_id("12,64"), is_exercise_id(1.4)
    (True, False, False, False)
    """
    if not (isinstance(text, str) and EXERCISE_ID.fullmatch(text) and text[:2] in LESSONS):
        return False
    try:
        return int(text[3:]) <= len(lesson_exercises(text[:2]))
    except ModuleNotFoundError:
        return False


def wrong_tries(exercise_id: str) -> int:
    """How many wrong answers an exercise has had in this session."""
    return _wrong_tries.get(exercise_id, 0)


def forget_tries() -> None:
    """Start every exercise afresh (a new session, or a test)."""
    _wrong_tries.clear()
    _hints_shown.clear()


def hints_shown(exercise_id: str) -> int:
    """How many hints an exercise has shown in this session."""
    return _hints_shown.get(exercise_id, 0)


def _placeholder(answer: object) -> bool:
    if answer is ...:
        return True
    if isinstance(answer, tuple | list):
        return bool(answer) and all(part is ... for part in answer)
    return False


def check_exercise(exercise: Exercise, answer: object) -> Feedback:
    """Judge ``answer`` to ``exercise`` (right, or what to fix and the hint its wrong tries have earned),
    and append it to the class record when a class folder is set."""
    feedback = _judged(exercise, answer)
    if feedback.hint:
        _hints_shown[exercise.id] = hints_shown(exercise.id) + 1
    if not _placeholder(answer):
        record_attempt(exercise.id, feedback.answer, feedback.correct, hints_shown(exercise.id))
    return feedback


def _judged(exercise: Exercise, answer: object) -> Feedback:
    if _placeholder(answer):
        problem = format_message(
            "replace ... by your answer, like {example}", example=exercise.form.example(exercise.target())
        )
        return Feedback(False, shown(answer), "", problem)
    verdict = exercise.judge(answer)
    if verdict.correct:
        return Feedback(True, shown(answer))
    if verdict.problem:  # the form needs fixing: no try counted, no hint spent
        return Feedback(False, shown(answer), "", verdict.problem)
    _wrong_tries[exercise.id] = wrong_tries(exercise.id) + 1
    hint = exercise.mistake_hint(answer) or exercise.hint(wrong_tries(exercise.id))
    return Feedback(False, shown(answer), hint)


def check(exercise_or_answer: object, answer_or_target: object = None, /, **explicit: object) -> Feedback:
    """Check a student's answer: ``check("03.4", answer)``, or ``check(answer, target, hint=...)``.

    With an exercise id the exercise's own form, tolerance and hints are used; with an explicit
    target, :func:`dicepoker.lessons.exercises.check` judges it (``hint=``, ``mistakes=``,
    ``tolerance=``). Never raises on the student's answer. An answer text that is also the id of a
    registered exercise (``"03.4"``) is read as that id: pass such an answer with a keyword
    (``check(answer, target, tolerance=0)``) or write it ``3.4``.

    >>> from fractions import Fraction
    >>> bool(check("1/6", Fraction(1, 6))), str(check("01.1", "2200%"))
    (True, 'Not yet: a score is a number of points: write it without %')
    """
    if is_exercise_id(exercise_or_answer) and not explicit:
        return check_exercise(find_exercise(exercise_or_answer), answer_or_target)  # type: ignore[arg-type]
    feedback = check_against(exercise_or_answer, answer_or_target, **explicit)  # type: ignore[arg-type]
    record_attempt("", feedback.answer, feedback.correct, int(bool(feedback.hint)))
    return feedback
