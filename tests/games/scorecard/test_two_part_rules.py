"""Game 2 of RULES.md, `two_part`: every worked example of the source, and its parameters."""

from fractions import Fraction

import pytest

from dicepoker import IllegalActionError, ScorecardGame, find_game
from dicepoker.games.scorecard.bots import play_turn, simple_bot

TWO_PART = find_game("two_part")


@pytest.mark.parametrize(
    ("box", "dice", "points"),
    [
        ("Fives", "55123", -5),  # two fives: -5
        ("Sixes", "12345", -18),  # no sixes: -18
        ("Twos", "22221", 2),  # four twos: +2
        ("Fives", "55555", 10),  # five fives: +10
        ("Sixes", "66666", 12),  # the source's slip says 10: five sixes give 2 x 6 = 12
        ("Threes", "33312", 0),  # par
    ],
)
def test_part_one_against_par(box, dice, points):
    assert TWO_PART.score(box, dice) == points


@pytest.mark.parametrize(
    ("box", "dice", "first_roll", "points"),
    [
        ("Pair", "66331", False, 12),  # the best pair
        ("Pair", "66331", True, 24),
        ("Two Pairs", "66331", False, 18),
        ("Three of a Kind", "44412", True, 24),
        ("Small Straight", "12345", False, 15),
        ("Small Straight", "23456", False, 0),  # a dash: 2-6 is the large one
        ("Large Straight", "23456", True, 40),
        ("Full House", "33355", False, 19),
        ("Four of a Kind", "44441", False, 16),
        ("Poker", "44444", True, 90),  # 2 x 20 + 50: the premium after doubling
        ("Poker", "44444", False, 70),
        ("Chance", "66665", True, 29),  # never doubled
        ("Four of a Kind", "12345", True, 0),
    ],
)
def test_part_two(box, dice, first_roll, points):
    assert TWO_PART.score(box, dice, first_roll=first_roll) == points


def test_parameters_are_fields():
    assert (TWO_PART.par, TWO_PART.part1_bonus, TWO_PART.first_roll_multiplier, TWO_PART.poker_premium) == (
        3,
        50,
        2,
        50,
    )
    triple = TWO_PART.variant(first_roll_multiplier=3, poker_premium=0, par=2)
    assert triple.score("Poker", "44444", first_roll=True) == 60
    assert triple.score("Fives", "55123") == 0


def test_part_one_bonus_at_zero_or_more():
    par = {"Ones": 0, "Twos": 0, "Threes": 0, "Fours": 0, "Fives": 0, "Sixes": 0}
    assert TWO_PART.total(par) == 50
    assert TWO_PART.total({**par, "Ones": -1}) == -1
    # not certain while part 1 is open: a later face can still fall below par
    assert not TWO_PART.upper_bonus_earned({"Sixes": 12})
    assert TWO_PART.upper_bonus_earned({"Ones": 2, "Twos": 4, "Threes": 6, "Fours": 8, "Fives": 10})


def test_settlement_sums_to_zero_and_highest_wins():
    game = ScorecardGame("two_part", players=3, seed=2)
    while not game.is_over:
        play_turn(game, simple_bot)
    settlement = game.settlement()
    totals = game.totals()
    assert sum(settlement) == 0
    assert settlement == [Fraction(t) - Fraction(sum(totals), 3) for t in totals]
    assert all(totals[w] == max(totals) for w in game.winners())


def test_part_two_waits_for_part_one():
    game = ScorecardGame("two_part", seed=1)
    game.roll()
    assert set(game.options()) == {"Ones", "Twos", "Threes", "Fours", "Fives", "Sixes"}
    with pytest.raises(IllegalActionError, match="part 2"):
        game.score("Chance")
