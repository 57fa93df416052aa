"""The registered exercises: every lesson's exercise cells hold only the question, ``answer = ...`` and
``check("NN.k", answer)``; every lesson asks for code at least once; no hint spells out an answer in
any language; and the checker is strict where a teacher is (the form, the digits, the tolerance),
kind in its words (what to fix)."""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from exercise_leaks import leaks_in_hints

from dicepoker import check
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.i18n import available_languages, in_language
from dicepoker.lessons.answer_forms import Chance, Choice, Count, ExactFraction, Points
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_record import Exercise, Pair, Simulation
from dicepoker.lessons.exercise_registry import (
    LESSONS,
    check_exercise,
    find_exercise,
    forget_tries,
    lesson_exercises,
    wrong_tries,
)

ROOT = Path(__file__).resolve().parents[2]
LESSON_FILES = {path.name[:2]: path for path in sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))}
REGISTERED = [lesson for lesson in LESSONS if lesson in LESSON_FILES]
ANSWER_CELL = re.compile(
    r'answer = (\.\.\.|\(\.\.\.(, \.\.\.)+\))(  #[^\n]*)?\ncheck\("(?P<id>\d\d\.\d+)", answer\)'
)
CODE_CELL = re.compile(
    r"(?s)(?:(?:import|from) [^\n]+\n+)*"  # the imports the student's code may need, then the stub
    r"def (?P<name>\w+)\((?P<args>[^)]*)\):\n(?:    [^\n]*\n|\n)*?    \.\.\.[^\n]*\n\n*"
    r'check\("(?P<id>\d\d\.\d+)", (?P=name)\)'
)


@pytest.fixture(autouse=True)
def _fresh_tries():
    forget_tries()
    yield
    forget_tries()


def cells_of(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"])


def test_every_lesson_notebook_is_registered_and_every_registered_lesson_has_a_notebook():
    assert sorted(LESSON_FILES) == list(LESSONS)
    for lesson in LESSONS:
        assert lesson_exercises(lesson), f"lesson {lesson} has no exercises"


READY = list(LESSONS)


@pytest.mark.parametrize("lesson", READY)
def test_each_exercise_cell_holds_only_the_question_the_answer_and_the_check(lesson):
    cells = cells_of(LESSON_FILES[lesson])
    checked = []
    for index, cell in enumerate(cells):
        text = source(cell)
        if cell["cell_type"] != "code" or "check(" not in text:
            continue
        match = ANSWER_CELL.fullmatch(text.strip()) or CODE_CELL.fullmatch(text.strip())
        assert match, f"lesson {lesson} cell [{index}] is not 'answer = ...' + check(id, answer):\n{text}"
        exercise = find_exercise(match["id"])
        question = source(cells[index - 1])
        assert question == f"**{exercise.number}.** {exercise.question}", (
            f"the question above {exercise.id} is not its registered text"
        )
        checked.append(exercise.id)
    assert checked == [exercise.id for exercise in lesson_exercises(lesson)], "every exercise, once, in order"


@pytest.mark.parametrize("lesson", READY)
def test_every_lesson_asks_the_student_to_write_code(lesson):
    assert any(exercise.asks_for_code for exercise in lesson_exercises(lesson))


@pytest.mark.parametrize("lesson", READY)
def test_every_exercise_has_a_nudge_and_a_method(lesson):
    for exercise in lesson_exercises(lesson):
        assert len(exercise.hints) >= 2, f"{exercise.id}: a nudge first, then the method"


@pytest.mark.parametrize(
    "lesson",
    [pytest.param(lesson, marks=[pytest.mark.slow] if lesson == "09" else []) for lesson in READY],
)  # lesson 09's answer to 09.3 needs two risk solves of Yatzy (6 s)
def test_no_hint_and_no_question_spells_out_the_answer_in_any_language(lesson):
    leaks = leaks_in_hints(lesson_exercises(lesson), available_languages())
    assert not leaks, "\n".join(map(str, leaks))


def test_exercise_texts_are_translated_in_every_language():
    for exercise in all_exercises_ready():
        for lang in available_languages()[1:]:
            with in_language(lang):
                from dicepoker.core.i18n import _

                for text in (exercise.question, *exercise.hints):
                    assert _(text) != text, f"{exercise.id} untranslated in {lang}: {text[:60]!r}"


def all_exercises_ready():
    return [exercise for lesson in READY for exercise in lesson_exercises(lesson)]


def test_ids_are_checked_and_an_unknown_one_is_named():
    assert find_exercise("01.3").number == 3
    with pytest.raises(UnknownNameError, match="lesson 01 has exercises 01.1 to"):
        find_exercise("01.99")
    with pytest.raises(UnknownNameError, match="look like '03.4'"):
        find_exercise("3.4")
    # an answer that looks like an id but names no exercise, or comes with the explicit keywords, is an answer
    assert check("01.64", Fraction(164, 100)) and check("01.1", Fraction(11, 10), tolerance=0)
    assert not check("01.1", 27, hint="a hint of my own").correct


# --- the checker's rules, one by one --------------------------------------------------------------
def test_a_decimal_where_a_fraction_was_asked_says_write_it_as_a_fraction():
    form = ExactFraction()
    assert form.judge("25/648", Fraction(25, 648)).correct
    for written in ("0.0386", "3.86%", "25/648%"):
        verdict = form.judge(written, Fraction(25, 648))
        assert not verdict.correct and verdict.problem.startswith("write it as a fraction")
    assert not form.judge("-73/4", Fraction(-73, 4) + Fraction(1, 12)).correct  # -18.17 is no -18.25


def test_a_percentage_for_a_number_of_points_is_refused():
    for form in (Points(), Points(places=1), Count()):
        verdict = form.judge("2200%", 22)
        assert not verdict.correct and "without %" in verdict.problem
    assert "without %" in check("2200%", 22).problem  # the explicit checker too


def test_both_parts_of_a_pair_are_checked_and_a_swap_is_named():
    pair = Pair((Points(), Points()))
    assert pair.judge(("30", "0"), (30, 0)).correct
    assert pair.judge(("30", "40"), (30, 0)).problem == "part 2 of 2"
    assert pair.judge(("0", "30"), (30, 0)).problem == "the two answers are in the wrong order"
    assert "give 2 answers" in pair.judge("30", (30, 0)).problem


def test_right_but_rounded_too_far_says_how_many_digits():
    poker = Fraction(1, 1296)
    assert "3 significant digits" in Chance(digits=3).judge("0.08%", poker).problem
    assert Chance(digits=3).judge("0.0772%", poker).correct
    assert "give 3 decimals" in Chance(places=3).judge("0.59", Fraction(586, 1000)).problem
    assert "give 1 decimal" in Points(places=1).judge("-5", Fraction(-27, 5)).problem
    assert "give more digits" in check("0.08%", poker).problem  # the explicit checker too


def test_the_tolerance_an_exercise_sets_is_the_tolerance_used():
    sixes = Fraction(455, 36)
    # decimal commas: "12.64" would name an exercise of lesson 12
    for near_miss in ("12,7", "12,58", "13"):
        assert not check(near_miss, sixes, tolerance=0.005), near_miss
        assert not Points(places=2).judge(near_miss, sixes).correct, near_miss
    assert check("12,64", sixes, tolerance=0.005) and Points(places=2).judge("12,64", sixes).correct
    assert Points(tolerance=Fraction(1, 10)).judge("12.7", sixes).correct
    assert not Points(tolerance=Fraction(1, 100)).judge("12.65", sixes).correct


def test_the_empty_cell_shows_an_example_in_the_form_asked():
    assert str(check("01.1", ...)) == "Not yet: replace ... by your answer, like 17"
    assert "2/9" in ExactFraction().example(Fraction(1, 6))
    assert "%" in Chance().example(Fraction(1, 6))
    assert Points(places=1).example(Fraction(173, 10)) == "23.8"  # never the answer itself
    assert str(check("0", 22)) == 'Not yet: replace "0" by your answer, like 17'


def test_a_neighbouring_answer_gets_its_own_hint_and_wrong_tries_bring_the_method():
    exercise = find_exercise("01.3")  # the joker: the box and the bonus
    first, second = check("01.3", "7").hint, check("01.3", "8").hint
    assert (first, second) == exercise.hints[:2] and wrong_tries("01.3") == 2  # a nudge, then the method
    box_only = [wrong for wrong, _hint in exercise.mistakes()][0]
    assert "bonus comes on top" in str(check("01.3", str(box_only)))
    assert check("01.3", "9").hint == exercise.hints[-1] and wrong_tries("01.3") == 4  # the method stays
    assert check("01.3", str(exercise.target()))


def test_a_form_problem_costs_no_try():
    check("01.1", "27%")
    check("01.1", "2.5")
    assert wrong_tries("01.1") == 0


def test_a_choice_is_one_of_its_options():
    form = Choice(("Chance", "Sixes", "Three of a Kind"))
    assert form.judge("three  of a KIND", "Three of a Kind").correct
    assert "is none of" in form.judge("Chanse", "Chance").problem
    assert not form.judge("Sixes", "Chance").correct


def test_a_code_exercise_calls_the_function_on_hidden_inputs_and_refuses_the_package_own():
    from dicepoker.games import find_game

    three_of_a_kind = reference_solution("01.6")

    def almost(dice):  # forgets that four of a kind holds three of a kind
        counts = [dice.count(face) for face in "123456"]
        return sum(int(d) for d in dice) if 3 in counts else 0

    assert check("01.6", three_of_a_kind)
    feedback = check("01.6", almost)
    assert not feedback and "your function gives 0" in feedback.problem
    assert "package's own" in check("01.6", find_game("classic").score).problem
    assert "write a function" in check("01.6", "27").problem
    assert "raised ZeroDivisionError" in check("01.6", lambda dice: 1 / 0).problem


def test_a_simulation_is_judged_by_a_seeded_interval_around_the_exact_chance():
    six = Simulation(trials=3000)
    assert six.judge(lambda rng: rng.integers(1, 7) == 6, Fraction(1, 6)).correct
    assert not six.judge(lambda rng: rng.integers(1, 6) == 5, Fraction(1, 6)).correct  # a five-sided die
    assert "`True` or `False`" in six.judge(lambda rng: 6, Fraction(1, 6)).problem


def test_an_exercise_with_no_id_pattern_is_refused():
    with pytest.raises(DicePokerError):
        Exercise("3.4", "?", lambda: 1, Points())


def test_check_exercise_never_raises_on_an_answer():
    exercise = find_exercise("01.4")
    for answer in (None, object(), float("nan"), "", "1e999", [1, 2], b"-6", "−6"):
        assert isinstance(str(check_exercise(exercise, answer)), str)
    assert check_exercise(exercise, "−6")  # a typographic minus


def test_an_unfinished_function_is_told_to_return_and_a_tolerance_shows_a_decimal_example():
    assert "returns nothing" in check("01.6", lambda dice: None).problem  # the stub's `...` body
    assert Points(tolerance=Fraction(1, 200)).example(Fraction(96, 11)) == "17.38"
    assert Points().example(Fraction(5)) == "17"


def test_code_in_a_message_is_drawn_as_code_without_its_backticks():
    shown = check("03.4", lambda rng: 6)._repr_html_()
    assert "<code>True</code>" in shown and "`" not in shown
