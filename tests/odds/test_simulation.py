"""Monte Carlo: seeded, vectorised, and within its confidence interval of the exact values."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from dicepoker import Dice, DicePokerError, combinations_of
from dicepoker.core.dice import all_rolls
from dicepoker.core.stats import Estimate, mean_interval, wilson_interval
from dicepoker.games.scorecard.odds import expected_score, score_plan
from dicepoker.odds.one_roll import game_one_roll_counts, one_roll_probability
from dicepoker.odds.simulation import (
    roll_counts,
    roll_dice,
    roll_indices,
    running_estimate,
    simulate_chance_with_keep,
    simulate_expected_score,
    simulate_game_one_roll,
    simulate_game_within_three,
    simulate_hold_by_roll,
    simulate_one_roll,
    simulate_turns,
    simulate_within_three,
)
from dicepoker.odds.turn import (
    chance_with_keep,
    game_within_three,
    hold_chance_by_roll,
    hold_plan,
    within_three_probability,
)


def near(estimate: Estimate, exact: Fraction, z: float = 3.29) -> bool:
    """Within a 99.9% interval: for checks run many at a time, where a 95% interval misses 1 in 20."""
    return abs(estimate.value - float(exact)) <= z / 1.959963984540054 * estimate.half_width + 1e-12


def test_same_seed_same_result_and_generators_are_accepted():
    assert np.array_equal(roll_dice(100, rng=3), roll_dice(100, rng=3))
    assert not np.array_equal(roll_dice(100, rng=3), roll_dice(100, rng=4))
    assert simulate_within_three("Pair", n=5000, rng=9) == simulate_within_three("Pair", n=5000, rng=9)
    rng = np.random.default_rng(5)
    first, second = roll_dice(10, rng), roll_dice(10, rng)  # the generator moves on
    assert not np.array_equal(first, second)
    turns_a = simulate_turns(hold_plan("Full House"), 2000, rng=1)
    turns_b = simulate_turns(hold_plan("Full House"), 2000, rng=1)
    assert np.array_equal(turns_a.rolls, turns_b.rolls)


def test_dice_and_roll_indices():
    dice = roll_dice(1000, rng=0)
    assert dice.shape == (1000, 5) and dice.min() == 1 and dice.max() == 6
    expected = [all_rolls().index(Dice(row.tolist())) for row in dice[:200]]
    assert roll_indices(dice[:200]).tolist() == expected
    counts = roll_counts(10_000, rng=1)
    assert counts.shape == (252,) and counts.sum() == 10_000


def test_wilson_interval_published_values():
    # Wilson's interval for 50 of 100, and the zero-success case: upper end z^2 / (n + z^2)
    e = wilson_interval(50, 100)
    assert (round(e.low, 4), round(e.high, 4)) == (0.4038, 0.5962)
    z = 1.959963984540054
    zero = wilson_interval(0, 1000)
    assert zero.low == 0 and zero.high == pytest.approx(z * z / (1000 + z * z))
    assert wilson_interval(1000, 1000).high == 1
    assert Estimate(0.5, 0.4, 0.6, 10).half_width == pytest.approx(0.1)
    m = mean_interval(np.array([1.0, 2.0, 3.0, 4.0]))
    assert m.value == 2.5 and m.half_width == pytest.approx(z * math.sqrt(5 / 3) / 2)
    with pytest.raises(DicePokerError):
        wilson_interval(0, 0)


def test_one_roll_simulation_within_its_interval():
    n = 200_000
    for game in ("classic", "board"):
        estimates = simulate_game_one_roll(game, n=n, rng=2024)
        exact = {name: Fraction(k, 7776) for name, k in game_one_roll_counts(game).items()}
        inside = [e.contains(exact[name]) for name, e in estimates.items()]
        # 95% intervals: about 1 in 20 may miss; all lie within a 99.9% interval
        assert sum(inside) >= 0.85 * len(inside)
        for name, e in estimates.items():
            assert near(e, exact[name]), name
    single = simulate_one_roll("Full House", n=n, rng=11)
    assert single.contains(one_roll_probability("Full House"))


def test_within_three_simulation_within_its_interval():
    for name in ("Poker", "Large Straight", "Full House", "Two Pairs"):
        estimate = simulate_within_three(name, n=100_000, rng=7)
        assert estimate.contains(within_three_probability(name)), name
    estimates = simulate_game_within_three("bluff", n=20_000, rng=3)
    exact = game_within_three("bluff")
    assert sum(e.contains(exact[name]) for name, e in estimates.items()) >= 8


def test_distribution_after_each_roll_and_expected_score():
    by_roll = simulate_hold_by_roll("Small Straight", n=100_000, rng=12)
    for estimate, exact in zip(by_roll, hold_chance_by_roll("Small Straight"), strict=True):
        assert estimate.contains(exact)
    for keep, rolls_left in (("2346", 2), ("2346", 1), ("33", 2), ("", 2)):
        estimate = simulate_chance_with_keep("Large Straight", keep, rolls_left=rolls_left, n=50_000, rng=15)
        assert near(estimate, chance_with_keep("Large Straight", keep, rolls_left=rolls_left)), keep
    with pytest.raises(DicePokerError, match="needs a roll left"):
        simulate_chance_with_keep("Pair", "11", rolls_left=0)
    sixes = simulate_expected_score("Sixes", n=100_000, rng=13)
    assert sixes.contains(expected_score("Sixes"))
    poker = simulate_expected_score("Poker", "two_part", n=200_000, rng=14)
    assert poker.contains(expected_score("Poker", "two_part"))


def test_simulated_turns_follow_the_plan():
    plan = hold_plan("Large Straight")
    turns = simulate_turns(plan, 20_000, rng=6)
    holds = np.array([plan.stop_values[-1][r] > 0 for r in range(252)])
    final = turns.rolls[:, -1]
    assert np.array_equal(turns.outcomes.astype(bool), holds[final])
    # a turn stops at the first roll that holds, and its dice stay put after that
    first_hold = np.argmax(holds[turns.rolls], axis=1) + 1
    held = holds[final]
    assert np.array_equal(turns.stopped_after[held], first_hold[held])
    for stage in (1, 2):
        stayed = turns.stopped_after <= stage
        assert np.array_equal(turns.rolls[stayed, stage], turns.rolls[stayed, stage - 1])
    # every kept die is still there after the reroll
    for t in range(50):
        for stage in (0, 1):
            if turns.stopped_after[t] > stage + 1:
                before = all_rolls()[turns.rolls[t, stage]]
                after = all_rolls()[turns.rolls[t, stage + 1]]
                assert after.contains(plan.best_keep(before, roll=stage + 1))
    assert 5 * 20_000 <= turns.dice_thrown <= 15 * 20_000
    scores = simulate_turns(score_plan("Poker", "two_part"), 5000, rng=1)
    possible = {0} | {5 * f + 50 for f in range(1, 7)} | {2 * 5 * f + 50 for f in range(1, 7)}
    assert set(np.unique(scores.outcomes).tolist()) <= possible
    doubled = scores.outcomes[scores.stopped_after == 1]
    assert set(doubled.tolist()) <= {2 * 5 * f + 50 for f in range(1, 7)}


def test_running_estimate_converges():
    frame = running_estimate("Pair", n=50_000, rng=0)
    assert frame["n"].is_monotonic_increasing and frame["n"].iloc[-1] == 50_000
    assert (frame["low"] <= frame["estimate"]).all() and (frame["estimate"] <= frame["high"]).all()
    widths = frame["high"] - frame["low"]
    assert widths.iloc[-1] < widths.iloc[0] / 10
    last = frame.iloc[-1]
    assert last["low"] <= float(one_roll_probability("Pair")) <= last["high"]
    three = running_estimate("Full House", n=20_000, rng=0, within_three=True)
    assert three.iloc[-1]["low"] <= float(within_three_probability("Full House")) <= three.iloc[-1]["high"]
    assert len(combinations_of("classic")) == 15
