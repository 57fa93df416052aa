"""Lesson 05 · The two-part game: the chances of a part-1 result, a house rule, the double, the settlement.

The lesson prints the whole distribution of a part-1 result and the expected result of every face
with three throws, the first throws at the start of part 2 (a table and a figure), only a summary
of a late position, and the settlement of 150, 171 and 200; the exercises ask for what it does not
print, and for a settlement function checked on hidden tables.

>>> [exercise.id for exercise in EXERCISES]
['05.1', '05.2', '05.3', '05.4', '05.5']
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from dicepoker.core.words import N_
from dicepoker.games import find_game
from dicepoker.games.scorecard.analysis.two_part import (
    face_count_distribution,
    part1_result_distribution,
    settlement_table,
    stop_or_roll_on,
)
from dicepoker.games.scorecard.solver.solve import Solution, solve
from dicepoker.lessons.answer_forms import ExactFraction, Points
from dicepoker.lessons.exercise_record import Exercise, Function

TABLE = (162, 140, 181, 150)
"""The totals of exercise 3; the player asked about has 140."""

HIDDEN_TABLES = (
    (162, 140, 181, 150),
    (150, 171, 200),
    (120, 150),
    (210,),
    (188, 188, 188),
    (-12, 35, 140, 97, 203),
    (250, 174, 199, 231, 160, 143),
    (0, 1, 1),
)
"""The tables a student's ``settlement`` is tried on (thirds, sixths, a lone player, negative totals)."""


def _fours(points_wanted: object) -> Fraction:
    return sum(
        (p for points, p in part1_result_distribution("Fours").items() if points_wanted(points)),
        Fraction(0),
    )


def _expected_fours(throws: int) -> Fraction:
    """The expected part-1 result chasing Fours with ``throws`` throws a turn (par 3)."""
    return sum(
        ((count - 3) * 4 * p for count, p in face_count_distribution(rolls=throws).items()), Fraction(0)
    )


def _result_of(totals: tuple[int, ...], player: int) -> Fraction:
    return settlement_table(list(totals))["result"].iloc[player]


@cache
def two_part_solution() -> Solution:
    """The optimal play of ``two_part`` (from the solver's cache after the first time)."""
    return solve(find_game("two_part"), progress=False)


START_OF_PART2 = {box: 0 for box in ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")}
"""Part 1 finished at par."""
LATE = {
    **START_OF_PART2,
    "Pair": 10,
    "Two Pairs": 14,
    "Three of a Kind": 12,
    "Small Straight": 15,
    "Full House": 19,
    "Chance": 22,
}
"""Lesson 05's ``late`` scorecard: only Four of a Kind, Poker and Large Straight open."""


def stopping_gain(filled: dict[str, int], dice: str) -> float:
    """What stopping at once on the first throw ``dice`` gains over rolling on, from scorecard ``filled``."""
    table = stop_or_roll_on(filled, solution=two_part_solution()).set_index("dice")
    return float(table.loc[dice, "gain"])


def exact_settlement(totals: tuple[int, ...]) -> list[Fraction]:
    """The package's settlement of a table: each total minus the mean, exact.

    >>> exact_settlement((120, 150))
    [Fraction(-15, 1), Fraction(15, 1)]
    """
    return settlement_table(list(totals))["result"].tolist()


EXERCISES = (
    Exercise(
        "05.1",
        N_(
            "You chase **Fours** for a whole turn of part 1. What is the exact chance that the turn scores "
            "**more than** par (four or five fours)? Write it as a fraction."
        ),
        lambda: _fours(lambda points: points > 0),
        ExactFraction(),
        hints=(
            N_(
                "the number of fours at the end is binomial: five dice, each a four with section 2's chance q"
            ),
            N_("add the binomial chances of exactly 4 and exactly 5 fours"),
        ),
        mistakes=lambda: (
            (_fours(lambda points: points >= 0), N_("more than par leaves out exactly three fours")),
            (_fours(lambda points: points == 4), N_("five fours are more than par too")),
        ),
    ),
    Exercise(
        "05.2",
        N_(
            "A house rule gives only **two** throws a turn in part 1. Chasing **Fours** (keep every four, "
            "throw the rest once more), what is the expected result of the turn? Write it as a fraction."
        ),
        lambda: _expected_fours(2),
        ExactFraction(),
        hints=(
            N_("follow one die: with two throws, with what chance does it end as a four?"),
            N_(
                "the result is (expected number of fours - 3) x 4; you expect five times that chance of fours"
            ),
        ),
        mistakes=lambda: (
            (_expected_fours(3), N_("that is with three throws; the house rule gives two")),
            (-_expected_fours(2), N_("check the sign: fewer fours than par is negative")),
        ),
    ),
    Exercise(
        "05.3",
        N_(
            "Four players end with 162, 140, 181 and 150 points. What does the player with 140 receive in "
            "the settlement? Write it as a fraction (a negative number if they pay)."
        ),
        lambda: _result_of(TABLE, 1),
        ExactFraction(),
        hints=(
            N_("first find the mean of the four totals"),
            N_("each player receives their total minus the mean"),
        ),
        mistakes=lambda: (
            (-_result_of(TABLE, 1), N_("check the sign: 140 is below the mean, so the player pays")),
            (
                140 - Fraction(162 + 181 + 150, 3),
                N_("the mean counts every player, this one too"),
            ),
            (
                settlement_table(list(TABLE)).attrs["mean"],
                N_("that is the mean; the player gets total - mean"),
            ),
        ),
    ),
    Exercise(
        "05.4",
        N_(
            "Late in part 2, only Four of a Kind, Poker and Large Straight are still open (the scorecard "
            "`late` of section 4). Your first throw is 6-6-6-6-2: scored at once, the Four of a Kind "
            "counts double. How many points, on average, does stopping now gain over the best way to roll "
            "on? Give it to one decimal (negative if rolling on is better)."
        ),
        lambda: stopping_gain(LATE, "26666"),
        Points(places=1),
        hints=(
            N_(
                "the solver values both choices: the final score to expect if you stop now, and if you "
                "keep the best dice and play on perfectly"
            ),
            N_("the gain is the first minus the second; section 4 shows how to get both for any scorecard"),
        ),
        mistakes=lambda: (
            (-stopping_gain(LATE, "26666"), N_("check the sign: the gain is stop minus roll on")),
            (stopping_gain(START_OF_PART2, "26666"), N_("that is at the start of part 2; here it is late")),
        ),
    ),
    Exercise(
        "05.5",
        N_(
            "**Write a function.** `settlement(totals)` gets the players' totals as a list of whole numbers "
            "and returns the list of what each player receives (a negative number if they pay), as exact "
            "fractions (`Fraction`), in the same order. The check calls it on tables you do not see."
        ),
        lambda: None,
        Function(cases=lambda: tuple((list(table),) for table in HIDDEN_TABLES), expected=exact_settlement),
        hints=(
            N_("the mean of the totals is their sum divided by how many there are: keep it exact"),
            N_("`Fraction(a, b)` keeps a division exact; subtract the mean from each total, in order"),
        ),
    ),
)
