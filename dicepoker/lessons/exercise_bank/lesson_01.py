"""Lesson 01 · Play Dice Poker: what a throw scores in each box, the joker, the two-part game.

>>> [exercise.id for exercise in EXERCISES]
['01.1', '01.2', '01.3', '01.4', '01.5', '01.6']
"""

from __future__ import annotations

from dicepoker.core.dice import all_rolls
from dicepoker.core.words import N_
from dicepoker.games import find_game
from dicepoker.lessons.answer_forms import Points
from dicepoker.lessons.exercise_record import Exercise, Function, Pair


def _classic():
    return find_game("classic")


def _two_part():
    return find_game("two_part")


def _three_of_a_kind_cases() -> list[tuple[str]]:
    """Every distinct roll, each written in a shuffled order (the student never sees them)."""
    return [(str(roll)[::-1],) for roll in all_rolls()]


EXERCISES = (
    Exercise(
        "01.1",
        N_("In `classic`, what does 6-6-6-5-4 score in **Three of a Kind**?"),
        lambda: _classic().score("Three of a Kind", "66654"),
        Points(),
        hints=(
            N_("look up in the table what a sum box scores, and whether the throw qualifies"),
            N_("Three of a Kind qualifies with three equal dice and then scores the sum of all five dice"),
        ),
        mistakes=lambda: ((3 * 6, N_("Three of a Kind scores all five dice, not just the three of a kind")),),
    ),
    Exercise(
        "01.2",
        N_(
            "In `classic`, what does 6-6-6-6-5 score in **Two Pairs**, and what in **Four of a Kind**? "
            "Give both answers, Two Pairs first."
        ),
        lambda: (_classic().score("Two Pairs", "66665"), _classic().score("Four of a Kind", "66665")),
        Pair((Points(), Points())),
        hints=(
            N_("read the rule of each box again: which one asks for two *different* faces?"),
            N_("four sixes are one face, not two different pairs; Four of a Kind scores all five dice"),
        ),
    ),
    Exercise(
        "01.3",
        N_(
            "Your Poker box holds 50 and you throw 3-3-3-3-3 with the Threes box still empty. The dice go "
            "where the joker rule sends them: how many points does the turn bring in all (box + poker bonus)?"
        ),
        lambda: (
            sum(_classic().options("33333", {"Poker": 50}).values())
            + _classic().poker_bonus_for("33333", {"Poker": 50})
        ),
        Points(),
        hints=(
            N_("a second five of a kind is a joker: read where the joker rule sends it first"),
            N_("the joker goes into its own upper box, which scores as usual; the poker bonus comes on top"),
        ),
        mistakes=lambda: (
            (_classic().score("Threes", "33333"), N_("the poker bonus comes on top of the box's points")),
            (_classic().poker_bonus_for("33333", {"Poker": 50}), N_("the box scores its points too")),
        ),
    ),
    Exercise(
        "01.4",
        N_("In `two_part`, what does a throw with only two sixes score in the **Sixes** box?"),
        lambda: _two_part().score("Sixes", "66123"),
        Points(),
        hints=(
            N_("in part 1, three of a face is par: what does one face fewer than par cost?"),
            N_("score = (count of the face - par) x face"),
        ),
        mistakes=lambda: (
            (-_two_part().score("Sixes", "66123"), N_("check the sign: fewer than par is negative")),
        ),
    ),
    Exercise(
        "01.5",
        N_(
            "In `two_part`, you throw 5-5-5-2-2 on your first roll and score it at once as a **Full House**. "
            "How many points?"
        ),
        lambda: _two_part().score("Full House", "55522", first_roll=True),
        Points(),
        hints=(
            N_(
                "which dice make a full house, and what happens to a combination scored after the first roll?"
            ),
            N_("add the dice that make the combination, then apply the first-roll multiplier"),
        ),
        mistakes=lambda: (
            (
                _two_part().score("Full House", "55522"),
                N_("it was scored at once after the first roll: it counts double"),
            ),
        ),
    ),
    Exercise(
        "01.6",
        N_(
            '**Write a function.** `three_of_a_kind(dice)` gets five dice as a text such as `"35553"` and '
            "returns what they score in `classic`'s **Three of a Kind**. The check calls it on every "
            "possible throw."
        ),
        lambda: None,
        Function(
            cases=_three_of_a_kind_cases,
            expected=lambda dice: _classic().score("Three of a Kind", dice),
        ),
        hints=(
            N_("count how often each face appears (`dice.count(face)`); `int` turns a digit into a number"),
            N_("if some face appears three times or more, return the sum of all five dice; else return 0"),
        ),
    ),
)
