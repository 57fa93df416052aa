"""The chance of taking a board cell in a turn: exact, with the best keeps, over the 252 rolls.

A turn is up to three rolls; before each reroll the player keeps the dice that give the best
chance to end holding the target (a label, a set of labels, or any test on five dice). The same
dynamic programme, with values instead of 0/1, chooses the keeps of the board bots.

>>> chance_in_one_roll("FH"), chance_in_one_roll("L7")
(Fraction(25, 648), Fraction(5, 2592))
>>> chance_to_take("P6") > chance_to_take("FH") > chance_to_take("K6")
True
>>> best_keep_for_values("33356", target_vector("FH").astype(float), rolls_left=2)[0]
Dice('3335')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from fractions import Fraction
from functools import cache

import numpy as np

from dicepoker.core.dice import Dice, all_rolls
from dicepoker.core.errors import DicePokerError, UnknownNameError
from dicepoker.core.patterns import Combination
from dicepoker.core.turn import ROLL_OUTCOMES, best_over_keeps, turn_table
from dicepoker.games.board.labels import BOARD_LABELS, describe_label, label_combinations, label_kind
from dicepoker.games.board.rules import BOARD, BoardRules

Target = str | Iterable[str] | Combination | Callable[[Dice], bool]


def target_vector(target: Target) -> np.ndarray:
    """Which of the 252 rolls hold the target (a label, labels, a Combination or a test)."""
    test = _target_test(target)
    return np.array([bool(test(d)) for d in all_rolls()])


def _target_test(target: Target) -> Callable[[Dice], bool]:
    if isinstance(target, Combination):
        return target.test
    if isinstance(target, str):
        target = [target]
    if callable(target):
        return target
    combos = label_combinations()
    labels = list(target)
    for label in labels:
        if label not in combos:
            raise UnknownNameError(f"no board label {label!r}; the labels are: {', '.join(BOARD_LABELS)}")
    if not labels:
        raise DicePokerError("the target is an empty set of labels")
    return lambda dice: any(combos[label].test(dice) for label in labels)


# --- exact chances -----------------------------------------------------------------------------
def chance_to_take(target: Target, rolls: int = 3) -> Fraction:
    """The exact chance that a turn of ``rolls`` rolls ends holding ``target``, keeping the best dice.

    >>> chance_to_take("P1", rolls=1)
    Fraction(763, 3888)
    """
    good = target_vector(target)
    return _exact_chance(good.tobytes(), rolls)


@cache
def _exact_chance(good_bytes: bytes, rolls: int) -> Fraction:
    if isinstance(rolls, bool) or not isinstance(rolls, int) or rolls < 1:
        raise DicePokerError(f"a turn has at least one roll, not {rolls!r}")
    good = np.frombuffer(good_bytes, dtype=bool)
    t = turn_table()
    dtype = np.int64 if rolls <= 4 else object  # 7776**4 still fits in 64 bits
    counts, value = t.transition.astype(dtype), good.astype(dtype)
    scale = 1
    for _ in range(rolls - 1):
        scale *= ROLL_OUTCOMES
        value = np.maximum(good * scale, best_over_keeps(counts @ value, keeping_all=True))
    total = int((t.roll_ways.astype(dtype) * value).sum())
    return Fraction(total, ROLL_OUTCOMES * scale)


def chance_in_one_roll(target: Target) -> Fraction:
    """The exact chance that one roll of five dice holds ``target``."""
    return chance_to_take(target, rolls=1)


def chance_by_rolls(target: Target, max_rolls: int = 3) -> list[Fraction]:
    """The chance of holding ``target`` within 1, 2, ... ``max_rolls`` rolls (best keeps).

    >>> [round(float(p), 3) for p in chance_by_rolls("S")]
    [0.031, 0.13, 0.261]
    """
    return [chance_to_take(target, n) for n in range(1, max_rolls + 1)]


# --- values and keeps (also for the bots) ------------------------------------------------------
def turn_values(terminal: np.ndarray, rolls_left: int) -> list[np.ndarray]:
    """Expected final value of each roll with 0, 1, ... ``rolls_left`` rolls left (best keeps).

    ``terminal`` gives the value of stopping on each of the 252 rolls; the result's entry ``j``
    is the value of standing on each roll with ``j`` rolls left (floats).

    >>> from dicepoker.core.turn import roll_index
    >>> values = turn_values(target_vector("FH").astype(float), rolls_left=2)
    >>> round(float(values[2][roll_index("33356")]), 12) == round(11 / 36, 12)  # a 5 in 2 tries
    True
    """
    chances = turn_table().chances
    value = np.asarray(terminal, dtype=float)
    values = [value]
    for _ in range(rolls_left):
        value = np.maximum(terminal, best_over_keeps(chances @ value, keeping_all=True))
        values.append(value)
    return values


def best_keep_for_values(dice: Dice | str, terminal: np.ndarray, rolls_left: int) -> tuple[Dice, float]:
    """The keep that maximises the expected final value, and that value (keeping all = stop).

    >>> keep, value = best_keep_for_values("66612", target_vector("K6").astype(float), 1)
    >>> keep, round(value, 4) == round(1 - (5 / 6) ** 2, 4)  # two dice thrown, one 6 needed
    (Dice('666'), True)
    """
    dice = Dice.roll(dice)
    t = turn_table()
    roll = t.roll_index[dice]
    if rolls_left <= 0:
        return dice, float(terminal[roll])
    later = turn_values(terminal, rolls_left - 1)[-1]
    expected = t.chances @ later
    options = sorted(set(t.keep_choices[roll].tolist()))
    keeps = t.keeps
    stop = float(terminal[roll])
    best, best_value = dice, stop
    for k in options:  # keeps are in order of size, so ties go to the smaller keep
        if expected[k] > best_value + 1e-12:
            best, best_value = keeps[k], float(expected[k])
    return best, best_value


# --- tables for the board ----------------------------------------------------------------------
def label_chances(rules: BoardRules = BOARD) -> object:
    """A DataFrame, one row per label: kind, words, cells on the board, chance in one roll and in a turn.

    >>> table = label_chances()
    >>> int(table.loc["FH", "cells"]), table.loc["FH", "one_roll"]
    (12, Fraction(25, 648))
    """
    import pandas as pd

    counts = rules.label_counts()
    rows = []
    for label in BOARD_LABELS:
        turn = chance_to_take(label, rules.rolls_per_turn)
        rows.append(
            {
                "label": label,
                "kind": label_kind(label),
                "description": describe_label(label),
                "cells": counts[label],
                "one_roll": chance_in_one_roll(label),
                "in_a_turn": turn,
                "in_a_turn_float": float(turn),
            }
        )
    return pd.DataFrame(rows).set_index("label")


KIND_EXAMPLES = {
    "pair": "P6",
    "two pairs": "56",
    "three": "T6",
    "four": "K6",
    "full house": "FH",
    "straight": "S",
    "lucky 7": "L7",
    "lucky 11": "L11",
}


def kind_chances(rules: BoardRules = BOARD) -> object:
    """A DataFrame, one row per kind of cell: chance of one given label and of any label of the kind.

    >>> int(kind_chances().loc["pair", "labels"])
    6
    """
    import pandas as pd

    counts = rules.label_counts()
    rows = []
    for kind, example in KIND_EXAMPLES.items():
        labels = [x for x in BOARD_LABELS if label_kind(x) == kind]
        one = chance_to_take(example, rules.rolls_per_turn)
        anyone = chance_to_take(labels, rules.rolls_per_turn)
        rows.append(
            {
                "kind": kind,
                "labels": len(labels),
                "cells_per_label": counts[example],
                "cells": sum(counts[x] for x in labels),
                "one_label_in_a_turn": one,
                "any_label_in_a_turn": anyone,
                "one_label": float(one),
                "any_label": float(anyone),
            }
        )
    return pd.DataFrame(rows).set_index("kind")


def cell_chances(rules: BoardRules = BOARD) -> np.ndarray:
    """A 9×9 array: the chance of taking each cell's label in a turn (NaN at the free centre).

    >>> grid = cell_chances()
    >>> bool(np.isnan(grid[4, 4])), round(float(grid[0, 0]), 3)
    (True, 0.261)
    """
    grid = np.full((rules.size, rules.size), np.nan)
    for cell in rules.cells:
        grid[cell] = float(chance_to_take(rules.label(cell), rules.rolls_per_turn))
    return grid


def window_chances(rules: BoardRules = BOARD) -> object:
    """A DataFrame of every run of five cells (a possible series): its labels and how hard it is.

    ``chance_product`` multiplies the chances of taking each of its cells in a turn: the chance of
    filling it in as many turns as it has chip cells, aiming at one cell a turn and undisturbed.

    >>> table = window_chances()
    >>> len(table), int(table["through_centre"].sum())
    (140, 20)
    """
    import pandas as pd

    rows = []
    for (direction, _), window in rules.windows_with_lines:
        cells = [cell for cell in window if cell != rules.centre]
        labels = [rules.label(cell) for cell in cells]
        chances = [chance_to_take(label, rules.rolls_per_turn) for label in labels]
        rows.append(
            {
                "direction": direction,
                "first": window[0],
                "last": window[-1],
                "labels": " ".join(rules.label(cell) for cell in window),
                "through_centre": rules.centre in window,
                "rarest": labels[chances.index(min(chances))],
                "chance_product": float(np.prod([float(p) for p in chances])),
            }
        )
    return pd.DataFrame(rows)


def windows_through(rules: BoardRules = BOARD) -> np.ndarray:
    """A 9×9 array: how many runs of five (possible series) pass through each cell.

    >>> grid = windows_through()
    >>> int(grid[0, 0]), int(grid[4, 4]), int(grid.sum()) == 140 * 5
    (3, 20, True)
    """
    grid = np.zeros((rules.size, rules.size), dtype=int)
    for window in rules.windows:
        for cell in window:
            grid[cell] += 1
    return grid
