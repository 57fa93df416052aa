"""The turn table: the 252 rolls of five dice, the 462 keeps, and where each keep leads.

Every game of the kit plays the same chance step: keep some of the five dice (one of the 462
keeps, from none to all five) and throw the rest, which leaves one of the 252 rolls. This module
builds that step once, as numpy arrays over the rolls and keeps in the order of
:func:`~dicepoker.core.dice.all_rolls` and :func:`~dicepoker.core.dice.all_keeps`, and every game,
the odds and the lessons read the same object (:func:`turn_table`).

``transition[k, r]`` counts the ordered outcomes of the thrown dice that turn keep ``k`` into roll
``r``, over the common denominator :data:`ROLL_OUTCOMES` = 6^5: a whole number, so the chances of
a turn stay exact fractions.

>>> t = turn_table()
>>> len(t.rolls), len(t.keeps), t.transition.shape
(252, 462, (462, 252))
>>> bool((t.transition.sum(axis=1) == ROLL_OUTCOMES).all())  # every keep leads somewhere
True
>>> throw_outcomes(Dice.parse("6666"))[-1]  # keep four sixes: a sixth six one time in six
(Dice('66666'), Fraction(1, 6))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import product

import numpy as np

from dicepoker.core.dice import NUMBER_OF_DICE, Dice, all_keeps, all_rolls, ways

ROLL_OUTCOMES = 6**NUMBER_OF_DICE  # 7776 ordered outcomes of five dice: each roll's denominator
POWERS_OF_SIX = 6 ** np.arange(6, dtype=np.int64)  # a die showing face f adds 6**(f-1) to a key


def dice_key(dice: Dice) -> int:
    """A number that identifies a multiset of dice: each die showing ``f`` adds ``6**(f-1)``.

    Counts never exceed five, so the key is the counts written in base 6 and no two multisets
    share one.

    >>> dice_key(Dice.parse("11")), dice_key(Dice.parse("6"))
    (2, 7776)
    """
    return int(sum(n * POWERS_OF_SIX[i] for i, n in enumerate(dice.counts)))


@dataclass(frozen=True, eq=False)
class TurnTable:
    """The rolls, the keeps and the chance step between them (built once by :func:`turn_table`).

    ``keep_options[r]`` lists the keeps a player may take from roll ``r`` short of keeping all
    five, most dice first (so that among equally good keeps the one keeping more dice comes
    first), padded by repeating its first entry; ``keep_choices[r]`` is the same with keeping all
    five (``keep_all[r]``, stopping) in front.

    >>> t = turn_table()
    >>> t.keeps[t.keep_options[t.roll_index[Dice.parse("66612")], 0]]  # the first option keeps four
    Dice('1266')
    """

    rolls: tuple[Dice, ...]  # the 252 rolls of five dice, sorted
    keeps: tuple[Dice, ...]  # the 462 keeps: 0..4 dice, then the 252 rolls in the same order
    roll_index: dict[Dice, int]  # the position of each roll in ``rolls``
    keep_index: dict[Dice, int]  # the position of each keep in ``keeps``
    roll_at_key: np.ndarray  # (6**6,) roll position by dice_key (-1: not five dice)
    keep_at_key: np.ndarray  # (6**6,) keep position by dice_key
    keep_sizes: np.ndarray  # (462,) how many dice each keep holds
    keep_keys: np.ndarray  # (462,) dice_key of each keep
    transition: np.ndarray  # (462, 252) ROLL_OUTCOMES x P(keep -> roll), int64
    transition_float: np.ndarray  # (462, 252) the same whole numbers as float64 (fast products)
    chances: np.ndarray  # (462, 252) P(keep -> roll) as float64: each row sums to 1
    keep_options: np.ndarray  # (252, 31) keeps of each roll short of all five, most dice first
    keep_choices: np.ndarray  # (252, 32) keep_all, then keep_options
    keep_all: np.ndarray  # (252,) the keep index of the roll itself: stopping
    roll_ways: np.ndarray  # (252,) ordered outcomes giving each roll (sums to ROLL_OUTCOMES)
    roll_counts: np.ndarray  # (252, 6) how many dice show each face


def _key_table(dice: tuple[Dice, ...]) -> np.ndarray:
    table = np.full(6**6, -1, dtype=np.int16)
    for i, d in enumerate(dice):
        table[dice_key(d)] = i
    return table


@cache
def turn_table() -> TurnTable:
    """The turn table, built once and shared: every caller gets this very object.

    >>> turn_table() is turn_table()
    True
    >>> int(turn_table().transition[0].sum()) == 6**5  # from the empty keep, every roll of five dice
    True
    """
    rolls, keeps = all_rolls(), all_keeps()
    roll_at, keep_at = _key_table(rolls), _key_table(keeps)
    keep_keys = np.array([dice_key(k) for k in keeps], dtype=np.int64)
    keep_sizes = np.array([len(k) for k in keeps], dtype=np.int64)
    transition = np.zeros((len(keeps), len(rolls)), dtype=np.int64)
    for k, keep in enumerate(keeps):
        kept = NUMBER_OF_DICE - len(keep)
        for rest in all_rolls(kept):
            transition[k, roll_at[keep_keys[k] + dice_key(rest)]] += ways(rest) * 6 ** len(keep)
    roll_counts = np.array([roll.counts for roll in rolls], dtype=np.int64)
    options = np.zeros((len(rolls), 2**NUMBER_OF_DICE - 1), dtype=np.intp)
    for r, counts in enumerate(roll_counts):
        subs = [np.dot(sub, POWERS_OF_SIX) for sub in product(*(range(c + 1) for c in counts))]
        idx = sorted((int(keep_at[key]) for key in subs), key=lambda k: (-keep_sizes[k], k))[1:]
        options[r] = idx + [idx[0]] * (options.shape[1] - len(idx))
    keep_all = keep_at[[dice_key(roll) for roll in rolls]].astype(np.intp)
    choices = np.concatenate([keep_all[:, None], options], axis=1)
    roll_ways = np.array([ways(roll) for roll in rolls], dtype=np.int64)
    arrays = {
        "roll_at_key": roll_at,
        "keep_at_key": keep_at,
        "keep_sizes": keep_sizes,
        "keep_keys": keep_keys,
        "transition": transition,
        "transition_float": transition.astype(np.float64),
        "chances": transition / float(ROLL_OUTCOMES),
        "keep_options": options,
        "keep_choices": choices,
        "keep_all": keep_all,
        "roll_ways": roll_ways,
        "roll_counts": roll_counts,
    }
    for array in arrays.values():
        array.setflags(write=False)
    return TurnTable(
        rolls=rolls,
        keeps=keeps,
        roll_index={r: i for i, r in enumerate(rolls)},
        keep_index={k: i for i, k in enumerate(keeps)},
        **arrays,
    )


def roll_index(dice: Dice | str) -> int:
    """The position of five dice in :func:`~dicepoker.core.dice.all_rolls`.

    >>> roll_index("11111"), roll_index("66666")
    (0, 251)
    """
    return turn_table().roll_index[Dice.roll(dice)]


def best_over_keeps(by_keep: np.ndarray, *, keeping_all: bool = False) -> np.ndarray:
    """The best-over-keeps step: for every roll, the largest value of ``by_keep`` among its keeps.

    ``by_keep`` holds one value per keep (axis 0, more axes allowed, numbers or Python integers);
    ``keeping_all`` counts keeping all five among the choices, otherwise only the keeps that throw
    at least one die.

    >>> values = turn_table().keep_sizes  # value of a keep: its number of dice
    >>> int(best_over_keeps(values)[0]), int(best_over_keeps(values, keeping_all=True)[0])
    (4, 5)
    """
    t = turn_table()
    return by_keep[t.keep_choices if keeping_all else t.keep_options].max(axis=1)


def best_keeps(by_keep: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The best-over-keeps step with its choice: the best value per roll and the keep that gives it.

    Among equally good keeps the one with more dice wins; ``by_keep`` is (462, C) and both results
    are (252, C). Keeping all five is not among the choices (compare it with stopping yourself).

    >>> values = np.asarray(turn_table().keep_sizes)[:, None]
    >>> best, keep = best_keeps(values)
    >>> int(best[0, 0]), turn_table().keeps[keep[0, 0]]
    (4, Dice('1111'))
    """
    options = turn_table().keep_options
    candidates = by_keep[options]  # (252, 31, C)
    best_at = np.argmax(candidates, axis=1)  # the first best: the keep with most dice
    best = np.take_along_axis(candidates, best_at[:, None, :], axis=1)[:, 0, :]
    return best, np.take_along_axis(options, best_at, 1)


def throw_outcomes(kept: Dice | str) -> list[tuple[Dice, Fraction]]:
    """Every roll of five dice that keeping ``kept`` and throwing the rest can give, with its chance.

    Empty when all five are kept (no die is thrown): what a game's ``chance_outcomes`` returns.

    >>> throw_outcomes("6666")[:2]
    [(Dice('16666'), Fraction(1, 6)), (Dice('26666'), Fraction(1, 6))]
    >>> len(throw_outcomes("")), throw_outcomes("12345")
    (252, [])
    """
    kept = Dice.parse(kept)
    if len(kept) >= NUMBER_OF_DICE:
        return []
    t = turn_table()
    row = t.transition[t.keep_index[kept]]
    return [(t.rolls[r], Fraction(int(row[r]), ROLL_OUTCOMES)) for r in np.flatnonzero(row)]
