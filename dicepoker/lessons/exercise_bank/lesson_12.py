"""Lesson 12 · Waiting for a Poker: geometric waits, and waits as absorbing Markov chains.

>>> [exercise.id for exercise in EXERCISES]
['12.1', '12.2', '12.3', '12.4']
"""

from __future__ import annotations

from fractions import Fraction

from dicepoker.core.words import N_
from dicepoker.lessons.answer_forms import Chance, Points
from dicepoker.lessons.exercise_record import Exercise, Function
from dicepoker.lessons.waiting import WaitingChain, five_of_a_kind_chain, large_straight_chain

ONE_OR_TWO = Fraction(2, 6)
"""The chance that one roll of a die shows a 1 or a 2."""
SIX = Fraction(1, 6)


def geometric_chance(p: Fraction, k: int) -> Fraction:
    """``P(N = k)`` for the wait for an event of chance ``p`` a roll: ``k - 1`` misses, then a hit."""
    return (1 - p) ** (k - 1) * p


def at_least_one_six(dice: int) -> Fraction:
    """The chance that a roll of ``dice`` dice shows at least one six."""
    return 1 - (1 - SIX) ** dice


def expected_steps_of(transient: tuple[tuple[Fraction, ...], ...]) -> Fraction:
    """The package's expected number of steps from state 0 of a chain given by its transient part ``Q``.

    The goal's column is what each row leaves over; :meth:`WaitingChain.expected_rolls` does the rest.
    """
    n = len(transient)
    rows = tuple(
        tuple(Fraction(x) for x in row) + (1 - sum((Fraction(x) for x in row), Fraction(0)),)
        for row in transient
    )
    goal = (Fraction(0),) * n + (Fraction(1),)
    chain = WaitingChain("exercise", tuple(str(i) for i in range(n + 1)), (*rows, goal))
    return chain.expected_rolls()


def _frozen(q: list[list[Fraction]]) -> tuple[tuple[Fraction, ...], ...]:
    return tuple(tuple(row) for row in q)


def _transient_cases() -> list[tuple[tuple[tuple[Fraction, ...], ...]]]:
    """Hidden chains: the two waits of the lesson, a one-state geometric wait, a two-state wait."""
    half = Fraction(1, 2)
    return [
        (_frozen([[Fraction(5, 6)]]),),
        (_frozen([[Fraction(0), half], [Fraction(0), half]]),),
        (
            _frozen(
                [
                    [Fraction(1, 4), Fraction(1, 4), Fraction(1, 4)],
                    [0, half, Fraction(1, 3)],
                    [0, 0, Fraction(2, 3)],
                ]
            ),
        ),
        (_frozen(five_of_a_kind_chain().transient()),),
        (_frozen(large_straight_chain().transient()),),
    ]


EXERCISES = (
    Exercise(
        "12.1",
        N_(
            "You roll **two dice at a time** until at least one of them shows a six. What is the expected "
            "number of rolls? Give it as a fraction or to two decimals."
        ),
        lambda: 1 / at_least_one_six(2),
        Points(tolerance=Fraction(1, 200)),
        hints=(
            N_("it is a geometric wait: first find the chance that one roll of two dice shows a six"),
            N_(
                "the chance of at least one six is 1 minus the chance that neither die shows one; "
                "the expected wait is 1 divided by that chance"
            ),
        ),
        mistakes=lambda: (
            (
                1 / (2 * SIX),
                N_("the chances of the two dice overlap (both can be sixes): count the roll with no six"),
            ),
            (1 / (SIX * SIX), N_("that is the wait for two sixes at once; one six is enough")),
        ),
    ),
    Exercise(
        "12.2",
        N_(
            "You roll one die until it shows a 1 or a 2. What is the chance that the first 1 or 2 comes "
            "exactly on roll 4? Give it as a fraction or to three significant digits."
        ),
        lambda: geometric_chance(ONE_OR_TWO, 4),
        Chance(),
        hints=(
            N_("it is a geometric wait like the wait for a six, with another chance of success each roll"),
            N_("the first three rolls must miss and the fourth must hit: multiply their chances"),
        ),
        mistakes=lambda: (
            (
                (1 - ONE_OR_TWO) ** 4,
                N_("that is the chance of four misses; on roll 4 the die must show a 1 or a 2"),
            ),
            (geometric_chance(SIX, 4), N_("that is for a six; a 1 or a 2 is twice as likely each roll")),
            (
                1 - (1 - ONE_OR_TWO) ** 4,
                N_("that is the chance of a 1 or a 2 within four rolls, not exactly on the fourth"),
            ),
        ),
    ),
    Exercise(
        "12.3",
        N_(
            "Waiting for five of a kind with no limit on rolls, you already hold **three matching dice** "
            "(keep them, reroll the other two, keep whatever matches). What is the expected number of rolls "
            "still to come? Give it as a fraction or to two decimals."
        ),
        lambda: five_of_a_kind_chain().expected_rolls(3),
        Points(tolerance=Fraction(1, 200)),
        hints=(
            N_(
                "use the chain's row for three matching dice and the wait from four matching dice, "
                "which the lesson found"
            ),
            N_(
                "call the wait from three t: t = 1 + (chance of staying at three) x t + (chance of moving "
                "to four) x (the wait from four); solve for t"
            ),
        ),
        mistakes=lambda: (
            (five_of_a_kind_chain().expected_rolls(), N_("that is the wait from the start; you hold three")),
            (five_of_a_kind_chain().expected_rolls(2), N_("that is the wait from two matching dice")),
        ),
    ),
    Exercise(
        "12.4",
        N_(
            "**Write a function.** `expected_steps(Q)` gets the transient part `Q` of an absorbing Markov "
            "chain (a tuple of rows, each a tuple of `Fraction`s: `Q[i][j]` is the chance of a step from "
            "state `i` to state `j`; what a row leaves over goes to the goal) and returns the expected "
            "number of steps until the goal from state 0. The check calls it on chains you do not see, "
            "small and large; an answer within 10⁻⁹ counts."
        ),
        lambda: None,
        Function(cases=_transient_cases, expected=expected_steps_of, tolerance=1e-9),
        hints=(
            N_("the expected steps from every state are the row sums of the fundamental matrix (I - Q)⁻¹"),
            N_(
                "solve the linear system (I - Q) t = (1, 1, ..., 1) for t (for example with "
                "`numpy.linalg.solve`, or by elimination with fractions) and return t[0]"
            ),
        ),
    ),
)
