"""Risk-sensitive play: the toy, score distributions, duels and their statistics, the win-seeker, the widget.

The tests check the machinery and the statistics, never a hoped-for win rate.
"""

from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import numpy as np
import pytest
from solver_helpers import TINY, session_cache_dir  # noqa: F401

from dicepoker import ScorecardGame
from dicepoker.core.stats import wilson_interval
from dicepoker.games.scorecard.analysis.lab import simulate
from dicepoker.games.scorecard.analysis.risk import (
    TOY_PLAYERS,
    DuelResult,
    biggest_disagreement,
    duel,
    final_score_summary,
    play_duel_game,
    play_risks,
    quantile_ci,
    risk_sweep,
    risk_tournament,
    toy_die_worth,
    toy_distribution,
    toy_rerolls,
    two_dice_toy,
)
from dicepoker.games.scorecard.bots import VARIANCE_RISK, WinSeekingStrategy, optimal, risk_strategy
from dicepoker.games.scorecard.solver.solve import solve
from dicepoker.lessons import risk_figures

GAME = TINY["two rolls a turn, yatzy scoring"]  # three boxes, two rolls: duels in milliseconds
GRID = (-0.05, -VARIANCE_RISK, 0.0, VARIANCE_RISK, 0.05)


# --- the toy --------------------------------------------------------------------------------------
def test_toy_against_enumeration():
    # every first roll and every reroll, by brute force over the player's three options: keep both,
    # reroll the first die, reroll the second; a player maximises E[u(S)] with u = b^S (b > 1),
    # -b^S (b < 1) or S
    for player, base in TOY_PLAYERS.items():

        def utility(total, base=base):
            if base is None:
                return Fraction(total)
            return base**total if base > 1 else -(base**total)

        dist: dict[int, Fraction] = {}
        for a, b in product(range(1, 7), repeat=2):
            options = {"keep": [(a + b, Fraction(1))]}
            options["first"] = [(c + b, Fraction(1, 6)) for c in range(1, 7)]
            options["second"] = [(a + c, Fraction(1, 6)) for c in range(1, 7)]
            best = max(options.values(), key=lambda o: sum(p * utility(t) for t, p in o))
            for t, p in best:
                dist[t] = dist.get(t, Fraction(0)) + p / 36
        assert dist == toy_distribution(toy_rerolls(base)), player
        row = two_dice_toy().loc[player]
        mean = sum(p * t for t, p in dist.items())
        assert row["mean"] == mean and row["variance"] == sum(p * (t - mean) ** 2 for t, p in dist.items())
        assert row["P(S >= 11)"] == sum(p for t, p in dist.items() if t >= 11)
    assert toy_die_worth(Fraction(2)) == Fraction(2 + 4 + 8 + 16 + 32 + 64, 6)
    toy = two_dice_toy()
    assert toy["variance"].is_monotonic_increasing  # the more risk it seeks, the wider its scores
    assert toy["mean"].idxmax() == "expected score (θ = 0)"
    assert toy["P(S >= 11)"].idxmax() == "risk seeker (θ = ln 2)"
    assert toy["P(S >= 7)"].idxmax() == "risk avoider (θ = -ln 2)"
    assert len(risk_figures.toy_figure().data) == 3


# --- statistics -----------------------------------------------------------------------------------
def test_wilson_interval_covers_the_true_rate_about_95_percent_of_the_time():
    rng = np.random.default_rng(20)
    n, p = 400, 0.3
    wins = rng.binomial(n, p, size=2000)
    covered = np.mean([wilson_interval(int(w), n).contains(p) for w in wins])
    assert 0.93 <= covered <= 0.97


def test_quantile_interval_covers_the_true_quantile_about_95_percent_of_the_time():
    rng = np.random.default_rng(21)
    for q in (0.05, 0.95):
        covered = 0
        for _ in range(1000):
            low, high = quantile_ci(rng.random(500), q)[1:]
            covered += low <= q <= high
        assert 0.93 <= covered / 1000 <= 0.98


def test_final_score_summary_matches_the_games_it_played():
    played = play_risks(GAME, risks=(-0.05, 0.05), games=300, seed=3)
    df = final_score_summary(GAME, played=played)
    for theta, games in played.items():
        totals = games["total"].to_numpy(dtype=float)
        row = df.loc[theta]
        assert row["mean"] == pytest.approx(totals.mean()) and row["sd"] == pytest.approx(totals.std(ddof=1))
        assert row["p5"] == pytest.approx(np.quantile(totals, 0.05))
        assert row["p95"] == pytest.approx(np.quantile(totals, 0.95))
        assert row["p5_low"] <= row["p5"] <= row["p5_high"]
        assert row["bonus_rate"] == pytest.approx((games["upper_bonus"] > 0).mean())
        half = 1.959964 * totals.std(ddof=1) / math.sqrt(len(totals))
        assert row["mean_high"] - row["mean"] == pytest.approx(half, rel=1e-5)
    assert "poker_rate" not in df  # this game has no poker box
    # the same seeds, the same tables
    again = play_risks(GAME, risks=(0.05,), games=300, seed=3)[0.05]
    assert again["total"].equals(played[0.05]["total"])
    assert len(risk_figures.score_spread_figure(df).data) == 3
    assert [t.name for t in risk_figures.bonus_rates_figure(df).data] == ["upper bonus"]


def test_duel_result_counts_ties_half_and_uses_wilson():
    r = DuelResult(
        "a", "b", np.array([5, 7, 7, 9]), np.array([6, 7, 3, 1]), np.array([True, False, True, False])
    )
    assert (r.wins, r.ties, r.score) == (2, 1, 2.5)
    rate = r.win_rate()
    n, p, z = 4, 2.5 / 4, 1.959963984540054
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert (
        rate.value == p
        and rate.low == pytest.approx(centre - half)
        and rate.high == pytest.approx(centre + half)
    )


# --- duels ----------------------------------------------------------------------------------------
def test_duel_alternates_seats_and_replays_from_its_seed():
    bold = risk_strategy(0.05)
    r = duel(bold, optimal, games=6, seed=9, rules=GAME)
    assert r.first.tolist() == [True, False] * 3
    children = np.random.SeedSequence(9).spawn(6)
    for i, child in enumerate(children):
        seats = (bold, optimal) if i % 2 == 0 else (optimal, bold)
        totals = play_duel_game(seats, GAME, rng=child).totals()
        mine = totals[0] if i % 2 == 0 else totals[1]
        assert (mine, sum(totals) - mine) == (r.totals[i], r.opponent_totals[i])
    assert duel(bold, optimal, games=6, seed=9, rules=GAME).totals.tolist() == r.totals.tolist()


def test_a_player_against_itself_is_even_within_its_interval():
    r = duel(optimal, optimal, games=400, seed=11, rules=GAME)
    rate = r.win_rate()
    assert rate.low <= 0.5 <= rate.high


def test_risk_tournament_table():
    df = risk_tournament(GAME, risks=(-0.05, 0.05), games=20, seed=2, grid=GRID)
    assert list(df.index) == ["risk -0.05", "risk +0.05", "plays to win"]
    assert (
        (df["games"] == 20).all()
        and (df["low"] <= df["win_rate"]).all()
        and (df["win_rate"] <= df["high"]).all()
    )
    assert df.loc["risk +0.05", "risk"] == 0.05 and math.isnan(df.loc["plays to win", "risk"])
    assert len(risk_figures.win_rate_figure(df).data) == 2


def test_risk_sweep_table_and_figure():
    df = risk_sweep(GAME, risks=(-0.05, 0.0, 0.05), progress=False)
    assert df.loc[0.0, "certainty_equivalent"] == pytest.approx(solve(GAME, progress=False).expected_score)
    assert df["certainty_equivalent"].is_monotonic_increasing
    assert len(risk_figures.certainty_equivalent_figure(df, 1.0).layout.shapes) == 1


# --- the win-seeker -------------------------------------------------------------------------------
def test_win_seeker_rule():
    bot = WinSeekingStrategy(GRID, scale=1.0)
    assert bot.risk_for_gap(lead=-10.0, spread=200.0) == 0.05  # behind: gamble
    assert bot.risk_for_gap(lead=10.0, spread=200.0) == -0.05  # ahead: play safe
    assert bot.risk_for_gap(lead=-0.1, spread=200.0) == 0.0  # about level: the optimum
    assert bot.risk_for_gap(lead=-1.0, spread=500.0) == VARIANCE_RISK  # nearest grid value to 0.002
    assert bot.risk_for_gap(lead=-1.0, spread=0.0) == 0.0  # nothing left to chance
    assert WinSeekingStrategy(GRID, scale=3.0).risk_for_gap(lead=-1.0, spread=100.0) == 0.05


def test_win_seeker_reads_lead_and_spread_from_the_tables():
    game = ScorecardGame(GAME, players=2, seed=5)
    from dicepoker.games.scorecard.bots import play_turn

    play_turn(game, optimal)  # seat 0 has played a turn, seat 1 is to move
    bot = WinSeekingStrategy(GRID)
    lead, spread = bot.lead_and_spread(game.view(1))
    mean = solve(GAME, progress=False)
    wide, narrow = (
        solve(GAME, risk=VARIANCE_RISK, progress=False),
        solve(GAME, risk=-VARIANCE_RISK, progress=False),
    )
    cards = [game.scorecard(0), game.scorecard(1)]
    finals = [mean.expected_final(c, game.poker_bonus_points(i)) for i, c in enumerate(cards)]
    variances = [(wide.future_value(c) - narrow.future_value(c)) / VARIANCE_RISK for c in cards]
    assert lead == pytest.approx(finals[1] - finals[0]) and spread == pytest.approx(sum(variances))
    game.roll()
    bot(game.view(1), None)  # it reads the scores from its view at each choice
    assert bot.risk == bot.risk_for_gap(lead, spread)
    # the variance estimate against simulated optimal play from the empty scorecard
    totals = simulate("optimal", games=1500, seed=4, rules=GAME)["total"].to_numpy(dtype=float)
    assert variances[1] == pytest.approx(totals.var(ddof=1), rel=0.2)


def test_win_seeker_alone_plays_the_optimum():
    games = simulate(WinSeekingStrategy(GRID), games=30, seed=8, rules=GAME)
    assert games["total"].equals(simulate(optimal, games=30, seed=8, rules=GAME)["total"])


def test_biggest_disagreement_is_a_real_disagreement():
    found = biggest_disagreement(GAME, games=30, seed=1, grid=GRID)
    assert found is not None
    assert found.optimal_choice != found.win_seeking_choice and found.cost >= 0 and found.risk != 0
    page = found._repr_html_()
    assert "<svg" in page and found.optimal_choice in page
    assert list(found.table()["choice"]) == [found.optimal_choice, found.win_seeking_choice]


def test_play_widget_computer_that_plays_to_win():
    from dicepoker.games.scorecard.widget import PlayUI, play

    ui = PlayUI(GAME, seats=("computer", "computer"), seed=2, strategy=lambda rules: WinSeekingStrategy(GRID))
    while not ui.game.is_over:
        ui.play_computer_turn()
    assert ui.game.is_over
    assert isinstance(play("yatzy", computer="plays to win").strategy, WinSeekingStrategy)
    with pytest.raises(ValueError, match="computer"):
        play("yatzy", computer="lucky")
