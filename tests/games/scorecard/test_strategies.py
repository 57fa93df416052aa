"""Strategies: found by name, always legal, and the optimal one plays as the solver says."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from solver_helpers import session_cache_dir, solved  # noqa: F401

from dicepoker import UnknownNameError, find_game
from dicepoker.core.actions import Keep, Roll
from dicepoker.core.dice import Dice, all_rolls
from dicepoker.core.match import random_bot
from dicepoker.games.scorecard.analysis.lab import mean_ci, play_game, simulate
from dicepoker.games.scorecard.bots import (
    STRATEGIES,
    default_computer_strategy,
    find_strategy,
    greedy,
    heuristic,
    optimal_strategy,
    simple_bot,
)
from dicepoker.games.scorecard.engine import Score, TurnView
from dicepoker.games.scorecard.hints import hint


def test_strategies_found_by_name():
    assert list(STRATEGIES) == ["random", "greedy", "heuristic", "optimal"]
    for name in STRATEGIES:
        assert callable(find_strategy(name))
    with pytest.raises(UnknownNameError, match="random, greedy, heuristic, optimal"):
        find_strategy("lucky")


@pytest.mark.parametrize("game", ["yahtzee", "two_part"])
@pytest.mark.parametrize("name", list(STRATEGIES))
def test_every_strategy_finishes_games_within_the_rules(game, name):
    finished = play_game(find_strategy(name), game, rng=8)  # the engine refuses any illegal choice
    assert finished.is_over and len(finished.scorecard(0)) == len(find_game(game).boxes)


def test_the_views_legal_actions_are_every_distinct_keep_and_every_box():
    from dicepoker.games.scorecard.engine import ScorecardGame

    game = ScorecardGame("classic", seed=2)
    assert game.legal_actions() == [Roll()]
    dice = game.roll()
    counts = [dice.count(face) for face in range(1, 7)]
    distinct_keeps = 1
    for c in counts:
        distinct_keeps *= c + 1  # keep 0..c dice of each face
    actions = game.legal_actions()
    assert actions == game.view().legal_actions()
    assert sum(isinstance(a, Keep) for a in actions) == distinct_keeps and Roll() in actions
    assert {a.box for a in actions if isinstance(a, Score)} == set(game.options())


def test_the_random_strategy_is_every_games_random_bot_uniform_and_seeded():
    assert find_strategy("random") is random_bot
    view = TurnView(find_game("yatzy"), {}, Dice.parse("11234"), 1, False)
    choices = view.legal_actions()
    rng = np.random.default_rng(5)
    counts = Counter(random_bot(view, rng) for _ in range(len(choices) * 400))
    assert set(counts) == set(choices)
    assert max(counts.values()) < 1.3 * 400 and min(counts.values()) > 0.7 * 400


def test_random_strategy_same_seed_same_choices():
    view = TurnView(find_game("yatzy"), {}, Dice.parse("11234"), 1, False)
    a, b = np.random.default_rng(9), np.random.default_rng(9)
    assert [random_bot(view, a) for _ in range(30)] == [random_bot(view, b) for _ in range(30)]


def test_greedy_takes_the_most_points_now():
    rules = find_game("yahtzee")
    filled = {"Chance": 20}
    for dice in all_rolls()[::5]:
        view = TurnView(rules, filled, dice, 0, False)
        options = rules.options(dice, filled)
        choice = greedy(view)
        assert isinstance(choice, Score) and options[choice.box] == max(options.values())


def test_greedy_rerolls_for_this_turn_only():
    rules = find_game("yatzy")
    only_sixes_open = {b: 0 for b in rules.box_names if b != "Sixes"}
    assert greedy(TurnView(rules, only_sixes_open, Dice.parse("66612"), 1, False)) == Keep("666")
    # a made Large Straight (40) now beats hoping for more this turn ...
    assert greedy(TurnView(find_game("yahtzee"), {}, Dice.parse("23456"), 2, True)) == Score("Large Straight")
    # ... but Yatzy's 20 does not: Chance (up to 30) and Yatzy (50) are worth a reroll of 2-3-4
    assert greedy(TurnView(rules, {}, Dice.parse("23456"), 2, True)) == Keep("56")


def test_heuristic_is_the_simple_bot():
    view = TurnView(find_game("classic"), {}, Dice.parse("23456"), 2, False)
    assert heuristic(view) == simple_bot(view)


def test_optimal_strategy_plays_the_best_hint():
    rules = find_game("yahtzee")
    solution = solved(rules)
    strategy = optimal_strategy(solution)
    rng = np.random.default_rng(12)
    game = play_game("heuristic", rules, rng=3)
    order = [a.box for _, a in game.history if isinstance(a, Score)]
    card = game.scorecard(0)
    for turn in (0, 5, 11):
        filled = {b: card[b] for b in order[:turn]}
        for _ in range(12):
            dice = all_rolls()[rng.integers(252)]
            rolls_left = int(rng.integers(3))
            view = TurnView(rules, filled, dice, rolls_left, rolls_left == 2)
            h = hint(view, solution=solution)
            assert h.cost(strategy(view)) == pytest.approx(0, abs=1e-9)


@pytest.mark.slow  # plays seeded games of optimal play (2 s)
def test_optimal_bot_mean_is_within_its_ci_of_the_exact_expectation():
    exact = solved("yatzy").expected_score
    df = simulate("optimal", games=300, seed=2024, rules="yatzy")
    mean, low, high = mean_ci(df["total"])
    assert low <= exact <= high
    assert high - low < 10  # tight enough to catch a strategy a few points worse


def test_the_computer_seat_plays_optimally():
    strategy = default_computer_strategy(find_game("yahtzee"))
    assert strategy.name == "optimal"
