"""The bluff and board reports: every chance they show, checked by plain enumeration."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest

from dicepoker.core.dice import Dice, reroll_distribution, roll_distribution
from dicepoker.core.match import random_bot
from dicepoker.games.bluff.bots import NaiveBot, ReasoningBot, play_bluff_game
from dicepoker.games.bluff.engine import BluffGame
from dicepoker.games.bluff.report import bluff_report
from dicepoker.games.bluff.rules import Hand, best_hand
from dicepoker.games.board.bots import play_board_game, probability_bot
from dicepoker.games.board.engine import BoardGame
from dicepoker.games.board.report import board_report, keep_chances
from dicepoker.games.board.rules import BOARD


# --- bluff ------------------------------------------------------------------------------------------
def holds_in_one_roll(hand: Hand) -> Fraction:
    return sum((p for d, p in roll_distribution(5).items() if best_hand(d) >= hand), Fraction(0))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bluff_report_chances_match_enumeration_and_the_revealed_dice(seed):
    game = play_bluff_game([NaiveBot(), ReasoningBot(), random_bot], rng=seed)
    for player in range(3):
        report = bluff_report(game, player, bluff_rate=Fraction(1, 3))
        mine = [r for r in game.rounds if r.caller == player]
        calls = [d for d in report.decisions if d.kind == "call"]
        assert len(calls) == len(mine)
        for d, result in zip(calls, mine, strict=True):
            assert d.was_true == result.was_true and d.chance_right == 1 - d.chance_true
            assert d.right == (result.loser != player)
        for d in report.decisions:
            assert 0 <= d.chance_true <= 1
            if d.throws == (5,) and d.knew == "a fresh cup":  # one roll of a fresh cup: Bayes by hand
                p = holds_in_one_roll(d.announcement)
                assert d.chance_true == p / (p + (1 - p) * Fraction(1, 3))
        said = [a for p, a in game.history if p == player and type(a).__name__ == "Announce"]
        assert [d.announcement for d in report.decisions if d.kind == "announce"] == [a.hand for a in said]


def test_a_bluff_announcement_is_reported_as_not_true():
    game = BluffGame(players=["Ann", "Bo"], seed=7)
    dice = game.roll()
    bluff = Hand.parse("five 6s")
    assert best_hand(dice) < bluff
    game.announce(bluff)
    game.call_bluff()
    ann, bo = bluff_report(game, "Ann"), bluff_report(game, "Bo")
    (said,) = ann.decisions
    assert said.kind == "announce" and not said.was_true and said.knew == "a fresh cup"
    p = holds_in_one_roll(bluff)
    assert said.chance_true == p / (p + (1 - p) / 2)  # what Bo had to believe, bluff rate 1/2
    (call,) = bo.decisions
    assert call.kind == "call" and call.right and call.chance_true == said.chance_true
    assert ann.summary()["bluffs"] == 1 and bo.summary()["calls that were right"] == 1
    assert "Bayes" in ann._repr_html_()


# --- board ------------------------------------------------------------------------------------------
@cache
def chance_by_recursion(test, dice: Dice, rolls_left: int) -> Fraction:
    """The best chance to end holding ``test`` from ``dice`` with ``rolls_left`` rolls (plain recursion)."""
    if test(dice):
        return Fraction(1)
    if rolls_left == 0:
        return Fraction(0)
    return max(keep_by_recursion(test, keep, rolls_left) for keep in sub_keeps(dice))


def keep_by_recursion(test, keep: Dice, rolls_left: int) -> Fraction:
    if len(keep) == 5:
        return Fraction(int(test(keep)))
    return sum(
        (p * chance_by_recursion(test, d, rolls_left - 1) for d, p in reroll_distribution(keep).items()),
        Fraction(0),
    )


def sub_keeps(dice: Dice):
    return {Dice(c) for n in range(6) for c in combinations(dice.values, n)}


def four_sixes(d: Dice) -> bool:
    return d.count(6) >= 4


def full_house(d: Dice) -> bool:
    return sorted(d.counts)[-2:] == [2, 3]


def full_house_or_five(d: Dice) -> bool:  # five of a kind takes any cell
    return full_house(d) or max(d.counts) == 5


@pytest.mark.parametrize(
    "test, dice, rolls_left",
    [
        pytest.param(four_sixes, "66612", 2, marks=pytest.mark.slow),
        (full_house, "33456", 1),
        (full_house, "22336", 1),
    ],
)
def test_keep_chances_match_plain_recursion(test, dice, rolls_left):
    dice = Dice.parse(dice)
    chances = keep_chances(test, dice, rolls_left)
    assert set(chances) == sub_keeps(dice)
    for keep, chance in chances.items():
        assert chance == keep_by_recursion(test, keep, rolls_left)


def test_board_report_keeps_and_their_best():
    game = play_board_game([random_bot, probability_bot], BOARD.variant(max_turns=30), rng=5)
    for player in (0, 1):
        report = board_report(game, player)
        assert report.keeps and report.turns == 15
        for k in report.keeps:
            assert 0 <= k.chance <= k.best_chance <= 1 and k.shortfall >= 0
    strong, weak = board_report(game, 1).summary(), board_report(game, 0).summary()
    assert strong["mean shortfall"] < weak["mean shortfall"]


def test_board_report_of_a_scripted_turn():
    game = BoardGame(rng=1)
    game.roll(result="33356")
    game.roll(keep="333", result="55")  # full house 3-3-3-5-5
    cell = next(c for c in game.takeable_cells() if game.rules.label(c) == "FH")
    game.place(cell)
    (judged,) = board_report(game, 0).keeps
    assert judged.kind == "full house" and judged.keep == Dice.parse("333") and judged.rolls_left == 2
    assert judged.chance == keep_by_recursion(full_house_or_five, Dice.parse("333"), 2)
    best = max(keep_by_recursion(full_house_or_five, k, 2) for k in sub_keeps(judged.dice))
    assert judged.best_chance == best
    assert keep_by_recursion(full_house_or_five, judged.best_keep, 2) == best
    assert "Board report" in board_report(game, 0)._repr_html_()
