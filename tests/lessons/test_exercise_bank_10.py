"""Lesson 10's exercises: the toy's targets from the indifference equations solved by hand here, the
abstraction's call rate from the solved strategy, and the bluff rate a student writes."""

from __future__ import annotations

from fractions import Fraction

import pytest
from exercise_bank_helpers import fresh_tries  # noqa: F401 - autouse: each test starts with no wrong tries

from dicepoker.games.bluff.abstraction import CALL
from dicepoker.games.bluff.equilibrium import equilibrium_solution
from dicepoker.lessons import why_bluff
from dicepoker.lessons.exercise_bank import lesson_10
from dicepoker.lessons.exercise_bank.reference_solutions import reference_solution
from dicepoker.lessons.exercise_registry import check, find_exercise, lesson_exercises


def _by_hand(p: Fraction, beat_high: Fraction, beat_low: Fraction) -> tuple[Fraction, Fraction]:
    """Bluff and call rates solved from the two indifferences, by trying every rate on a fine grid
    of fractions (an independent search, not the closed form)."""
    grid = [Fraction(n, 3600) for n in range(3601)]
    bluff = next(b for b in grid if p / (p + (1 - p) * b) == 1 - beat_high)
    call = next(c for c in grid if -c + (1 - c) * (1 - 2 * beat_high) == 1 - 2 * beat_low)
    return bluff, call


def test_the_lesson_has_five_exercises_and_no_two_share_an_answer():
    exercises = lesson_exercises("10")
    assert [e.id for e in exercises] == ["10.1", "10.2", "10.3", "10.4", "10.5"]
    answers = [e.target() for e in exercises[:4]]
    assert len(set(answers)) == 4


def test_10_1_bluff_rate_when_only_a_six_is_high():
    want, _ = _by_hand(Fraction(1, 6), Fraction(1, 6), Fraction(1, 2))
    assert want == Fraction(1, 25) and find_exercise("10.1").target() == want
    assert check("10.1", "1/25") and check("10.1", "4.00%") and check("10.1", "0.0400")
    assert not check("10.1", "0.0401")
    assert "original toy" in check("10.1", "1/10").hint
    assert "that is q" in check("10.1", "5/6").hint


def test_10_2_what_ann_wins_when_low_is_easy_to_beat():
    # Bo's call rate from Ann's indifference, then Ann's value: a high die wins c x 1 + (1 - c) x 2/3,
    # a low die wins what saying "low" wins, 1 - 2 x 5/6
    p, beat_high, beat_low = Fraction(1, 3), Fraction(1, 6), Fraction(5, 6)
    _, c = _by_hand(p, beat_high, beat_low)
    want = p * (c + (1 - c) * (1 - 2 * beat_high)) + (1 - p) * (1 - 2 * beat_low)
    assert want == Fraction(-2, 15) and find_exercise("10.2").target() == want
    assert check("10.2", "-2/15") and not check("10.2", "2/15")
    assert "fraction" in check("10.2", "-0.133").problem
    assert "original toy" in check("10.2", "4/15").hint
    assert "call rate" in check("10.2", "4/5").hint


def test_10_3_ann_against_a_bo_who_calls_high_half_the_time():
    # Ann's low die then says "low" (a bluff is worth -1/2 + 1/2 x 2/3 = -1/6 < 0); her high die is
    # called half the time (+1) and otherwise beaten with chance 1/6 (+2/3)
    p, c = Fraction(1, 3), Fraction(1, 2)
    ann_wins = p * (c * 1 + (1 - c) * (1 - 2 * Fraction(1, 6))) + (1 - p) * (1 - 2 * Fraction(1, 2))
    want = ann_wins - Fraction(4, 15)
    assert want == Fraction(1, 90) and find_exercise("10.3").target() == want
    assert check("10.3", "1/90") and check("10.3", "0.0111") and not check("10.3", "0.0112")
    assert "wins per round now" in check("10.3", "5/18").hint


def test_10_4_the_call_of_four_of_a_kind_from_the_solved_strategy():
    want = float(equilibrium_solution().strategy[("answer", "Four of a Kind")][CALL])
    assert find_exercise("10.4").target() == pytest.approx(want)
    assert 0 < want < 1
    assert check("10.4", f"{want:.3f}") and not check("10.4", f"{want + 0.001:.3f}")
    assert "decimals" in check("10.4", f"{want:.2f}").problem


bluff_rate = reference_solution("10.5")
"""A student's answer: the reference solution (lessons/exercise_bank/reference_solutions.py)."""


@pytest.mark.slow  # the check plays bluff matches on hidden toys (1.5 s)
def test_10_5_a_students_bluff_rate_passes_on_hidden_toys():
    cases = lesson_10._bluff_rate_cases()
    assert len(cases) > 20 and all(0 < lesson_10._package_bluff_rate(*case) < 1 for case in cases)
    assert all(lesson_10._package_bluff_rate(*case) == _by_hand(*case)[0] for case in cases)
    assert check("10.5", bluff_rate)
    assert check("10.5", lambda p, bh, bl: float(bluff_rate(p, bh, bl)))  # floats are welcome


def test_10_5_a_wrong_bluff_rate_and_the_packages_own_are_refused():
    assert not check("10.5", lambda p, bh, bl: p * bh / (1 - p))
    assert not check("10.5", lambda p, bh, bl: Fraction(1, 10))  # the lesson's own toy only
    assert "package's own" in check("10.5", lesson_10._package_bluff_rate).problem
    assert "package's own" in check("10.5", why_bluff.hand_solution).problem
