"""Lesson 07 · The board game: the chance of a cell, runs of five, and a placement rule to write.

>>> [exercise.id for exercise in EXERCISES]
['07.1', '07.2', '07.3', '07.4']
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

from dicepoker.core.dice import all_rolls
from dicepoker.core.words import N_
from dicepoker.games.board.labels import BOARD_LABELS
from dicepoker.games.board.odds import chance_in_one_roll, chance_to_take
from dicepoker.games.board.rules import BOARD
from dicepoker.lessons.answer_forms import Chance, Count
from dicepoker.lessons.exercise_record import Exercise, Function


def _miss_full_house_three_turns():
    return (1 - chance_to_take("FH")) ** 3


def _label_cases() -> list[tuple[str, str]]:
    """Every board label with every distinct roll, the dice written in a shuffled order."""
    return [(label, str(roll)[::-1]) for roll in all_rolls() for label in BOARD_LABELS]


def _holds(label: str, dice: str) -> bool:
    return label in BOARD.labels_held(dice)


EXERCISES = (
    Exercise(
        "07.1",
        N_(
            "What is the chance that one roll takes a lucky eleven (the five dice sum to 11)? Give a "
            "fraction or three significant digits."
        ),
        lambda: chance_in_one_roll("L11"),
        Chance(digits=3),
        hints=(
            N_(
                "count the ordered rolls of five dice whose pips add up to 11, "
                "as the lesson did for the seven"
            ),
            N_(
                "put one pip on each die and share the spare pips among the five dice; then take away the "
                "shares that give a die more than six pips, and divide by all ordered rolls"
            ),
        ),
        mistakes=lambda: (
            (chance_in_one_roll("L7"), N_("that is the lucky seven; here the dice sum to 11")),
            (
                Fraction(comb(10, 4), 6**5),
                N_("a die shows at most 6: take away the shares that put more than six pips on one die"),
            ),
        ),
    ),
    Exercise(
        "07.2",
        N_(
            "A full house is taken in about 36% of the turns that aim at it. What is the chance of "
            "*missing* it three turns in a row? Give a fraction or three significant digits."
        ),
        _miss_full_house_three_turns,
        Chance(digits=3),
        hints=(
            N_("the turns are independent: what is the chance of missing the full house in one turn?"),
            N_("multiply the chances of missing it in each of the three turns (the table of section 3)"),
        ),
        mistakes=lambda: (
            (1 - chance_to_take("FH"), N_("that is missing it once; three turns in a row were asked")),
            (
                chance_to_take("FH") ** 3,
                N_("that is taking it three times; the question asks for missing it"),
            ),
            (
                1 - _miss_full_house_three_turns(),
                N_("that is taking it at least once; the question asks for missing it every time"),
            ),
        ),
    ),
    Exercise(
        "07.3",
        N_(
            "A run of five is five cells in a line: across, down or diagonally. How many runs of five does "
            "the 9×9 board have in all? A whole number."
        ),
        lambda: len(BOARD.windows),
        Count(),
        hints=(
            N_("count one direction at a time: how many runs of five fit in one row of nine cells?"),
            N_(
                "a line of L cells holds L - 4 runs of five: add over the rows, the columns and the "
                "diagonals of both directions that are at least five cells long"
            ),
        ),
        mistakes=lambda: (
            (
                sum(
                    1
                    for (direction, _line), _cells in BOARD.windows_with_lines
                    if direction in ("horizontal", "vertical")
                ),
                N_("the diagonals hold runs of five too"),
            ),
            (
                sum(
                    1
                    for (direction, _line), _cells in BOARD.windows_with_lines
                    if direction != "anti-diagonal"
                ),
                N_("the diagonals run in two directions"),
            ),
            (
                5 * len(BOARD.windows),
                N_("each run has five cells: adding the runs through every cell counts it five times"),
            ),
        ),
    ),
    Exercise(
        "07.4",
        N_(
            '**Write a function.** `holds(label, dice)` gets a board label (`"P3"`, `"35"`, `"T3"`, '
            '`"K3"`, `"FH"`, `"S"`, `"L7"` or `"L11"`) and five dice as a text such as `"35553"`, and '
            "returns `True` when the dice hold the label, else `False` (leave the five-of-a-kind joker "
            "aside). The check calls it on every label with every possible throw, which you do not see."
        ),
        lambda: None,
        Function(cases=_label_cases, expected=_holds),
        hints=(
            N_(
                "read each kind of label in the lesson's rules: a pair, two pairs, three and four of a kind "
                "count one face (`dice.count`); a full house, a straight and the lucky sums look at all five"
            ),
            N_(
                "a full house is exactly three of one face and two of another; a straight is 1-2-3-4-5 or "
                "2-3-4-5-6; two pairs 35 needs at least two 3s and at least two 5s"
            ),
        ),
    ),
)
