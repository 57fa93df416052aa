"""Lesson 06 · Bluff: how likely an announcement is, Bayes' rule on a called bluff, your own caller.

>>> [exercise.id for exercise in EXERCISES]
['06.1', '06.2', '06.3', '06.4']
"""

from __future__ import annotations

from fractions import Fraction

from dicepoker.core.words import N_
from dicepoker.games.bluff.odds import bayes_update, category_probabilities, hand_table, probability_holds
from dicepoker.lessons.answer_forms import Chance
from dicepoker.lessons.bluff import CallerCheck
from dicepoker.lessons.exercise_record import Exercise

PRIOR = Fraction(2, 5)
"""Exercise 2's prior: the chance the claim holds before anyone speaks."""

LOWEST_FULL_HOUSE = "full house 1s over 2s"
"""The lowest full house: "at least a full house" is every hand from it up."""


def _at_least_full_house(column: str) -> Fraction:
    return hand_table().loc[LOWEST_FULL_HOUSE, column]


EXERCISES = (
    Exercise(
        "06.1",
        N_(
            "Ann passed 6-6-6-1-2. Suppose Bo had thrown **three** dice (keeping only two 6s) before "
            'announcing "four 6s". What is the chance the cup holds it? Give a fraction or three '
            "significant digits."
        ),
        lambda: probability_holds("four 6s", throws=(3,), start="66612"),
        Chance(digits=3),
        hints=(
            N_("he kept two 6s: how many 6s must the three thrown dice show for the cup to hold four 6s?"),
            N_(
                "count the outcomes of three dice with at least two 6s (exactly two: which die is not a 6 "
                "and what it shows; or all three), and divide by all outcomes of three dice"
            ),
        ),
        mistakes=lambda: (
            (
                probability_holds("four 6s", throws=(2,), start="66612"),
                N_("that is for two dice thrown; here he threw three and kept only two 6s"),
            ),
            (Fraction(15, 216), N_("three 6s among the three dice hold four 6s too")),
        ),
    ),
    Exercise(
        "06.2",
        N_(
            "A claim holds with prior probability 2/5 and players bluff a quarter of the time. How likely "
            "is it true once announced? Give a fraction or three significant digits."
        ),
        lambda: bayes_update(PRIOR, Fraction(1, 4)),
        Chance(digits=3),
        hints=(
            N_(
                "a true claim is always announced, a false one only when the player bluffs: which two ways "
                "can the announcement come about?"
            ),
            N_(
                "Bayes' rule: the chance of true-and-announced divided by the chance of announced "
                "(true-and-announced plus false-and-announced)"
            ),
        ),
        mistakes=lambda: (
            (
                PRIOR,
                N_("2/5 is the prior, before the announcement; Bayes' rule gives the posterior"),
            ),
            (
                PRIOR + Fraction(1, 4) * (1 - PRIOR),
                N_("that is the chance the claim is announced at all; what share of it is true?"),
            ),
            (
                bayes_update(PRIOR, Fraction(3, 4)),
                N_("a quarter of the time is the bluff rate: a false claim is announced with chance 1/4"),
            ),
        ),
    ),
    Exercise(
        "06.3",
        N_(
            "What is the chance that one roll holds at least a full house (a full house, four or five of a "
            "kind)? Give a fraction or three significant digits."
        ),
        lambda: _at_least_full_house("at least, one roll"),
        Chance(digits=3),
        hints=(
            N_("at least a full house means one of three categories: the table of section 2 counts each"),
            N_("add the ways of the three categories and divide by the ordered outcomes of one roll"),
        ),
        mistakes=lambda: (
            (
                category_probabilities().loc["Full House", "probability"],
                N_("four and five of a kind hold a full house too"),
            ),
            (
                1 - _at_least_full_house("at least, one roll"),
                N_("that is the chance of less than a full house"),
            ),
            (
                _at_least_full_house("at least, 3 rolls"),
                N_("that is with up to three rolls; here it is one roll"),
            ),
        ),
    ),
    Exercise(
        "06.4",
        N_(
            "**Write your own caller.** `my_caller(view)` gets what your player knows and returns `True` to "
            "call the bluff, `False` to accept. Everything else is played like the reasoning bot. The check "
            "plays 200 seeded games against the reasoning bot: you pass when you win at least 45%. The "
            "package's own bots and callers are refused: the rule must be yours. Useful: "
            "`view.last_announcement`, `view.turns[-1].throws`, `view.seen_dice`, "
            "`view_probability_true(view)` and `reach_probability(hand, start=..., rolls=2)`."
        ),
        lambda: None,
        CallerCheck(games=200, seed=6, share=0.45),
        hints=(
            N_("calling pays when the announcement is less likely true than your chance of topping it"),
            N_(
                "compare `view_probability_true(view)` with the chance that you can still announce higher "
                "after accepting (`reach_probability`), and call when the first is the smaller"
            ),
        ),
    ),
)
