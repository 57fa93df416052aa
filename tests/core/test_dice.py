"""Dice: the multiset, the 252 rolls and 462 keeps, exact distributions."""

from fractions import Fraction
from itertools import combinations, product
from math import comb

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dicepoker import Dice, InvalidDiceError
from dicepoker.core.dice import all_keeps, all_rolls, reroll_distribution, roll_distribution, sub_dice


def test_parse_forms_agree():
    assert Dice.parse("13356") == Dice.parse("1-3-3-5-6") == Dice.parse("6 5 3 3 1") == Dice([3, 1, 6, 5, 3])
    assert str(Dice.parse("6-1-6")) == "166"


def test_counts_sum_and_hash():
    d = Dice.parse("13356")
    assert d.counts == (1, 0, 2, 0, 1, 1)
    assert d.total == 18 and d.count(3) == 2 and len(d) == 5
    assert {Dice.parse("12345"), Dice.parse("54321")} == {Dice.parse("13245")}


@pytest.mark.parametrize("bad", ["1237", "0123", "12a45", "123456", [1, 2, 7], [1.0, 2], [True]])
def test_bad_dice_refused(bad):
    with pytest.raises(InvalidDiceError):
        Dice.parse(bad)


def test_roll_needs_five_dice():
    with pytest.raises(InvalidDiceError, match="five dice"):
        Dice.roll("1234")
    assert Dice.roll("12345").total == 15


def test_counting_oracles():
    # multisets of size n from 6 faces: C(n + 5, 5)
    assert len(all_rolls()) == comb(10, 5) == 252
    assert len(all_keeps()) == sum(comb(n + 5, 5) for n in range(6)) == 462
    assert len(set(all_keeps())) == 462


@pytest.mark.parametrize("n", range(6))
def test_roll_distribution_is_exact(n):
    dist = roll_distribution(n)
    assert sum(dist.values()) == Fraction(1)
    # against brute force over all 6^n ordered outcomes
    counts: dict[Dice, int] = {}
    for outcome in product(range(1, 7), repeat=n):
        counts[Dice(outcome)] = counts.get(Dice(outcome), 0) + 1
    assert dist == {d: Fraction(c, 6**n) for d, c in counts.items()}


def test_reroll_distribution():
    dist = reroll_distribution("66")
    assert sum(dist.values()) == 1
    assert all(d.count(6) >= 2 for d in dist)
    assert dist[Dice.parse("66666")] == Fraction(1, 216)


@given(st.lists(st.integers(1, 6), max_size=5), st.lists(st.integers(1, 6), max_size=5))
def test_keep_arithmetic(a, b):
    dice = Dice(a)
    part = Dice(b)
    if dice.contains(part):
        assert (dice - part) + part == dice
    else:
        with pytest.raises(InvalidDiceError):
            dice - part


def test_sub_dice_are_every_distinct_choice_of_dice_to_keep():
    """The one list of a roll's keeps, which every game's engine offers, against choosing positions."""
    for dice in [*all_rolls(), *all_rolls(3), Dice.parse("")]:
        chosen = {Dice(c) for n in range(len(dice) + 1) for c in combinations(dice.values, n)}
        assert sub_dice(dice) == tuple(sorted(chosen))
        assert sub_dice(dice) is sub_dice(Dice(dice.values))  # remembered
