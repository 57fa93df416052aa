"""The answer checker: formats a student writes, a tolerance relative to the answer, targeted hints,
and no answer (however odd) that crashes it, hangs it or escapes as anything but a verdict."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicepoker.core.errors import DicePokerError
from dicepoker.lessons.exercises import (
    FORMAT_EXAMPLES,
    MAX_ANSWER_LENGTH,
    Feedback,
    UnreadableAnswerError,
    check,
    format_example,
    read_answer,
    shown,
)
from dicepoker.odds.one_roll import one_roll_probability

POKER = Fraction(6, 7776)  # 6 faces, one way each, over 6**5


def test_poker_and_lucky_seven_are_independent_counts():
    assert one_roll_probability("Poker") == POKER
    # lucky 7: 1-1-1-1-3 in 5 orders and 1-1-1-2-2 in 10 orders
    assert one_roll_probability("L7", game="board") == Fraction(5 + math.comb(5, 2), 6**5)


@pytest.mark.parametrize("wrong", ["0.0003", "0.0012", "0.0005", "0.001"])
def test_a_small_chance_is_not_matched_by_an_absolute_margin(wrong):
    assert not check(wrong, POKER)


@pytest.mark.parametrize("wrong", ["0.0015", "0.0024"])
def test_lucky_seven_needs_its_own_digits(wrong):
    assert not check(wrong, one_roll_probability("L7", game="board"))


@pytest.mark.parametrize(
    "written",
    [
        "1/1296",
        "6/7776",
        " 1 / 1296 ",
        "0.00077",
        "0,00077",
        "0.0772%",
        "0,0772 %",
        "7.716e-4",
        "7.7E-4",
        "0.000771605",
    ],
)
def test_every_way_of_writing_the_poker_chance_is_right(written):
    assert check(written, POKER), written


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("25%", Fraction(1, 4)),
        ("0,25", Fraction(1, 4)),
        ("1.5e-3", Fraction(3, 2000)),
        ("-1/2", Fraction(-1, 2)),
        ("3/4%", Fraction(3, 400)),
        ("\u22122", Fraction(-2)),
        ("1e30", None),
    ],
)
def test_read_answer_reads_exactly(written, value):
    if value is None:
        with pytest.raises(UnreadableAnswerError):
            read_answer(written)
    else:
        assert read_answer(written).value == value


def test_a_fraction_must_be_exact_but_a_rounded_decimal_may_be_short():
    assert not check("1/7", Fraction(1, 6))
    assert check("0.17", Fraction(1, 6))  # 1/6 rounded to two decimals, two significant digits
    assert not check("0.2", Fraction(1, 6))  # one significant digit is not enough
    assert not check("22.1", 22) and check("22.0", 22) and check("22", 22)


def test_an_unreadable_answer_gets_a_format_example_never_a_traceback():
    for nonsense in (
        "one sixth",
        "1//6",
        "",
        "1/0",
        "0x10",
        "1/6/2",
        None,
        [1, 2],
        {"a": 1},
        object(),
        1j,
        True,
    ):
        feedback = check(nonsense, Fraction(1, 3))
        assert not feedback
        assert str(feedback) == "Not yet: write it like 1/6 or 0.1667"


def test_the_format_example_is_never_the_answer():
    for fraction, decimal in FORMAT_EXAMPLES:
        for expected in (Fraction(fraction), Fraction(decimal)):
            shown = format_example(expected)
            assert fraction not in shown.split(" or ") and decimal not in shown.split(" or ")
            assert not check(shown.split(" or ")[0], expected)
            assert not check(shown.split(" or ")[1], expected)


def test_the_untouched_placeholder_says_what_to_do():
    assert str(check("0", Fraction(2, 9))) == 'Not yet: replace "0" by your answer, like 1/6 or 0.1667'
    assert check("0", 0)


def test_targeted_hints_for_predictable_mistakes():
    one_roll, two_rolls = Fraction(1, 6), 1 - Fraction(5, 6) ** 2
    mistakes = {one_roll: "that is the chance for one roll; two are left"}
    assert check("11/36", two_rolls, mistakes=mistakes)
    assert check("1/6", two_rolls, mistakes=mistakes, hint="general").hint == mistakes[one_roll]
    assert check("0.1667", two_rolls, mistakes=mistakes, hint="general").hint == mistakes[one_roll]
    assert check("1/2", two_rolls, mistakes=mistakes, hint="general").hint == "general"
    assert "percentage" in check("30.56", two_rolls, hint="general").hint
    assert "NOT happen" in check("25/36", two_rolls, hint="general").hint


def test_a_two_part_question_checks_both_parts():
    assert check(("30", "40"), (30, 40))
    assert str(check(("30", "30"), (30, 40), hint=("a", "b"))) == "Not yet: part 2 of 2. Hint: b"
    assert str(check(("31", "40"), (30, 40), hint=("a", "b"))) == "Not yet: part 1 of 2. Hint: a"
    assert not check("30", (30, 40))
    with pytest.raises(DicePokerError):
        check(("1", "2"), (1, 2), hint=("only one",))


@pytest.mark.parametrize(
    "huge",
    [
        "1e999",
        "1e100000000",
        "-1e100000000",
        "1e-100000000",
        "9" * 5000,
        10**400,
        -(10**400),
        Decimal("1e100000000"),
        Decimal("NaN"),
        Decimal("-Infinity"),
        float("inf"),
        float("nan"),
        1e308,
        Fraction(1, 10**5000),
        2**100000,
    ],
    ids=shown,
)
def test_huge_and_infinite_answers_are_refused_quickly(huge):
    feedback = check(huge, 3)  # 3 is a number of points: its example is one too
    assert isinstance(feedback, Feedback) and not feedback
    assert str(feedback).startswith("Not yet: ") and str(feedback).endswith("write it like 17")
    assert len(feedback.answer) <= MAX_ANSWER_LENGTH
    assert not check(huge, Fraction(1, 6))


@pytest.mark.parametrize(
    "answer",
    [
        np.float64(1 / 6),
        np.float32(1 / 6),
        np.array(1 / 6),
        Decimal("0.16667"),
        Fraction(1, 6),
        np.int64(1) / 6,
    ],
)
def test_numpy_and_decimal_answers_are_read(answer):
    assert check(answer, Fraction(1, 6))


def test_numpy_integers_and_arrays():
    assert check(np.int64(22), 22) and check(np.uint8(22), 22)
    assert not check(np.array([1, 2]), 22)


def test_a_bad_expected_value_is_the_teachers_error():
    with pytest.raises(DicePokerError):
        check("1", "not a number")


answers = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789.,eE+-/% \u2212_", max_size=40),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.fractions(),
    st.decimals(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.complex_numbers(),
    st.lists(st.integers(), max_size=3),
    st.builds(np.float64, st.floats()),
    st.builds(np.int64, st.integers(-(2**63), 2**63 - 1)),
)
expected_values = st.one_of(
    st.fractions(min_value=-1000, max_value=1000, max_denominator=10**6),
    st.integers(-1000, 1000),
    st.floats(-1000, 1000),
)


@settings(max_examples=600, deadline=None)
@given(answer=answers, expected=expected_values)
def test_fuzz_nothing_escapes_the_checker(answer, expected):
    try:
        feedback = check(answer, expected)
    except DicePokerError:  # pragma: no cover - only a bad expected value may raise, and these are good
        raise AssertionError(f"check refused {answer!r}") from None
    assert isinstance(feedback, Feedback)
    assert isinstance(str(feedback), str) and isinstance(feedback._repr_html_(), str)


@settings(max_examples=300, deadline=None)
@given(expected=st.fractions(min_value=Fraction(1, 10**5), max_value=1, max_denominator=10**5))
def test_fuzz_the_exact_answer_and_its_decimals_are_right(expected):
    assert check(f"{expected.numerator}/{expected.denominator}", expected)
    assert check(f"{float(expected):.6g}", expected)
    assert check(f"{float(expected) * 100:.6g}%", expected)
    assert check(f"{float(expected):.6g}".replace(".", ","), expected)
    wrong = f"{float(expected) * 1.02:.6g}"
    digits = wrong.split("e")[0].replace(".", "").lstrip("0")
    if len(digits) >= 3:  # 2% off; with fewer digits it can be a right rounding ("1.7e-05" is 1/60000)
        assert not check(wrong, expected)
