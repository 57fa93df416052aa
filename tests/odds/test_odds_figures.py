"""Figures of the odds: plotly figures whose numbers are the exact odds, never shown by the library."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import plotly.graph_objects as go
import pytest

from dicepoker import UnknownNameError, combinations_of
from dicepoker.games.scorecard.odds import expected_score
from dicepoker.odds.figures import (
    convergence_figure,
    dice_sum_figure,
    one_vs_three_rolls_figure,
    score_distribution_figure,
    turn_flow_figure,
)
from dicepoker.odds.one_roll import one_roll_probability
from dicepoker.odds.turn import hold_chance_by_roll, within_three_probability


@pytest.fixture(autouse=True)
def no_show(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("a library function called .show()")

    monkeypatch.setattr(go.Figure, "show", refuse)


@pytest.mark.parametrize("game", ["classic", "yatzy", "two_part", "bluff", "board"])
def test_one_vs_three_rolls_has_every_combination(game):
    fig = one_vs_three_rolls_figure(game)
    assert isinstance(fig, go.Figure)
    names = [c.name for c in combinations_of(game)]
    one, three = fig.data
    if game == "board":  # 37 labels: neighbours with equal odds share a bar ("P1 … P6 (each)")
        shown = [label.split(" … ")[0] for label in one.y]
        assert [n for n in names if n in shown] == shown and list(three.y) == list(one.y)
        for label, value in zip(one.y, three.x, strict=True):
            assert value == float(within_three_probability(label.split(" … ")[0], game))
        return
    assert list(one.y) == names and list(three.y) == names
    for name, value in zip(names, three.x, strict=True):
        assert value == float(within_three_probability(name, game))
    if game != "two_part":
        assert list(one.x) == [float(one_roll_probability(n, game)) for n in names]
    else:
        assert one.x[names.index("Chance")] == 0 and "doubled" in fig.layout.title.text
    fig.to_json()  # serialisable, so it renders in JupyterLab and Voila


def test_log_scale_option():
    assert one_vs_three_rolls_figure("classic", log=True).layout.xaxis.type == "log"


def test_convergence_band_contains_the_estimate_and_ends_near_the_exact_value():
    fig = convergence_figure("Pair", n=20_000, rng=3)
    band, estimate, exact = fig.data
    assert exact.y[0] == float(one_roll_probability("Pair"))
    k = len(estimate.x)
    highs, lows = band.y[:k], band.y[k:][::-1]
    assert all(lo <= e <= hi for lo, e, hi in zip(lows, estimate.y, highs, strict=True))
    assert lows[-1] <= exact.y[0] <= highs[-1]
    three = convergence_figure("Full House", n=5000, rng=1, within_three=True)
    assert three.data[2].y[0] == float(within_three_probability("Full House"))
    assert "within three rolls" in three.layout.title.text


def test_turn_flow_sankey_and_bars_carry_the_exact_chances():
    fig = turn_flow_figure("Large Straight")
    sankey = fig.data[0]
    assert isinstance(sankey, go.Sankey)
    labels = list(sankey.node.customdata)  # the node labels are drawn as annotations, spread apart
    into_held = [
        v
        for t, v in zip(sankey.link.target, sankey.link.value, strict=True)
        if labels[t].startswith("after roll 3: 5 useful")
    ]
    assert sum(into_held) == pytest.approx(float(within_three_probability("Large Straight")), abs=1e-12)
    assert sum(sankey.link.value) == pytest.approx(2.0)  # two steps, each sums to one
    bars = turn_flow_figure("Large Straight", kind="bars")
    held = next(trace for trace in bars.data if trace.name.startswith("5 useful"))
    assert list(held.y) == [float(p) for p in hold_chance_by_roll("Large Straight")]
    for roll in range(3):
        assert sum(trace.y[roll] for trace in bars.data) == pytest.approx(1.0)
    with pytest.raises(UnknownNameError, match="no figure kind 'pie'"):
        turn_flow_figure("Pair", kind="pie")


def test_dice_sum_figure_is_the_exact_distribution():
    fig = dice_sum_figure(3)
    counts = {}
    for outcome in product(range(1, 7), repeat=3):
        counts[sum(outcome)] = counts.get(sum(outcome), 0) + 1
    assert list(fig.data[0].x) == sorted(counts)
    assert list(fig.data[0].y) == [counts[t] / 216 for t in sorted(counts)]
    simulated = dice_sum_figure(5, n=10_000, rng=2).data[1]
    assert sum(simulated.y) == pytest.approx(1.0)


def test_score_distribution_figure():
    fig = score_distribution_figure("Sixes")
    bars = fig.data[0]
    assert list(bars.x) == [0, 6, 12, 18, 24, 30]
    # each die ends a six with chance 1 - (5/6)^3, independently: a binomial count of sixes
    q = 1 - Fraction(5, 6) ** 3
    assert list(bars.y) == [float(comb(5, k) * q**k * (1 - q) ** (5 - k)) for k in range(6)]
    assert fig.layout.shapes[0].x0 == float(expected_score("Sixes"))
    two_part = score_distribution_figure("Poker", "two_part")
    assert 90 in list(two_part.data[0].x)  # five fours on the first roll, doubled plus 50
