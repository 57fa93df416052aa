"""The bluff abstraction (exact chances), its solve, the equilibrium bot and the lesson's numbers."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from dicepoker.core.dice import Dice
from dicepoker.core.match import random_bot
from dicepoker.games.bluff.abstraction import (
    CATEGORIES,
    OPENER_STANDS_ON,
    BluffAbstraction,
    Cup,
    abstract_keep,
    bluff_abstraction,
    category_of,
    chance_to_beat,
    opener_cup,
)
from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot, play_bluff_game
from dicepoker.games.bluff.engine import BluffGame, Phase, TurnRecord
from dicepoker.games.bluff.equilibrium import (
    EquilibriumBot,
    _view,
    answer_table,
    bot_exploitability,
    equilibrium_solution,
    equilibrium_tournament,
    opening_table,
)
from dicepoker.games.bluff.odds import reach_probability
from dicepoker.games.bluff.rules import BLUFF, Hand
from dicepoker.games.bluff.widget import check_bluff_seats, play_bluff
from dicepoker.lessons.why_bluff import (
    HighOrLow,
    ann_values,
    bo_values,
    hand_solution,
    loss_against_best_response,
    naive_losses,
    toy_tree,
)
from dicepoker.solvers.zero_sum import Chance, Decision, Terminal, expected_value, sequence_form, solve_cfr


def _simulate_reroll(dice: list[int], rng: np.random.Generator) -> list[int]:
    kept = list(abstract_keep(Dice(dice)).values)
    return kept + [int(v) for v in rng.integers(1, 7, size=5 - len(kept))]


def test_every_chance_node_of_the_abstraction_sums_to_exactly_one():
    small = BluffAbstraction(BLUFF.variant(reroll_rounds=1))
    stack, seen = [small.tree()], 0
    while stack:
        node = stack.pop()
        if isinstance(node, Chance):
            outcomes = list(node.outcomes)
            assert all(isinstance(p, Fraction) and p > 0 for p, _ in outcomes)
            assert sum(p for p, _ in outcomes) == 1
            seen += 1
            stack += [child for _, child in outcomes]
        elif isinstance(node, Decision):
            stack += [child for _, child in node.actions]
        else:
            assert isinstance(node, Terminal) and -1 <= node.value <= 1
    assert seen > 9


def test_opener_cup_against_simulation():
    """The opener's rule (reroll the dice not making the hand while below the standing hand), simulated."""
    rng = np.random.default_rng(11)
    n = 20_000
    counts = Counter()
    for _ in range(n):
        dice = [int(v) for v in rng.integers(1, 7, size=5)]
        for _ in range(2):
            if category_of(Dice(dice)) < CATEGORIES.index(OPENER_STANDS_ON):
                dice = _simulate_reroll(dice, rng)
        counts[category_of(Dice(dice))] += 1
    cup = opener_cup()
    assert cup.mass == 1
    for c, part in cup.split().items():
        p = float(part.mass)
        assert abs(counts[c] / n - p) < 4.5 * (p * (1 - p) / n) ** 0.5 + 1e-4


def test_chance_to_beat_against_the_odds_module_and_simulation():
    # four 6s to five of a kind: the abstraction's keep is the best keep, so the odds module agrees
    assert chance_to_beat(Cup.of("66665"), CATEGORIES.index("Four of a Kind"), 2) == reach_probability(
        "five 6s", start="66665"
    )
    # three 6s to anything above three of a kind, keeping the triple: simulate
    rng = np.random.default_rng(3)
    n, hits = 20_000, 0
    for _ in range(n):
        dice = [6, 6, 6, 1, 2]
        for _ in range(2):
            if category_of(Dice(dice)) > 3:
                break
            dice = _simulate_reroll(dice, rng)
        hits += category_of(Dice(dice)) > 3
    p = float(chance_to_beat(Cup.of("66612"), 3, 2))
    assert abs(hits / n - p) < 4.5 * (p * (1 - p) / n) ** 0.5


@pytest.mark.slow
def test_lp_and_cfr_agree_on_the_abstraction_and_cfr_converges():
    sf = bluff_abstraction()
    lp = equilibrium_solution()
    assert lp.exploitability < 1e-8
    cfr = solve_cfr(sf, 1000)
    assert abs(cfr.value - lp.value) < 2e-3
    gaps = [gap for _, gap in cfr.curve]
    assert gaps[-1] < gaps[0] / 100 and gaps[-1] < 1e-3
    assert abs(float(expected_value(sf, lp.strategy, exact=False)) - lp.value) < 1e-9


def test_equilibrium_bot_replays_exactly_and_plays_legally():
    first = play_bluff_game([EquilibriumBot(), ReasoningBot()], rng=21)
    again = play_bluff_game([EquilibriumBot(), ReasoningBot()], rng=21)
    assert first.history == again.history
    assert BluffGame.from_dict(first.to_dict()).history == first.history
    for seed in range(30):  # an illegal action would raise
        play_bluff_game([EquilibriumBot(), NaiveBot()], rng=seed)
        play_bluff_game([random_bot, EquilibriumBot()], rng=seed)
    assert play_bluff_game([EquilibriumBot(), NaiveBot(), EquilibriumBot()], rng=5).is_over


def test_equilibrium_bot_follows_the_strategy():
    bot, rules = EquilibriumBot(), BLUFF
    # an opener holding one pair after her rolls always announces three of a kind (the table says so)
    assert opening_table().loc["One Pair", "says Three of a Kind"] == pytest.approx(1.0)
    dice = Dice.parse("55213")
    turns = [TurnRecord(0, accepted=False, throws=(5, 3, 3))]
    view = _view(rules, turns, Phase.ROLL, dice=dice, seen_dice=dice, seen_in_turn=0)
    assert bot(view, np.random.default_rng(0)).hand.category == "Three of a Kind"
    # answering the opener's full house: calls as often as the equilibrium says
    said = TurnRecord(0, accepted=False, throws=(5,), announcement=Hand.parse("full house 4s over 2s"))
    view = _view(rules, [said], Phase.RESPOND)
    rng = np.random.default_rng(1)
    n = 4000
    calls = sum(type(bot(view, rng)).__name__ == "CallBluff" for _ in range(n))
    p = answer_table().loc["Full House", "call"]
    assert abs(calls / n - p) < 4.5 * (p * (1 - p) / n) ** 0.5


@pytest.mark.slow
def test_bots_are_exploitable_and_the_equilibrium_is_not():
    assert equilibrium_solution().exploitability < 1e-8
    for bot in (NaiveBot(), ReasoningBot(), random_bot):
        gap = bot_exploitability(bot, samples=4)
        assert 0.1 < gap <= 1


def test_equilibrium_tournament_counts_games():
    table = equilibrium_tournament({"naive": NaiveBot(), "random": random_bot}, games=20, rng=3)
    assert table["games"].tolist() == [20, 20]
    assert ((table["ci_low"] <= table["win_rate"]) & (table["win_rate"] <= table["ci_high"])).all()


def test_equilibrium_is_a_seat_in_the_widget():
    assert check_bluff_seats(["human", "equilibrium"]) == ("human", "equilibrium")
    ui = play_bluff(seats=("equilibrium", "naive"), seed=4)
    for _ in range(2000):
        if ui.game.is_over:
            break
        ui.step_button.click()
    assert ui.game.is_over
    ui.close()


def test_toy_values_against_the_solver():
    toy = HighOrLow()
    sf = sequence_form(toy_tree(toy))
    for c in (Fraction(0), Fraction(1, 3), Fraction(1)):
        bluffing = {
            "Ann's high die": {"high": 1},
            "Ann's low die": {"high": 1},
            "Bo hears high": {"call": c, "accept": 1 - c},
            "Bo hears low": {"accept": 1},
        }
        high_die = c + (1 - c) * (1 - 2 * toy.beat_high)
        assert (
            expected_value(sf, bluffing) == toy.p_high * high_die + (1 - toy.p_high) * ann_values(c)["bluff"]
        )
    # Bo's call value is the chance of a bluff minus the chance of the truth, by Bayes' rule
    b = Fraction(3, 10)
    bluffs = (1 - toy.p_high) * b
    assert bo_values(b)["call"] == (bluffs - toy.p_high) / (bluffs + toy.p_high)
    value = hand_solution()["value"]
    honest = toy.p_high * (1 - 2 * toy.beat_high)  # Bo never calls an honest Ann's "high"
    trusting = toy.p_high * (1 - 2 * toy.beat_high) + (1 - toy.p_high) * (1 - 2 * toy.beat_high)
    assert naive_losses() == {"honest Ann": value - honest, "trusting Bo": trusting - value}
    # an Ann who always bluffs is always called: she wins 1/3 x 1 - 2/3 x 1
    assert loss_against_best_response(bluff_rate=Fraction(1)) == value - (toy.p_high - (1 - toy.p_high))
    # a Bo who always calls: a low die tells the truth (worth 0), a high die wins 1
    assert loss_against_best_response(call_rate=Fraction(1)) == toy.p_high - value
