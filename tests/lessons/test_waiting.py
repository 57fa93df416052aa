"""Lesson 12's waits: the geometric wait for a six, and the chains for five of a kind and a large
straight, each against a second computation (closed forms, the turn odds, simulations of real dice)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from dicepoker import DicePokerError
from dicepoker.core.dice import Dice
from dicepoker.core.stats import mean_interval, wilson_interval, z_for
from dicepoker.lessons.waiting import (
    five_of_a_kind_chain,
    large_straight_chain,
    simulate_six_waits,
    simulate_waits,
    six_wait_mean,
    six_wait_partial_sums,
    six_wait_probability,
    straight_keep,
    within_a_turn,
)
from dicepoker.lessons.waiting_figures import six_wait_figure, waits_figure
from dicepoker.odds.turn import useful_dice_transitions, within_three_probability

Z99 = z_for(0.99)
Q = Fraction(5, 6)


def test_the_geometric_wait_by_formula_and_its_series():
    assert six_wait_mean() == 6
    sums = six_wait_partial_sums(60)
    for k, (chance, mean) in enumerate(sums, start=1):
        assert chance == 1 - Q**k  # the first six within k rolls: not k misses
        assert mean == (1 - (k + 1) * Q**k + k * Q ** (k + 1)) * 6  # Σ j p q^(j-1), summed in closed form
    assert 6 - sums[-1][1] == 66 * Q**60 < Fraction(1, 500)
    assert [six_wait_probability(k) for k in (1, 2)] == [Fraction(1, 6), Fraction(5, 36)]


def test_simulated_waits_for_a_six():
    waits = simulate_six_waits(20_000, rng=7)
    assert mean_interval(waits.astype(float), z=Z99).contains(6)
    for k in (1, 3, 10):
        assert wilson_interval(int((waits == k).sum()), len(waits), z=Z99).contains(six_wait_probability(k))
    assert np.array_equal(waits, simulate_six_waits(20_000, rng=7))


def test_five_of_a_kind_chain_is_the_turn_tables_chain():
    chain = five_of_a_kind_chain()
    for roll in (1, 2):
        table = useful_dice_transitions("Poker", roll=roll)
        for u in range(1, 6):
            assert list(chain.transition[u]) == list(table.loc[u]), (roll, u)
    assert all(sum(row) == 1 for row in chain.transition)


def test_five_of_a_kind_expected_rolls_exactly():
    chain = five_of_a_kind_chain()
    assert chain.expected_rolls() == Fraction(191283, 17248)
    # first-step analysis by hand from four matching dice: 6 rolls; from three: 1 + 25/36 E3 + 5/18 x 6 ...
    assert chain.expected_rolls(4) == 6
    e3 = (1 + Fraction(5, 18) * 6) / (1 - Fraction(25, 36))
    assert chain.expected_rolls(3) == e3
    within = chain.chances_within(400)
    tail_mean = sum(1 - p for p in within)  # E[N] = Σ_k P(N > k)
    assert float(chain.expected_rolls()) == pytest.approx(float(tail_mean), abs=1e-12)


def test_five_of_a_kind_against_real_dice():
    chain = five_of_a_kind_chain()
    waits = simulate_waits("five of a kind", 3000, rng=12)
    assert mean_interval(waits.astype(float), z=Z99).contains(chain.expected_rolls())
    within = chain.chances_within(30)
    for k in (3, 10, 20, 30):
        assert wilson_interval(int((waits <= k).sum()), len(waits), z=Z99).contains(within[k]), k


def test_a_poker_within_three_rolls_is_lesson_03s_chance():
    assert five_of_a_kind_chain().chance_within(3) == within_three_probability("Poker")
    assert within_three_probability("Poker") == Fraction(347897, 7558272)


def test_the_best_partial_straight():
    assert straight_keep(Dice.parse("12346")) == {1, 2, 3, 4}
    assert straight_keep(Dice.parse("22345")) == {2, 3, 4, 5}
    assert straight_keep(Dice.parse("16666")) == {1}  # a tie: low unless a six is kept
    assert straight_keep(Dice.parse("16666"), frozenset({6})) == {6}


def test_large_straight_chain_by_hand_and_against_real_dice():
    chain = large_straight_chain()
    index = {name: i for i, name in enumerate(chain.states)}
    goal = len(chain.states) - 1
    assert chain.transition[index["2345"]][goal] == Fraction(1, 3)  # a 1 or a 6 on the one die
    assert chain.transition[index["1234"]][goal] == Fraction(1, 6)  # only a 5
    assert chain.transition[0][goal] == Fraction(240, 7776)  # 2 x 5! of the 6^5 rolls
    assert chain.expected_rolls(index["1234"]) == 6
    assert all(sum(row) == 1 for row in chain.transition)
    waits = simulate_waits("large straight", 3000, rng=5)
    assert mean_interval(waits.astype(float), z=Z99).contains(chain.expected_rolls())
    within = chain.chances_within(20)
    for k in (1, 3, 8, 20):
        assert wilson_interval(int((waits <= k).sum()), len(waits), z=Z99).contains(within[k]), k


def test_which_wait_is_longer():
    poker, straight = five_of_a_kind_chain(), large_straight_chain()
    assert straight.expected_rolls() == Fraction(8371525, 1131312)
    assert straight.expected_rolls() < poker.expected_rolls()
    (p_chain, p_best), (s_chain, s_best) = within_a_turn().values()
    assert p_chain == p_best and s_chain < s_best == within_three_probability("Large Straight")


@pytest.mark.parametrize("bad", [0, -3, 1.5, "10"])
def test_bad_numbers_of_games_are_refused(bad):
    with pytest.raises(DicePokerError, match="games"):
        simulate_waits("five of a kind", bad)
    with pytest.raises(DicePokerError, match="games"):
        simulate_six_waits(bad)


def test_an_unknown_goal_is_refused():
    with pytest.raises(DicePokerError, match="unknown goal"):
        simulate_waits("full house", 10)


def test_the_figures_draw_the_exact_numbers():
    fig = six_wait_figure(12)
    assert list(fig.data[0].y) == [float(six_wait_probability(k)) for k in range(1, 13)]
    waits = {"five of a kind": simulate_waits("five of a kind", 50, rng=1)}
    fig = waits_figure(15, simulated=waits)
    assert len(fig.data) == 3
    assert list(fig.data[1].y)[-1] == pytest.approx(float((waits["five of a kind"] <= 15).mean()))
    assert list(fig.data[-1].y) == [float(p) for p in large_straight_chain().chances_within(15)]
    assert sorted(s.x0 for s in fig.layout.shapes) == pytest.approx(
        sorted(float(c.expected_rolls()) for c in (five_of_a_kind_chain(), large_straight_chain()))
    )


@pytest.mark.parametrize("lang", ["ro", "uk", "th"])
def test_the_wait_figures_speak_the_class_language(lang):
    from dicepoker.core.i18n import _

    assert six_wait_figure(5, lang=lang).layout.yaxis.title.text == _("chance", lang)
    names = [trace.name for trace in waits_figure(5, lang=lang).data]
    assert names[0].startswith(_("five of a kind", lang))
