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


def test_10_1_bluff_rate_when_half_the_dice_are_high():
    want, _ = _by_hand(Fraction(1, 2), Fraction(1, 6), Fraction(1, 2))
    assert want == Fraction(1, 5) and find_exercise("10.1").target() == want
    assert check("10.1", "1/5") and check("10.1", "20.0%") and check("10.1", "0.200")
    assert "original toy" in check("10.1", "1/10").hint
    assert "that is q" in check("10.1", "5/6").hint


def test_10_2_call_rate_when_low_is_easy_to_beat():
    _, want = _by_hand(Fraction(1, 3), Fraction(1, 6), Fraction(5, 6))
    assert want == Fraction(4, 5) and find_exercise("10.2").target() == want
    assert check("10.2", "4/5") and not check("10.2", "3/5")
    assert "original toy" in check("10.2", "2/5").hint
    assert "bluff rate" in check("10.2", "1/10").hint


def test_10_3_ann_against_a_bo_who_calls_every_high():
    # Ann then never bluffs: a high die is called (+1), a low die says "low" (Bo beats it half the time: 0)
    p = Fraction(1, 3)
    ann_wins = p * 1 + (1 - p) * (1 - 2 * Fraction(1, 2))
    want = ann_wins - Fraction(4, 15)
    assert want == Fraction(1, 15) and find_exercise("10.3").target() == want
    assert check("10.3", "1/15") and check("10.3", "0.0667") and not check("10.3", "0.0668")
    assert "wins per round now" in check("10.3", "1/3").hint


def test_10_4_the_call_of_four_of_a_kind_from_the_solved_strategy():
    want = float(equilibrium_solution().strategy[("answer", "Four of a Kind")][CALL])
    assert find_exercise("10.4").target() == pytest.approx(want)
    assert 0 < want < 1
    assert check("10.4", f"{want:.3f}") and not check("10.4", f"{want + 0.001:.3f}")
    assert "decimals" in check("10.4", f"{want:.2f}").problem


def bluff_rate(p_high, beat_high, beat_low):
    """A student's bluff rate: Bo's indifference gives q, Bayes' rule then gives b."""
    q = 1 - beat_high
    return p_high * (1 - q) / ((1 - p_high) * q)


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
