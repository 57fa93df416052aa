"""The strategy lab: seeded simulations, tournaments, and their figures."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import pytest
from solver_helpers import session_cache_dir  # noqa: F401

from dicepoker import DicePokerError, IllegalActionError, find_game
from dicepoker.games.scorecard.analysis.lab import mean_ci, simulate, tournament, win_rate
from dicepoker.games.scorecard.analysis.lab_figures import head_to_head, hint_values, score_distributions
from dicepoker.games.scorecard.engine import Score


def chance_first(view):
    """A student's strategy: never reroll; Chance if open, else the first legal box."""
    options = view.options()
    return Score("Chance" if "Chance" in options else next(iter(options)))


def test_simulate_is_seeded_and_totals_add_up():
    rules = find_game("yahtzee")
    df = simulate("random", games=25, seed=7, rules=rules)
    assert df.equals(simulate("random", games=25, seed=7, rules=rules))
    assert not df["total"].equals(simulate("random", games=25, seed=8, rules=rules)["total"])
    assert list(df.columns) == ["total", "upper_total", "upper_bonus", "poker_bonus", *rules.box_names]
    upper = df[[b.name for b in rules.upper_boxes]].sum(axis=1)
    lower = df[[b.name for b in rules.lower_boxes]].sum(axis=1)
    assert (df["upper_total"] == upper).all()
    assert (df["upper_bonus"] == np.where(upper >= 63, 35, 0)).all()
    assert (df["total"] == upper + lower + df["upper_bonus"] + df["poker_bonus"]).all()
    assert df.attrs["strategy"] == "random" and df.attrs["rules"] == "yahtzee"


def test_simulate_game_i_depends_only_on_the_seed_and_i():
    short = simulate("heuristic", games=4, seed=3, rules="yatzy")
    longer = simulate("heuristic", games=9, seed=3, rules="yatzy")
    pd.testing.assert_frame_equal(short, longer.iloc[:4], check_like=False, check_index_type=False)


def test_a_student_strategy_is_a_plain_function():
    df = simulate(chance_first, games=5, seed=1, rules="yatzy")
    assert df.attrs["strategy"] == "chance_first"
    assert (df[["Chance"]] > 0).all().all()


def test_an_illegal_strategy_is_refused_by_the_engine():
    with pytest.raises(IllegalActionError):
        simulate(lambda view: Score("Chance"), games=1, seed=1, rules="yatzy")
    with pytest.raises(DicePokerError, match="games"):
        simulate("random", games=0)


def test_tournament_summary_and_head_to_head():
    result = tournament(["heuristic", chance_first, "random", "random"], games=40, seed=4, rules="yatzy")
    summary, h2h = result.summary, result.head_to_head
    assert list(summary.index) == ["heuristic", "chance_first", "random", "random #2"]
    for name, df in result.results.items():
        mean, low, high = mean_ci(df["total"])
        row = summary.loc[name]
        assert row["mean"] == pytest.approx(df["total"].mean()) == pytest.approx(mean)
        assert row["ci_low"] < row["mean"] < row["ci_high"]
        assert row["bonus_rate"] == pytest.approx((df["upper_total"] >= 63).mean())
        assert row["poker_rate"] == pytest.approx((df["Yatzy"] == 50).mean())
    assert np.allclose(np.diag(h2h), 0.5)
    assert np.allclose(h2h.to_numpy() + h2h.to_numpy().T, 1.0)
    assert h2h.loc["heuristic", "random"] > 0.95
    assert len(result.scores) == 4 * 40
    assert "<table" in result._repr_html_()


def test_mean_ci_and_win_rate_by_hand():
    mean, low, high = mean_ci([10, 12, 14, 16])
    half = 1.959963984540054 * math.sqrt((3**2 + 1 + 1 + 3**2) / 3) / 2
    assert (mean, low, high) == pytest.approx((13, 13 - half, 13 + half))
    assert win_rate([3, 5, 5], [4, 5, 1]) == pytest.approx((0 + 0.5 + 1) / 3)


def test_figures_are_plotly_figures():
    result = tournament(["heuristic", "random"], games=10, seed=1, rules="yatzy")
    fig = score_distributions(result, expected={"heuristic": 190.0})
    assert isinstance(fig, go.Figure) and [t.name for t in fig.data] == ["heuristic", "random"]
    assert len(fig.layout.shapes) == 1  # the dashed line of the exact expectation
    heat = head_to_head(result)
    z = [list(row) for row in heat.data[0].z]
    assert len(z) == 2 and all(len(row) == 2 for row in z)
    assert z[0][0] is None and z[1][1] is None, "a strategy against itself is no head-to-head"
    assert z[0][1] == result.head_to_head.loc["heuristic", "random"]
    assert isinstance(result.figure(), go.Figure)


def test_hint_figure():
    from dicepoker.core.dice import Dice
    from dicepoker.games.scorecard.engine import TurnView
    from dicepoker.games.scorecard.hints import hint
    from dicepoker.games.scorecard.solver.solve import solve

    rules = find_game("yatzy").variant(name="sixes", boxes=(find_game("yatzy").box("Sixes"),), poker_box=None)
    h = hint(TurnView(rules, {}, Dice.parse("66123"), 2, True), solution=solve(rules, progress=False))
    fig = hint_values(h, limit=5)
    assert list(fig.data[0].y)[-1] == "keep 66 and roll 3"  # the best at the top


def test_challenge_checks_a_students_strategy():
    from dicepoker.lessons.challenge import challenge

    won = challenge("heuristic", against=chance_first, games=20, seed=3, rules="yatzy")
    assert won and str(won) == "Right!"
    lost = challenge(chance_first, against="heuristic", games=20, seed=3, rules="yatzy")
    assert not lost and "chance_first averaged" in str(lost)
