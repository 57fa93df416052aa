"""The scorecard's own odds: the one-roll count of a box by formula (the closed form).

The odds every game shares (by enumeration, a turn's best play) are in :mod:`dicepoker.odds`;
this is what only a scorecard box has: a formula per kind of box (:class:`~.rules.Need`), which
the tests check against the enumeration of all 7776 ordered outcomes.

>>> closed_form_probability("Full House")
Fraction(25, 648)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations
from math import comb

from dicepoker.core.counting import COUNT_PATTERNS, pattern_count, surjections
from dicepoker.core.dice import FACES, NUMBER_OF_DICE
from dicepoker.core.turn import ROLL_OUTCOMES
from dicepoker.games import find_game
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
