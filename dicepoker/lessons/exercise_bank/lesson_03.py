"""Lesson 03 · Three rolls change everything: a keep's chance, the chain of matching dice, an expected
score, and a simulated turn chasing five of a kind.

The lesson works through 2-3-4-6, four matching dice and the Sixes box; the exercises ask for the
neighbouring cases it does not print (a full house from a triple, three matching dice, the Fives box), each
to be worked out with the lesson's method, and for a simulation of a whole turn with four throws
(the lesson prints the chance with three, which a trial must not be able to copy).

>>> [exercise.id for exercise in EXERCISES]
['03.1', '03.2', '03.3', '03.4']
"""

from __future__ import annotations

from fractions import Fraction

from dicepoker.core.words import N_
from dicepoker.games.scorecard.odds import expected_score
from dicepoker.lessons.answer_forms import ExactFraction, Points
from dicepoker.lessons.exercise_record import Exercise, Simulation
from dicepoker.odds.turn import best_keep, chance_with_keep, within_three_probability

EXERCISES = (
    Exercise(
        "03.1",
        N_(
            "You hold three 3s (3-3-3) and have **one** roll left for a full house. What is the chance "
            "of a full house? Write it as a fraction."
        ),
        lambda: chance_with_keep("Full House", "333", rolls_left=1),
        ExactFraction(),
        hints=(
            N_("two dice are thrown: what must they show to go with the three 3s?"),
            N_("count the ordered throws of two dice that make a pair of some face other than 3, out of 36"),
        ),
        mistakes=lambda: (
            (
                Fraction(1, 6),
                N_("two more 3s make five of a kind, not a full house: the pair needs another face"),
            ),
            (
                chance_with_keep("Full House", "333", rolls_left=2),
                N_("that is for two rolls; one is left"),
            ),
        ),
    ),
    Exercise(
        "03.2",
        N_(
            "You have three matching dice, say 3-3-3-1-2, and **two** rolls left. Playing for five of a "
            "kind (keep the three, throw two; then keep whatever matches and throw the rest), what is "
            "the chance of five of a kind? Write it as a fraction."
        ),
        lambda: best_keep("Poker", "33312").chance,
        ExactFraction(),
        hints=(
            N_(
                "split by what the next roll of the two dice does: both match, one matches, or none "
                "matches; each case leaves a different last roll"
            ),
            N_(
                "for each case multiply its chance (from the chain of section 1) by the chance of "
                "finishing with the last roll, and add the three products"
            ),
        ),
        mistakes=lambda: (
            (chance_with_keep("Poker", "333", rolls_left=1), N_("that is for one roll; two are left")),
            (best_keep("Poker", "44442").chance, N_("that is with four matching dice; here three match")),
        ),
    ),
    Exercise(
        "03.3",
        N_(
            "What is the expected score of the **Fives** box when you chase it with three rolls (keep every "
            "five, throw the rest)? Give it to two decimals."
        ),
        lambda: expected_score("Fives"),
        Points(places=2),
        hints=(
            N_("follow one die: with what chance does it end the turn showing a five?"),
            N_("five dice, each ending a five with that chance, each five worth 5 points: multiply"),
        ),
        mistakes=lambda: (
            (expected_score("Sixes"), N_("that is the Sixes box: a five is worth 5 points")),
            (
                expected_score("Fives", rolls=1),
                N_("that is one roll: a die that misses may be thrown twice more"),
            ),
        ),
    ),
    Exercise(
        "03.4",
        N_(
            "**Write a simulation.** A house rule gives **four** throws a turn. `trial(rng)` plays one "
            "turn chasing five of a kind: throw five dice, keep the dice of the most common face, throw the "
            "others again, up to four throws in all, and return `True` if the turn ends with five equal dice "
            "(else `False`). Throw dice only with `rng`: `rng.integers(1, 7, size=n)` throws n dice. The "
            "check runs 20,000 seeded turns and compares the share of five of a kind with the exact chance."
        ),
        lambda: within_three_probability("Poker", rolls=4),
        Simulation(trials=20_000),
        hints=(
            N_(
                "count the faces with `collections.Counter` or a list of six counts; after each throw "
                "keep only the face seen most often"
            ),
            N_(
                "loop over the four throws: throw 5 - kept dice, add them to what you hold, keep the "
                "most common face; after the last throw test whether all five are equal"
            ),
        ),
    ),
)
