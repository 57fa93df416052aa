"""The exact chance of a combination on one roll of five dice: by enumeration and by formula.

A combination is a test on five dice (a :class:`~dicepoker.core.patterns.Combination`, a name in
a game's catalogue, or any function of :class:`~dicepoker.core.dice.Dice`). Its one-roll chance is
counted two independent ways:

* **enumeration** — go through all 6^5 = 7776 ordered outcomes of five dice and count those
  that hold it (:func:`one_roll_count`);
* **closed form** — for a scorecard box, add up multinomial coefficients over the patterns of
  equal dice that qualify (:func:`~dicepoker.games.scorecard.odds.closed_form_count`).

>>> one_roll_probability("Full House")
Fraction(25, 648)
>>> from dicepoker.games.scorecard.odds import closed_form_count
>>> closed_form_count("Full House") == one_roll_count("Full House") == 300
True
>>> one_roll_probability("FH", game="board") == one_roll_probability("Full House")
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product

import numpy as np

from dicepoker.core.dice import FACES, NUMBER_OF_DICE, Dice, all_rolls
from dicepoker.core.errors import UnknownNameError
from dicepoker.core.i18n import format_message
from dicepoker.core.patterns import Combination
from dicepoker.core.turn import POWERS_OF_SIX, turn_table
from dicepoker.core.turn import ROLL_OUTCOMES as OUTCOMES  # the name lesson 02 teaches
from dicepoker.games import combinations_of

CombinationLike = Combination | str | Callable[[Dice], bool]


# --- naming a combination ------------------------------------------------------------------------
@cache
def catalogue(game: str) -> tuple[Combination, ...]:
    """The combinations of a game (cached): its boxes, bluff categories or board labels.

    >>> [c.name for c in catalogue("board")][-4:]
    ['FH', 'S', 'L7', 'L11']
    """
    return tuple(combinations_of(game))


def find_combination(combination: CombinationLike, game: str = "classic") -> Combination:
    """The :class:`Combination` meant: itself, a name in ``game``'s catalogue, or a test function.

    >>> find_combination("Poker").name, find_combination(lambda d: d.total == 7).name
    ('Poker', '<lambda>')
    >>> find_combination("Yahtzee")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.UnknownNameError: no combination 'Yahtzee' in game 'classic'; ...
    """
    if isinstance(combination, Combination):
        return combination
    if isinstance(combination, str):
        for c in catalogue(game):
            if c.name == combination:
                return c
        names = ", ".join(c.name for c in catalogue(game))
        if len(names) > 60:
            names = names[: names.index(",") + 1] + " ..."
        raise UnknownNameError(
            format_message(
                "no combination {combination} in game {game}; the combinations are: {names}",
                combination=repr(combination),
                game=repr(game),
                names=names,
            )
        )
    if callable(combination):
        return Combination(getattr(combination, "__name__", "custom"), combination)
    raise UnknownNameError(
        format_message(
            "{combination} is not a combination, a name or a test on five dice", combination=repr(combination)
        )
    )


# --- the ordered outcomes ---------------------------------------------------------------------
@cache
def ordered_outcomes() -> np.ndarray:
    """All 6^5 = 7776 ordered outcomes of one roll, one row each (values 1..6).

    >>> ordered_outcomes().shape, ordered_outcomes()[1].tolist()
    ((7776, 5), [1, 1, 1, 1, 2])
    """
    table = np.array(list(product(FACES, repeat=NUMBER_OF_DICE)), dtype=np.int8)
    table.setflags(write=False)
    return table


@cache
def ordered_outcome_rolls() -> np.ndarray:
    """For each of the 7776 ordered outcomes, the position of its (unordered) roll in :func:`all_rolls`.

    >>> all_rolls()[ordered_outcome_rolls()[1]]  # outcome 1-1-1-1-2
    Dice('11112')
    """
    keys = POWERS_OF_SIX[ordered_outcomes() - 1].sum(axis=1)
    table = turn_table().roll_at_key[keys].astype(np.intp)
    table.setflags(write=False)
    return table


# --- which rolls hold a combination --------------------------------------------------------------
@lru_cache(maxsize=256)
def _holds_of(combination: Combination) -> np.ndarray:
    holds = np.array([bool(combination.test(roll)) for roll in all_rolls()])
    holds.setflags(write=False)
    return holds


@cache
def game_holds(game: str) -> np.ndarray:
    """A (252, C) table: does roll ``r`` hold the game's ``c``-th combination?

    >>> game_holds("bluff").shape, int(game_holds("bluff")[:, 0].sum())
    ((252, 9), 252)
    """
    holds = np.column_stack([_holds_of(c) for c in catalogue(game)])
    holds.setflags(write=False)
    return holds


def holds_on_rolls(combination: CombinationLike, game: str = "classic") -> np.ndarray:
    """For each of the 252 rolls of :func:`all_rolls`, whether it holds the combination.

    >>> int(holds_on_rolls("Large Straight").sum())  # 12345 and 23456
    2
    """
    if isinstance(combination, str):
        names = [c.name for c in catalogue(game)]
        if combination in names:
            return game_holds(game)[:, names.index(combination)]
    return _holds_of(find_combination(combination, game))


# --- one roll: enumeration -----------------------------------------------------------------------
def one_roll_count(combination: CombinationLike, game: str = "classic") -> int:
    """How many of the 6^5 = 7776 ordered outcomes of one roll hold the combination.

    Every ordered outcome is visited; its dice are looked up among the 252 unordered rolls.

    >>> one_roll_count("Poker"), one_roll_count("Small Straight"), one_roll_count("L7", game="board")
    (6, 1200, 15)
    """
    return int(holds_on_rolls(combination, game)[ordered_outcome_rolls()].sum())


def one_roll_probability(combination: CombinationLike, game: str = "classic") -> Fraction:
    """The exact chance that one roll of five dice holds the combination (by enumeration).

    >>> one_roll_probability("Poker")
    Fraction(1, 1296)
    >>> one_roll_probability("Two Pairs", game="bluff")  # at least two pairs
    Fraction(77, 162)
    """
    return Fraction(one_roll_count(combination, game), OUTCOMES)


def game_one_roll_counts(game: str) -> dict[str, int]:
    """The enumeration count of every combination of a game at once (out of 7776).

    >>> game_one_roll_counts("classic")["Full House"]
    300
    """
    counts = game_holds(game)[ordered_outcome_rolls()].sum(axis=0)
    return {c.name: int(n) for c, n in zip(catalogue(game), counts, strict=True)}


# --- the sum of the dice -------------------------------------------------------------------------
def sum_distribution(dice: int = NUMBER_OF_DICE) -> dict[int, Fraction]:
    """The exact distribution of the sum of ``dice`` dice (counted over all 6^dice outcomes).

    >>> d = sum_distribution(5)
    >>> d[5], d[17], sum(d.values())
    (Fraction(1, 7776), Fraction(65, 648), Fraction(1, 1))
    """
    counts: dict[int, int] = {}
    for outcome in product(FACES, repeat=dice):
        counts[sum(outcome)] = counts.get(sum(outcome), 0) + 1
    return {total: Fraction(k, 6**dice) for total, k in sorted(counts.items())}
