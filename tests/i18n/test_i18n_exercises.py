"""The answer checker in the class's language: answers written the locale's way, feedback translated."""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest
from english_labels_lessons import ENGLISH_LABELS

from dicepoker.core.i18n import _, in_language
from dicepoker.lessons.exercises import UnreadableAnswerError, as_number, check, read_answer

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ["en", "ro", "uk", "th"]
TRANSLATED = ["ro", "uk", "th"]
RIGHT = {"en": "Right!", "ro": "Corect!", "uk": "Правильно!", "th": "ถูกต้อง!"}
ENGLISH_WORDS = (*ENGLISH_LABELS, "Right", "Hint", " or ")


@pytest.mark.parametrize("lang", ["ro", "uk"])
def test_a_decimal_comma_is_right_in_romanian_and_ukrainian(lang):
    with in_language(lang):
        feedback = check("0,25", Fraction(1, 4))
        assert feedback.correct
        assert str(feedback) == RIGHT[lang] == _("Right!")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("written", ["25 %", "25\u00a0%", "25%", "1/4", " 1 / 4 ", "0.25", "2/8"])
def test_percentages_and_fractions_are_read_in_every_language(lang, written):
    with in_language(lang):
        feedback = check(written, Fraction(1, 4))
        assert feedback.correct, (lang, written, str(feedback))
        assert str(feedback) == RIGHT[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_wrong_percentage_or_fraction_is_still_wrong(lang):
    with in_language(lang):
        assert not check("26 %", Fraction(1, 4))
        assert not check("1/5", Fraction(1, 4))


def test_numbers_grouped_the_locales_way_are_read_exactly():
    with in_language("ro"):
        assert read_answer("1.234,5").value == Fraction(2469, 2)
        assert check("1.234,5", Fraction(2469, 2))
    with in_language("uk"):
        assert read_answer("1\u00a0234,5").value == Fraction(2469, 2)
    with in_language("en"):
        assert read_answer("1,234.5").value == Fraction(2469, 2)
        assert read_answer("0,25").value == Fraction(1, 4)  # read as today: a comma is a decimal sign


def test_a_locale_reading_keeps_the_precision_rule():
    """A decimal is right when rounded to the digits written: "38,5 %" is 0.385 to three places."""
    with in_language("ro"):
        assert check("38,5\u00a0%", Fraction(385, 1000) + Fraction(4, 10**4))
        assert not check("38,5\u00a0%", Fraction(40, 100))


@pytest.mark.parametrize("lang", TRANSLATED)
def test_feedback_on_a_wrong_answer_has_no_english_word(lang):
    hint = "two dice are thrown: what must they show to go with the three 3s?"  # a hint of exercise 03.1
    with in_language(lang):
        texts = [
            str(check("1/3", Fraction(1, 6), hint=hint)),
            str(
                check(
                    "1/2", Fraction(11, 36), mistakes={Fraction(1, 2): "that is for one roll; two are left"}
                )
            ),
            str(check("one sixth", Fraction(1, 6))),
            str(check("0", Fraction(1, 6))),
            str(check("1e99", Fraction(1, 6))),
            str(check("10" * 40, Fraction(1, 6))),
            str(check(("15", "30"), (15, 40), hint=("", "a run of five"))),
            str(check("15", (15, 40))),
            str(check("0.8", Fraction(1, 5))),  # the complement
            str(check("20", Fraction(1, 5))),  # a percentage without its sign
        ]
        assert _(hint) in texts[0] and _(hint) != hint
    for text in texts:
        for word in ENGLISH_WORDS:
            assert word not in text, (lang, word, text)


def test_numbers_in_feedback_are_written_for_the_locale():
    with in_language("ro"):
        assert str(check("one sixth", Fraction(1, 3))) == "Încă nu: scrie-l, de exemplu, 1/6 sau 0,1667"
    with in_language("uk"):
        assert "2/9 або 0,2222" in str(check("x", Fraction(1, 6)))
    with in_language("th"):
        assert "1/6 หรือ 0.1667" in str(check("x", Fraction(1, 3)))


def test_feedback_keeps_the_language_it_was_judged_in():
    with in_language("uk"):
        feedback = check("1/4", Fraction(1, 4))
    assert str(feedback) == "Правильно!"
    assert "Правильно!" in feedback._repr_html_()


def test_english_feedback_is_as_before():
    with in_language("en"):
        assert str(check("1/4", Fraction(1, 4))) == "Right!"
        assert str(check("one sixth", Fraction(1, 6))) == "Not yet: write it like 2/9 or 0.2222"
        assert str(check("0", Fraction(1, 6))) == 'Not yet: replace "0" by your answer, like 2/9 or 0.2222'
        assert str(check(0.5, Fraction(1, 3), hint="count them")) == "Not yet. Hint: count them"
        assert str(check(("15", "30"), (15, 40), hint=("", "a run"))) == "Not yet: part 2 of 2. Hint: a run"
        assert str(check("1e99", Fraction(1, 6))) == (
            "Not yet: that number has an exponent beyond 30; write it like 2/9 or 0.2222"
        )


def test_an_unreadable_answer_is_refused_in_the_current_language():
    with in_language("uk"), pytest.raises(UnreadableAnswerError, match="не є числом"):
        as_number("чверть")
    with in_language("en"), pytest.raises(UnreadableAnswerError, match="is not a number"):
        as_number("a quarter")


def notebook_hints() -> list[str]:
    """Every hint the lessons' exercises give: their graduated hints and their mistakes' hints (the
    exercises live in the package registry, so the hints do too)."""
    from dicepoker.lessons.exercise_registry import all_exercises

    found = []
    for exercise in all_exercises():
        found += [*exercise.hints, *(hint for _wrong, hint in exercise.mistakes())]
    return list(dict.fromkeys(found))


def is_code(text: str) -> bool:
    """A hint that is all code or arithmetic ("report.costliest(1)[0].loss", "1/4 x 2/3"): the same in
    every language."""
    try:
        ast.parse(text.replace(" x ", " * "), mode="eval")
    except SyntaxError:
        return False
    return True


@pytest.mark.slow
def test_the_notebooks_have_hints_to_translate():
    assert len(notebook_hints()) >= 30


@pytest.mark.slow  # the mistakes' hints come with their wrong answers: two Yatzy risk solves among them
@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_hint_of_the_notebooks_is_given_in_the_language(lang):
    """The checker gives a notebook's English hint translated (a hint that is code: as it is)."""
    for hint in notebook_hints():
        with in_language(lang):
            text = str(check("0.123456", Fraction(1, 1_000_000), hint=hint))
        assert text.endswith(_(hint, lang)), (lang, hint, text)
        assert is_code(hint) or _(hint, lang) != hint, (lang, hint)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("written", ["INF", "-Infinity", "nan", "1.2.3,4,5", "1/2/3", "25%%", "١٢"])
def test_text_no_locale_reads_as_a_number_gets_a_format_example(lang, written):
    with in_language(lang):
        feedback = check(written, Fraction(1, 4))
    assert not feedback and feedback.problem
