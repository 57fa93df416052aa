"""Exact chances of taking a board cell: one roll by counting, a turn by an independent brute force."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from functools import cache

import numpy as np
import pytest
from test_board import _oracle

from dicepoker import DicePokerError, UnknownNameError
from dicepoker.core.dice import Dice
from dicepoker.core.patterns import is_poker
from dicepoker.games.board.labels import BOARD_LABELS
from dicepoker.games.board.odds import (
    best_keep_for_values,
    cell_chances,
    chance_by_rolls,
    chance_in_one_roll,
    chance_to_take,
    kind_chances,
    label_chances,
    target_vector,
    window_chances,
    windows_through,
)
from dicepoker.games.board.rules import BOARD


@cache
def _outcomes(m: int) -> dict[tuple[int, ...], Fraction]:
    """Every ordered throw of ``m`` dice, grouped by the sorted values."""
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=m))
    return {k: Fraction(v, 6**m) for k, v in counts.items()}


def _brute_force_turn(labels: set[str], rolls: int) -> Fraction:
    """Best chance to end a turn holding one of ``labels``: every subset of positions kept, Fractions."""

    @cache
    def holds(dice: tuple[int, ...]) -> bool:
        return bool(_oracle(Dice(dice)) & labels)

    @cache
    def value(dice: tuple[int, ...], left: int) -> Fraction:
        if holds(dice) or left == 0:
            return Fraction(int(holds(dice)))
        keeps = {tuple(sorted(dice[i] for i in range(5) if mask >> i & 1)) for mask in range(32)}
        return max(expect(keep, left) for keep in keeps)

    @cache
    def expect(keep: tuple[int, ...], left: int) -> Fraction:
        return sum(p * value(tuple(sorted(keep + o)), left - 1) for o, p in _outcomes(5 - len(keep)).items())

    return sum(p * value(d, rolls - 1) for d, p in _outcomes(5).items())


def test_one_roll_of_every_label_by_counting_all_7776_throws():
    counts = Counter()
    for throw in itertools.product(range(1, 7), repeat=5):
        counts.update(_oracle(Dice(throw)))
    for label in BOARD_LABELS:
        assert chance_in_one_roll(label) == Fraction(counts[label], 7776), label


def test_one_roll_by_formulas():
    binom = [math.comb(5, k) * 5 ** (5 - k) for k in range(6)]  # throws with exactly k of a given face
    assert chance_in_one_roll("P4") == Fraction(sum(binom[2:]), 7776)
    assert chance_in_one_roll("T4") == Fraction(sum(binom[3:]), 7776)
    assert chance_in_one_roll("K4") == Fraction(sum(binom[4:]), 7776)
    assert chance_in_one_roll("FH") == Fraction(6 * 5 * math.comb(5, 2), 7776)
    assert chance_in_one_roll("S") == Fraction(2 * math.factorial(5), 7776)
    # sums: compositions of 7 (11) into five parts 1..6 (inclusion-exclusion for the cap of 6)
    assert chance_in_one_roll("L7") == Fraction(math.comb(6, 4), 7776)
    assert chance_in_one_roll("L11") == Fraction(math.comb(10, 4) - 5 * math.comb(4, 4), 7776)


def test_the_published_chance_of_five_of_a_kind_in_three_rolls():
    assert chance_to_take(is_poker) == Fraction(2_783_176, 6**10)


@pytest.mark.parametrize(("labels", "rolls"), [({"FH"}, 3), ({"L7"}, 3), ({"K6"}, 2), ({"S", "L11"}, 2)])
def test_a_turn_agrees_with_brute_force(labels, rolls):
    assert chance_to_take(labels, rolls) == _brute_force_turn(labels, rolls)


def test_more_rolls_and_more_labels_never_hurt():
    for label in ("P1", "23", "T5", "K2", "FH", "S", "L7", "L11"):
        chances = chance_by_rolls(label, 4)
        assert chances == sorted(chances) and chances[0] < chances[-1] < 1
    assert chance_to_take(["T3", "K6"]) >= max(chance_to_take("T3"), chance_to_take("K6"))
    assert chance_to_take([f"P{f}" for f in range(1, 7)], rolls=1) == 1 - Fraction(720, 7776)


def test_best_keeps():
    def best_keep(label: str, dice: str, rolls_left: int = 2) -> Dice:
        return best_keep_for_values(dice, target_vector(label).astype(float), rolls_left)[0]

    assert best_keep("K6", "66612") == Dice.parse("666")
    assert best_keep("S", "22456") == Dice.parse("2456")
    assert best_keep("FH", "33355", rolls_left=2) == Dice.parse("33355")  # already there: stop


def test_targets_and_refusals():
    assert target_vector("FH").sum() == 6 * 5  # full houses among the 252 rolls
    with pytest.raises(UnknownNameError, match="no board label 'P7'"):
        chance_to_take("P7")
    with pytest.raises(DicePokerError, match="empty set"):
        chance_to_take([])
    with pytest.raises(DicePokerError, match="at least one roll"):
        chance_to_take("FH", rolls=0)


def test_tables_of_labels_kinds_and_cells():
    table = label_chances()
    assert list(table.index) == list(BOARD_LABELS)
    assert table.loc["FH", "cells"] == 12 and table.loc["P2", "cells"] == 1
    assert table.loc["T6", "in_a_turn"] == chance_to_take("T6")
    kinds = kind_chances()
    assert kinds.loc["pair", "any_label_in_a_turn"] > kinds.loc["pair", "one_label_in_a_turn"]
    assert kinds["cells"].sum() == 80
    grid = cell_chances()
    assert grid.shape == (9, 9) and np.isnan(grid[4, 4])
    assert np.allclose(grid, grid[::-1, ::-1], equal_nan=True)  # pairs differ, but all pairs are alike
    assert grid[0, 0] == pytest.approx(float(chance_to_take("S")))
    assert np.nanmin(grid) == pytest.approx(min(float(chance_to_take(x)) for x in BOARD_LABELS))
    assert grid[BOARD.cells_of("L7")[0]] == np.nanmin(grid)


def test_the_turn_odds_module_agrees_on_every_label():
    from dicepoker.odds.turn import within_three_probability

    for label in BOARD_LABELS:
        assert chance_to_take(label) == within_three_probability(label, game="board"), label


def test_windows_through_each_cell_by_counting_lines():
    grid = windows_through()
    for r, c in itertools.product(range(9), repeat=2):
        count = 0
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            for back in range(5):  # the cell is the back-th of five
                start = (r - dr * back, c - dc * back)
                end = (start[0] + 4 * dr, start[1] + 4 * dc)
                count += all(0 <= x <= 8 for x in (*start, *end))
        assert grid[r, c] == count


def test_window_chances():
    table = window_chances()
    top = table[(table["first"] == (0, 0)) & (table["direction"] == "horizontal")].iloc[0]
    assert top.labels == "S K6 56 46 P2"
    expected = 1.0
    for label in ("S", "K6", "56", "46", "P2"):
        expected *= float(chance_to_take(label))
    assert top.chance_product == pytest.approx(expected) and top.rarest == "K6"
    centre = table[table["through_centre"]]
    assert len(centre) == 20 and all("★" in labels for labels in centre["labels"])
