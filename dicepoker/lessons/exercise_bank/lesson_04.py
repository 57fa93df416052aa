"""Lesson 04 · The optimal strategy: backward induction, the cost of a choice, a strategy of one's own.

The lesson solves the two-dice game with one roll a turn; exercise 1 asks for the same game with two
rolls. Exercise 2 asks what a choice costs in a position the lesson does not show. Exercise 3 asks for a
strategy that beats greedy on the same seeded games: the package's own strategies and bots are refused,
and so is a strategy that only passes their choices on.

>>> [exercise.id for exercise in EXERCISES]
['04.1', '04.2', '04.3']
>>> str(EXERCISES[2].judge("greedy").problem)
'write a function (`def ...`) and pass the function itself, without calling it'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from dicepoker.core.dice import Dice
from dicepoker.core.i18n import _, fill_message, format_message, ngettext
from dicepoker.core.words import N_
from dicepoker.games import find_game
from dicepoker.games.scorecard.engine import Keep, Score, TurnView
from dicepoker.games.scorecard.solver.solve import Solution, solve
from dicepoker.games.scorecard.solver.upper_game import solve_upper_game
from dicepoker.lessons.answer_forms import AnswerForm, ExactFraction, Points, Verdict
from dicepoker.lessons.exercise_record import Exercise, refuse_package_code
from dicepoker.lessons.exercises import shown

GAMES = 200
"""The seeded games a student's strategy and greedy both play."""
SEED = 0
COPY_SAMPLE = 300
"""How many of the student's decisions are compared with the optimal strategy's."""
COPY_SHARE = 0.9
"""A strategy that makes the optimal strategy's choice this often passes the package's choices on
(a strategy written by hand agrees far less often: greedy and the heuristic about 2 times in 3)."""


def _classic():
    return find_game("classic")


@cache
def classic_solution() -> Solution:
    """The optimal play of ``classic`` (from the solver's cache after the first time)."""
    return solve(_classic(), progress=False)


def first_roll_position() -> TurnView:
    """The position of exercise 2: an empty scorecard, 6-6-6-2-1 thrown first, two rolls left."""
    return TurnView(_classic(), {}, Dice.parse("66621"), 2, True)


def three_of_a_kind_cost() -> float:
    """What scoring 6-6-6-2-1 at once as Three of a Kind gives up against the best choice."""
    from dicepoker.games.scorecard.hints import hint

    return hint(first_roll_position(), solution=classic_solution()).cost(Score("Three of a Kind"))


def three_of_a_kind_expected() -> float:
    """The expected final score after scoring 6-6-6-2-1 at once as Three of a Kind (a mistake's answer)."""
    from dicepoker.games.scorecard.hints import hint

    advice = hint(first_roll_position(), solution=classic_solution())
    return next(c.expected for c in advice.choices if c.action == Score("Three of a Kind"))


@dataclass(frozen=True)
class StrategyAnswer(AnswerForm):
    """A strategy the student writes: ``strategy(view) -> Keep | Score``, judged by the games it plays."""

    asks_for_code: ClassVar[bool] = True

    def example(self, target: object) -> str:
        return "def my_strategy(view): ... return Keep(...) or Score(...)"

    def judge(self, answer: object, target: object) -> Verdict:
        return beats_greedy(answer)


def agreement_with_optimal(decisions: list[tuple[TurnView, object]]) -> float:
    """The share of (a sample of) a strategy's decisions that are the optimal strategy's own."""
    from dicepoker.games.scorecard.bots import optimal_strategy

    if not decisions:
        return 0.0
    optimal = optimal_strategy(classic_solution())
    sample = decisions[:: max(1, len(decisions) // COPY_SAMPLE)]
    return sum(optimal(view) == action for view, action in sample) / len(sample)


def beats_greedy(strategy: object) -> Verdict:
    """Whether a student's own strategy averages more than greedy on the same seeded ``classic`` games.

    The package's strategies and bots are refused, and so is a strategy that makes the optimal
    strategy's choice in at least ``COPY_SHARE`` of its sampled decisions (it passes them on).
    """
    from dicepoker.core.match import as_bot, bot_name_of
    from dicepoker.games.scorecard.analysis.lab import tournament

    if problem := refuse_package_code(strategy):
        return Verdict(False, problem)
    decisions: list[tuple[TurnView, object]] = []

    bot = as_bot(strategy)  # type: ignore[arg-type]

    def watched(view: TurnView, rng: object) -> object:
        action = bot(view, rng)  # type: ignore[arg-type]
        if view.dice is not None:  # a decision (the roll that starts a turn is no choice)
            decisions.append((view, action))
        return action

    watched.__name__ = bot_name_of(bot)
    try:
        result = tournament([watched, "greedy"], games=GAMES, seed=SEED, rules=_classic())
    except Exception as err:  # noqa: BLE001 - a student's strategy may fail in any way: say how
        failure = f"{type(err).__name__}: {err}"[:200]
        last = shown(decisions[-1][1]) if decisions else ""
        if last:
            return Verdict(
                False,
                format_message(
                    "your strategy failed after returning {last}: {failure}", last=last, failure=failure
                ),
            )
        return Verdict(False, format_message("your strategy failed: {failure}", failure=failure))
    if agreement_with_optimal(decisions) >= COPY_SHARE:
        return Verdict(
            False,
            format_message(
                "your strategy makes the choices of the package's optimal strategy: "
                "the package's strategies and bots do not count, write your own"
            ),
        )
    mine, greedy = result.summary["mean"].tolist()
    if mine > greedy:
        return Verdict(True)
    template = ngettext(
        "your strategy averaged {mine:.1f} points, greedy {greedy:.1f} on the same {games} game: "
        "not better yet",
        "your strategy averaged {mine:.1f} points, greedy {greedy:.1f} on the same {games} games: "
        "not better yet",
        GAMES,
    )
    rerolls = any(isinstance(action, Keep) for __, action in decisions)
    return Verdict(
        False,
        format_message(
            "{result}. Hint: {hint}",
            result=fill_message(template, mine=mine, greedy=greedy, games=GAMES),
            hint=_(STRATEGY_HINTS[1] if rerolls else STRATEGY_HINTS[0]),
        ),
    )


STRATEGY_HINTS = (
    N_("scoring at once throws away two rolls: keep the dice of the face you have most of and roll on"),
    N_("greedy is blind to the upper bonus: aim for three of each face in the upper boxes"),
)
"""The hint for a strategy that loses: the first while it never rolls again, then the second."""


EXERCISES = (
    Exercise(
        "04.1",
        N_(
            "Take the two-dice game of section 1, but give each turn **two** rolls: after the first roll "
            "you may keep either die and throw the other again (or both). With **Fives** already filled, "
            "what is the expected score of the last turn? Write it as a fraction."
        ),
        lambda: solve_upper_game(faces=(5, 6), dice=2, rolls=2).value((5,)),
        ExactFraction(),
        hints=(
            N_("only Sixes is left, so keep every six; follow one die: how likely does it end as a six?"),
            N_("a die ends a six unless it misses twice; two dice, 6 points for each six: multiply"),
        ),
        mistakes=lambda: (
            (
                solve_upper_game(faces=(5, 6), dice=2, rolls=1).value((5,)),
                N_("that is one roll a turn; with two, a die that misses is thrown again"),
            ),
            (
                solve_upper_game(faces=(5, 6), dice=2, rolls=2).value((6,)),
                N_("Fives is filled: the last turn scores Sixes"),
            ),
        ),
    ),
    Exercise(
        "04.2",
        N_(
            "Your first roll of a `classic` game, with an empty scorecard and two rolls left, is "
            "6-6-6-2-1; the first cell of the exercises sets this position up as `position`. Ask for a "
            "hint. How many "
            "points, on average, do you give up by scoring it at once as **Three of a Kind** instead "
            "of making the best choice? Give it to one decimal."
        ),
        three_of_a_kind_cost,
        Points(places=1),
        hints=(
            N_(
                "a hint (section 3) lists every choice with the final score you can expect after it, "
                "the best first; pass it the solution"
            ),
            N_("what a choice costs is how far its expected final score falls below the best choice's"),
        ),
        mistakes=lambda: (
            (-three_of_a_kind_cost(), N_("a cost is what you give up: a positive number")),
            (
                three_of_a_kind_expected(),
                N_("that is the final score after that choice; the cost is how far it falls below the best"),
            ),
        ),
    ),
    Exercise(
        "04.3",
        N_(
            "**Write a strategy.** `my_strategy(view)` gets what the player sees (the rules, your scorecard "
            "`view.filled`, the dice `view.dice`, `view.rolls_left`, and `view.options()`, the boxes you "
            "may score now with their points) and returns `Keep(dice)`, to keep these dice and throw the "
            "others, or `Score(box)`. It must average more than **greedy** on the same 200 seeded games "
            "of `classic`. The package's own strategies and bots are refused, and so is a strategy that "
            "only passes their choices on: write your own."
        ),
        lambda: None,
        StrategyAnswer(),
        hints=STRATEGY_HINTS,
        check_code=beats_greedy,
    ),
)
