"""The risk-sensitive solve: against brute force, θ -> 0, stability, the cache, hints and the CLI."""

from __future__ import annotations

import json

import numpy as np
import pytest
from solver_helpers import TINY, exact_certainty_equivalents, session_cache_dir, solved  # noqa: F401

from dicepoker import DicePokerError, ScorecardGame, find_game
from dicepoker.cli.main import main
from dicepoker.core.dice import all_rolls
from dicepoker.games.scorecard.bots import risk_strategy
from dicepoker.games.scorecard.engine import TurnView
from dicepoker.games.scorecard.hints import hint
from dicepoker.games.scorecard.rules import ScorecardRules
from dicepoker.games.scorecard.solver.solve import solve

RISKS = (-0.2, -0.05, 0.05, 0.2)


def brute_force_utility(rules: ScorecardRules, theta: float) -> dict[frozenset, float]:
    """Certainty equivalents of the points to come, by plain recursion on E[exp(θ x points to come)].

    Nothing of the solver: the rules' own methods, every roll and keep, no rescaling, in decimal
    arithmetic (:func:`solver_helpers.exact_certainty_equivalents`).
    """
    return {
        card: float(value) for card, value in exact_certainty_equivalents(rules, theta, digits=20).items()
    }


# --- exactness ------------------------------------------------------------------------------------
FAST_PAIRS = [(name, 0.2 if i % 2 else -0.2) for i, name in enumerate(TINY)]  # each game, one sign
SLOW_PAIRS = [(name, -theta) for name, theta in FAST_PAIRS]


@pytest.mark.parametrize(
    ("name", "theta"), FAST_PAIRS + [pytest.param(*pair, marks=pytest.mark.slow) for pair in SLOW_PAIRS]
)
def test_tiny_games_agree_with_brute_force_utility_in_every_state(name, theta):
    rules = TINY[name]
    exact = brute_force_utility(rules, theta)
    solution = solve(rules, risk=theta, progress=False, cache=False)
    assert solution.certainty_equivalent == pytest.approx(exact[frozenset()], abs=1e-9)
    for scorecard, value in exact.items():
        assert solution.future_value(dict(scorecard)) == pytest.approx(value, abs=1e-9), dict(scorecard)


@pytest.mark.parametrize("name", list(TINY))
def test_risk_zero_is_todays_solve_exactly(name):
    rules = TINY[name]
    plain = solve(rules, progress=False, cache=False)
    zero = solve(rules, risk=0, progress=False, cache=False)
    assert np.array_equal(plain.values, zero.values, equal_nan=True)
    assert zero.risk == 0 and zero.expected_score == plain.expected_score  # (test_solver: = brute force)


# --- θ -> 0 and monotonicity ----------------------------------------------------------------------
@pytest.mark.parametrize("game", ["two_part", *TINY])
def test_certainty_equivalent_converges_to_the_expected_score(game):
    rules = TINY.get(game) or find_game(game)
    mean = solved(rules).expected_score
    gaps = {}
    for theta in (1e-3, -1e-3, 1e-4, -1e-4):
        ce = solve(rules, risk=theta, progress=False).certainty_equivalent
        gaps[theta] = ce - mean
        assert np.sign(gaps[theta]) == np.sign(theta)  # risk seekers value the game above its mean
    # CE(θ) = mean + θ var / 2 + O(θ²): the gap shrinks in proportion to θ
    for theta in (1e-3, 1e-4):
        assert abs(gaps[theta]) < 10 * theta * mean**2  # var <= E[S^2] bounds the slope
    slope_big = (gaps[1e-3] - gaps[-1e-3]) / 2e-3
    slope_small = (gaps[1e-4] - gaps[-1e-4]) / 2e-4
    assert slope_small == pytest.approx(slope_big, rel=0.05)
    assert abs(gaps[1e-4]) < abs(gaps[1e-3]) and abs(gaps[-1e-4]) < abs(gaps[-1e-3])


@pytest.mark.slow
def test_certainty_equivalent_slope_at_zero_is_half_the_variance_of_optimal_play():
    # CE(θ) = mean + θ var / 2 + O(θ²): the slope at 0 against the variance of simulated optimal play
    from dicepoker.games.scorecard.analysis.lab import simulate

    rules = TINY["two rolls a turn, yatzy scoring"]
    theta = 1e-4
    slope = (
        solve(rules, risk=theta, progress=False).certainty_equivalent
        - solve(rules, risk=-theta, progress=False).certainty_equivalent
    ) / (2 * theta)
    totals = simulate("optimal", games=4000, seed=123, rules=rules)["total"].to_numpy(dtype=float)
    var = totals.var(ddof=1)
    # the sample variance of 4000 games is within ~5% (4 x its standard error is < 15%)
    assert slope == pytest.approx(var / 2, rel=0.15)


@pytest.mark.parametrize("game", ["two_part", "tiny"])
def test_certainty_equivalent_rises_with_risk(game):
    rules = TINY["classic joker and bonuses"] if game == "tiny" else find_game(game)
    values = [
        solve(rules, risk=t, progress=False).certainty_equivalent
        for t in (-0.2, -0.05, -0.01, 0.0, 0.01, 0.05, 0.2)
    ]
    assert all(a < b for a, b in zip(values, values[1:], strict=False)), values


@pytest.mark.parametrize("theta", [-0.5, -0.2, 0.2, 0.5])
def test_stable_for_large_risks_no_overflow_no_nan(theta):
    rules = find_game("two_part")
    values = solve(rules, risk=theta, progress=False).values
    reachable = ~np.isnan(solved(rules).values)
    assert np.isfinite(values[reachable]).all()
    assert np.isnan(values[~reachable]).all()


def test_bad_risks_are_refused():
    for bad in (float("nan"), float("inf"), 0.6, -1, "bold"):
        with pytest.raises(DicePokerError, match="risk"):
            solve("two_part", risk=bad, progress=False)


def test_expected_score_of_a_risk_solution_is_refused():
    with pytest.raises(DicePokerError, match="certainty equivalent"):
        _ = solve("two_part", risk=0.05, progress=False).expected_score


# --- the cache ------------------------------------------------------------------------------------
def test_each_risk_has_its_own_cached_table(tmp_path, monkeypatch):
    from dicepoker.games.scorecard.solver import cache as solver_cache

    monkeypatch.setenv(solver_cache.CACHE_ENV, str(tmp_path))
    rules = TINY["official joker"].variant(name="tiny_risk_cache")
    solver_cache.forget(rules)
    paths = {theta: solver_cache.cache_path(rules, theta) for theta in (0.0, 0.05, -0.05)}
    assert len(set(paths.values())) == 3
    first = {theta: solve(rules, risk=theta, progress=False) for theta in paths}
    assert all(p.exists() for p in paths.values())
    solver_cache.forget(rules)
    for theta, solution in first.items():
        again = solve(rules, risk=theta, progress=False)
        assert again.from_cache and again.risk == theta
        assert np.array_equal(again.values, solution.values, equal_nan=True)
    # a file moved to another θ's name is refused (its recorded risk differs) and solved again
    solver_cache.forget(rules)
    paths[0.05].replace(paths[-0.05])
    with pytest.warns(UserWarning, match="risk"):
        again = solve(rules, risk=-0.05, progress=False)
    assert not again.from_cache
    assert np.array_equal(again.values, first[-0.05].values, equal_nan=True)
    solver_cache.forget(rules)


# --- hints, the θ-player, the CLI -----------------------------------------------------------------
def test_hint_with_risk_ranks_by_certainty_equivalent():
    rules = find_game("two_part")
    game = ScorecardGame(rules, seed=4)
    for theta in (-0.05, 0.05):
        solution = solve(rules, risk=theta, progress=False)
        assert hint(game, risk=theta).best.expected == pytest.approx(solution.certainty_equivalent, abs=1e-9)
    game.roll()
    for theta in (-0.05, 0.0, 0.05):
        h = hint(game, risk=theta)
        view = game.view()
        assert h.best.action == risk_strategy(theta)(view) or h.cost(risk_strategy(theta)(view)) < 1e-9
        turn = solve(rules, risk=theta, progress=False).turn(view.filled)
        assert turn.start_value() == pytest.approx(
            solve(rules, risk=theta, progress=False).future_value({}), abs=1e-9
        )


def test_risk_seeking_and_averse_hints_differ_somewhere():
    # over the rolls of the first turn, the θ = ±0.2 players choose differently in some position
    rules = find_game("two_part")
    differ = 0
    for dice in all_rolls()[::7]:
        view = TurnView(rules, {}, dice, 1, False)
        differ += risk_strategy(0.2)(view) != risk_strategy(-0.2)(view)
    assert differ > 0


def test_cli_solve_with_risk_adds_the_certainty_equivalent(capsys):
    assert main(["solve", "--game", "two_part", "--risk", "0.05", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"game", "risk", "certainty_equivalent", "states", "seconds"}
    assert result["risk"] == 0.05
    assert result["certainty_equivalent"] == pytest.approx(
        solve("two_part", risk=0.05, progress=False).certainty_equivalent, abs=1e-12
    )


# --- the full games (slow) ------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game", ["classic", "yatzy"])
def test_full_games_converge_and_rise(game):
    rules = find_game(game)
    mean = solved(rules).expected_score
    if game == "yatzy":
        assert round(solve(rules, risk=0, progress=False).expected_score, 4) == 248.4400
    ce = {
        theta: solve(rules, risk=theta, progress=False).certainty_equivalent for theta in (-1e-4, 1e-4, 0.05)
    }
    assert ce[-1e-4] < mean < ce[1e-4] < ce[0.05]
    # CE(±θ) = mean ± θ var / 2 + O(θ²): at θ = 1e-4 the two gaps are small and nearly equal
    up, down = ce[1e-4] - mean, mean - ce[-1e-4]
    assert 0 < up < 0.5 and 0 < down < 0.5 and up / down == pytest.approx(1, abs=0.1)
