"""Lesson 10 · Why bluff: the High-or-Low toy solved by indifference, exploitability, the equilibrium of
the abstraction, and the indifference bluff rate to write.

>>> [exercise.id for exercise in EXERCISES]
['10.1', '10.2', '10.3', '10.4', '10.5']
"""

from __future__ import annotations

from fractions import Fraction

from dicepoker.core.errors import DicePokerError
from dicepoker.core.words import N_
from dicepoker.games.bluff.equilibrium import answer_table
from dicepoker.lessons.answer_forms import Chance, ExactFraction
from dicepoker.lessons.exercise_record import Exercise, Function
from dicepoker.lessons.why_bluff import HighOrLow, hand_solution, loss_against_best_response

SIX_HIGH = HighOrLow(p_high=Fraction(1, 6))
"""Exercise 1's toy: a 4, 5 or 6 is high."""

EASY_LOW = HighOrLow(beat_low=Fraction(5, 6))
"""Exercise 2's toy: beating "low" takes a 2 or better."""


def _bluff_rate_cases() -> list[tuple[Fraction, Fraction, Fraction]]:
    """Toys whose equilibrium bluff rate is mixed (0 < b < 1), the numbers never shown."""
    cases = []
    for p in (Fraction(1, 6), Fraction(1, 4), Fraction(2, 5), Fraction(1, 2), Fraction(3, 5)):
        for beat_high in (Fraction(1, 6), Fraction(1, 5), Fraction(1, 3)):
            for beat_low in (Fraction(1, 2), Fraction(2, 3), Fraction(5, 6)):
                try:
                    hand_solution(HighOrLow(p, beat_high, beat_low))
                except DicePokerError:  # not a mixed equilibrium: no bluff rate to find
                    continue
                cases.append((p, beat_high, beat_low))
    return cases


def _package_bluff_rate(p_high: Fraction, beat_high: Fraction, beat_low: Fraction) -> Fraction:
    return hand_solution(HighOrLow(p_high, beat_high, beat_low))["bluff rate"]


EXERCISES = (
    Exercise(
        "10.1",
        N_(
            "In *High or Low*, make a high die a 6 only ($p = \\tfrac16$), with the same chances to beat. "
            "What is Ann's equilibrium bluff rate with a low die? Give a "
            "fraction or three significant digits."
        ),
        lambda: hand_solution(SIX_HIGH)["bluff rate"],
        Chance(digits=3),
        hints=(
            N_(
                "step 1 first: does Bo's indifference, and so the chance q that "
                "'high' is true, change with p?"
            ),
            N_(
                "q depends only on Bo's chance to beat 'high'; then solve Bayes' rule "
                "q = p / (p + (1 - p) b) for b"
            ),
        ),
        mistakes=lambda: (
            (
                hand_solution()["bluff rate"],
                N_("that is the original toy's rate; here a high die is less likely"),
            ),
            (hand_solution(SIX_HIGH)["posterior high"], N_("that is q, the chance that 'high' is true")),
        ),
    ),
    Exercise(
        "10.2",
        N_(
            'Back to $p = \\tfrac13$, but beating "low" now takes a 2 or better ($\\tfrac56$). At the '
            "equilibrium, how much does Ann win per round (a negative number if she loses)? Give a fraction."
        ),
        lambda: hand_solution(EASY_LOW)["value"],
        ExactFraction(),
        hints=(
            N_(
                "at the equilibrium Ann's low die is indifferent: what it wins is the same whether it "
                "bluffs or says 'low'"
            ),
            N_(
                "her value is p times what a high die wins against Bo's equilibrium call rate, plus 1 - p "
                "times what saying 'low' wins now"
            ),
        ),
        mistakes=lambda: (
            (hand_solution()["value"], N_("that is the original toy's value; beating 'low' changed")),
            (
                hand_solution(EASY_LOW)["call rate"],
                N_("that is Bo's call rate; the question asks what Ann wins"),
            ),
        ),
    ),
    Exercise(
        "10.3",
        N_(
            'Back to the original numbers. Bo gets careless and calls "high" only **half** the time. Ann '
            "notices and plays her best response. How much more than the value $\\tfrac4{15}$ does Ann now "
            "win per round? Give a fraction or three significant digits."
        ),
        lambda: loss_against_best_response(HighOrLow(), call_rate=Fraction(1, 2)),
        Chance(digits=3),
        hints=(
            N_("if Bo calls 'high' half the time, does a bluff still pay for Ann's low die?"),
            N_(
                "work out Ann's best choice with each die against this Bo, add what her high and her low "
                "dice then win, and compare with the value"
            ),
        ),
        mistakes=lambda: (
            (
                hand_solution()["value"] + loss_against_best_response(HighOrLow(), call_rate=Fraction(1, 2)),
                N_("that is what Ann wins per round now; the question asks how much more than the value"),
            ),
        ),
    ),
    Exercise(
        "10.4",
        N_(
            "In the solved abstraction, how often does the equilibrium responder "
            "call an opener's \"Four of a "
            'Kind"? Give three decimals.'
        ),
        lambda: answer_table().loc["Four of a Kind", "call"],
        Chance(places=3),
        hints=(
            N_("the responder's side of the equilibrium is one call chance per category announced"),
            N_("the lesson's table leaves that category out: ask `answer_table()` for every category"),
        ),
        mistakes=lambda: (
            (
                answer_table().loc["Three of a Kind", "call"],
                N_("that is three of a kind; the question asks four"),
            ),
        ),
    ),
    Exercise(
        "10.5",
        N_(
            "**Write a function.** `bluff_rate(p_high, beat_high, beat_low)` gets the numbers of a *High or "
            'Low* toy (the chance of a high die, Bo\'s chances to beat "high" and "low", as `Fraction`s) '
            "and returns Ann's equilibrium bluff rate with a low die, by the indifference principle. The "
            "check calls it on toys you do not see, whose equilibrium is mixed."
        ),
        lambda: None,
        Function(cases=_bluff_rate_cases, expected=_package_bluff_rate, tolerance=1e-9),
        hints=(
            N_("two steps of section 2: Bo's indifference gives q, then Bayes' rule gives the bluff rate"),
            N_("q = 1 - `beat_high`; solve q = p / (p + (1 - p) b) for b"),
        ),
    ),
)
