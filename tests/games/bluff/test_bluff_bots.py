"""Bluff bots: legal play, the reasoning in known positions, seeded tournaments, intervals."""

import math
from fractions import Fraction

import numpy as np
import pytest

from dicepoker import Dice
from dicepoker.core.match import random_bot
from dicepoker.games.bluff.bots import (
    CallerBot,
    NaiveBot,
    ReasoningBot,
    announcer_start,
    bluff_tournament,
    made_dice,
    play_bluff_game,
    view_probability_true,
)
from dicepoker.games.bluff.engine import Accept, Announce, BluffGame, CallBluff, Throw
from dicepoker.games.bluff.odds import probability_true
from dicepoker.games.bluff.rules import BLUFF, Hand
from dicepoker.lessons.bluff import check_caller


def staged(players=2, seed=0):
    return BluffGame(players=players, seed=seed)


def put(game, values):
    game._cup = tuple(values)
    game._seen[game.current_player] = (Dice(values), len(game._turns) - 1)


@pytest.mark.parametrize("seed", range(6))
def test_mixed_tables_finish_with_one_winner(seed):
    rng = np.random.default_rng(seed)
    pool = [NaiveBot(), ReasoningBot(), random_bot, NaiveBot(believe_below="three 1s")]
    n = int(rng.integers(2, 7))
    bots = [pool[int(i)] for i in rng.integers(len(pool), size=n)]
    game = play_bluff_game(bots, rules=BLUFF.variant(lives=2), rng=seed)
    assert game.is_over and sum(lives > 0 for lives in game.lives) == 1
    assert len(set(game.player_names)) == n


def test_same_seed_same_game_and_same_tournament():
    bots = [NaiveBot(), ReasoningBot()]
    assert play_bluff_game(bots, rng=5).to_json() == play_bluff_game(bots, rng=5).to_json()
    a = bluff_tournament({"naive": NaiveBot(), "reasoning": ReasoningBot()}, games=10, rng=3)
    b = bluff_tournament({"naive": NaiveBot(), "reasoning": ReasoningBot()}, games=10, rng=3)
    assert a.equals(b) and a["wins"].sum() == 10


def test_naive_believes_below_its_threshold():
    bot = NaiveBot(believe_below="three 1s")
    rng = np.random.default_rng(0)
    for said, expected in [
        ("two pairs 6s and 5s", Accept()),
        ("three 1s", CallBluff()),
        ("four 2s", CallBluff()),
    ]:
        game = staged()
        game.roll()
        game.announce(said)
        assert bot(game.view(), rng) == expected


def test_naive_tells_the_truth_and_keeps_its_made_dice():
    rng = np.random.default_rng(0)
    game = staged()
    game.roll()
    put(game, (5, 5, 3, 1, 2))
    assert NaiveBot()(game.view(), rng) == Throw("55")
    game._rolls_used = 3
    assert NaiveBot()(game.view(), rng) == Announce("pair of 5s")
    assert made_dice(Dice.parse("66622")) == Dice.parse("66622")


def test_reasoning_calls_a_certain_bluff_and_accepts_a_certain_truth():
    rng = np.random.default_rng(0)
    bot = ReasoningBot()
    # Ann passes 1-2-3-4-6 as "pair of 2s"; Bo keeps every die and says "pair of 3s": impossible
    game = staged()
    game.roll()
    put(game, (1, 2, 3, 4, 6))
    game.announce("pair of 2s")
    game.accept()
    game.announce("pair of 3s")
    view = game.view(0)
    assert announcer_start(view) == Dice.parse("12346")
    assert view_probability_true(view) == 0
    assert bot(view, rng) == CallBluff()
    # Ann passes 6-6-6-2-2 as "pair of 6s"; Bo keeps every die and says "three 6s": certainly true
    game = staged(seed=1)
    game.roll()
    put(game, (6, 6, 6, 2, 2))
    game.announce("pair of 6s")
    game.accept()
    game.announce("three 6s")
    assert view_probability_true(game.view(0)) == 1
    assert bot(game.view(0), rng) == Accept()


def test_the_view_odds_are_the_public_odds():
    game = staged(players=3, seed=4)
    game.roll()
    game.roll(keep=game.cup.values[:2])
    game.announce("three 2s")
    view = game.view(1)
    assert announcer_start(view) is None
    expected = probability_true("three 2s", (5, 3), None, bluff_rate=Fraction(1, 4))
    assert view_probability_true(view, bluff_rate=Fraction(1, 4)) == expected
    game.accept()
    game.roll(keep="")
    game.announce("three 3s")
    # Cy never saw the cup: she believes the previous announcement
    assert announcer_start(game.view(2)) == Hand.parse("three 2s")
    assert view_probability_true(game.view(2)) == probability_true("three 3s", (5,), "three 2s")


def test_reasoning_aims_its_rerolls_at_the_lowest_legal_hand():
    rng = np.random.default_rng(0)
    game = staged()
    game.roll()
    game.announce("two pairs 6s and 5s")
    game.accept()
    put(game, (6, 6, 6, 1, 2))  # three 6s already beat the announcement: no reroll
    action = ReasoningBot(bluff_rate=0)(game.view(), rng)
    assert action == Announce("three 6s")
    put(game, (1, 2, 3, 4, 6))
    action = ReasoningBot()(game.view(), rng)
    assert isinstance(action, Throw) and len(action.keep) < 5


def test_bluffing_rate_is_respected():
    bot = ReasoningBot(bluff_rate=0.25)
    rng = np.random.default_rng(1)
    held = Hand.parse("pair of 4s")
    said = [bot.choose_announcement(held, None, rng) for _ in range(2000)]
    share = sum(h != held for h in said) / len(said)
    assert abs(share - 0.25) < 4 * math.sqrt(0.25 * 0.75 / 2000)
    assert all(h >= held for h in said)
    assert ReasoningBot(bluff_rate=0)(staged().view(), rng) == Throw()


def test_reasoning_beats_naive_and_random_in_seeded_tournaments():
    table = bluff_tournament({"naive": NaiveBot(), "reasoning": ReasoningBot()}, games=100, rng=0)
    assert table.loc["reasoning", "ci_low"] > 0.5
    table = bluff_tournament({"random": random_bot, "reasoning": ReasoningBot()}, games=40, rng=0)
    assert table.loc["reasoning", "ci_low"] > 0.5


def test_the_caller_exercise():
    assert not check_caller(lambda view: True, games=20)
    assert not check_caller(lambda view: False, games=20)
    assert check_caller(lambda view: ReasoningBot().should_call(view), games=40)
    assert not check_caller(ReasoningBot().should_call, games=40)  # the package's own caller is refused
    bot = CallerBot(lambda view: True)
    game = staged()
    game.roll()
    game.announce("nothing")
    assert bot(game.view(), np.random.default_rng(0)) == CallBluff()
