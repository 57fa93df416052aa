"""The scorecard's own odds: a box's one-roll count by formula, and a turn played for a box's score.

The odds every game shares (by enumeration, a turn's best play to hold a combination) are in
:mod:`dicepoker.odds`; this is what only a scorecard box has: a formula per kind of box
(:class:`~.rules.Need`), which the tests check against the enumeration of all 7776 ordered
outcomes, and a score, whose expectation and distribution over a turn played for it the turn's
dynamic programme (:mod:`dicepoker.core.turn_plan`) gives exactly.

>>> closed_form_probability("Full House")
Fraction(25, 648)
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any

import numpy as np

from dicepoker.core.counting import COUNT_PATTERNS, pattern_count, surjections
from dicepoker.core.dice import FACES, NUMBER_OF_DICE, all_rolls
from dicepoker.core.errors import UnknownNameError
from dicepoker.core.i18n import format_message
from dicepoker.core.turn import ROLL_OUTCOMES
from dicepoker.core.turn_plan import TurnPlan, check_rolls, plan_of, solve_turn
from dicepoker.games import SCORECARD_GAMES, find_game
from dicepoker.games.scorecard.rules import Need


def closed_form_count(box: str, game: str = "classic") -> int:
    """The number of the 7776 ordered outcomes that hold a scorecard box, by formula.

    * a face box (at least ``m = max(par, 1)`` dice of face f): sum over k >= m of C(5,k) 5^(5-k);
    * n of a kind, two pairs, full house, poker: the sum of :func:`pattern_count` over the
      qualifying patterns of equal dice;
    * a straight: the sum of :func:`surjections` over the sets of faces that contain a run;
    * chance: 6^5.

    >>> closed_form_count("Sixes"), closed_form_count("Two Pairs"), closed_form_count("Small Straight")
    (4651, 2100, 1200)
    >>> closed_form_count("Sixes", game="two_part")  # part 1: at least par = 3 sixes
    276
    """
    rules = find_game(game)
    spec = rules.box(box)
    n = NUMBER_OF_DICE
    match spec.need:
        case Need.FACE:
            least = max(rules.par, 1)
            return sum(comb(n, k) * (len(FACES) - 1) ** (n - k) for k in range(least, n + 1))
        case Need.N_OF_A_KIND:
            return sum(pattern_count(p) for p in COUNT_PATTERNS if p[0] >= spec.n)
        case Need.TWO_PAIRS:
            return sum(pattern_count(p) for p in COUNT_PATTERNS if len(p) > 1 and p[1] >= 2)
        case Need.FULL_HOUSE:
            return pattern_count((3, 2))
        case Need.STRAIGHT:
            return sum(
                surjections(n, size)
                for size in range(1, n + 1)
                for faces in combinations(FACES, size)
                if any(set(run) <= set(faces) for run in spec.runs)
            )
        case Need.CHANCE:
            return ROLL_OUTCOMES
    raise AssertionError(spec.need)  # pragma: no cover


def closed_form_probability(box: str, game: str = "classic") -> Fraction:
    """The one-roll chance of a scorecard box by :func:`closed_form_count`.

    >>> closed_form_probability("Large Straight")
    Fraction(5, 162)
    """
    return Fraction(closed_form_count(box, game), ROLL_OUTCOMES)


# --- a turn playing for one box's score -----------------------------------------------------------
def _scorecard(game: str) -> Any:
    if game not in SCORECARD_GAMES:
        raise UnknownNameError(
            format_message(
                "game {game} has no scores; the scorecard games are {games}",
                game=repr(game),
                games=SCORECARD_GAMES,
            )
        )
    return find_game(game)


@lru_cache(maxsize=32)
def _solved_scores(game: str, rolls: int) -> tuple[np.ndarray, tuple]:
    rules = _scorecard(game)
    stop_values = np.array(
        [
            [
                [rules.score(box, roll, first_roll=stage == 0) for box in rules.box_names]
                for roll in all_rolls()
            ]
            for stage in range(rolls)
        ],
        dtype=np.int64,
    )
    return stop_values, solve_turn(stop_values)


def score_plan(box: str, game: str = "classic", rolls: int = 3) -> TurnPlan:
    """The best play of a turn to maximise the expected score of one box (a first-roll score doubles
    where the rules say so).

    >>> score_plan("Poker", game="two_part").value_after("44444", roll=1)  # 2 x 20 + 50
    Fraction(90, 1)
    """
    check_rolls(rolls)
    rules = _scorecard(game)
    column = rules.box_names.index(rules.box(box).name)
    stop_values, solved = _solved_scores(game, rolls)
    return plan_of(rules.box_names[column], "score", stop_values, solved, column)


def expected_score(box: str, game: str = "classic", rolls: int = 3) -> Fraction:
    """The expected score of a box in a turn played to score as much as possible in it.

    >>> expected_score("Sixes")  # 6 x 5 x (1 - (5/6)^3)
    Fraction(455, 36)
    """
    return score_plan(box, game, rolls).value()


def score_distribution(box: str, game: str = "classic", rolls: int = 3) -> dict[int, Fraction]:
    """The exact distribution of a box's score at the end of a turn chasing it.

    >>> d = score_distribution("Sixes")
    >>> sum(d.values()), d[0] == Fraction(5, 6) ** 15
    (Fraction(1, 1), True)
    """
    return score_plan(box, game, rolls).outcome_distribution()
