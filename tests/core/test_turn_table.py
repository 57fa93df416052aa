"""The one turn table (dicepoker.core.turn): counted against brute force, and shared by every game."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import numpy as np

from dicepoker.core.dice import FACES, Dice, reroll_distribution
from dicepoker.core.turn import (
    ROLL_OUTCOMES,
    best_keeps,
    best_over_keeps,
    dice_key,
    roll_index,
    throw_outcomes,
    turn_table,
)


def test_the_counting_oracles():
    t = turn_table()
    assert len(t.rolls) == 252 == len(set(t.rolls)) and len(t.keeps) == 462 == len(set(t.keeps))
    assert ROLL_OUTCOMES == 7776 == int(t.roll_ways.sum())
    assert (t.transition.sum(axis=1) == ROLL_OUTCOMES).all()
    for row in t.transition:  # each row, as exact fractions, sums to exactly 1
        assert sum(Fraction(int(n), ROLL_OUTCOMES) for n in row) == 1
    assert np.allclose(t.chances.sum(axis=1), 1.0)
    assert (t.transition_float == t.transition).all()


def test_every_entry_is_the_count_of_ordered_throws():
    """Brute force: throw the missing dice in every order and count where each keep lands."""
    t = turn_table()
    for k, keep in enumerate(t.keeps):
        missing = 5 - len(keep)
        landed = Counter(Dice(keep.values + throw) for throw in product(FACES, repeat=missing))
        expected = np.zeros(len(t.rolls), dtype=np.int64)
        for dice, n in landed.items():
            expected[t.roll_index[dice]] = n * 6 ** len(keep)
        assert (t.transition[k] == expected).all(), keep


def test_index_maps_agree():
    t = turn_table()
    assert [roll_index(r) for r in t.rolls] == list(range(252))
    assert all(t.roll_at_key[dice_key(r)] == i for i, r in enumerate(t.rolls))
    assert all(t.keep_at_key[dice_key(k)] == i for i, k in enumerate(t.keeps))
    assert all(t.keeps[t.keep_all[r]] == roll for r, roll in enumerate(t.rolls))


def test_keep_options_are_every_sub_keep_short_of_all_five():
    t = turn_table()
    for r, roll in enumerate(t.rolls):
        masks = product((False, True), repeat=5)
        subs = {Dice(v for v, use in zip(roll.values, mask, strict=True) if use) for mask in masks}
        assert {t.keeps[k] for k in t.keep_options[r]} == subs - {roll}
        assert {t.keeps[k] for k in t.keep_choices[r]} == subs
        sizes = t.keep_sizes[t.keep_options[r]]
        assert (np.diff(sizes[: len(subs) - 1]) <= 0).all()  # most dice first


def test_best_over_keeps_against_a_loop():
    t = turn_table()
    values = np.random.default_rng(3).random(len(t.keeps))
    best = best_over_keeps(values)
    with_all = best_over_keeps(values, keeping_all=True)
    chosen, keep = best_keeps(values[:, None])
    for r, roll in enumerate(t.rolls):
        options = [k for k, kept in enumerate(t.keeps) if roll.contains(kept) and len(kept) < 5]
        assert best[r] == max(values[k] for k in options) == chosen[r, 0] == values[keep[r, 0]]
        assert with_all[r] == max(best[r], values[t.keep_all[r]])


def test_throw_outcomes_are_the_reroll_distribution():
    for kept in ("", "6", "66", "125", "6666"):
        assert dict(throw_outcomes(kept)) == reroll_distribution(kept)
    assert throw_outcomes("12345") == []


def test_every_game_reads_the_one_table():
    from dicepoker.games.bluff.odds import KEEPS, ROLLS, throw_chances
    from dicepoker.games.board import odds as board_odds
    from dicepoker.games.scorecard.analysis.two_part import _dice_arrays
    from dicepoker.games.scorecard.solver.tables import dice_tables
    from dicepoker.odds import turn as odds_turn

    t = turn_table()
    assert turn_table() is t
    assert throw_chances() is t.transition and ROLLS is t.rolls and KEEPS is t.keeps
    assert dice_tables().roll_index is t.roll_index and dice_tables().keep_index is t.keep_index
    assert _dice_arrays().transition is t.transition
    assert odds_turn.turn_table is turn_table and board_odds.turn_table is turn_table
