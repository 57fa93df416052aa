"""Bluff figures carry the exact numbers of the odds and the tournaments."""

from fractions import Fraction
from math import comb

import pandas as pd
import plotly.graph_objects as go
import pytest

from dicepoker.games.bluff.bots import NaiveBot, bluff_rate_sweep
from dicepoker.games.bluff.figures import (
    bayes_figure,
    bluff_category_figure,
    bluff_rate_figure,
    bluff_reach_figure,
    tournament_figure,
)


def test_category_figure_one_roll_bars_are_the_counting_formulas():
    fig = bluff_category_figure()
    assert isinstance(fig, go.Figure)
    one_roll = dict(zip(fig.data[0].y, fig.data[0].x, strict=True))
    assert one_roll["Full House"] == pytest.approx(6 * 5 * comb(5, 3) / 7776)
    assert one_roll["Two Pairs"] == pytest.approx(comb(6, 2) * 4 * 30 / 7776)
    assert one_roll["Nothing"] == pytest.approx((720 - 240) / 7776)
    at_least = dict(zip(fig.data[1].y, fig.data[1].x, strict=True))
    assert at_least["Nothing"] == 1 and at_least["Five of a Kind"] == pytest.approx(2783176 / 60466176)


def test_reach_figure_top_hand_and_inherited_cup():
    fig = bluff_reach_figure(["66612"])
    names = list(fig.data[1].x)
    assert len(names) == 72 and names[0] == "nothing" and names[-1] == "five 6s"
    assert fig.data[1].y[-1] == pytest.approx(float((1 - Fraction(5, 6) ** 3) ** 5))
    assert fig.data[2].y[names.index("four 6s")] == pytest.approx(1 - (25 / 36) ** 2)
    assert fig.data[0].y[names.index("five 6s")] == pytest.approx(1 / 7776)


def test_bayes_figure_runs_from_certainty_to_the_prior():
    fig = bayes_figure("four 6s", (2,), "66612", points=11)
    ys = list(fig.data[0].y)
    assert ys[0] == 1 and ys[-1] == pytest.approx(11 / 36)
    assert ys == sorted(ys, reverse=True)
    assert ys[5] == pytest.approx(22 / 47)  # bluff rate 1/2


def test_tournament_and_sweep_figures():
    table = pd.DataFrame(
        {"win_rate": [0.6, 0.4], "ci_low": [0.5, 0.3], "ci_high": [0.75, 0.5]}, index=["reasoning", "naive"]
    )
    fig = tournament_figure(table)
    assert list(fig.data[0].y) == [0.6, 0.4]
    assert list(fig.data[0].error_y.array) == pytest.approx([0.15, 0.1])
    assert list(fig.data[0].error_y.arrayminus) == pytest.approx([0.1, 0.1])
    sweep = bluff_rate_sweep([0.0, 1.0], NaiveBot(), games=6, rng=2)
    assert list(sweep.index) == [0.0, 1.0] and (sweep["wins"] <= 6).all()
    fig = bluff_rate_figure(sweep)
    assert list(fig.data[2].y) == list(sweep["win_rate"])
