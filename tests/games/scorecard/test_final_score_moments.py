"""The exact mean and standard deviation of the final score under optimal play (lesson 11).

Three second computations: a closed form (Sixes alone is 6 x a binomial), the whole distribution of
the final score of tiny games by playing every roll out with the optimal bot and the rules' own
methods, and seeded simulations of the four scorecard games (their 99% intervals).
"""

from __future__ import annotations

import math
from collections import defaultdict

import numpy as np
import pytest
from solver_helpers import TINY, session_cache_dir, solved  # noqa: F401

from dicepoker import find_game
from dicepoker.core.dice import reroll_distribution, roll_distribution
from dicepoker.core.stats import mean_interval, std_interval, z_for
from dicepoker.games.scorecard.analysis.lab import simulate
from dicepoker.games.scorecard.bots import optimal_strategy
from dicepoker.games.scorecard.engine import Score, TurnView
from dicepoker.games.scorecard.solver.moments import final_score_moments
from dicepoker.games.scorecard.solver.solve import solve

Z99 = z_for(0.99)


def test_sixes_alone_is_six_times_a_binomial():
    yatzy = find_game("yatzy")
    sixes = solve(yatzy.variant(name="sixes", boxes=yatzy.boxes[5:6], poker_box=None), progress=False)
    p = 1 - (5 / 6) ** 3  # a die ends a six: the bot keeps every six and rolls the rest
    assert sixes.final_score_mean == pytest.approx(30 * p, abs=1e-12)
    assert sixes.final_score_std == pytest.approx(6 * math.sqrt(5 * p * (1 - p)), abs=1e-12)


def test_two_rolls_a_turn_changes_the_binomial():
    yatzy = find_game("yatzy")
    fives = yatzy.variant(name="fives", boxes=yatzy.boxes[4:5], poker_box=None, rolls_per_turn=2)
    p = 1 - (5 / 6) ** 2
    moments = final_score_moments(solve(fives, progress=False, cache=False))
    assert moments.mean == pytest.approx(25 * p, abs=1e-12)
    assert moments.variance == pytest.approx(25 * 5 * p * (1 - p), abs=1e-10)


def final_score_distribution(solution) -> dict[int, float]:
    """The whole distribution of the final score: every roll of every turn played out by the bot."""
    rules = solution.rules
    bot = optimal_strategy(solution)
    start = roll_distribution(5)
    rerolls: dict = {}

    def turn(filled: dict[str, int], bonuses: int) -> dict[tuple, float]:
        """(box, points, poker bonus) -> chance, when the bot plays a turn from ``filled``."""
        out: dict[tuple, float] = defaultdict(float)
        hand = {dice: float(p) for dice, p in start.items()}
        for rolls_left in range(rules.rolls_per_turn - 1, -1, -1):
            following: dict = defaultdict(float)
            first = rolls_left == rules.rolls_per_turn - 1
            for dice, p in hand.items():
                view = TurnView(rules, filled, dice, rolls_left, first, bonuses)
                action = bot(view)
                if isinstance(action, Score):
                    points = rules.options(dice, filled, first)[action.box]
                    out[(action.box, points, rules.poker_bonus_for(dice, filled))] += p
                    continue
                keep = action.dice
                if keep not in rerolls:
                    rerolls[keep] = [(r, float(q)) for r, q in reroll_distribution(keep).items()]
                for roll, q in rerolls[keep]:
                    following[roll] += p * q
            hand = following
        return out

    cards = {(frozenset(), 0): 1.0}
    for _ in rules.boxes:
        after: dict = defaultdict(float)
        for (card, bonuses), p in cards.items():
            filled = dict(card)
            for (box, points, bonus), q in turn(filled, bonuses).items():
                after[(frozenset({**filled, box: points}.items()), bonuses + bonus)] += p * q
        cards = after
    scores: dict[int, float] = defaultdict(float)
    for (card, bonuses), p in cards.items():
        scores[rules.total(dict(card), bonuses)] += p
    return scores


@pytest.mark.parametrize(
    "name",
    [
        "free joker",
        pytest.param("two_part par, order and doubles", marks=pytest.mark.slow),  # 2.5 s
        "classic joker and bonuses",
    ],
)
def test_tiny_games_agree_with_their_whole_distribution(name):
    solution = solve(TINY[name], progress=False, cache=False)
    scores = final_score_distribution(solution)
    assert sum(scores.values()) == pytest.approx(1.0, abs=1e-12)
    mean = sum(s * p for s, p in scores.items())
    variance = sum((s - mean) ** 2 * p for s, p in scores.items())
    moments = final_score_moments(solution)
    assert moments.mean == pytest.approx(mean, abs=1e-9)
    assert moments.mean == pytest.approx(solution.expected_score, abs=1e-9)
    assert moments.std == pytest.approx(math.sqrt(variance), abs=1e-9)


def test_a_risk_seeking_play_spreads_wider_than_a_cautious_one():
    bold = solve("two_part", risk=0.02, progress=False)
    safe = solve("two_part", risk=-0.02, progress=False)
    best = solve("two_part", progress=False)
    assert safe.final_score_std < best.final_score_std < bold.final_score_std
    assert max(safe.final_score_mean, bold.final_score_mean) < best.final_score_mean


def test_moments_are_computed_once_per_solution():
    solution = solve("two_part", progress=False)
    assert solution.score_moments is solution.score_moments


@pytest.mark.slow
@pytest.mark.parametrize("game", ["classic", "yahtzee", "yatzy", "two_part"])
def test_exact_moments_fall_in_a_seeded_simulations_99_percent_intervals(game):
    solution = solved(game)
    assert solution.final_score_mean == pytest.approx(solution.expected_score, abs=1e-9)
    totals = simulate("optimal", games=1500, seed=2026, rules=game)["total"].to_numpy(dtype=float)
    mean = mean_interval(totals, z=Z99)
    spread = std_interval(totals, z=Z99)
    assert mean.contains(solution.final_score_mean), (mean, solution.final_score_mean)
    assert spread.contains(solution.final_score_std), (spread, solution.final_score_std)


@pytest.mark.slow
def test_verhoeffs_published_mean_and_standard_deviation():
    # Verhoeff, "Optimal solitaire Yahtzee player": 254.5896 and 59.6117 under his free-joker reading
    free = solved(find_game("yahtzee").variant(joker="free"))
    assert round(free.final_score_mean, 4) == 254.5896
    # ours is 59.61144 whichever way ties between equally good choices are broken: 3e-4 below his
    assert free.final_score_std == pytest.approx(59.6117, abs=5e-4)


def test_the_std_interval_covers_a_known_spread():
    rng = np.random.default_rng(3)
    misses = 0
    for _ in range(200):
        faces = rng.integers(1, 7, size=400).astype(float)
        misses += not std_interval(faces).contains(math.sqrt(35 / 12))
    assert misses <= 20  # a 95% interval misses about 10 times in 200
